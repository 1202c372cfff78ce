#!/bin/sh
# The matches that measure the playing levels (docs/STRENGTH.md, "Levels"): the levels against
# their neighbours and against fixed references (maxqi at fixed depths, Fairy-Stockfish at fixed
# nodes), every side node- or depth-limited so that the results do not depend on the machine's
# load. One JSON summary per pairing goes into OUT; tools/bench/level_elo.py fits the ratings.
# The games run on xiangqi-match (beside ENGINE) under the simple repetition rules (only
# perpetual check loses). maxqi speaks only xboard, which xiangqi-match does not: its pairings
# run when MATCH_PY (a match runner that speaks xboard) is given, and are skipped otherwise.
# Usage: level_matches.sh ENGINE OUT [FSF] [MAXQI] [MATCH_PY]
set -eu
ENGINE=$1
OUT=$2
FSF=${3:-/usr/games/fairy-stockfish}
MAXQI=${4:-/usr/games/maxqi}
MATCH_PY=${5:-}
MATCH=$(dirname "$ENGINE")/xiangqi-match
OPENINGS=$(dirname "$0")/../../tests/data/openings.txt
mkdir -p "$OUT"

# A level's limit is its own (ai/level.h); the match's node limit only has to be larger.
level() { echo "name=L$1 cmd=$ENGINE nodes=100000000 option.Level=$1"; }
fsf() { echo "name=fsf-$1 cmd=$FSF nodes=$1"; }

pair() { # games name engine1 engine2 (each a list of KEY=VALUE words)
    [ -s "$OUT/$2.json" ] && return 0
    # shellcheck disable=SC2086 # the engine specs are split into their words on purpose
    nice -n 19 "$MATCH" -games "$1" -concurrency 1 -rules simple \
        -openings file="$OPENINGS" -engine $3 -engine $4 \
        -json "$OUT/$2.json" -pgnout "$OUT/$2.pgn" | grep -A1 -E '^[^ ].* vs .*: [0-9]+ games'
}
pair_xboard() { # games name level depth: a level against maxqi at a fixed depth
    [ -n "$MATCH_PY" ] || { echo "skipped $2: maxqi needs MATCH_PY"; return 0; }
    [ -s "$OUT/$2.json" ] && return 0
    python3 "$MATCH_PY" --games "$1" --nice 19 --concurrency 1 --rep-rule check \
        --openings "$OPENINGS" \
        --engine "name=L$3 cmd=$ENGINE nodes=100000000 opt=Level=$3" \
        --engine "name=maxqi-d$4 cmd=$MAXQI proto=xboard depth=$4" \
        --json "$OUT/$2.json" --pgn "$OUT/$2.pgn" | grep -E '^(Score|Elo)'
}

for l in 1 2 3 4 5 6; do
    pair 30 "L$l-L$((l + 1))" "$(level $l)" "$(level $((l + 1)))"
done
for l in 7 8 9; do
    pair 20 "L$l-L$((l + 1))" "$(level $l)" "$(level $((l + 1)))"
done
pair_xboard 20 L1-maxqi-d2 1 2
pair_xboard 20 L1-maxqi-d3 1 3
pair_xboard 20 L2-maxqi-d3 2 3
pair_xboard 20 L4-maxqi-d5 4 5
pair 20 L6-fsf-5000 "$(level 6)" "$(fsf 5000)"
pair 20 L8-fsf-20000 "$(level 8)" "$(fsf 20000)"
pair 20 L10-fsf-50000 "$(level 10)" "$(fsf 50000)"
# Second links across the widest steps (L4-L5, L6-L7, L8-L9) through the same references.
pair_xboard 20 L5-maxqi-d5 5 5
pair 20 L7-fsf-5000 "$(level 7)" "$(fsf 5000)"
pair 20 L9-fsf-20000 "$(level 9)" "$(fsf 20000)"
