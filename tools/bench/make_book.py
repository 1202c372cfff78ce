#!/usr/bin/env python3
"""Builds assets/book/book.txt from our own engine's searches.

For the start position, for the replies to the usual first moves and for Red's second move in
the main lines, xiangqi-engine searches with MultiPV; every move within --margin centipawns of the
best gets a weight that falls with its distance from the best. The book therefore holds only
moves our own search likes, with some variety so that games differ.

    python3 tools/bench/make_book.py --engine build/bin/xiangqi-engine --depth 12 \
        --out assets/book/book.txt
"""
import argparse
import subprocess
import sys

# Positions to analyse, as move lists from the start (the usual first moves of both sides).
FIRST_MOVES = ["h2e2", "b2e2", "c3c4", "g3g4", "h0g2", "b0c2", "g0e2", "c0e2", "h2d2", "b2f2"]
REPLIES = {"h2e2": ["h9g7", "b9c7", "h7e7", "b7e7"], "c3c4": ["g6g5", "b7c7"],
           "h0g2": ["h9g7"], "g3g4": ["b7c7"], "g0e2": ["h9g7"]}


class Engine:
    def __init__(self, cmd, hash_mb):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name OwnBook value false")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError("engine ended")

    def analyse(self, moves, depth, multipv):
        self.send("ucinewgame")
        self.send(f"setoption name MultiPV value {multipv}")
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        lines = self.wait("bestmove")
        best = {}  # multipv index -> (move, score) at the deepest depth
        for line in lines:
            w = line.split()
            if not w or w[0] != "info" or "pv" not in w or "depth" not in w:
                continue
            d = int(w[w.index("depth") + 1])
            if d != depth:
                continue
            idx = int(w[w.index("multipv") + 1]) if "multipv" in w else 1
            i = w.index("score")
            score = int(w[i + 2]) if w[i + 1] == "cp" else (30000 if int(w[i + 2]) > 0 else -30000)
            best[idx] = (w[w.index("pv") + 1], score)
        return [best[k] for k in sorted(best)]

    def quit(self):
        self.send("quit")
        self.p.wait()


def weights(candidates, margin):
    if not candidates:
        return []
    candidates = sorted(candidates, key=lambda c: -c[1])
    top = candidates[0][1]
    out = []
    for move, score in candidates:
        if top - score <= margin:
            out.append((move, max(1, 100 - 2 * (top - score))))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--multipv", type=int, default=4)
    ap.add_argument("--margin", type=int, default=30, help="centipawns behind the best still played")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()

    eng = Engine(args.engine, args.hash)
    positions = [[]] + [[m] for m in FIRST_MOVES]
    for first, replies in REPLIES.items():
        positions += [[first, r] for r in replies]
    out = ["# Opening book made by tools/bench/make_book.py with xiangqi-engine "
           f"(go depth {args.depth}, MultiPV {args.multipv}, margin {args.margin} cp).",
           "# <moves from the start position or 'startpos'> ; <move> <weight> ..."]
    for moves in positions:
        cands = weights(eng.analyse(moves, args.depth, args.multipv), args.margin)
        left = " ".join(moves) if moves else "startpos"
        out.append(f"{left} ; " + " ".join(f"{m} {w}" for m, w in cands))
        print(out[-1], file=sys.stderr)
    eng.quit()
    text = "\n".join(out) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
