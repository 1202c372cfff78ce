#!/bin/sh
# The steps between adjacent playing levels (docs/STRENGTH.md, "Levels"): level k against level
# k + 1 for k = 1..9, GAMES games each (default 200) on xiangqi-match (beside ENGINE) under the
# Asian rules, both sides node-limited by their level, so the load of the machine does not
# matter. One JSON summary and PGN per pair go into OUT; a pair already there is not replayed.
# The ratings, with level 1 at its rating on the maxqi scale:
#   python3 tools/bench/level_elo.py --anchor L1=980 OUT/L*-L*.json
# Usage: level_steps.sh ENGINE OUT [GAMES [CONCURRENCY]]; games at once only change the wall time.
set -eu
ENGINE=$1
OUT=$2
GAMES=${3:-200}
CONCURRENCY=${4:-1}
MATCH=$(dirname "$ENGINE")/xiangqi-match
OPENINGS=$(dirname "$0")/../../tests/data/openings.txt
mkdir -p "$OUT"
# A level's limit is its own (ai/level.h); the match's node limit only has to be larger.
for k in 1 2 3 4 5 6 7 8 9; do
    n=$((k + 1))
    [ -s "$OUT/L$k-L$n.json" ] && continue
    nice -n 10 "$MATCH" -games "$GAMES" -concurrency "$CONCURRENCY" -rules asian \
        -openings file="$OPENINGS" \
        -engine name="L$k" cmd="$ENGINE" nodes=100000000 option.Level=$k \
        -engine name="L$n" cmd="$ENGINE" nodes=100000000 option.Level=$n \
        -json "$OUT/L$k-L$n.json" -pgnout "$OUT/L$k-L$n.pgn" | grep -A1 -E "^L$k vs L$n: "
done
