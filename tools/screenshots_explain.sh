#!/usr/bin/env bash
# Takes the screenshots of the explanations with the real program under Xvfb at 1280x800, in
# English and Chinese: the review's sentences on a blunder (review_explain*.png), the blunder's
# line played on the board after a click on its sentence (review_explain_line.png), the coach's
# question (coach*.png) and the Threat button's answer (threat.png).
#   tools/screenshots_explain.sh [BINARY] [OUTDIR]   (defaults: build/bin/xiangqi, docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-build/bin/xiangqi}")
mkdir -p "${2:-docs/screenshots}"
out=$(realpath "${2:-docs/screenshots}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state
run() { xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" --size 1280x800 "$@"; }
language() {
    mkdir -p "$XDG_CONFIG_HOME/xiangqi"
    printf '{"language": "%s"}\n' "$1" > "$XDG_CONFIG_HOME/xiangqi/settings.json"
    rm -rf "$XDG_DATA_HOME" "$XDG_STATE_HOME"
}

# A game whose third move gives a cannon away: 3. 炮五进四?? 马7进5.
cat > "$work/blunder.pgn" <<END
[Event "Explanations"]
[Red "Red"]
[Black "Black"]
[Result "*"]
[Format "ICCS"]

1. h2e2 h9g7 2. e2e6 g7e6 3. h0g2 b9c7 *
END
review_script() {
    cat <<END
wait 30
key R
idle
wait 30
key Home
key Right
key Right
key Right
wait 20
screenshot $out/$1.png
END
}

# The Threat button's answer in the opening after the blunder: the horse eyes the chariot.
language en
{ review_script review_explain; cat <<END
button note0
wait 70
screenshot $out/review_explain_line.png
quit
END
} > "$work/review.script"
run --pgn "$work/blunder.pgn" --review-depth 8 --script "$work/review.script"

language zh
{ review_script review_explain_zh; echo quit; } > "$work/review_zh.script"
run --pgn "$work/blunder.pgn" --review-depth 8 --script "$work/review_zh.script"

# The coach at level 2: 前车平六 leaves the chariot to the horse on c6.
fen="2bakab1r/9/9/p1n1p3p/9/7R1/P3P4/9/9/2BAKABR1 w - - 0 1"
cat > "$work/coach.script" <<END
wait 30
click h4
click d4
wait 30
screenshot $out/SHOT.png
quit
END
language en
sed "s/SHOT/coach/" "$work/coach.script" > "$work/coach_en.script"
run --fen "$fen" --side red --level 2 --script "$work/coach_en.script"
language zh
sed "s/SHOT/coach_zh/" "$work/coach.script" > "$work/coach_zh.script"
run --fen "$fen" --side red --level 2 --script "$work/coach_zh.script"

# Threat: Black to move, what does Red threaten? The horse forks both chariots.
language en
cat > "$work/threat.script" <<END
wait 30
key T
idle
wait 40
screenshot $out/threat.png
quit
END
run --fen "2bakab2/9/2r3r2/p3p3p/9/3N5/P3P3P/9/9/2BAKAB2 b - - 0 1" --side black --level 2 \
    --script "$work/threat.script"
