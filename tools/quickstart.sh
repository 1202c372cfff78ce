#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine.
#   tools/quickstart.sh play   install what is missing, build, launch the game
#   tools/quickstart.sh test   install what is missing, build, run the whole test suite
# Extra arguments after "play" go to the game (for example: --depth 6 --side black).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-play}"
shift || true

# Debian packages the build, the game and the tests need.
packages=(build-essential cmake g++ clang-14 libclang-rt-14-dev clang-format git pkg-config
          libsfml-dev libspdlog-dev catch2 libcli11-dev nlohmann-json3-dev libsqlite3-dev
          xvfb xauth xdotool x11-utils imagemagick python3
          dpkg-dev binutils desktop-file-utils appstream lintian)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)

case "$mode" in
play)
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
    cmake --build build -j"$jobs"
    exec ./build/bin/xiangqi "$@"
    ;;
test)
    exec tools/run_tests.sh "$@"
    ;;
*)
    echo "usage: tools/quickstart.sh play|test [args]" >&2
    exit 2
    ;;
esac
