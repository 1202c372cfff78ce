#!/usr/bin/env python3
"""Frame times of the desktop game while the computer plays itself, for two builds side by side.

    tools/bench/frame_times.py --runs 3 --seconds 30 --depth 8 OLD_BINARY NEW_BINARY

Each run starts the game under its own Xvfb (1280x800 window) with --autoplay --frame-log, the
binaries alternating; settings and saved games go to a temporary home. For each run it prints
the frame count, the median, the 99th percentile and the maximum frame time, the frames over
50 ms, and the machine's load average; then the median of each figure over the runs.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile


def run_once(binary, seconds, depth, home):
    log = os.path.join(home, "frames.txt")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "c"),
               XDG_DATA_HOME=os.path.join(home, "d"), XDG_STATE_HOME=os.path.join(home, "s"))
    subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", binary, "--autoplay",
                    "--depth", str(depth), "--frame-log", log, "--quit-after", str(seconds),
                    "--size", "1280x800"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ms = []
    with open(log) as f:
        for line in f:
            if line.startswith("#"):
                continue
            ms.append(float(line.split()[1]))
    ms.sort()
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return {"frames": len(ms), "median": statistics.median(ms), "p99": p99, "max": ms[-1],
            "over50": sum(1 for x in ms if x > 50), "load": os.getloadavg()[0]}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--depth", type=int, default=8)
    a = ap.parse_args()
    results = {b: [] for b in a.binaries}
    for r in range(a.runs):
        for b in a.binaries:
            with tempfile.TemporaryDirectory() as home:
                res = run_once(b, a.seconds, a.depth, home)
            results[b].append(res)
            print(f"run {r + 1} {b}: {res['frames']} frames, median {res['median']:.1f} ms, "
                  f"p99 {res['p99']:.1f} ms, max {res['max']:.1f} ms, "
                  f"{res['over50']} over 50 ms, load {res['load']:.1f}", flush=True)
    for b, rs in results.items():
        med = {k: statistics.median(x[k] for x in rs) for k in ("median", "p99", "max")}
        print(f"{b}: median of runs: frame {med['median']:.1f} ms, p99 {med['p99']:.1f} ms, "
              f"max {med['max']:.1f} ms, over 50 ms: {sum(x['over50'] for x in rs)} of "
              f"{sum(x['frames'] for x in rs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
