#!/usr/bin/env bash
# Stress test of the desktop game under a private Xvfb server:
#   tools/stress_gui.sh [SECONDS] [XIANGQI]
# 1. Random input while the AI thinks: the game runs twice for SECONDS/2 each (the computer
#    playing itself, then a person playing Red against it) while xdotool sends random clicks and
#    drags (mostly on the board), keys (u, ctrl+z, ctrl+y, Left, Right, Home, End, n, f, h, m, e,
#    Escape, F1) and window resizes. Each run must end by itself (--quit-after) with exit status 0,
#    no frame after the first STRESS_SKIP_FRAMES (default 10: start-up) may take over
#    STRESS_MAX_FRAME_MS (default 100) in --frame-log, and the autosave must read back.
# 2. Abrupt exits: STRESS_KILLS times (default 12) the game plays itself fast and is killed with
#    SIGKILL at a random moment; each time the autosave must be a complete PGN, and the next start
#    must read it (the game sets a corrupt autosave aside as autosave.pgn.corrupt-*: none may
#    appear) and exit cleanly.
# XIANGQI defaults to build-stress/bin/xiangqi (configured and built when missing). Settings, saves
# and logs go to temporary XDG directories; results and logs to build-stress/stress-<time>/.
# Needs Xvfb and xdotool (tools/quickstart.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-180}
exe=${2:-}
kills=${STRESS_KILLS:-12}
max_frame_ms=${STRESS_MAX_FRAME_MS:-100}
skip_frames=${STRESS_SKIP_FRAMES:-10}
depth=${STRESS_DEPTH:-8}

for tool in Xvfb xdotool python3; do
    command -v "$tool" >/dev/null || { echo "stress_gui: $tool not found" >&2; exit 1; }
done
if [ -z "$exe" ]; then
    exe=build-stress/bin/xiangqi
    if [ ! -x "$exe" ]; then
        cmake -S . -B build-stress -DCMAKE_BUILD_TYPE=Release -DXQ_BUILD_APP=ON \
              -DXQ_BUILD_TESTS=OFF >/dev/null
        cmake --build build-stress -j2 --target xiangqi
    fi
fi
exe=$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")
out=build-stress/stress-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/xq-stress.XXXXXX")
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
save=$XDG_DATA_HOME/xiangqi/autosave.pgn
failures=()
fail() { echo "FAIL: $*"; failures+=("$*"); }

# A display number nobody uses.
display=
for n in $(seq 91 160); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=$n; break; fi
done
[ -n "$display" ] || { echo "stress_gui: no free X display number" >&2; exit 1; }
Xvfb ":$display" -screen 0 1920x1200x24 -nolisten tcp -noreset >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
    [ -n "$app_pid" ] && kill -9 "$app_pid" 2>/dev/null || true
    kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT
export DISPLAY=":$display"
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

rand() { echo $((RANDOM % ($2 - $1 + 1) + $1)); }  # rand LO HI

# The game's window id, once it is mapped.
window_of() {
    local w
    for _ in $(seq 100); do
        w=$(xdotool search --onlyvisible --name '^Xiangqi' 2>/dev/null | head -1) || true
        [ -n "$w" ] && { echo "$w"; return 0; }
        kill -0 "$1" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# One random action on window $1; the counters feed the report.
clicks=0 drags=0 keys=0 resizes=0
random_action() {
    local w=$1 x y x0 y0 wx wy ww wh geo
    geo=$(xdotool getwindowgeometry --shell "$w" 2>/dev/null) || return 0
    eval "$geo"
    wx=$X wy=$Y ww=$WIDTH wh=$HEIGHT
    # Most pointer actions land on the board (the left part of the window).
    pick_point() {
        if [ $((RANDOM % 10)) -lt 7 ]; then
            x=$((wx + $(rand 0 $((ww * 64 / 100)))))
        else
            x=$((wx + $(rand 0 $((ww - 1)))))
        fi
        y=$((wy + $(rand 0 $((wh - 1)))))
    }
    case $((RANDOM % 20)) in
    0 | 1 | 2 | 3 | 4 | 5 | 6)
        pick_point
        xdotool mousemove "$x" "$y" click 1 2>/dev/null || true
        clicks=$((clicks + 1)) ;;
    7 | 8 | 9)
        pick_point; x0=$x y0=$y; pick_point
        xdotool mousemove "$x0" "$y0" mousedown 1 sleep 0.05 mousemove "$(((x0 + x) / 2))" \
            "$(((y0 + y) / 2))" sleep 0.05 mousemove "$x" "$y" sleep 0.05 mouseup 1 \
            2>/dev/null || true
        drags=$((drags + 1)) ;;
    10 | 11 | 12 | 13 | 14 | 15 | 16 | 17)
        local ks=(u ctrl+z ctrl+y Left Right Home End n f h m e Escape F1 Left Right u Escape)
        xdotool windowfocus "$w" key "${ks[$((RANDOM % ${#ks[@]}))]}" 2>/dev/null || true
        keys=$((keys + 1)) ;;
    *)
        xdotool windowsize "$w" "$(rand 640 1800)" "$(rand 480 1150)" 2>/dev/null || true
        resizes=$((resizes + 1)) ;;
    esac
    sleep "0.$(rand 2 25)"
}

