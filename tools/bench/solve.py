#!/usr/bin/env python3
"""Runs xiangqi-engine on the mate and tactics test files and reports what it solves.

    python3 tools/bench/solve.py --engine build/bin/xiangqi-engine --movetime 1000 \
        tests/data/mates.txt tests/data/tactics.txt

mates.txt lines are "FEN ; N ; first move ; unique ; source": solved when the engine reports
"score mate N" (the exact length) and, for unique mates, plays the listed first move.
tactics.txt lines are "FEN ; best move ; margin ; source": solved when the engine plays the move.
For mates the first depth at which the exact mate appeared is printed too.
"""
import argparse
import subprocess


def run(engine, fen, go):
    p = subprocess.run([engine], input=f"setoption name OwnBook value false\nposition fen {fen}\n{go}\n",
                       capture_output=True, text=True, timeout=600)
    infos, best = [], None
    for line in p.stdout.splitlines():
        w = line.split()
        if w and w[0] == "info" and "score" in w and "depth" in w:
            i = w.index("score")
            infos.append((int(w[w.index("depth") + 1]), w[i + 1], int(w[i + 2])))
        if w and w[0] == "bestmove":
            best = w[1]
    return infos, best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--depth", type=int, default=0, help="go depth instead of movetime")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    go = f"go depth {args.depth}" if args.depth else f"go movetime {args.movetime}"
    for path in args.files:
        solved = total = 0
        for line in open(path, encoding="utf-8"):
            if not line.strip() or line.startswith("#"):
                continue
            f = [x.strip() for x in line.split(" ; ")]
            infos, best = run(args.engine, f[0], go)
            total += 1
            if "mates" in path:
                n = int(f[1])
                first = next((d for d, kind, v in infos if kind == "mate" and v == n), None)
                ok = first is not None and infos[-1][1:] == ("mate", n) and (f[3] != "yes" or best == f[2])
                print(f"{'ok ' if ok else 'MISS'} mate {n} depth-found {first} best {best} expected {f[2]}  {f[0]}")
            else:
                ok = best == f[1]
                print(f"{'ok ' if ok else 'MISS'} best {best} expected {f[1]}  {f[0]}")
            solved += ok
        print(f"{path}: {solved}/{total} solved with '{go}'")


if __name__ == "__main__":
    main()
