#!/usr/bin/env python3
"""Labels positions with Fairy-Stockfish's score, for bench/tune.cpp (xq-tune --labels).

Reads "FEN;result" lines (xq-tune --dump), asks Fairy-Stockfish (UCI_Variant xiangqi) for a
fixed-node search of each, and writes "FEN;result;cp" lines, cp from Red's side (mates as
+-3000). Several engine processes share the work; lines come out in input order.

  label_fsf.py --nodes 6000 --workers 2 IN OUT
  label_fsf.py --blend 0.7 --scale 0.0037 LABELLED TARGETS

The second form writes "FEN;target" lines: target = blend * sigmoid(scale * cp) +
(1 - blend) * result; without --scale the scale that best predicts the results is fitted first.
It reads the kept label files of bench/labels as they are (.xz); TARGETS "-" is the standard
output.
"""
import argparse
import lzma
import math
import subprocess
import sys
import threading


def engine(path):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Hash value 16\nisready\n")
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    return p


def label(p, fen, nodes):
    p.stdin.write(f"position fen {fen}\ngo nodes {nodes}\n")
    cp = None
    for line in p.stdout:
        if line.startswith("info") and " score " in line:
            w = line.split()
            i = w.index("score")
            if w[i + 1] == "cp":
                cp = int(w[i + 2])
            elif w[i + 1] == "mate":
                m = int(w[i + 2])
                cp = 3000 if m > 0 else -3000
        elif line.startswith("bestmove"):
            break
    if cp is None:
        raise RuntimeError(f"no score for {fen}")
    return cp if fen.split()[1] == "w" else -cp


def read_rows(path, fields):
    """The lines of path split at the last fields-1 semicolons; a bad line stops with its number."""
    try:
        with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
            lines = f.readlines()
    except (OSError, EOFError, UnicodeDecodeError) as e:
        sys.exit(f"{path}: cannot be read: {e}")
    rows = []
    for n, line in enumerate(lines, 1):
        parts = line.rstrip("\n").rsplit(";", fields - 1)
        try:
            if len(parts) != fields or len(parts[0].split()) < 2:
                raise ValueError
            rows.append((parts[0], float(parts[1])) + tuple(int(p) for p in parts[2:]))
        except ValueError:
            sys.exit(f"{path}:{n}: expected {'FEN;result' if fields == 2 else 'FEN;result;cp'}, got {line.strip()!r}")
    return rows


def run_label(args):
    lines = [f"{fen};{result:g}" for fen, result in read_rows(args.input, 2)]
    out = [None] * len(lines)
    nxt = [0]
    lock = threading.Lock()

    def work():
        p = engine(args.engine)
        while True:
            with lock:
                i = nxt[0]
                nxt[0] += 1
                if i % 5000 == 0:
                    print(f"{i}/{len(lines)}", file=sys.stderr, flush=True)
            if i >= len(lines):
                break
            fen, result = lines[i].rsplit(";", 1)
            out[i] = f"{fen};{result};{label(p, fen, args.nodes)}"
        p.stdin.write("quit\n")
        p.wait()

    threads = [threading.Thread(target=work) for _ in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with open(args.output, "w") as f:
        for l in out:
            f.write(l + "\n")


def sig(x):
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def run_blend(args):
    rows = read_rows(args.input, 3)
    scale = args.scale
    if scale is None:
        def loss(k):
            return sum((r - sig(k * cp)) ** 2 for _, r, cp in rows) / len(rows)
        lo, hi = 0.0005, 0.02
        for _ in range(40):
            a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if loss(a) < loss(b):
                hi = b
            else:
                lo = a
        scale = (lo + hi) / 2
        print(f"scale {scale:.5f} loss {loss(scale):.5f}", file=sys.stderr)
    targets = [args.blend * sig(scale * cp) + (1 - args.blend) * r for _, r, cp in rows]
    text = "".join(f"{fen};{t:.4f}\n" for (fen, _, _), t in zip(rows, targets))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    print(f"{len(rows)} positions, mean target {sum(targets) / max(len(rows), 1):.4f}",
          file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--nodes", type=int, default=6000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--blend", type=float)
    ap.add_argument("--scale", type=float)
    args = ap.parse_args()
    if args.blend is not None:
        run_blend(args)
    else:
        run_label(args)


if __name__ == "__main__":
    main()
