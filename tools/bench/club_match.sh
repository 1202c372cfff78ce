#!/bin/sh
# The club-clock match of docs/STRENGTH.md: ENGINE against Fairy-Stockfish, both on 3 minutes
# + 2 s a move with their own time management, 100 games, two at a time, under the Asian rules.
# Two games end every 7-10 minutes, so the match runs in parts: the games go into
# OUT/fsf-3+2-BENCH.pgn, BENCH being the engine's `bench` node count, and a run that finds that
# file goes on from it (xiangqi-match -resume: its finished games count, the rest are played).
# An engine that searches differently has another bench count and so starts its own match.
# Run it on an otherwise idle machine: a game lost on time under load says nothing.
# Interrupt with Ctrl-C (or SIGINT): the games in progress are written as unfinished, "*",
# and are played again on the next run.
# Usage: club_match.sh ENGINE [OUT] [FSF]; summary: tools/bench/match_games.py --engine xiangqi
set -eu
ENGINE=$1
OUT=${2:-$(dirname "$0")/../../docs/matches}
FSF=${3:-/usr/games/fairy-stockfish}
MATCH=$(dirname "$ENGINE")/xiangqi-match
OPENINGS=$(dirname "$0")/../../tests/data/openings.txt

BENCH=$(echo bench | "$ENGINE" | sed -n 's/^Nodes searched: //p')
[ -n "$BENCH" ] || { echo "$ENGINE printed no bench node count" >&2; exit 1; }
mkdir -p "$OUT"
PGN=$OUT/fsf-3+2-$BENCH.pgn
RESUME=""
[ -s "$PGN" ] && RESUME=-resume
echo "engine of Bench $BENCH; games in $PGN${RESUME:+ (resumed)}"

# shellcheck disable=SC2086 # RESUME is empty or one word
exec "$MATCH" -engine cmd="$ENGINE" name=xiangqi option.OwnBook=false \
    -engine cmd="$FSF" name=fairy-stockfish \
    -each tc=180+2 option.Hash=64 -games 100 -concurrency 2 \
    -openings file="$OPENINGS" -rules asian -timemargin 1000 \
    -resign movecount=4 score=400 -draw movenumber=40 movecount=8 score=10 \
    -pgnout "$PGN" $RESUME
