#!/usr/bin/env bash
# The whole test suite, as CI runs it (packages must already be installed: see quickstart.sh).
#  1. house checks: core/ and ai/ include only what their layer may; every source is formatted
#  2. Release build with warnings as errors (g++), all CTest tests (GUI tests start Xvfb)
#  3. clang++ 14 build with warnings as errors and AddressSanitizer + UndefinedBehaviorSanitizer;
#     all unit tests run under it
#  4. ThreadSanitizer build of the threaded parts (AI worker, review worker, UCI engine, the
#     parallel search)
#  5. short fuzzing runs of every parser (libFuzzer, clang)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
step() { printf '\n=== %s ===\n' "$*"; }

step "layering"
if grep -rEn '#include *[<"](SFML|spdlog|ai/|app/)' core; then
    echo "core/ must use the standard library only" >&2; exit 1
fi
if grep -rEn '#include *[<"](SFML|spdlog|app/)' ai; then
    echo "ai/ must not include SFML, spdlog or app/" >&2; exit 1
fi

step "formatting (clang-format, .clang-format)"
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror

step "release build (g++, -Werror) and all tests"
cmake -S . -B build-ci -DCMAKE_BUILD_TYPE=Release -DXQ_WERROR=ON
cmake --build build-ci -j"$jobs"
(cd build-ci && ctest --output-on-failure -j"$jobs" --timeout 900)

step "clang++ 14 with AddressSanitizer + UndefinedBehaviorSanitizer (-Werror, game included)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_WERROR=ON \
      -DCMAKE_CXX_COMPILER=clang++-14 -DXQ_BUILD_APP=ON -DXQ_SANITIZE=address,undefined
cmake --build build-asan -j"$jobs" --target xq_tests xiangqi xiangqi-engine
# allocator_may_return_null: the engine asks for its hash table with new(std::nothrow) and falls
# back to a small table when that fails; a test sets an enormous Hash size to check exactly that.
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 ./build-asan/bin/xq_tests

step "ThreadSanitizer (AI worker and engine)"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_WERROR=ON -DXQ_BUILD_APP=OFF \
      -DXQ_SANITIZE=thread
cmake --build build-tsan -j"$jobs" --target xq_tests
# TSan needs fewer random mmap bits than newer kernels default to; setarch -R disables ASLR.
TSAN_OPTIONS=halt_on_error=1:allocator_may_return_null=1 setarch "$(uname -m)" -R ./build-tsan/bin/xq_tests "[worker],[uci],[review],[smp]"

if [ -d fuzz ]; then
    step "fuzzing (short runs)"
    tools/fuzz.sh "${FUZZ_SECONDS:-20}"
fi
echo
echo "All tests passed."
