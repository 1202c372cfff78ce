#!/usr/bin/env python3
"""What a match's games show: read the PGN of xiangqi-match (-pgnout) or of match.py (--pgn)
and report, for one engine, the
result by colour, how the games ended, the depths both sides reached, where the lost games
turned (the first ply at which the opponent's own score passed a threshold, and what our engine
thought at its move just before), and for games on a clock ("TimeControl" tc=[MOVES/]BASE+INC)
the least time each side had left after a move and its median time a move. Games 2k-1 and 2k
of a file (one opening, the colours swapped, as xiangqi-match numbers them) make a pair: the
pentanomial counts, the Elo from the pairs and, with --sprt, the log-likelihood ratio are those
xiangqi-match prints, over all the files given (the parts of a run that was started again)
and the counts of --pairs-before (a part whose games are elsewhere, given by its pentanomial).

match.py writes after every searched move a comment "{+41/d18/1.00s}": the mover's score in
centipawns from its own side, the depth, the time. Book moves carry "{opening}". Mate scores
come out as about +/-20000. Standard library only.

    python3 tools/bench/match_games.py --engine xq --threshold 150 games.pgn
    python3 tools/bench/match_games.py --engine new --sprt 0 5 --pairs-before 2 24 42 28 6 b.pgn
"""
import argparse
import math
import re
import statistics
import sys

COMMENT = re.compile(r"^([+-]?\d+)/d(\d+)/([\d.]+)s$")
# xiangqi-match writes "{+0.41/18 0.105s}" (pawns), "{-M5/20 0.200s}", and "{book}"; the last
# move's comment goes on with the verdict after a comma.
MATCH_COMMENT = re.compile(r"^([+-]\d+\.\d+|[+-]M\d+)/(\d+) ([\d.]+)s(,.*)?$")


