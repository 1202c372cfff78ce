#!/usr/bin/env python3
"""Ratings of the playing levels from the matches' JSON summaries (xiangqi-match -json, or
match.py --json for the maxqi pairings; tools/bench/level_matches.sh).

One Elo scale for every player of the matches, fitted by maximum likelihood (the logistic Elo
model, a draw counting half a win), with one player fixed at a stated rating (--anchor). The
error is the 95% interval from the fit's curvature (1.96 standard errors), relative to the
anchor. Standard library only.

    python3 tools/bench/level_elo.py --anchor maxqi-d3=1000 OUT/*.json
"""
import argparse
import json
import math


def fit(results, players, anchor):
    """results: (a, b, score of a, games); returns {player: (rating, se)}."""
    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    r = {p: 0.0 for p in players}
    k = math.log(10) / 400
    for _ in range(100):
        n = len(free)
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for a, b, score, games in results:
            p = 1 / (1 + math.exp(-k * (r[a] - r[b])))
            g = k * (score - games * p)  # d logL / d r[a]
            h = k * k * games * p * (1 - p)
            for x, sign in ((a, 1), (b, -1)):
                if x in index:
                    grad[index[x]] += sign * g
            for x in (a, b):
                for y in (a, b):
                    if x in index and y in index:
                        hess[index[x]][index[y]] += h if x == y else -h
        step = solve(hess, grad)
        for p, i in index.items():
            r[p] += max(-400.0, min(400.0, step[i]))
        if max(abs(s) for s in step) < 1e-6:
            break
    cov = invert(hess)
    return {p: (r[p], math.sqrt(cov[index[p]][index[p]]) if p in index else 0.0) for p in players}


def solve(m, v):
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda i: abs(a[i][c]))
        a[c], a[piv] = a[piv], a[c]
        for i in range(n):
            if i != c and a[c][c] != 0:
                f = a[i][c] / a[c][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def invert(m):
    n = len(m)
    cols = [solve(m, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--anchor", required=True, help="NAME=RATING: the player fixed at a rating")
    ap.add_argument("json", nargs="+")
    args = ap.parse_args()
    anchor, rating = args.anchor.split("=")
    results, players, games = [], [], {}
    for path in args.json:
        with open(path) as f:
            d = json.load(f)
        a, b = d["engines"]
        s = d["stats"]
        n = s["wins"] + s["draws"] + s["losses"]
        results.append((a, b, s["wins"] + s["draws"] / 2, n))
        print("%-26s %3d games  %2d / %2d / %2d  %5.1f%%" % (a + " - " + b, n, s["wins"], s["draws"],
                                                             s["losses"], 100 * s["score"]))
        for p in (a, b):
            if p not in players:
                players.append(p)
            games[p] = games.get(p, 0) + n
    if anchor not in players:
        raise SystemExit("the anchor %s played no game" % anchor)
    ratings = fit(results, players, anchor)
    print()
    for p in sorted(players, key=lambda p: ratings[p][0]):
        rt, se = ratings[p]
        print("%-14s %6.0f  +- %4.0f  (%d games)" % (p, rt + float(rating), 1.96 * se, games[p]))


if __name__ == "__main__":
    main()
