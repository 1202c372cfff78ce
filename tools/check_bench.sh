#!/usr/bin/env bash
# The bench signature: the node count of the built engine's bench must equal the "Bench: N" line
# of the last commit that has one (as Stockfish checks its signature). A commit that changes the
# search states its new count; every other commit keeps it, so a count that differs means a
# change of behaviour that no commit declares.
#   tools/check_bench.sh ENGINE
# Exit status: 0 equal (or nothing to compare with, said plainly), 1 different or no bench.
set -euo pipefail
engine=${1:?usage: tools/check_bench.sh ENGINE}
cd "$(dirname "$0")/.."

nodes=$("$engine" <<<$'bench\nquit' | sed -n 's/^Nodes searched: *\([0-9][0-9]*\)$/\1/p')
if [ -z "$nodes" ]; then
    echo "bench signature: $engine printed no 'Nodes searched' line" >&2
    exit 1
fi

if ! command -v git >/dev/null 2>&1 || ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "bench signature: not checked, no git history here (bench: $nodes nodes)"
    exit 0
fi
commit=$(git log -1 --grep='^Bench:' --format=%H)
if [ -z "$commit" ]; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        echo "bench signature: not checked, this shallow clone has no commit with a 'Bench:'" \
             "line (git fetch --unshallow gives the history; bench: $nodes nodes)"
        exit 0
    fi
    echo "bench signature: no commit has a 'Bench: N' line (bench: $nodes nodes)" >&2
    exit 1
fi
expected=$(git log -1 --format=%B "$commit" | sed -n 's/^Bench: *\([0-9][0-9]*\).*$/\1/p' | tail -1)
subject=$(git log -1 --format='%h %s' "$commit")
if [ "$nodes" != "$expected" ]; then
    echo "bench signature: the engine searches $nodes nodes, but the last commit with a" \
         "Bench line ($subject) says $expected. A commit that changes the search ends its" \
         "message with 'Bench: $nodes'." >&2
    exit 1
fi
echo "bench signature: $nodes nodes, as $subject says"
