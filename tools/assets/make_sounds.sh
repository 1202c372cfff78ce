#!/bin/sh
# Synthesise the game's sound effects into assets/sounds/ with SoX.
# All sounds are made from scratch here (noise bursts, resonant filters,
# sine tones); no recordings are used. Licence: MIT, part of this project.
#
#   move.wav      wooden click of a piece put down on the board
#   capture.wav   heavier double knock (piece taken, then put down)
#   check.wav     two-tone rising alert
#   gameover.wav  three-note chime (C6 E6 G6)
#   select.wav    light tick when a piece is picked up
#   illegal.wav   short low falling "bonk" for a refused move
#
# Output: 16-bit mono 44100 Hz WAV, peak normalised to -3 dBFS.
# Needs sox (Debian: apt-get install sox).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/assets/sounds
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# -R: repeatable noise, so the files are the same on every run.
# Intermediate files are 32-bit float, so nothing clips before the end.
SOX="sox -R"
F="-r 44100 -c 1 -e floating-point -b 32"

# excitation NAME LENGTH: a 3 ms noise burst followed by silence.
excitation() {
    $SOX -n $F "$tmp/$1.wav" synth 0.003 whitenoise fade h 0 0.003 0.002 pad 0 "$2"
}

# knock OUT EXCITATION "F1 Q1 G1  F2 Q2 G2 ..." LOWPASS
# Struck wood: the burst rings through a few resonant band-pass filters
# (the modes of the wood), mixed with the dry burst, softened by a low-pass.
knock() {
    o=$1 e=$2 modes=$3 lp=$4
    files="$tmp/$e.wav"
    i=0
    set -- $modes
    while [ $# -ge 3 ]; do
        i=$((i + 1))
        $SOX "$tmp/$e.wav" $F "$tmp/$o.m$i.wav" bandpass "$1" "$2"q gain -n -12 gain "$3"
        files="$files -v 1 $tmp/$o.m$i.wav"
        shift 3
    done
    $SOX -m -v 0.05 $files $F "$tmp/$o.wav" lowpass "$lp" gain -n -10
}

# finish IN OUT LENGTH: pad or cut to LENGTH, short fade-out, normalise to
# -3 dBFS peak, write 16-bit WAV.
finish() {
    $SOX -V1 "$tmp/$1.wav" -r 44100 -c 1 -e signed-integer -b 16 "$out/$2" \
        pad 0 "$3" trim 0 "$3" fade t 0 "$3" 0.03 gain -n -3
}

# calc EXPR: floating-point arithmetic.
calc() { awk "BEGIN { print $1 }"; }

# tone NAME LENGTH FREQ DECAY: a sine with a fast attack and a smooth decay.
# (A quarter-sine fade applied three times approximates exponential decay.)
tone() {
    $SOX -n $F "$tmp/$1.wav" synth "$2" sine "$3" \
        fade q 0.008 "$2" "$4" fade q 0 "$2" "$4" fade q 0 "$2" "$4" gain -n -10
}

# --- move: wooden click --------------------------------------------------
excitation exc 0.25
knock move exc "720 18 0  1390 26 -3  2480 30 -8  3900 20 -14" 6000
$SOX -n $F "$tmp/thump.wav" synth 0.09 sine 190-120 fade q 0.002 0.09 0.085 fade q 0 0.09 0.085 gain -n -10
$SOX -m -v 1 "$tmp/move.wav" -v 0.5 "$tmp/thump.wav" $F "$tmp/move_mix.wav"
finish move_mix move.wav 0.12

# --- select: light, high tick ---------------------------------------------
excitation exc_s 0.1
knock select exc_s "1650 20 0  2900 28 -5  4700 20 -12" 9000
finish select select.wav 0.1

# --- capture: heavier double knock ----------------------------------------
excitation exc2 0.3
knock cap1 exc2 "560 14 0  1150 22 -3  2100 26 -9  3400 18 -15" 5000
knock cap2 exc2 "470 16 0  980 24 -2  1850 26 -8  3100 18 -14" 4500
$SOX -n $F "$tmp/thump2.wav" synth 0.14 sine 150-85 fade q 0.002 0.14 0.13 fade q 0 0.14 0.13 gain -n -10
$SOX -m -v 1 "$tmp/cap2.wav" -v 0.7 "$tmp/thump2.wav" $F "$tmp/cap2b.wav" gain -n -10
$SOX "$tmp/cap1.wav" $F "$tmp/cap1q.wav" gain -5
$SOX "$tmp/cap2b.wav" $F "$tmp/cap2d.wav" pad 0.075
$SOX -m -v 1 "$tmp/cap1q.wav" -v 1 "$tmp/cap2d.wav" $F "$tmp/capture_mix.wav"
finish capture_mix capture.wav 0.26

# --- check: two-tone alert (A5 then D6), each with a soft octave partial --
for n in "a 880" "b 1174.66"; do
    set -- $n
    tone "c$1" 0.2 "$2" 0.19
    tone "c$1o" 0.2 "$(calc "$2 * 2")" 0.19
    $SOX -m -v 1 "$tmp/c$1.wav" -v 0.18 "$tmp/c$1o.wav" $F "$tmp/c$1m.wav" gain -n -10
done
$SOX "$tmp/cbm.wav" $F "$tmp/cbd.wav" pad 0.14
$SOX -m -v 1 "$tmp/cam.wav" -v 1 "$tmp/cbd.wav" $F "$tmp/check_mix.wav"
finish check_mix check.wav 0.36

# --- gameover: three-note bell chime, C6 E6 G6 -----------------------------
# Each note: fundamental plus the inharmonic partials of a small bell.
i=0
for f in 1046.50 1318.51 1567.98; do
    i=$((i + 1))
    $SOX -n $F "$tmp/g$i.wav" synth 0.6 sine "$f" sine "$(calc "$f * 2")" \
        sine "$(calc "$f * 2.76")" sine "$(calc "$f * 0.5")" \
        remix 1v0.6,2v0.15,3v0.08,4v0.17 \
        fade q 0.005 0.6 0.59 fade q 0 0.6 0.59 fade q 0 0.6 0.59 gain -n -10
    $SOX "$tmp/g$i.wav" $F "$tmp/g${i}d.wav" pad "$(calc "($i - 1) * 0.13")"
done
$SOX -m -v 1 "$tmp/g1d.wav" -v 1 "$tmp/g2d.wav" -v 1 "$tmp/g3d.wav" $F "$tmp/go_mix.wav" \
    gain -n -10 reverb 20 50 40 gain -n -3
finish go_mix gameover.wav 0.8

# --- illegal: low falling bonk ---------------------------------------------
$SOX -n $F "$tmp/il1.wav" synth 0.22 triangle 330-220 \
    fade q 0.004 0.22 0.2 fade q 0 0.22 0.2 lowpass 1200 gain -n -10
$SOX -n $F "$tmp/il2.wav" synth 0.22 sine 165-110 \
    fade q 0.004 0.22 0.2 fade q 0 0.22 0.2 gain -n -10
$SOX -m -v 0.8 "$tmp/il1.wav" -v 1 "$tmp/il2.wav" $F "$tmp/illegal_mix.wav"
finish illegal_mix illegal.wav 0.22

for f in move select capture check gameover illegal; do
    printf '%-14s' "$f.wav"
    sox "$out/$f.wav" -n stat 2>&1 | awk '/Length|Maximum amplitude|Minimum amplitude/ {printf "%s=%s  ", $1" "$2, $NF} END {print ""}'
done
