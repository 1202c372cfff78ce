"""Plays games through the real program's event path with --script (clicks, drags and keys, as a
person would), then checks the saved PGN and the autosave: moves, undo, redo, review,
"continue from here", an illegal drop snapping back, and a game against the computer."""
import os
import sys

import xqtest

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
AFTER_H2E2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"

TWO_PLAYERS = f"""
click h2
click e2            # cannon h2-e2 by click-click
expect-ply 1
drag h9 g7          # horse h9-g7 by drag and drop
expect-ply 2
drag e3 e5          # a soldier cannot move two points: snaps back
expect-ply 2
click b0
click c2
expect-ply 3
key U               # two players: undo takes back one move
expect-ply 2
key Ctrl+Y          # redo
expect-ply 3
button undo
button undo
expect-ply 1
button redo
button redo
expect-ply 3
key Home            # review from the start
expect-fen {START}
key Right
expect-fen {AFTER_H2E2}
key End
key Left
key Left
button continue     # continue after move 1: the later moves become redo moves
expect-ply 1
expect-fen {AFTER_H2E2}
click b9
click c7            # horse b9-c7 replaces h9-g7
expect-ply 2
wait 5
screenshot {{shot}}
save-pgn {{pgn}}
"""

VS_COMPUTER = """
click h2
click e2
idle                # the computer answers (depth 1)
expect-ply 2
click b0
click c2
idle
expect-ply 4
key U               # undo takes back the person's move and the reply
expect-ply 2
key U
expect-ply 0
key Ctrl+Y          # redo replays the pair
expect-ply 2
save-pgn {pgn}
"""


def moves_in(pgn_text):
    body = pgn_text.split("\n\n", 1)[1]
    return [t for t in body.split() if len(t) == 4 and t[0] in "abcdefghi" and t[1].isdigit()]


def run_script(program, box, script, extra):
    path = box.path("script.txt")
    with open(path, "w") as f:
        f.write(script)
    status, output = xqtest.run(program, ["--script", path, "--size", "900x700"] + extra, box)
    if status != 0:
        xqtest.fail(f"script run failed with {status}:\n{output}\n{box.log()}")


def main():
    program = sys.argv[1]
    box = xqtest.Sandbox()
    try:
        pgn, shot = box.path("two.pgn"), box.path("two.png")
        run_script(program, box, TWO_PLAYERS.format(shot=shot, pgn=pgn), ["--side", "both"])
        with open(pgn, encoding="utf-8") as f:
            text = f.read()
        if moves_in(text) != ["h2e2", "b9c7"]:
            xqtest.fail(f"two-player PGN has moves {moves_in(text)}:\n{text}")
        if '[Result "*"]' not in text:
            xqtest.fail("result tag missing")
        autosave = os.path.join(box.data, "xiangqi", "autosave.pgn")
        with open(autosave, encoding="utf-8") as f:
            saved = f.read()
        if moves_in(saved) != ["h2e2", "b9c7"]:
            xqtest.fail(f"autosave has moves {moves_in(saved)}")
        if not os.path.exists(shot):
            xqtest.fail("no screenshot from the script")
        print("ok: two players")

        pgn = box.path("computer.pgn")
        run_script(program, box, VS_COMPUTER.format(pgn=pgn), ["--side", "red", "--depth", "1"])
        with open(pgn, encoding="utf-8") as f:
            moves = moves_in(f.read())
        if len(moves) != 2 or moves[0] != "h2e2":
            xqtest.fail(f"game against the computer has moves {moves}")
        print("ok: against the computer")
        print("PASS")
    finally:
        box.cleanup()


if __name__ == "__main__":
    main()
