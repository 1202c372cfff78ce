#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS seconds each (default 30):
#   tools/fuzz.sh [SECONDS] [TARGET...]
# Configures and builds build-fuzz with clang++-14 (AddressSanitizer + UndefinedBehaviorSanitizer,
# coverage instrumentation in the libraries), then fuzzes each target on a temporary copy of its
# seed corpus in fuzz/corpus/<target>/ (the committed corpus never grows here). Prints each
# target's execution count. Exits non-zero on any crash, leak, timeout, out-of-memory or property
# violation, and keeps the failing input under build-fuzz/artifacts/<target>/ (reproduce with
# build-fuzz/bin/<target> <file>).
# Environment: FUZZ_BUILD_DIR (default build-fuzz; tools/run_tests.sh passes its sanitizer build,
# configured here too, so the libraries are compiled once), FUZZ_JOBS (build jobs and targets
# fuzzed at a time, default the number of cores), FUZZ_KEEP_CORPUS=DIR (copy each grown corpus to
# DIR/<target> afterwards, for merging by hand), CXX_FUZZ (default clang++-14),
# FUZZ_CONFIGURE_ONLY=1 (configure FUZZ_BUILD_DIR and stop: tools/run_tests.sh's sanitizer build).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
build=${FUZZ_BUILD_DIR:-build-fuzz}
cxx=${CXX_FUZZ:-clang++-14}

if ! command -v "$cxx" >/dev/null; then
    echo "fuzz.sh: $cxx not found (tools/quickstart.sh installs clang-14 and libclang-rt-14-dev)" >&2
    exit 1
fi

# The settings and saved-game readers live in the desktop game's logic library, so the app is
# configured too (only the fuzz targets and what they link are built; the tests are configured,
# not built, so that a build directory shared with the sanitizer tests keeps them).
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
      -DXQ_FUZZ=ON -DXQ_SANITIZE=address,undefined -DXQ_BUILD_APP=ON \
      -DXQ_WERROR=ON >"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }
[ "${FUZZ_CONFIGURE_ONLY:-0}" = 1 ] && exit 0
IFS=';' read -r -a all_targets <"$build/fuzz_targets.txt"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

work=$(mktemp -d "${TMPDIR:-/tmp}/xq-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# Each target runs alone in its process, so `jobs` of them run at once; the table is printed in
# the targets' order once all have finished.
fuzz_one() {
    local t=$1 exe="$build/bin/$1" artifacts="$build/artifacts/$1" status=0
    local log="$build/artifacts/$1.log"
    mkdir -p "$artifacts" "$work/$t"
    [ -d "fuzz/corpus/$t" ] && cp -r "fuzz/corpus/$t/." "$work/$t/"
    "$exe" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$work/$t" >"$log" 2>&1 || status=$?
    echo "$status" >"$work/$t.status"
}

failed=()
touch "$work/.start"
running=0
for t in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    fuzz_one "$t" &
    running=$((running + 1))
done
wait
printf '\n%-16s %12s %10s %8s  %s\n' target executions exec/s corpus result
for t in "${targets[@]}"; do
    log="$build/artifacts/$t.log"
    status=$(cat "$work/$t.status" 2>/dev/null || echo "?")
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    units=$(find "$work/$t" -type f | wc -l)
    if [ "$status" = 0 ] && ! grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:|property violated' "$log"; then
        result=ok
    else
        result="FAILED (exit $status)"
        failed+=("$t")
    fi
    printf '%-16s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$units" "$result"
    if [ -n "${FUZZ_KEEP_CORPUS:-}" ]; then
        mkdir -p "$FUZZ_KEEP_CORPUS/$t"
        cp -r "$work/$t/." "$FUZZ_KEEP_CORPUS/$t/"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    for t in "${failed[@]}"; do
        echo
        echo "=== $t failed; last lines of $build/artifacts/$t.log ==="
        grep -vE '^(#[0-9]+|INFO:)' "$build/artifacts/$t.log" | tail -40
        echo "failing inputs kept (reproduce: $build/bin/$t FILE):"
        find "$build/artifacts/$t" -type f -newer "$work/.start" | sed 's/^/  /'
    done
    exit 1
fi
echo "fuzzing: all ${#targets[@]} targets clean"