# Checks that the autosave (if any) is a complete PGN; prints its move count.
check_save_text() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
head, sep, moves = text.partition("\n\n")
assert sep, "no blank line between tags and moves"
for line in head.splitlines():
    assert re.fullmatch(r'\[\w+ "(?:[^"\\]|\\.)*"\]', line), "bad tag line %r" % line
tokens = moves.split()
assert tokens and tokens[-1] in ("1-0", "0-1", "1/2-1/2", "*"), "no result at the end"
n = 0
for t in tokens[:-1]:
    if re.fullmatch(r"\d+\.(\.\.)?", t):
        continue
    assert re.fullmatch(r"[a-i][0-9][a-i][0-9]", t), "bad move token %r" % t
    n += 1
print(n)
PY
}

# Starts the game as a person would (it offers the autosave) and checks it does not set it aside.
check_next_start() {
    local label=$1 before status=0
    before=$(ls "$XDG_DATA_HOME/xiangqi" 2>/dev/null | grep -c corrupt || true)
    timeout 60 "$exe" --quit-after 2 >"$out/$label-restart.log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || fail "$label: restart exited with status $status"
    if [ "$(ls "$XDG_DATA_HOME/xiangqi" 2>/dev/null | grep -c corrupt || true)" != "$before" ]; then
        fail "$label: the next start set the autosave aside as corrupt"
    fi
    if grep -qi 'set aside' "$XDG_STATE_HOME/xiangqi/xiangqi.log" 2>/dev/null; then
        fail "$label: the log reports a corrupt file set aside"
    fi
}

frames_report() {  # frames_report LOG LABEL
    python3 - "$1" "$2" "$max_frame_ms" "$skip_frames" <<'PY'
import sys
log, label, limit, skip = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
# Columns: frame, ms (frame interval), work_ms (the frame's own work); a frame counts as long as
# the larger of the two.
ms, work = [], []
for line in open(log):
    if line.startswith("#"):
        continue
    parts = line.split()
    if len(parts) >= 3 and int(parts[0]) > skip:
        ms.append(max(float(parts[1]), float(parts[2])))
        work.append(float(parts[2]))
if not ms:
    print("%s: no frames logged" % label); sys.exit(1)
s = sorted(ms)
p = lambda q: s[min(len(s) - 1, int(q * len(s)))]
over = [m for m in ms if m > limit]
print("%s: %d frames, median %.1f ms, p99 %.1f ms, max %.1f ms, %d over %.0f ms"
      " (%d of them from the frame's own work; max work %.1f ms)"
      % (label, len(ms), p(0.5), p(0.99), s[-1], len(over), limit,
         sum(1 for w in work if w > limit), max(work)))
sys.exit(1 if over else 0)
PY
}

# --- 1. random input while the AI thinks -------------------------------------------------------
half=$(((seconds + 1) / 2))
for mode in autoplay red; do
    args=(--depth "$depth" --frame-log "$out/frames-$mode.log" --quit-after "$half" --size 1024x768)
    if [ "$mode" = autoplay ]; then args+=(--autoplay); else args+=(--side red); fi
    "$exe" "${args[@]}" >"$out/$mode.log" 2>&1 &
    app_pid=$!
    start=$(date +%s)
    if w=$(window_of "$app_pid"); then
        while kill -0 "$app_pid" 2>/dev/null && [ $(($(date +%s) - start)) -lt "$half" ]; do
            random_action "$w"
        done
    else
        fail "$mode: no window appeared"
    fi
    status=0
    for _ in $(seq 300); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$app_pid" 2>/dev/null; then
        kill -9 "$app_pid"
        fail "$mode: still running 30 s after --quit-after (hang)"
    fi
    wait "$app_pid" || status=$?
    app_pid=
    [ "$status" -eq 0 ] || fail "$mode: exit status $status (see $out/$mode.log)"
    frames_report "$out/frames-$mode.log" "$mode" || fail "$mode: frames over $max_frame_ms ms"
    if [ -f "$save" ]; then
        n=$(check_save_text "$save") || fail "$mode: autosave is not a complete PGN"
        echo "$mode: autosave with ${n:-?} moves"
        cp "$save" "$out/autosave-$mode.pgn"
        check_next_start "$mode"
    else
        fail "$mode: no autosave written"
    fi
done
echo "input sent: $clicks clicks, $drags drags, $keys keys, $resizes resizes"

# --- 2. SIGKILL at random moments --------------------------------------------------------------
complete=0
for i in $(seq "$kills"); do
    "$exe" --autoplay --depth 2 --quit-after 60 >"$out/kill-$i.log" 2>&1 &
    app_pid=$!
    sleep "$(rand 1 5).$(rand 0 9)"
    kill -9 "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=
    if [ -f "$save" ]; then
        if n=$(check_save_text "$save"); then
            complete=$((complete + 1))
            echo "kill $i: autosave complete with $n moves"
        else
            cp "$save" "$out/corrupt-after-kill-$i.pgn"
            fail "kill $i: autosave is not a complete PGN"
        fi
    else
        echo "kill $i: no autosave yet"
    fi
    check_next_start "kill-$i"
done
echo "SIGKILL: $complete of $kills kills left a complete autosave"

echo "logs in $out"
if [ ${#failures[@]} -gt 0 ]; then
    printf 'GUI STRESS FAILED:\n'; printf '  %s\n' "${failures[@]}"
    exit 1
fi
echo "GUI stress: no crash, no hang, no slow frame, autosave intact"
