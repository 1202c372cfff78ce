#!/usr/bin/env python3
"""tools/bench/match_games.py on a real xiangqi-match game at tc=180+2 (tests/data/match_clock.pgn:
Fairy-Stockfish as Red, our engine as Black, two book plies, Red resigned by adjudication).

The clock lines are checked against the figures worked out by hand from the PGN's times: Black's
least time left after a move is 103.149 s (its last, 23... b0d0: 3.798 s with 106.947 s left);
the book plies cost nothing and earn no increment. Variants of the same game check a loss on
time, a side whose limit is not a clock, and a clock with periods.

The pair lines are checked on a real node-limited SPRT match (tests/data/match_pairs.pgn: A at
4,000 nodes against B at 2,000, 12 games on the first 6 openings) against what xiangqi-match
printed at its end: pentanomial 1 0 1 2 2, "from 6 game pairs 120.4 +/- 279.7", "llr 0.06,
bounds [-2.94, 2.94]: continue". The same games in two files give the same lines; cut between
the two games of a pair, that pair is left out. The pentanomial of the first three pairs given
with --pairs-before and the last three pairs' games give the whole match's lines again.

Usage: match_games_test.py --script tools/bench/match_games.py --pgn tests/data/match_clock.pgn
    --pairs-pgn tests/data/match_pairs.pgn
Exits 1 and says which line differs.
"""
import argparse
import os
import subprocess
import sys
import tempfile


def report(script, text, engine, *extra):
    """The script's output on the games of `text` (a string: one file; a list: one file each)."""
    texts = [text] if isinstance(text, str) else text
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, t in enumerate(texts):
            paths.append(os.path.join(d, "games%d.pgn" % i))
            with open(paths[-1], "w", encoding="utf-8") as f:
                f.write(t)
        return subprocess.run([sys.executable, script, "--engine", engine, *extra, *paths],
                              capture_output=True, text=True, check=True, timeout=60).stdout


def expect(failures, name, out, line, present=True):
    if (line in out.splitlines()) != present:
        failures.append("%s: %s %r in:\n%s" % (name, "missing" if present else "unexpected",
                                               line, out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--script", required=True)
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--pairs-pgn", required=True)
    args = ap.parse_args()
    with open(args.pgn, encoding="utf-8") as f:
        game = f.read()
    failures = []

    out = report(args.script, game, "xiangqi")
    expect(failures, "real game", out, "  as black  W 1  D 0  L 0")
    expect(failures, "real game", out, "clock, ours: least left after a move 103.149 s, "
           "median 4.878 s a move (22 moves), lost on time 0")
    expect(failures, "real game", out, "clock, theirs: least left after a move 86.281 s, "
           "median 2.699 s a move (23 moves), lost on time 0")

    # The same moves, Black losing on time instead: one loss on time for ours.
    flagged = (game.replace('[Result "0-1"]', '[Result "1-0"]')
               .replace('[Termination "adjudication"]', '[Termination "time forfeit"]')
               .replace("\n0-1\n", "\n1-0\n"))
    out = report(args.script, flagged, "xiangqi")
    expect(failures, "time forfeit", out, "  loss   1  time forfeit")
    expect(failures, "time forfeit", out, "clock, ours: least left after a move 103.149 s, "
           "median 4.878 s a move (22 moves), lost on time 1")

    # Red on 5 s a move, Black on the clock: only Black's clock is reported.
    mixed = game.replace('[TimeControl "tc=180+2"]', '[TimeControl "st=5 / tc=180+2"]')
    out = report(args.script, mixed, "fairy-stockfish")
    expect(failures, "mixed limits", out, "clock, theirs: least left after a move 103.149 s, "
           "median 4.878 s a move (22 moves), lost on time 0")
    if "clock, ours" in out:
        failures.append("mixed limits: a move-time side got a clock line:\n" + out)

    # 10 moves in 60 s, no increment: Black's first 10 moves take 53.390 s, which leaves its
    # least, 6.610 s; 60 s come back after its 10th and 20th moves (9.841 s left after the 20th).
    period = game.replace('[TimeControl "tc=180+2"]', '[TimeControl "tc=10/60+0"]')
    out = report(args.script, period, "xiangqi")
    expect(failures, "periods", out, "clock, ours: least left after a move 6.610 s, "
           "median 4.878 s a move (22 moves), lost on time 0")

    with open(args.pairs_pgn, encoding="utf-8") as f:
        match = f.read()
    whole = ["game pairs of A: 6; pentanomial (0, 0.5, 1, 1.5, 2 points): 1 0 1 2 2",
             "  Elo from the pairs 120.4 +/- 279.7 (95%: -76.4 to 483.0)",
             "  SPRT (elo0 0.0, elo1 5.0, alpha 0.05, beta 0.05): llr 0.06, "
             "bounds [-2.94, 2.94]: continue"]
    out = report(args.script, match, "A", "--sprt", "0", "5")
    for line in whole:
        expect(failures, "pairs", out, line)
    # The games of rounds 1-6 and 7-12 as two parts of a run: the same pairs.
    games = ["[Game " + g for g in match.split("[Game ")[1:]]
    if len(games) != 12:
        failures.append("pairs: %d games in %s, not 12" % (len(games), args.pairs_pgn))
    else:
        out = report(args.script, ["".join(games[:6]), "".join(games[6:])], "A", "--sprt", "0",
                     "5")
        for line in whole:
            expect(failures, "pairs in two files", out, line)
        # Cut after game 5 (in file order): the pair of its round is split, 5 pairs are left.
        cut = report(args.script, ["".join(games[:5]), "".join(games[5:])], "A")
        if not any(l.startswith("game pairs of A: 5;") for l in cut.splitlines()):
            failures.append("pairs cut in two: not 5 pairs in:\n" + cut)
        # The first three pairs by their counts, the last three by their games: the whole run.
        first = report(args.script, "".join(games[:6]), "A")
        head = [l for l in first.splitlines() if l.startswith("game pairs of A: 3;")]
        if not head:
            failures.append("first half: not 3 pairs in:\n" + first)
        else:
            counts = head[0].split(": ")[-1].split()
            out = report(args.script, "".join(games[6:]), "A", "--sprt", "0", "5",
                         "--pairs-before", *counts)
            for line in whole:
                expect(failures, "pairs before", out, line)

    for f in failures:
        print("FAIL", f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
