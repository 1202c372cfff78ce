#!/usr/bin/env python3
"""Fits the win/draw/loss model of ai/wdl.cpp to our engine's scores and the games' results.

Input: labelled positions, one "FEN;result;cp" a line (bench/labels/README.md): the game's result
from Red's side (1, 0.5, 0) and our engine's score of the position from Red's side. The model is
a pair of logistic curves in the score x (centipawns) whose centre a and width b depend on the
material left on the board, m (chariot 4, horse and cannon 2, pawn 1; 42 at the start), through
t = m / 42:

    P(win)  = 1 / (1 + exp((a(t) - x) / b(t)))
    P(loss) = 1 / (1 + exp((a(t) + x) / b(t)))
    P(draw) = 1 - P(win) - P(loss)
    a(t) = a0 + a1 t + a2 t^2,   b(t) = b0 + b1 t + b2 t^2

fitted by maximum likelihood (Nelder-Mead over the six coefficients) on the positions binned by
score (20 cp) and material (the ply in steps of 4). Scores of mates and perpetual-check wins (|cp| >= 2000) are left out:
the engine reports those as certain. Prints the coefficients as ai/wdl.cpp writes them, the mean
log-loss of the model, of the same model with the material term dropped, and of one with the
ply in place of the material, and a table of predicted against observed outcomes.

    python3 tools/bench/wdl_fit.py bench/labels/ours30k-selflabels.txt.xz

Python 3 standard library only.
"""

import argparse
import lzma
import math
from collections import defaultdict

MATERIAL = {"r": 4, "n": 2, "h": 2, "c": 2, "p": 1}
FULL = 42.0
SCORE_CAP = 2000
BIN = 20


def material(board):
    return sum(MATERIAL.get(ch.lower(), 0) for ch in board)


def read(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        for line in f:
            parts = line.strip().split(";")
            if len(parts) != 3:
                continue
            fen, result, cp = parts
            cp = int(cp)
            if abs(cp) >= SCORE_CAP:
                continue
            fields = fen.split()
            ply = 2 * (int(fields[5]) - 1) + (1 if fields[1] == "b" else 0) if len(fields) >= 6 else 0
            yield material(fields[0]), ply, float(result), cp


def probs(c, x, t):
    a = c[0] + c[1] * t + c[2] * t * t
    b = max(c[3] + c[4] * t + c[5] * t * t, 1.0)
    w = 1.0 / (1.0 + math.exp(max(min((a - x) / b, 700), -700)))
    l = 1.0 / (1.0 + math.exp(max(min((a + x) / b, 700), -700)))
    d = max(1.0 - w - l, 1e-9)
    return max(w, 1e-9), d, max(l, 1e-9)


def loss(c, bins, total):
    s = 0.0
    for (x, t), (nw, nd, nl) in bins.items():
        w, d, l = probs(c, x, t)
        s -= nw * math.log(w) + nd * math.log(d) + nl * math.log(l)
    return s / total


def nelder_mead(f, x0, step, iters):
    n = len(x0)
    pts = [list(x0)]
    for i in range(n):
        p = list(x0)
        p[i] += step[i]
        pts.append(p)
    vals = [f(p) for p in pts]
    for _ in range(iters):
        order = sorted(range(n + 1), key=lambda k: vals[k])
        pts = [pts[k] for k in order]
        vals = [vals[k] for k in order]
        centre = [sum(p[i] for p in pts[:-1]) / n for i in range(n)]
        worst = pts[-1]
        refl = [centre[i] + (centre[i] - worst[i]) for i in range(n)]
        fr = f(refl)
        if fr < vals[0]:
            exp_ = [centre[i] + 2 * (centre[i] - worst[i]) for i in range(n)]
            fe = f(exp_)
            pts[-1], vals[-1] = (exp_, fe) if fe < fr else (refl, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = refl, fr
        else:
            con = [centre[i] + 0.5 * (worst[i] - centre[i]) for i in range(n)]
            fc = f(con)
            if fc < vals[-1]:
                pts[-1], vals[-1] = con, fc
            else:
                for k in range(1, n + 1):
                    pts[k] = [pts[0][i] + 0.5 * (pts[k][i] - pts[0][i]) for i in range(n)]
                    vals[k] = f(pts[k])
    k = min(range(n + 1), key=lambda j: vals[j])
    return pts[k], vals[k]


def binned(rows, phase):
    bins = defaultdict(lambda: [0, 0, 0])
    for m, ply, result, cp in rows:
        t = phase(m, ply)
        x = round(cp / BIN) * BIN
        b = bins[(x, round(t, 3))]
        b[0 if result == 1.0 else 1 if result == 0.5 else 2] += 1
    return bins


def fit(bins, total, fixed_t=False):
    f = (lambda c: loss([c[0], 0, 0, c[1], 0, 0], bins, total)) if fixed_t else \
        (lambda c: loss(c, bins, total))
    x0 = [200.0, 100.0] if fixed_t else [200.0, 0.0, 0.0, 100.0, 0.0, 0.0]
    step = [50.0, 30.0] if fixed_t else [50.0, 50.0, 50.0, 30.0, 30.0, 30.0]
    best, val = x0, None
    for _ in range(2):  # a restart: Nelder-Mead can stall in six dimensions
        best, val = nelder_mead(f, best, step, 500)
    if fixed_t:
        best = [best[0], 0, 0, best[1], 0, 0]
    return best, val


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("labels")
    args = ap.parse_args()
    rows = list(read(args.labels))
    total = len(rows)
    outcomes = [sum(1 for r in rows if r[2] == v) for v in (1.0, 0.5, 0.0)]
    print(f"positions: {total} (Red wins {outcomes[0]}, draws {outcomes[1]}, Black wins {outcomes[2]})")

    by_material = binned(rows, lambda m, ply: min(m, FULL) / FULL)
    c, val = fit(by_material, total)
    c0, val0 = fit(by_material, total, fixed_t=True)
    by_ply = binned(rows, lambda m, ply: min(ply // 4 * 4, 200) / 200.0)
    cp_, valp = fit(by_ply, total)
    print(f"mean log-loss: material {val:.5f}, no phase {val0:.5f}, ply {valp:.5f}")
    print("ai/wdl.cpp: kA = {%.1f, %.1f, %.1f}, kB = {%.1f, %.1f, %.1f}" % tuple(c))

    # Predicted against observed, by material third and score band.
    print("material | score band | positions | observed W/D/L % | model W/D/L %")
    for lo_m, hi_m in ((0, 14), (15, 28), (29, 42)):
        for lo, hi in ((-1999, -300), (-299, -100), (-99, 99), (100, 299), (300, 1999)):
            sel = [r for r in rows if lo_m <= min(r[0], 42) <= hi_m and lo <= r[3] <= hi]
            if not sel:
                continue
            n = len(sel)
            ow = 100 * sum(1 for r in sel if r[2] == 1.0) / n
            od = 100 * sum(1 for r in sel if r[2] == 0.5) / n
            pw = pd = 0.0
            for r in sel:
                w, d, _ = probs(c, r[3], min(r[0], FULL) / FULL)
                pw += w
                pd += d
            pw, pd = 100 * pw / n, 100 * pd / n
            print(f"{lo_m}-{hi_m} | {lo}..{hi} | {n} | {ow:.0f}/{od:.0f}/{100 - ow - od:.0f}"
                  f" | {pw:.0f}/{pd:.0f}/{100 - pw - pd:.0f}")


if __name__ == "__main__":
    main()
