#!/usr/bin/env python3
"""Makes an openings file for node-limited matches: the first --plies moves of the games of a PGN
(ICCS moves, as `xq-tune --selfplay` writes them), each line once, kept only where a short search
of our engine scores the position within --margin centipawns of level.

A node-limited engine with one thread plays the same game every time it meets the same opening
with the same colour, so a match of N games needs N / 2 different openings to hold N different
games. The 16 named openings of tests/data/openings.txt repeat after 32 games.

    build/bin/xq-tune --selfplay 2400 --nodes 200 --seed 45 --threads 1 --out sp.pgn
    python3 tools/bench/make_openings.py --engine build/bin/xiangqi-engine --plies 8 \\
        --nodes 20000 --margin 120 sp.pgn > tests/data/openings-sprt.txt
"""
import argparse
import re
import sys

from make_book import Engine  # the UCI pipe the book builder uses

MOVE = re.compile(r"^[a-i][0-9][a-i][0-9]$")
HASH_MB = 64  # the engine's default, as the file was made


def lines_of(pgn_text, plies):
    """Yields the first `plies` ICCS moves of every game that has that many."""
    for block in re.split(r"\n(?=\[Game |\[Event )", pgn_text.strip()):
        body = " ".join(l for l in block.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = [w for w in body.split() if MOVE.match(w)]
        if len(moves) >= plies:
            yield moves[:plies]


def score(engine, moves, nodes):
    """The engine's score for the side to move, in centipawns (mates as +-30000)."""
    engine.send("ucinewgame")
    engine.send("position startpos moves " + " ".join(moves))
    engine.send(f"go nodes {nodes}")
    result = 0
    for line in engine.wait("bestmove"):
        m = re.search(r" score (cp|mate) (-?\d+)", line)
        if m:
            mate = 30000 if int(m.group(2)) > 0 else -30000
            result = int(m.group(2)) if m.group(1) == "cp" else mate
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--margin", type=int, default=120)
    ap.add_argument("--max", type=int, default=0, help="stop after this many openings (0: all)")
    args = ap.parse_args()

    with open(args.pgn, encoding="utf-8") as f:
        text = f.read()
    engine = Engine(args.engine, HASH_MB)
    seen, kept, scored = set(), 0, 0
    print(f"# {args.plies} plies of self-play openings, within {args.margin} cp at {args.nodes} "
          "nodes (tools/bench/make_openings.py)")
    for moves in lines_of(text, args.plies):
        key = " ".join(moves)
        if key in seen:
            continue
        seen.add(key)
        scored += 1
        if abs(score(engine, moves, args.nodes)) <= args.margin:
            print(key)
            kept += 1
            if args.max and kept >= args.max:
                break
    engine.quit()
    print(f"{kept} of {scored} different openings kept", file=sys.stderr)


if __name__ == "__main__":
    main()
