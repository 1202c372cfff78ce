#!/bin/sh
# The matches that measure the playing levels (docs/STRENGTH.md, "Levels"): the levels against
# their neighbours and against fixed references (maxqi at fixed depths, Fairy-Stockfish at fixed
# nodes), every side node- or depth-limited so that the results do not depend on the machine's
# load. One JSON summary per pairing goes into OUT; tools/bench/level_elo.py fits the ratings.
# Usage: level_matches.sh ENGINE MATCH_PY OUT [FSF] [MAXQI]
set -eu
ENGINE=$1
MATCH=$2
OUT=$3
FSF=${4:-/usr/games/fairy-stockfish}
MAXQI=${5:-/usr/games/maxqi}
OPENINGS=$(dirname "$0")/../../tests/data/openings.txt
mkdir -p "$OUT"

# A level's limit is its own (ai/level.h); the match's node limit only has to be larger.
level() { echo "name=L$1 cmd=$ENGINE nodes=100000000 opt=Level=$1"; }
maxqi() { echo "name=maxqi-d$1 cmd=$MAXQI proto=xboard depth=$1"; }
fsf() { echo "name=fsf-$1 cmd=$FSF coords=a1 opt=UCI_Variant=xiangqi nodes=$1"; }

pair() { # games name engine1 engine2
    [ -s "$OUT/$2.json" ] && return 0
    python3 "$MATCH" --games "$1" --nice 19 --concurrency 1 --rep-rule check \
        --openings "$OPENINGS" --engine "$3" --engine "$4" \
        --json "$OUT/$2.json" --pgn "$OUT/$2.pgn" | grep -E '^(Score|Elo)'
}

for l in 1 2 3 4 5 6; do
    pair 30 "L$l-L$((l + 1))" "$(level $l)" "$(level $((l + 1)))"
done
for l in 7 8 9; do
    pair 20 "L$l-L$((l + 1))" "$(level $l)" "$(level $((l + 1)))"
done
pair 20 L1-maxqi-d2 "$(level 1)" "$(maxqi 2)"
pair 20 L1-maxqi-d3 "$(level 1)" "$(maxqi 3)"
pair 20 L2-maxqi-d3 "$(level 2)" "$(maxqi 3)"
pair 20 L4-maxqi-d5 "$(level 4)" "$(maxqi 5)"
pair 20 L6-fsf-5000 "$(level 6)" "$(fsf 5000)"
pair 20 L8-fsf-20000 "$(level 8)" "$(fsf 20000)"
pair 20 L10-fsf-50000 "$(level 10)" "$(fsf 50000)"
# Second links across the widest steps (L4-L5, L6-L7, L8-L9) through the same references.
pair 20 L5-maxqi-d5 "$(level 5)" "$(maxqi 5)"
pair 20 L7-fsf-5000 "$(level 7)" "$(fsf 5000)"
pair 20 L9-fsf-20000 "$(level 9)" "$(fsf 20000)"
