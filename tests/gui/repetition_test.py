"""The chase rules in the real program: two people repeat a chariot's chase of an unprotected
horse (AXF's perpetual chase). The move that would close the losing cycle is held back with a
warning naming the pieces; "Cancel" keeps the game as it was, "Play it" plays the move, and the
warning does not come again in that run of repetitions; the third
time the position stands the game ends with the reason in the saved PGN (Termination tag and comment). With the
"simple" rule set in the settings file the same cycle is only a draw and no warning comes."""
import json
import os
import sys

import xqtest

FEN = "5k3/9/9/2n6/9/9/9/R8/9/3K5 w - - 0 1"
CYCLE = """
click a2
click c2
click c6
click a7
click c2
click a2
click a7
click c6
"""

ASIAN = CYCLE + """
click a2
click c2            # closes the cycle: the warning holds the move back
wait 5
expect-ply 4
button no           # Cancel: nothing played
wait 5
expect-ply 4
click a2
click c2
wait 5
button yes          # Play it
wait 5
expect-ply 5
click c6
click a7
click c2
click a2            # closes a losing cycle too, but Red was warned once: no second warning
wait 5
expect-ply 7
click a7
click c6            # the start position a third time: Red's perpetual chase loses
wait 5
expect-ply 8
save-pgn {pgn}
"""

SIMPLE = CYCLE + CYCLE + """
wait 5
save-pgn {pgn}
"""


def play(program, script, rules):
    box = xqtest.Sandbox()
    try:
        with open(os.path.join(box.config, "xiangqi", "settings.json"), "w") as f:
            json.dump({"rules": rules}, f)
        pgn = box.path("game.pgn")
        path = box.path("test.script")
        with open(path, "w") as f:
            f.write(script.format(pgn=pgn))
        status, output = xqtest.run(program, ["--side", "both", "--fen", FEN, "--script", path,
                                              "--size", "900x700"], box)
        if status != 0:
            print(output[-3000:])
            xqtest.fail(f"the {rules} script failed (exit {status})")
        with open(pgn, encoding="utf-8") as f:
            return f.read()
    finally:
        box.cleanup()


def main():
    program = sys.argv[1]
    text = play(program, ASIAN, "asian")
    for want in ('[Result "0-1"]', '[Termination "rules infraction"]',
                 "Red loses: the chariot on a2 chased the unprotected horse on a7"):
        if want not in text:
            print(text)
            xqtest.fail(f"asian rules: the saved game lacks {want!r}")
    text = play(program, SIMPLE, "simple")
    for want in ('[Result "1/2-1/2"]', '[Termination "normal"]'):
        if want not in text:
            print(text)
            xqtest.fail(f"simple rules: the saved game lacks {want!r}")
    print("repetition test passed")


if __name__ == "__main__":
    main()
