#!/usr/bin/env python3
"""Soak test of the UCI engine: many fast games with xiangqi-match, nothing illegal allowed.

Plays xiangqi-engine against itself and against Fairy-Stockfish (UCI_Variant xiangqi, a1
coordinates) at a short time per move, our engine with --threads search threads (default 1),
with the openings from tests/data/openings.txt, and fails (exit status 1) when any game of ours
ends by an illegal move, a crash, a missing move, a per-move timeout, a failed start, or is left
unfinished, or when any move of ours took longer than the time per move plus a slack (a time
loss under a real clock).

    tools/soak.py [--games N] [--movetime MS] [--threads N] [--match PATH] [--engine PATH]
                  [--sanitize]

The engine defaults to build-soak/bin/xiangqi-engine and the match runner to xiangqi-match beside
it, both configured and built (Release, or with AddressSanitizer + UndefinedBehaviorSanitizer in
build-soak-asan with --sanitize) when missing. Repetitions are judged under the simple rules (only
perpetual check loses), as before. Game records, JSON summaries and a report go to
build-soak/soak-<time>/.
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
# xiangqi-match's kinds of ending that mean an engine failed (its JSON summary, "kind").
BAD_KINDS = ("illegal move", "crash", "hang", "time forfeit")


def find_fairy_stockfish(given):
    for cand in ([given] if given else []) + ["fairy-stockfish", "/usr/games/fairy-stockfish"]:
        path = shutil.which(cand)
        if path:
            return path
    sys.exit("soak: Fairy-Stockfish not found (apt-get install fairy-stockfish, or --fsf PATH)")


def build_engine(sanitize):
    build = ROOT / ("build-soak-asan" if sanitize else "build-soak")
    cmd = ["cmake", "-S", str(ROOT), "-B", str(build), "-DXQ_BUILD_APP=OFF", "-DXQ_BUILD_TESTS=OFF"]
    cmd += (["-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DXQ_SANITIZE=address,undefined"] if sanitize
            else ["-DCMAKE_BUILD_TYPE=Release"])
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(build), "-j2", "--target", "xiangqi-engine",
                    "xiangqi-match"], check=True)
    return build / "bin" / "xiangqi-engine"


def engine_spec(name, cmd, extra=()):
    return ["-engine", "name=%s" % name, "cmd=%s" % cmd, "proto=uci"] + list(extra)


def move_times(pgn_text, ours):
    """(engine, seconds) for every move with a time comment whose mover's name is in ours."""
    out = []
    for game in re.split(r"\n(?=\[Event )", pgn_text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        body = re.sub(r"^\[.*\]$", "", game, flags=re.M)
        side = None
        for tok in re.findall(r"\{[^}]*\}|\S+", body):
            if re.fullmatch(r"\d+\.", tok):
                side = "Red"
            elif re.fullmatch(r"\d+\.\.\.", tok):
                side = "Black"
            elif tok.startswith("{"):
                m = re.search(r"(\d+\.\d+)s[,}]", tok)
                mover = tags.get("Black" if side == "Red" else "Red") if side else None
                if m and mover in ours:
                    out.append((mover, float(m.group(1))))
            elif re.fullmatch(r"[a-i]\d[a-i]\d", tok) and side is not None:
                # The comment after a move belongs to it; flip so that "side" names the next mover.
                side = "Black" if side == "Red" else "Red"
    return out


def run_match(args, name, engines, out_dir, ours):
    json_path = out_dir / (name + ".json")
    pgn_path = out_dir / (name + ".pgn")
    cmd = ["nice", "-n", str(args.nice), str(args.match), "-games", str(args.games), "-each",
           "st=%g" % (args.movetime / 1000.0), "-openings",
           "file=%s" % (ROOT / "tests" / "data" / "openings.txt"), "-rules", "simple",
           "-timemargin", str(int(args.timeout * 1000)), "-json", str(json_path), "-pgnout",
           str(pgn_path)]
    for e in engines:
        cmd += e
    print("soak: " + " ".join(cmd), flush=True)
    t0 = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (out_dir / (name + ".log")).write_text(proc.stdout)
    summary_lines = [l for l in proc.stdout.splitlines() if not l.startswith("game ")]
    print("\n".join(summary_lines[-12:]), flush=True)
    problems = []
    if proc.returncode != 0:
        problems.append("xiangqi-match exited with status %d" % proc.returncode)
    if not json_path.exists():
        return problems + ["no JSON summary"], {}
    summary = json.loads(json_path.read_text())
    games = summary.get("games", [])
    if len(games) != args.games:
        problems.append("%d games recorded, %d asked for" % (len(games), args.games))
    if summary.get("unfinished"):
        problems.append("unfinished: %s" % summary["unfinished"])
    for g in games:
        reason = g.get("reason", "")
        loser = {"1-0": g.get("black"), "0-1": g.get("red")}.get(g.get("result"))
        if g.get("result") == "*":
            problems.append("game %s unfinished: %s" % (g.get("number"), reason))
        elif g.get("kind") in BAD_KINDS and loser in ours:
            problems.append("game %s: %s" % (g.get("number"), reason))
    times = move_times(pgn_path.read_text(encoding="utf-8") if pgn_path.exists() else "", ours)
    limit = (args.movetime + args.slack) / 1000.0
    slow = [t for _, t in times if t > limit]
    if slow:
        problems.append("%d moves of ours over %.3f s (slowest %.3f s)" % (len(slow), limit,
                                                                            max(slow)))
    stats = {
        "games": len(games),
        "plies": sum(g.get("plies", 0) for g in games),
        "reasons": summary.get("endings", {}),
        "score": summary.get("stats", {}).get("score"),
        "our_moves": len(times),
        "max_move_s": max((t for _, t in times), default=0.0),
        "wall_s": round(time.monotonic() - t0, 1),
    }
    return problems, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    ap.add_argument("--movetime", type=int, default=30, help="ms per move (default 30)")
    ap.add_argument("--slack", type=int, default=250,
                    help="ms over --movetime that counts as a time loss (default 250)")
    ap.add_argument("--timeout", type=float, default=2.0,
                    help="seconds over the time per move before a move is lost (default 2)")
    ap.add_argument("--match", help="xiangqi-match (default: beside the engine)")
    ap.add_argument("--engine", help="xiangqi-engine to test (default: build it)")
    ap.add_argument("--sanitize", action="store_true",
                    help="build the engine with ASan+UBSan (slower; use fewer games)")
    ap.add_argument("--fsf", help="Fairy-Stockfish command (default: from PATH or /usr/games)")
    ap.add_argument("--only", choices=("self", "fsf"), help="play one pairing only")
    ap.add_argument("--nice", type=int, default=10)
    ap.add_argument("--threads", type=int, default=1,
                    help="our engine's Threads option (default 1)")
    args = ap.parse_args()
    engine = pathlib.Path(args.engine) if args.engine else build_engine(args.sanitize)
    args.match = pathlib.Path(args.match) if args.match else engine.parent / "xiangqi-match"
    if not args.match.is_file():
        sys.exit("soak: xiangqi-match not found at %s (--match)" % args.match)
    fsf = find_fairy_stockfish(args.fsf)

    out_dir = engine.parent.parent / time.strftime("soak-%Y%m%d-%H%M%S")
    out_dir.mkdir(parents=True, exist_ok=True)
    env_opts = ("option.Hash=16", "option.Threads=%d" % args.threads)
    pairings = {
        "self": ([engine_spec("xq-a", engine, env_opts),
                  engine_spec("xq-b", engine, env_opts)], ("xq-a", "xq-b")),
        "fsf": ([engine_spec("xq", engine, env_opts), engine_spec("fsf", fsf)], ("xq",)),
    }
    failures, report = [], {}
    for name, (engines, ours) in pairings.items():
        if args.only and name != args.only:
            continue
        problems, stats = run_match(args, name, engines, out_dir, ours)
        report[name] = stats
        failures += ["%s: %s" % (name, p) for p in problems]
    report["movetime_ms"] = args.movetime
    report["threads"] = args.threads
    report["failures"] = failures
    (out_dir / "report.json").write_text(json.dumps(report, indent=1))
    print("\nsoak report (%s):" % out_dir)
    print(json.dumps(report, indent=1))
    if failures:
        print("\nSOAK FAILED:\n  " + "\n  ".join(failures))
        return 1
    print("\nsoak: no illegal move, crash, hang or time loss in %d games" %
          sum(report[k]["games"] for k in pairings if k in report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
