#!/usr/bin/env python3
"""Perft speed of xiangqi-engine against Fairy-Stockfish, measured alternately on one machine.

Usage: tools/bench/perft_vs_fsf.py [--depth 5] [--rounds 5] [--engine build/bin/xiangqi-engine]
                                   [--fsf /usr/games/fairy-stockfish]
Both run single-threaded from the start position. The time is the CPU time (user + system) of
each process, which a busy shared machine disturbs less than wall time; wall times are printed
too. Reports the medians and their ratio.
"""
import argparse
import os
import resource
import statistics
import subprocess
import time


def run(cmd, script):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    out = subprocess.run(cmd, input=script, capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    nodes = [l for l in out.splitlines() if l.startswith("Nodes searched")]
    return cpu, wall, nodes[-1].split(":")[1].strip() if nodes else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=5)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--engine", default=os.path.join(here, "..", "..", "build", "bin", "xiangqi-engine"))
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    a = ap.parse_args()
    ours_script = "position startpos\ngo perft %d\nquit\n" % a.depth
    fsf_script = ("setoption name Threads value 1\nsetoption name UCI_Variant value xiangqi\n"
                  "position startpos\ngo perft %d\nquit\n" % a.depth)
    ours, theirs = [], []
    for i in range(a.rounds):
        c, w, n = run([a.engine], ours_script)
        ours.append(c)
        print("round %d  xiangqi-engine  cpu %.3f s  wall %.3f s  nodes %s" % (i + 1, c, w, n), flush=True)
        c, w, n = run([a.fsf], fsf_script)
        theirs.append(c)
        print("round %d  fairy-stockfish cpu %.3f s  wall %.3f s  nodes %s" % (i + 1, c, w, n), flush=True)
    mo, mt = statistics.median(ours), statistics.median(theirs)
    print("median cpu: xiangqi-engine %.3f s, fairy-stockfish %.3f s, ratio %.1fx" % (mo, mt, mt / mo))


if __name__ == "__main__":
    main()
