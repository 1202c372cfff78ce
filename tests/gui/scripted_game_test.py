"""Plays games through the real program's event path with --script (clicks, drags and keys, as a
person would), then checks the saved PGN and the autosave: moves, undo, redo, review,
"continue from here", an illegal drop snapping back, a game against the computer, the engine's
game review (small depth) with a variation played while reviewing, the analysis toggle, and
puzzle mode (the first library puzzle solved, progress saved)."""
import json
import re
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


REVIEW = """
click i0
click i1            # 1. i0i1: leaves the horse on h0 to the cannon
click h9
click g7
click i1
click h1            # 2. i1h1??: the rook in front of Black's cannon
click h7
click h1
key R               # review the game (depth from --review-depth)
idle
expect-state review done
expect-state graph shown
key Home
key Right
key Right
key Right
screenshot {shot}
key Left
key Left
click b9
click c7            # 1... b9c7 while reviewing: a variation, the game is kept
expect-ply 2
expect-state variations 1
expect-state on-variation yes
key A               # analysis on, then off
wait 30
expect-state analysis on
key A
expect-state analysis off
save-pgn {pgn}
"""

PUZZLE = """
wait 2
button puzzles      # the puzzle list
wait 2
button puzzle-0     # the easiest puzzle: Black mates in one (board turned for Black)
wait 2
expect-state puzzle playing
click e3
click d3
idle
expect-state puzzle solved
screenshot {shot}
"""


def moves_in(pgn_text):
    """The main line's moves (comments and variations left out)."""
    body = re.sub(r"\{[^}]*\}", " ", pgn_text.split("\n\n", 1)[1])
    while re.search(r"\([^()]*\)", body):
        body = re.sub(r"\([^()]*\)", " ", body)
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

        pgn, shot = box.path("review.pgn"), box.path("review.png")
        run_script(program, box, REVIEW.format(pgn=pgn, shot=shot),
                   ["--side", "both", "--review-depth", "3"])
        with open(pgn, encoding="utf-8") as f:
            text = f.read()
        body = text.split("\n\n", 1)[1]
        if "2. i1h1 $4" not in body or ", blunder -" not in body:
            xqtest.fail(f"review notes missing for the hung rook:\n{text}")
        if "(1... b9c7)" not in body:
            xqtest.fail(f"the variation played in review is missing:\n{text}")
        if moves_in(text)[:4] != ["i0i1", "h9g7", "i1h1", "h7h1"]:
            xqtest.fail(f"the reviewed game lost moves: {moves_in(text)}")
        if not os.path.exists(shot):
            xqtest.fail("no review screenshot")
        print("ok: game review and a variation")

        shot = box.path("puzzle.png")
        run_script(program, box, PUZZLE.format(shot=shot), [])
        progress_file = os.path.join(box.config, "xiangqi", "puzzles.json")
        with open(progress_file, encoding="utf-8") as f:
            progress = json.load(f)
        solved = [k for k, v in progress["puzzles"].items() if v["solved"]]
        if solved != ["5k3/4P3R/9/9/9/9/4c4/B1CnB4/4c4/C2K1A3 b"]:
            xqtest.fail(f"puzzle progress not saved: {progress}")
        print("ok: puzzle solved and saved")
        print("PASS")
    finally:
        box.cleanup()


if __name__ == "__main__":
    main()
