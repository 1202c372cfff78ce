#!/usr/bin/env python3
"""Time to a fixed depth with Threads=N against Threads=1, on the positions of `bench`.

    tools/threads_speed.py [--engine PATH] [--depth D] [--threads N] [--runs R] [--hash MB]

Starts the engine twice (Threads=1 and Threads=N, each with its own Hash), and for every bench
position and run clears both (ucinewgame), then times "go depth D" on each, the order of the two
alternating from run to run so that a load change on the machine hits both alike. Prints each
position's median times and their ratio, and the median of all ratios (the speed-up).
The engine defaults to build/bin/xiangqi-engine.
"""
import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Engine:
    def __init__(self, path, threads, hash_mb):
        self.p = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("setoption name OwnBook value false")
        self.send("setoption name Hash value %d" % hash_mb)
        self.send("setoption name Threads value %d" % threads)
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("threads_speed: the engine ended unexpectedly")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        self.read_until("readyok")

    def timed_search(self, fen, depth):
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.sync()
        t0 = time.perf_counter()
        self.send("go depth %d" % depth)
        lines = self.read_until("bestmove")
        dt = time.perf_counter() - t0
        nodes = [int(m.group(1)) for l in lines for m in [re.search(r" nodes (\d+)", l)] if m]
        return dt, (nodes[-1] if nodes else 0)

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=30)


def bench_fens(path):
    out = subprocess.run([str(path)], input="bench 1\nquit\n", capture_output=True, text=True,
                         check=True).stdout
    return [m.group(1) for m in re.finditer(r"bench \d+: (.*?) bestmove", out)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=str(ROOT / "build" / "bin" / "xiangqi-engine"))
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--hash", type=int, default=64)
    args = ap.parse_args()
    fens = bench_fens(args.engine)
    if not fens:
        sys.exit("threads_speed: no bench positions in the engine's output")
    one = Engine(args.engine, 1, args.hash)
    many = Engine(args.engine, args.threads, args.hash)
    ratios = []
    print("depth %d, Threads %d against 1, %d runs per position" % (args.depth, args.threads,
                                                                    args.runs))
    print("pos  t1 median s  t%d median s  ratio  nodes1  nodes%d" % (args.threads, args.threads))
    for i, fen in enumerate(fens, 1):
        t1, tn, n1, nn = [], [], [], []
        for run in range(args.runs):
            order = [(one, t1, n1), (many, tn, nn)]
            if run % 2:
                order.reverse()
            for eng, times, nodes in order:
                dt, n = eng.timed_search(fen, args.depth)
                times.append(dt)
                nodes.append(n)
        m1, mn = statistics.median(t1), statistics.median(tn)
        ratio = m1 / mn if mn > 0 else float("inf")
        ratios.append(ratio)
        print("%3d  %11.3f  %11.3f  %5.2f  %7d  %7d" % (i, m1, mn, ratio,
                                                        statistics.median(n1),
                                                        statistics.median(nn)), flush=True)
    one.quit()
    many.quit()
    print("median speed-up (time to depth %d, Threads %d vs 1): %.2f" % (
        args.depth, args.threads, statistics.median(ratios)))
    print("geometric mean: %.2f" % statistics.geometric_mean(ratios))
    return 0


if __name__ == "__main__":
    sys.exit(main())
