"""Runs xiangqi from a known FEN under Xvfb, takes a screenshot and checks that every point shows
what the FEN says: red ink where a Red piece stands, black ink for Black, neither on empty
points. Both piece styles, two window sizes, flipped and not."""
import json
import os
import sys

import xqtest

FEN = "r3k4/4a4/4b4/p8/9/9/P8/4B4/4A4/R2K5 w - - 0 1"


def expected_pieces(fen):
    board = {}
    ranks = fen.split()[0].split("/")
    for i, row in enumerate(ranks):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board["abcdefghi"[file] + str(rank)] = ch
                file += 1
    return board


def check(program, size, style, side):
    box = xqtest.Sandbox()
    try:
        with open(os.path.join(box.config, "xiangqi", "settings.json"), "w") as f:
            json.dump({"pieceStyle": style}, f)
        shot, dump = box.path("shot.png"), box.path("board.txt")
        # Black to move when the person plays Black, so the computer does not move first.
        fen = FEN.replace(" w ", " b ") if side == "black" else FEN
        status, output = xqtest.run(program, ["--fen", fen, "--size", size, "--side", side,
                                              "--screenshot", shot, "--dump-board", dump], box)
        if status != 0 or not os.path.exists(shot):
            xqtest.fail(f"{size} {style}: exit {status}, no screenshot\n{output}")
        image = xqtest.Image(shot)
        w, h = map(int, size.split("x"))
        if (image.width, image.height) != (w, h):
            xqtest.fail(f"screenshot is {image.width}x{image.height}, wanted {size}")
        points = xqtest.read_dump(dump)
        want = expected_pieces(FEN)
        if len(points) != 90:
            xqtest.fail(f"dump has {len(points)} points")
        for name, (piece, x, y, r) in points.items():
            expect = want.get(name, ".")
            if piece != expect:
                xqtest.fail(f"{name}: dump says {piece}, FEN says {expect}")
            red, dark, total = image.disc_counts(x, y, r * 0.8)
            if expect == ".":
                ok = red < 5 and dark < 15
            elif expect.isupper():
                ok = red >= 15
            else:
                ok = dark >= 15 and red < 5
            if not ok:
                xqtest.fail(f"{size} {style} {side}: point {name} ({expect}) at ({x:.0f},{y:.0f}) "
                            f"has {red} red and {dark} dark pixels of {total}")
        # The board is wood-coloured between the points.
        name = "e4"
        _, x, y, r = points[name]
        cell = r / 0.45
        pr, pg, pb = image.at(x + cell / 2, y + cell / 2)
        if not (pr > 150 and pg > 100 and pb < pr):
            xqtest.fail(f"no wood between the points: pixel ({pr},{pg},{pb})")
        # Flipped when playing Black: Red's pieces are at the top.
        red_king_y = points["d0"][2]
        black_king_y = points["e9"][2]
        if (side == "black") != (red_king_y < black_king_y):
            xqtest.fail(f"board orientation wrong for side {side}")
        print(f"ok: {size} {style} {side}")
    finally:
        box.cleanup()


def main():
    program = sys.argv[1]
    check(program, "900x700", "chinese", "red")
    check(program, "800x600", "western", "black")
    check(program, "1920x1080", "chinese", "both")
    print("PASS")


if __name__ == "__main__":
    main()
