#!/usr/bin/env python3
"""Builds assets/book/book.txt from our own engine's searches.

From the start position and from the opening lines named with --seeds (for example the named
openings of tests/data/openings.txt), the positions up to --plies plies into the game are visited
breadth first; xiangqi-engine searches each with MultiPV, and every move within --margin
centipawns of the best gets a weight that falls with its distance from the best. The positions
those moves lead to are visited next (and the seed lines' own next moves), up to
--max-positions positions. The book therefore holds only moves our own search likes, with some
variety so that games differ; transpositions are visited once (the engine's `d` gives the key).

    # the positions of the shipped book (its moves come from the engine of 2026-11-22)
    python3 tools/bench/make_book.py --engine build/bin/xiangqi-engine --depth 11 --multipv 4 \
        --margin 30 --plies 0 --seeds tools/bench/book_seeds.txt --out assets/book/book.txt
    # a deeper book (966 searches, about 30 minutes with one worker)
    python3 tools/bench/make_book.py --engine build/bin/xiangqi-engine --depth 16 --multipv 3 \
        --plies 8 --margin 10 --own 1 --other 2 --seeds tests/data/openings.txt --out book16.txt

Two trees are grown, one for each side the book plays: where that side is to move, its best
--own book moves are followed; where the other side is, its best --other replies by our search
(whatever the margin). Seed lines are followed to their end whatever --plies says.
"""
import argparse
import concurrent.futures
import subprocess
import sys
import threading
import time


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

    def key(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        for line in self.wait("Key:"):
            if line.startswith("Key:"):
                return line.split()[1]
        return None

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


def read_seeds(path):
    """The move lists of an openings file (FEN lines are skipped; ';' starts a label)."""
    seeds = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split(";", 1)[0].split()
            if not words or "/" in words[0]:
                continue
            if not all(len(m) == 4 for m in words):
                sys.exit(f"{path}:{n}: not a list of ICCS moves: {line.strip()}")
            seeds.append(words)
    return seeds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--multipv", type=int, default=4)
    ap.add_argument("--margin", type=int, default=30, help="centipawns behind the best still played")
    ap.add_argument("--plies", type=int, default=2,
                    help="grow the tree up to this many plies in (seed lines are followed to their "
                         "end whatever this is)")
    ap.add_argument("--seeds", help="openings file whose move lines are followed too")
    ap.add_argument("--own", type=int, default=4,
                    help="book moves followed where the book's side is to move (default 4)")
    ap.add_argument("--other", type=int, default=4,
                    help="replies followed where the other side is to move: the best N searched "
                         "(default 4)")
    ap.add_argument("--max-positions", type=int, default=100000,
                    help="start no new ply once this many positions were searched")
    ap.add_argument("--workers", type=int, default=1, help="engines searching at once")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()

    # The next move of every seed line after each of its prefixes.
    seed_next = {}
    for line in read_seeds(args.seeds) if args.seeds else []:
        for i in range(len(line)):
            seed_next.setdefault(tuple(line[:i]), []).append(line[i])

    engines = [Engine(args.engine, args.hash) for _ in range(args.workers)]
    free = list(engines)
    lock = threading.Lock()
    analysed = {}  # key -> the MultiPV result

    def visit(moves):
        with lock:
            eng = free.pop()
        try:
            key = eng.key(list(moves))
            with lock:
                cached = analysed.get(key)
            result = cached if cached is not None else eng.analyse(list(moves), args.depth,
                                                                   args.multipv)
            with lock:
                analysed[key] = result
            return moves, key, result, cached is None
        finally:
            with lock:
                free.append(eng)

    header = ["# Opening book made by tools/bench/make_book.py with xiangqi-engine "
              f"(go depth {args.depth}, MultiPV {args.multipv}, margin {args.margin} cp, "
              f"positions up to ply {args.plies}"
              f"{', the lines of ' + args.seeds.split('/')[-1] + ' followed' if args.seeds else ''}).",
              "# <moves from the start position or 'startpos'> ; <move> <weight> ..."]
    body = []
    written, expanded = set(), set()
    # Two trees, one for each side the book may play: where that side is to move, its own book
    # moves are followed (--own); where the other side is, its best replies (--other).
    # A ply's positions, each with the sides (0 Red, 1 Black) whose tree reached it: a position
    # both trees reach is searched once.
    layer = {(): {0, 1}}
    searched = 0
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as pool:
        while layer and searched < args.max_positions:
            following = {}
            for moves, key, result, fresh in pool.map(visit, list(layer)):
                searched += fresh
                cands = weights(result, args.margin)
                if key not in written:
                    written.add(key)
                    left = " ".join(moves) if moves else "startpos"
                    body.append(f"{left} ; " + " ".join(f"{m} {w}" for m, w in cands))
                    print(f"[{searched}, {time.time() - start:.0f} s] {body[-1]}", file=sys.stderr)
                for side in layer[moves]:
                    if (key, side) in expanded:
                        continue
                    expanded.add((key, side))
                    nexts = []
                    if len(moves) < args.plies:
                        if len(moves) % 2 == side:
                            nexts = [m for m, _ in cands][:args.own]
                        else:
                            nexts = [m for m, _ in sorted(result, key=lambda c: -c[1])][:args.other]
                    nexts += seed_next.get(moves, [])  # seed lines are followed to their end
                    for m in nexts:
                        following.setdefault(moves + (m,), set()).add(side)
            layer = following
    for eng in engines:
        eng.quit()
    text = "\n".join(header + body) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
