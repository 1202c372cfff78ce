#!/usr/bin/env python3
"""Where our static evaluation and Fairy-Stockfish's judgement differ, term by term.

Reads "FEN;result;cp" lines (label_fsf.py's output: cp is Fairy-Stockfish's score after a short
search, Red's view), asks xiangqi-engine for its static evaluation (`eval`) and Fairy-Stockfish
for its own static evaluation with the term table (`eval`, UCI_Variant xiangqi), and prints:
how well each static evaluation follows the searched score (correlation and slope), and how the
gap (the searched score minus ours, ours rescaled to the scores by least squares) follows each
of Fairy-Stockfish's terms. A term whose values follow the gap is one our evaluation lacks or
weighs too little.

    python3 tools/bench/eval_gap.py --engine build/bin/xiangqi-engine --limit 3000 labelled.txt

Positions with |score| > 800 on either side are left out (decided games say little about terms).
Standard library only.
"""
import argparse
import math
import random
import re
import subprocess
import sys


class Proc:
    def __init__(self, cmd, init):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        for line in init:
            self.send(line)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred):
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if pred(line):
                return lines
        raise RuntimeError("the engine stopped answering")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()


TERM_ROW = re.compile(r"^\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+|----)\s+(-?[\d.]+|----)\s*$")


def fsf_terms(fsf, fen):
    """Fairy-Stockfish's static evaluation (cp, Red's view) and its terms' totals (mg, eg)."""
    fsf.send("position fen " + fen)
    fsf.send("eval")
    terms = {}
    for line in fsf.until(lambda l: l.startswith("Total evaluation")):
        m = TERM_ROW.match(line)
        if m and m.group(2) != "----":
            terms[m.group(1)] = (float(m.group(2)) * 100, float(m.group(3)) * 100)
        if line.startswith("Total evaluation"):
            total = float(line.split()[2]) * 100
    return total, terms


def our_eval(xq, fen):
    # isready first: a rejected FEN leaves the old position in place, and its complaint must be
    # read here, not taken for the answer to "eval".
    xq.send("position fen " + fen)
    xq.send("isready")
    complaints = [l for l in xq.until(lambda l: l.startswith("readyok"))
                  if l.startswith("info string")]
    if complaints:
        raise ValueError(complaints[0].strip())
    xq.send("eval")
    line = xq.until(lambda l: l.startswith("Evaluation:") or l.startswith("info string"))[-1]
    m = re.match(r"Evaluation: (-?\d+) \(side to move\), (-?\d+) \(Red\)", line)
    if not m:
        raise ValueError(line.strip())
    return int(m.group(2))


def corr_slope(x, y):
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return 0.0, 0.0
    return sxy / math.sqrt(sxx * syy), sxy / sxx


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="our xiangqi-engine binary")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--limit", type=int, default=3000, help="positions sampled (default 3000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("labelled")
    args = ap.parse_args()

    lines = []
    with open(args.labelled) as f:
        for no, line in enumerate(f, 1):
            parts = line.strip().split(";")
            if len(parts) != 3:
                sys.exit(f"{args.labelled}:{no}: expected FEN;result;cp, got {line.strip()!r}")
            lines.append((no, parts[0], parts[2]))
    random.Random(args.seed).shuffle(lines)
    lines = lines[:args.limit]

    xq = Proc(args.engine, ["uci"])
    fsf = Proc(args.fsf, ["uci", "setoption name UCI_Variant value xiangqi"])
    rows = []
    for no, fen, cp in lines:
        try:
            score = float(cp)
        except ValueError:
            print(f"{args.labelled}:{no}: skipped (score {cp!r} is not a number)", file=sys.stderr)
            continue
        if abs(score) > 800:
            continue
        try:
            ours = our_eval(xq, fen)
        except ValueError as e:
            if "unknown command" in str(e):
                sys.exit(f"{args.engine} has no 'eval' command: {e}")
            print(f"{args.labelled}:{no}: skipped ({e})", file=sys.stderr)
            continue
        if abs(ours) > 800:
            continue
        total, terms = fsf_terms(fsf, fen)
        rows.append((score, ours, total, terms))
    xq.close()
    fsf.close()
    if len(rows) < 10:
        sys.exit("too few positions")

    score = [r[0] for r in rows]
    ours = [r[1] for r in rows]
    print(f"{len(rows)} positions (|score| <= 800)")
    for name, values in (("ours", ours), ("fsf static", [r[2] for r in rows])):
        c, s = corr_slope(values, score)
        print(f"searched score vs {name:10s}: correlation {c:.3f}, slope {s:.2f}")
    # The gap is what our evaluation, rescaled to the searched scores (least squares), misses.
    _, b = corr_slope(ours, score)
    a = sum(score) / len(score) - b * sum(ours) / len(ours)
    gap = [s - (a + b * o) for s, o in zip(score, ours)]
    sd = math.sqrt(sum(g * g for g in gap) / len(gap))
    print(f"gap (searched score - {b:.2f} x ours): rms {sd:.0f} cp")
    print("Fairy-Stockfish term      phase  corr with gap  slope  rms of term (cp)")
    for k in rows[0][3]:
        for i, phase in ((0, "mg"), (1, "eg")):
            x = [r[3].get(k, (0.0, 0.0))[i] for r in rows]
            if not any(x):
                continue
            c, s = corr_slope(x, gap)
            rms = math.sqrt(sum(v * v for v in x) / len(x))
            print(f"{k:24s}  {phase}     {c:+.3f}        {s:+.2f}  {rms:.0f}")


if __name__ == "__main__":
    main()
