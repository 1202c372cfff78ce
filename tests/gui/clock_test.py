"""Clocks in the real program, driven as a person would.
1. Two people on a 3-second clock: Red moves, undo is refused (a timed game that is not casual),
   Black's time runs out; the saved game has the result, the Termination tag, the time control
   and Red's [%clk].
2. The New game dialog: 5+3, casual; a move is taken back, and the saved game says so.
3. A timed game saved while Black's clock runs comes back with both clocks, and Black's clock
   runs again.
4. Resign in a rated 5+3 game against the computer asks first (Escape keeps playing, Enter
   resigns); after it, Undo and the Undo button take nothing back and no clock runs again."""
import os
import re
import sys

import xqtest

FLAG = """
wait 10
expect-state timed yes
expect-state clock-running red
click h2
click e2
wait 5
expect-state clock-running black
key U
wait 5
expect-ply 1
wait 400
expect-state clock-running none
save-pgn {pgn}
"""

DIALOG = """
wait 10
expect-state timed no
button new
wait 5
button time-1
button casual
button start
wait 10
expect-state timed yes
click h2
click e2
wait 5
expect-ply 1
key U
wait 5
expect-ply 0
click b2
click e2
wait 5
save-pgn {pgn}
"""

RESUME_SAVE = """
wait 10
click h2
click e2
wait 60
save-pgn {pgn}
"""

RESUME_LOAD = """
wait 20
button yes
wait 20
expect-ply 1
expect-state timed yes
expect-state clock-running black
save-pgn {pgn}
"""

RESIGN = """
wait 10
click h2
click e2
idle
expect-ply 2
button resign
wait 3
key Escape
wait 3
expect-state over no
expect-state clock-running red
button resign
wait 3
button no
wait 3
expect-state over no
button resign
wait 3
key Enter
wait 3
expect-state over yes
expect-state clock-running none
key U
wait 3
button undo
wait 3
key Ctrl+Z
wait 3
expect-ply 2
expect-state over yes
expect-state clock-running none
button resign
wait 3
expect-state over yes
save-pgn {pgn}
"""


def play(program, script, args, box=None):
    own = box is None
    box = box or xqtest.Sandbox()
    try:
        pgn = box.path("game.pgn")
        path = box.path("test.script")
        with open(path, "w") as f:
            f.write(script.format(pgn=pgn))
        status, output = xqtest.run(program, args + ["--script", path, "--size", "900x700"], box)
        if status != 0:
            print(output[-3000:])
            xqtest.fail(f"script failed (exit {status}) with {args}")
        with open(pgn, encoding="utf-8") as f:
            return f.read()
    finally:
        if own:
            box.cleanup()


def expect(text, wants, what):
    for want in wants:
        if (want.startswith("re:") and not re.search(want[3:], text)) or \
                (not want.startswith("re:") and want not in text):
            print(text)
            xqtest.fail(f"{what}: the saved game lacks {want!r}")


def main():
    program = sys.argv[1]
    text = play(program, FLAG, ["--side", "both", "--time-control", "0.05"])
    expect(text, ['[Result "1-0"]', '[Termination "time forfeit"]', '[TimeControl "3"]',
                  '[Casual "no"]', r're:h2e2 \{\[%clk 0:00:0\d(\.\d)?\]\}'], "flag")

    text = play(program, DIALOG, ["--side", "both"])
    expect(text, ['[TimeControl "300+3"]', '[Casual "yes"]', "b2e2 {[%clk 0:05:0",
                  '[RedClock "0:05:0', '[BlackClock "0:04:5'], "dialog")
    if "h2e2" in text:
        print(text)
        xqtest.fail("dialog: the move taken back is still in the saved game")

    box = xqtest.Sandbox()
    try:
        saved = play(program, RESUME_SAVE, ["--side", "both", "--time-control", "10"], box)
        expect(saved, ['[TimeControl "600"]', "re:BlackClock \"0:09:5\\d"], "autosaved")
        back = play(program, RESUME_LOAD, ["--side", "both", "--offer-resume"], box)
        expect(back, ['[TimeControl "600"]', "h2e2 {[%clk 0:09:5"], "resumed")
        black = re.search(r'\[BlackClock "0:(\d\d):(\d\d)', back)
        if not black or int(black.group(1)) * 60 + int(black.group(2)) >= 600:
            print(back)
            xqtest.fail("resumed: Black's clock did not go on from where it stood")
    finally:
        box.cleanup()

    text = play(program, RESIGN, ["--side", "red", "--time-control", "5+3", "--rated",
                                  "--no-computer-clock", "--depth", "1"])
    expect(text, ['[Result "0-1"]', '[TimeControl "300+3"]', '[Casual "no"]',
                  r"re:1\. h2e2 \{\[%clk 0:05:0\d(\.\d)?\]\} 1\.\.\. [a-i]\d[a-i]\d 0-1"],
           "resigned")
    print("clock test passed")


if __name__ == "__main__":
    main()
