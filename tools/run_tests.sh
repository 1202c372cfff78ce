#!/usr/bin/env bash
# The whole test suite, as CI runs it (packages must already be installed: see quickstart.sh).
#  1. house checks: core/, ai/ and the GUI's screens include only what their layer may; every
#     source is formatted
#  2. Release build with warnings as errors (g++), all CTest tests (GUI tests start Xvfb), and
#     the bench signature (tools/check_bench.sh: the bench's node count is the last "Bench:")
#  3. clang++ 14 build with warnings as errors and AddressSanitizer + UndefinedBehaviorSanitizer;
#     all unit tests run under it
#  4. ThreadSanitizer build of the threaded parts (AI worker, review worker, UCI engine, the
#     parallel search), two test processes at a time
#  5. short fuzzing runs of every parser (libFuzzer, clang)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
# Each step's heading gives the minutes and seconds since the start, so a CI log shows where the
# time goes.
step() { printf '\n=== %s (at %d:%02d) ===\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "layering"
if grep -rEn '#include *[<"](SFML|spdlog|ai/|app/)' core; then
    echo "core/ must use the standard library only" >&2; exit 1
fi
if grep -rEn '#include *[<"](SFML|spdlog|app/)' ai; then
    echo "ai/ must not include SFML, spdlog or app/" >&2; exit 1
fi
if grep -rEn '#include *[<"](SFML|spdlog|app/)' enginelink; then
    echo "enginelink/ must not include SFML, spdlog or app/" >&2; exit 1
fi
if grep -rEn '#include *[<"](SFML|spdlog|app/gui/)' app/match; then
    echo "app/match/ must not include SFML, spdlog or the GUI" >&2; exit 1
fi
# The game's screens (docs/ARCHITECTURE.md): every folder of app/gui/ but model/, shell/ and
# testing/ holds screens. A screen includes no other screen folder and nothing of the shell's
# implementation (the App, the screen factory, the test driver); a dialog includes only its own
# header and the dialogs' shared dialog.h from dialogs/. The model has no SFML.
screen_dirs=$(find app/gui -mindepth 1 -maxdepth 1 -type d ! -name model ! -name shell \
              ! -name testing -printf '%f\n' | sort)
screens_bad=0
for dir in $screen_dirs; do
    for f in app/gui/"$dir"/*; do
        own=$(basename "${f%.*}")
        while IFS= read -r hit; do
            inc=$(sed -E 's/.*#include *"app\/gui\/([^"]+)".*/\1/' <<<"$hit")
            case "$inc" in
                shell/app.h | shell/screens.h | testing/test_driver.h) ;;
                dialogs/dialog.h | dialogs/"$own".h) continue ;;
                "$dir"/*) [ "$dir" != dialogs ] && continue ;;
                *) grep -qx "${inc%%/*}" <<<"$screen_dirs" || continue ;;
            esac
            echo "$f: $hit" >&2
            screens_bad=1
        done < <(grep -n '#include *"app/gui/' "$f" || true)
    done
done
if [ "$screens_bad" -ne 0 ]; then
    echo "a screen must not include another screen or the shell's implementation" >&2; exit 1
fi
if grep -rEn '#include *[<"](SFML|app/gui/)' app/gui/model | grep -vE '#include *"app/gui/model/'; then
    echo "app/gui/model/ must not include SFML or the GUI's other parts" >&2; exit 1
fi

step "formatting (clang-format, .clang-format)"
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror

step "release build (g++, -Werror) and all tests"
cmake -S . -B build-ci -DCMAKE_BUILD_TYPE=Release -DXQ_WERROR=ON
cmake --build build-ci -j"$jobs"
# CTest splits a discovered test's name at ';' and then runs nothing under either half.
if ./build-ci/bin/xq_tests --list-test-names-only | grep -n ';'; then
    echo "a test name must not contain ';' (CTest would not run it)" >&2; exit 1
fi
(cd build-ci && ctest --output-on-failure -j"$jobs" --timeout 900)
tools/check_bench.sh build-ci/bin/xiangqi-engine

step "clang++ 14 with AddressSanitizer + UndefinedBehaviorSanitizer (-Werror, game included)"
# tools/fuzz.sh configures it (RelWithDebInfo, XQ_FUZZ=ON: the libraries keep their asserts and
# carry coverage instrumentation), so the fuzzing step below reuses these libraries instead of
# compiling them a fourth time, and the two configurations cannot drift apart.
FUZZ_BUILD_DIR=build-asan FUZZ_CONFIGURE_ONLY=1 tools/fuzz.sh
cmake --build build-asan -j"$jobs" --target xq_tests xiangqi xiangqi-engine
# allocator_may_return_null: the engine asks for its hash table with new(std::nothrow) and falls
# back to a small table when that fails; a test sets an enormous Hash size to check exactly that.
# The unit tests (label "unit": every test case of xq_tests, one process each) run on all cores.
(cd build-asan && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    ctest -L unit --output-on-failure -j"$jobs" --timeout 900)

step "ThreadSanitizer (AI worker and engine)"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_WERROR=ON -DXQ_BUILD_APP=OFF \
      -DXQ_SANITIZE=thread
cmake --build build-tsan -j"$jobs" --target xq_tests
# TSan needs fewer random mmap bits than newer kernels default to; setarch -R disables ASLR.
# The parallel search's cases and the others take about the same time, so they run side by side.
tsan() {
    TSAN_OPTIONS=halt_on_error=1:allocator_may_return_null=1 \
        setarch "$(uname -m)" -R ./build-tsan/bin/xq_tests "$1" > "build-tsan/$2.log" 2>&1
}
tsan "[smp]" smp & smp_pid=$!
tsan_rc=0
tsan "[worker]~[smp],[uci]~[smp],[review]~[smp]" threads || tsan_rc=$?
wait "$smp_pid" || tsan_rc=$?
cat build-tsan/smp.log build-tsan/threads.log
[ "$tsan_rc" -eq 0 ] || { echo "ThreadSanitizer tests failed" >&2; exit 1; }

if [ -d fuzz ]; then
    step "fuzzing (short runs)"
    FUZZ_BUILD_DIR=build-asan tools/fuzz.sh "${FUZZ_SECONDS:-15}"
fi
echo
echo "All tests passed in $((SECONDS / 60)) min $((SECONDS % 60)) s."