def read_games(text):
    """Yields (tags, moves); moves are (ply, side, move, score, depth, seconds) with side
    'red'/'black' and score/depth/seconds None for a move without a search comment."""
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        tokens = re.findall(r"\{[^}]*\}|\S+", body)
        moves = []
        for tok in tokens:
            if tok.startswith("{"):
                m = COMMENT.match(tok[1:-1].strip())
                x = MATCH_COMMENT.match(tok[1:-1].strip())
                if x and moves:
                    score = x.group(1)
                    cp = ((20000 if score[0] == "+" else -20000) if "M" in score
                          else round(float(score) * 100))
                    ply, side, mv = moves[-1][:3]
                    moves[-1] = (ply, side, mv, cp, int(x.group(2)), float(x.group(3)))
                elif m and moves:
                    ply, side, mv = moves[-1][:3]
                    moves[-1] = (ply, side, mv, int(m.group(1)), int(m.group(2)),
                                 float(m.group(3)))
                continue
            if re.fullmatch(r"\d+\.(\.\.)?", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            if re.fullmatch(r"[a-i]\d[a-i]\d", tok):
                ply = len(moves)
                moves.append((ply, "red" if ply % 2 == 0 else "black", tok, None, None, None))
        if tags:
            yield tags, moves


def clock_of(limit):
    """(moves per period or 0, base seconds, increment seconds) of "tc=[MOVES/]BASE+INC", the
    way xiangqi-match writes a clock; None for any other limit."""
    m = re.fullmatch(r"tc=(?:(\d+)/)?([\d.]+)\+([\d.]+)", limit.strip())
    return (int(m.group(1) or 0), float(m.group(2)), float(m.group(3))) if m else None


def clock_lows(tags, moves):
    """{side: (least seconds left after a move, before its increment; [seconds a move])} for the
    sides that played on a clock. The clock runs as xiangqi-match's: the base, less each move's
    time (never below zero), plus the increment, plus the base again after each period; book
    moves cost nothing."""
    limits = tags.get("TimeControl", "").split(" / ")
    out = {}
    for i, side in enumerate(("red", "black")):
        tc = clock_of(limits[min(i, len(limits) - 1)])
        if not tc:
            continue
        period, base, inc = tc
        left, least, times = base, None, []
        for _, s, _, _, _, secs in moves:
            if s != side or secs is None:
                continue
            times.append(secs)
            least = left - secs if least is None else min(least, left - secs)
            left = max(left - secs, 0.0) + inc
            if period and len(times) % period == 0:
                left += base
        if times:
            out[side] = (least, times)
    return out


def our_result(tags, side):
    r = tags.get("Result", "*")
    if r == "1/2-1/2":
        return "draw"
    if r == "1-0":
        return "win" if side == "red" else "loss"
    if r == "0-1":
        return "win" if side == "black" else "loss"
    return "unfinished"


def elo_of(score):
    """xiangqi-match's Elo of a score (app/match/stats.cpp), capped at +/-2000."""
    if score <= 0:
        return -2000.0
    if score >= 1:
        return 2000.0
    return max(-2000.0, min(2000.0, -400 * math.log10(1 / score - 1)))


def pair_report(files, engine, sprt, before=None):
    """Lines on the game pairs of `engine` in each file's games (a list per file), counting the
    pentanomial `before` (pairs played elsewhere) too."""
    penta = list(before) if before else [0] * 5
    for games in files:
        points = {}
        for tags, _ in games:
            side = ("red" if tags.get("Red") == engine
                    else "black" if tags.get("Black") == engine else None)
            res = our_result(tags, side) if side else "unfinished"
            if res == "unfinished" or not tags.get("Round", "").isdigit():
                continue
            points[int(tags["Round"])] = {"win": 1, "draw": 0.5, "loss": 0}[res]
        for number, p in points.items():
            if number % 2 == 1 and number + 1 in points:
                penta[round(2 * (p + points[number + 1]))] += 1
    n = sum(penta)
    if n == 0:
        return []
    xs = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(x * c for x, c in zip(xs, penta)) / n
    var = sum((x - mean) ** 2 * c for x, c in zip(xs, penta)) / n
    se = math.sqrt(var / n)
    z = 1.959963984540054
    low, high = elo_of(mean - z * se), elo_of(mean + z * se)
    lines = ["game pairs of %s: %d; pentanomial (0, 0.5, 1, 1.5, 2 points): %s"
             % (engine, n, " ".join(str(c) for c in penta)),
             "  Elo from the pairs %.1f +/- %.1f (95%%: %.1f to %.1f)"
             % (elo_of(mean), (high - low) / 2, low, high)]
    if sprt:
        elo0, elo1 = sprt
        s0, s1 = 1 / (1 + 10 ** (-elo0 / 400)), 1 / (1 + 10 ** (-elo1 / 400))
        llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var) if var > 0 else 0.0
        bound = math.log(0.95 / 0.05)
        verdict = ("H1 accepted" if llr >= bound else "H0 accepted" if llr <= -bound
                   else "continue")
        lines.append("  SPRT (elo0 %.1f, elo1 %.1f, alpha 0.05, beta 0.05): llr %.2f, "
                     "bounds [%.2f, %.2f]: %s" % (elo0, elo1, llr, -bound, bound, verdict))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--engine", required=True, help="our engine's name in the Red/Black tags")
    ap.add_argument("--threshold", type=int, default=150,
                    help="centipawns: the opponent's score that counts as the game turning")
    ap.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"),
                    help="also the SPRT's log-likelihood ratio from the pairs (alpha, beta 0.05)")
    ap.add_argument("--pairs-before", type=int, nargs=5, metavar="N",
                    help="pentanomial counts (0, 0.5, 1, 1.5, 2 points) of earlier pairs of the "
                         "same run whose games are not in the files; added to the pair figures")
    args = ap.parse_args()
    if args.pairs_before and min(args.pairs_before) < 0:
        ap.error("--pairs-before: counts cannot be negative: %s"
                 % " ".join(str(c) for c in args.pairs_before))

    games, files = [], []
    for path in args.pgn:
        with open(path, encoding="utf-8") as f:
            files.append(list(read_games(f.read())))
        games.extend(files[-1])
    if not games:
        sys.exit("no games in " + ", ".join(args.pgn))

    counts = {}
    endings = {}
    our_depths, their_depths = [], []
    turns = []
    clocks = {"ours": [None, [], 0], "theirs": [None, [], 0]}  # least left, times, time losses
    for tags, moves in games:
        if tags.get("Red") == args.engine:
            side = "red"
        elif tags.get("Black") == args.engine:
            side = "black"
        else:
            continue
        res = our_result(tags, side)
        counts.setdefault(side, {}).setdefault(res, 0)
        counts[side][res] += 1
        end = tags.get("Termination", "?")
        end = re.sub(r"\d+", "N", end)
        endings.setdefault(res, {}).setdefault(end, 0)
        endings[res][end] += 1
        for s, (least, times) in clock_lows(tags, moves).items():
            c = clocks["ours" if s == side else "theirs"]
            c[0] = least if c[0] is None else min(c[0], least)
            c[1].extend(times)
        if end == "time forfeit":
            clocks["theirs" if res == "win" else "ours"][2] += 1
        for _, s, _, score, depth, _ in moves:
            if depth is None or abs(score) >= 15000:
                continue  # mate lines report their own long depths
            (our_depths if s == side else their_depths).append(depth)
        if res != "loss":
            continue
        ours_before = None
        for ply, s, mv, score, depth, _ in moves:
            if score is None:
                continue
            if s == side:
                ours_before = (ply, score, depth)
            elif score >= args.threshold:
                turns.append((tags.get("Round", "?"), side, ply, score, ours_before,
                              len(moves), end))
                break

    print("games of %s: %d" % (args.engine, sum(sum(c.values()) for c in counts.values())))
    for side in ("red", "black"):
        c = counts.get(side, {})
        print("  as %-5s  W %d  D %d  L %d" % (side, c.get("win", 0), c.get("draw", 0),
                                                c.get("loss", 0)))
    for res in ("win", "draw", "loss"):
        for end, n in sorted(endings.get(res, {}).items(), key=lambda x: -x[1]):
            print("  %-4s %3d  %s" % (res, n, end))
    for line in pair_report(files, args.engine, args.sprt, args.pairs_before):
        print(line)
    if our_depths and their_depths:
        print("depth (mates left out): ours median %g mean %.1f, theirs median %g mean %.1f"
              % (statistics.median(our_depths), statistics.mean(our_depths),
                 statistics.median(their_depths), statistics.mean(their_depths)))
    for who, (least, times, lost) in clocks.items():
        if times:
            print("clock, %s: least left after a move %.3f s, median %.3f s a move (%d moves), "
                  "lost on time %d" % (who, least, statistics.median(times), len(times), lost))
    if turns:
        print("lost games: where the opponent's score first reached +%d" % args.threshold)
        print("  round side   ply  theirs  ours(ply, score, depth)  plies  ending")
        for rnd, side, ply, score, ours, n, end in turns:
            o = "%3d %+5d d%-2d" % ours if ours else "     -"
            print("  %5s %-5s %4d %+7d  %-22s %6d  %s" % (rnd, side, ply, score, o, n, end))
        plies = [t[2] for t in turns]
        blind = [t for t in turns if t[4] and t[4][1] > -50]
        print("  median ply %g; in %d of %d our score at our move before was above -50"
              % (statistics.median(plies), len(blind), len(turns)))


if __name__ == "__main__":
    main()
