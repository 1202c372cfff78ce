#!/usr/bin/env python3
"""Widen the shipped network (ai/nnue_weights.cpp) to twice its units per mirror half.

    tools/nn_widen.py [--seed N] IN.cpp OUT.cpp

The old units keep their weights. Each new unit gets small random first-layer weights (normal,
0.05 in the float network's units, as xq-nntrain starts a unit), the bias 0.5 and output weights
0: its output counts for nothing until it is fitted, so the widened network scores every position
exactly as the old one (and `bench` counts the same nodes). Then set kHalf in ai/nnue.h to the new
width, rebuild, and refit with `xq-nntrain --from-shipped --hidden 2*kHalf` (docs/STRENGTH.md,
"Tried and not kept"). The random weights come from Python's generator with the given seed, so the same seed
gives the same file.

Refitted with --l2, the new units do not learn: with an output
weight of 0 their first-layer weights get no gradient from the data, and Adam turns the --l2
term alone into full-size steps towards 0. With --l2 0 they learn, slowly, but at about 150,000
labelled positions the wider network's error on held-out games is higher than the narrow one's
(docs/STRENGTH.md, "Tried and not kept"), so the tool waits for more data.
"""
import argparse
import random
import re
import sys

INPUTS = 2 * 7 * 90
QA = 512  # ai/nnue.h: kQa, the first layer's fixed point


def numbers(text):
    return [int(x) for x in text.strip().strip(",").split(",")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("src")
    ap.add_argument("dst")
    args = ap.parse_args()

    text = open(args.src).read()
    start = text.find("const Weights kWeights = {")
    if start < 0:
        sys.exit("nn_widen: %s has no 'const Weights kWeights = {'" % args.src)
    body = text[start:]
    rows = re.findall(r"\{([-0-9,]+)\}", body)
    if len(rows) != INPUTS + 3:
        sys.exit("nn_widen: expected %d rows of weights in %s, found %d"
                 % (INPUTS + 3, args.src, len(rows)))
    w = [numbers(r) for r in rows[:INPUTS]]
    b = numbers(rows[INPUTS])
    v = [numbers(rows[INPUTS + 1]), numbers(rows[INPUTS + 2])]
    tail = re.search(r"\},\s*(-?\d+)\s*\};", body)
    if not tail:
        sys.exit("nn_widen: no output bias after the output weights in %s" % args.src)
    c = int(tail.group(1))
    half = len(b)
    if any(len(r) != half for r in w) or any(len(x) != half for x in v):
        sys.exit("nn_widen: rows of different widths in %s" % args.src)

    rng = random.Random(args.seed)
    for r in w:
        r.extend(round(rng.gauss(0.0, 0.05) * QA) for _ in range(half))
    b.extend([QA // 2] * half)
    for x in v:
        x.extend([0] * half)

    out = [text[:start], "const Weights kWeights = {\n{\n"]
    out += ["{" + ",".join(map(str, r)) + "},\n" for r in w]
    out.append("},\n{" + "".join("%d," % x for x in b) + "},\n{")
    out += ["{" + "".join("%d," % y for y in x) + "}," for x in v]
    out.append("},\n%d\n};\n// clang-format on\n\n} // namespace xq::ai::nn\n" % c)
    with open(args.dst, "w") as f:
        f.write("".join(out))
    print("nn_widen: %d -> %d units per mirror half; now set kHalf = %d in ai/nnue.h"
          % (half, 2 * half, 2 * half))


if __name__ == "__main__":
    main()
