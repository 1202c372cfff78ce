#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS seconds each (default 30):
#   tools/fuzz.sh [SECONDS] [TARGET...]
# Configures and builds build-fuzz with clang++-14 (AddressSanitizer + UndefinedBehaviorSanitizer,
# coverage instrumentation in the libraries), then fuzzes each target on a temporary copy of its
# seed corpus in fuzz/corpus/<target>/ (the committed corpus never grows here). Prints each
# target's execution count. Exits non-zero on any crash, leak, timeout, out-of-memory or property
# violation, and keeps the failing input under build-fuzz/artifacts/<target>/ (reproduce with
# build-fuzz/bin/<target> <file>).
# Environment: FUZZ_BUILD_DIR (default build-fuzz), FUZZ_JOBS (build jobs, default 2),
# FUZZ_KEEP_CORPUS=DIR (copy each grown corpus to DIR/<target> afterwards, for merging by hand),
# CXX_FUZZ (default clang++-14).
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
# configured too (only the fuzz targets and what they link are built).
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
      -DXQ_FUZZ=ON -DXQ_SANITIZE=address,undefined -DXQ_BUILD_APP=ON -DXQ_BUILD_TESTS=OFF \
      -DXQ_WERROR=ON >"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }
IFS=';' read -r -a all_targets <"$build/fuzz_targets.txt"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
cmake --build "$build" -j"${FUZZ_JOBS:-2}" --target "${targets[@]}"

work=$(mktemp -d "${TMPDIR:-/tmp}/xq-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

failed=()
touch "$work/.start"
printf '\n%-16s %12s %10s %8s  %s\n' target executions exec/s corpus result
for t in "${targets[@]}"; do
    exe="$build/bin/$t"
    artifacts="$build/artifacts/$t"
    mkdir -p "$artifacts" "$work/$t"
    [ -d "fuzz/corpus/$t" ] && cp -r "fuzz/corpus/$t/." "$work/$t/"
    log="$build/artifacts/$t.log"
    status=0
    "$exe" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$work/$t" >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    units=$(find "$work/$t" -type f | wc -l)
    if [ "$status" -eq 0 ] && ! grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:|property violated' "$log"; then
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
