#!/bin/sh
# Generate the wood textures in assets/images/ with ImageMagick.
# Made from scratch here from seeded random noise; no photographs are used.
# Licence: MIT, part of this project.
#
#   wood.png        512x512, seamless (tiles in both directions), light warm
#                   board wood with calm, low-contrast grain
#   piece_wood.png  256x256, seamless, lighter and finer wood for piece faces
#
# Method (all filters use -virtual-pixel tile, so the result tiles):
#   1. smooth noise: random noise, Gaussian blur, long horizontal motion blur
#   2. growth lines: thin peaks of |sin| along y, bent by the smooth noise
#   3. fine grain: random noise smeared horizontally by motion blur
#   4. brightness = base + smooth noise - lines + grain, mapped to two colours
# Needs ImageMagick 6 (convert) or 7 (magick); Debian: apt-get install imagemagick.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/assets/images
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if command -v magick >/dev/null 2>&1; then IM=magick; else IM=convert; fi

# wood OUT SIZE SEED LINES BEND BLUR DARK LIGHT LINEWEIGHT GRAINWEIGHT
#   LINES        growth lines across the height (an integer, for tiling)
#   BEND         how much the smooth noise bends the lines
#   BLUR         radius of the smooth noise (pixels)
#   DARK, LIGHT  colours that the darkest and lightest values map to
wood() {
    o=$1 size=$2 seed=$3 lines=$4 bend=$5 blur=$6 dark=$7 light=$8 lw=$9
    shift 9
    gw=$1
    streak=$((size / 4))
    $IM -size "${size}x${size}" xc: -seed "$seed" +noise Random \
        -channel G -separate +channel -virtual-pixel tile \
        -blur "0x$blur" -motion-blur "0x${streak}+0" -motion-blur "0x${streak}+180" \
        -auto-level "$tmp/smooth.png"
    $IM "$tmp/smooth.png" -virtual-pixel tile \
        -fx "ph = j/h*$lines + $bend*u; a = abs(sin(pi*ph)); 0.6*(1-a)^10 + 0.4*(1-abs(sin(pi*(2*ph+0.5))))^14" \
        -blur 0x0.5 "$tmp/lines.png"
    $IM -size "${size}x${size}" xc: -seed "$((seed + 1))" +noise Random \
        -channel G -separate +channel -virtual-pixel tile \
        -blur 0x0.7 -motion-blur "0x$((size / 8))+0" -motion-blur "0x$((size / 8))+180" \
        -auto-level "$tmp/grain.png"
    $IM "$tmp/smooth.png" "$tmp/lines.png" "$tmp/grain.png" \
        -fx "0.62 + 0.22*(u[0]-0.5) - $lw*u[1] + $gw*(u[2]-0.5)" \
        -auto-level +level-colors "$dark,$light" \
        -depth 8 -strip -define png:color-type=2 "$out/$o"
}

wood wood.png       512 7  10 1.0 24 '#c28a4a' '#f0cd8e' 0.30 0.14
wood piece_wood.png 256 21 14 0.7 10 '#dcb57c' '#f7e4bf' 0.22 0.10

ls -l "$out/wood.png" "$out/piece_wood.png"
