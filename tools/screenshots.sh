#!/usr/bin/env bash
# Retakes the screenshots of docs/screenshots with the real program under Xvfb, driven by
# its own test scripts, at 1280x800, with settings and saved games in a temporary home.
#   tools/screenshots.sh [BINARY] [OUTDIR]      (defaults: build/bin/xiangqi, docs/screenshots)
# The game screenshot is of the computer playing itself at depth 7 for about ten seconds, so its
# position differs from run to run.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-build/bin/xiangqi}")
mkdir -p "${2:-docs/screenshots}"
out=$(realpath "${2:-docs/screenshots}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state
run() { xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" --size 1280x800 "$@"; }

cat > "$work/game.script" <<END
wait 600
screenshot $out/game.png
quit
END
run --autoplay --depth 7 --script "$work/game.script"

# Review: the benchmark game reviewed at depth 12, three analysis lines, shown at move 6.
cat > "$work/review.script" <<END
wait 30
key R
idle
key Home
key Right
key Right
key Right
key Right
key Right
key Right
key A
wait 400
screenshot $out/review.png
quit
END
run --pgn tools/bench/review_game.pgn --review-depth 12 --script "$work/review.script"

# Puzzle 1 after a wrong move (e3e4 does not mate) has been refuted.
cat > "$work/puzzle.script" <<END
wait 30
click e3
click e4
idle
wait 10
screenshot $out/puzzle.png
quit
END
run --puzzle 1 --script "$work/puzzle.script"

# The position editor over a game in progress.
cat > "$work/editor.script" <<END
click h2
click e2
idle
wait 30
key E
wait 10
screenshot $out/editor.png
quit
END
run --side red --depth 3 --script "$work/editor.script"

# A 6 s + 2 s game against the computer on its clock, Red's clock in its last seconds; then the New
# game dialog with the time controls.
cat > "$work/clocks.script" <<END
click h2
click e2
idle
wait 20
click b0
click c2
idle
wait 20
screenshot $out/clocks.png
button new
wait 10
button time-3
button casual
wait 5
screenshot $out/new_game.png
quit
END
run --side red --time-control 0.1+2 --script "$work/clocks.script"

# The settings dialog with a playing level chosen, in English and then in Chinese.
cat > "$work/settings.script" <<END
wait 3
button settings
wait 10
screenshot $out/settings_level.png
button l-zh
wait 10
screenshot $out/settings_level_zh.png
button l-en
quit
END
run --side red --level 4 --script "$work/settings.script"

# The external engine's dialog (Settings -> External engine), in English and in Chinese, with
# Fairy-Stockfish when it is installed (its a1..i10 squares and a second page of options), else
# our own engine program.
engine=/usr/games/fairy-stockfish
[ -x "$engine" ] || engine=$(dirname "$bin")/xiangqi-engine
cat > "$work/engine.script" <<END
wait 30
button settings
wait 5
button engine
idle
wait 5
screenshot $out/engine.png
quit
END
run --engine "$engine" --script "$work/engine.script"
mkdir -p "$XDG_CONFIG_HOME/xiangqi"
echo '{"language": "zh"}' > "$XDG_CONFIG_HOME/xiangqi/settings.json"
sed -i "s|$out/engine.png|$out/engine_zh.png|" "$work/engine.script"
run --engine "$engine" --script "$work/engine.script"
# An engine that crashes on its first search (tests/data/engines/fake_engine.sh): the message,
# and our engine's reply on the board.
cat > "$work/crash.script" <<END
wait 30
click h2
click e2
idle
wait 20
screenshot $out/engine_failed_zh.png
quit
END
echo '{"language": "zh", "depth": 2}' > "$XDG_CONFIG_HOME/xiangqi/settings.json"
run --engine "sh tests/data/engines/fake_engine.sh crash" --script "$work/crash.script"
# The games library after importing the shared format files, filtered to one player; a game
# opened from it with the opening explorer beside the board; the same in Chinese.
cat > "$work/library.script" <<END
wait 10
key L
wait 5
button importpath
type tests/data/formats
key Enter
idle
wait 10
screenshot $out/library.png
button filter
type 吕钦
wait 5
screenshot $out/library_filter.png
button row-0
button row-0
wait 10
key X
wait 10
screenshot $out/explorer.png
quit
END
rm -rf "$XDG_DATA_HOME/xiangqi/games.sqlite"*
echo '{}' > "$XDG_CONFIG_HOME/xiangqi/settings.json"
run --script "$work/library.script"
rm -rf "$XDG_DATA_HOME/xiangqi/games.sqlite"*
echo '{"language": "zh"}' > "$XDG_CONFIG_HOME/xiangqi/settings.json"
sed -i -e "s|$out/library.png|$out/library_zh.png|" -e "s|$out/explorer.png|$out/explorer_zh.png|" \
    -e "/library_filter.png/d" "$work/library.script"
run --script "$work/library.script"
echo "screenshots in $out"
