#!/usr/bin/env python3
"""Draws the program's icon: a round wooden xiangqi piece, the red general 帅 inside a red ring.

Writes packaging/icons/xiangqi.svg (256x256 view box, shapes only: the character is the outline
of its glyph in assets/fonts/xq-serif.otf, so the SVG needs no font) and, through rsvg-convert,
the PNGs packaging/icons/<N>x<N>.png for the hicolor sizes. Sizes up to 32 pixels use a plainer
drawing (no grain, a thicker ring, a larger character) that stays readable. The output is the same
on every run.

Needs fontTools (Debian: python3-fonttools) and rsvg-convert (Debian: librsvg2-bin). Set PYTHON
to a Python with fontTools when the default python3 has none:
    ${PYTHON:-python3} packaging/icons/make_icons.py
"""
import os
import subprocess
import sys

try:
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.ttLib import TTFont
except ImportError:
    sys.exit("make_icons.py needs fontTools (Debian: python3-fonttools); "
             "try PYTHON=/usr/bin/python3")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FONT = os.path.join(ROOT, "assets", "fonts", "xq-serif.otf")
CHARACTER = "帅"  # as the game draws the red general (simplified, the default piece set)
SIZES = [16, 22, 24, 32, 48, 64, 128, 256]
SMALL = 32  # this size and below get the plain drawing

RED = "#b3241b"
EDGE = "#7a4518"


def glyph_path(char):
    """The glyph's outline as SVG path data in font units (y up), and its bounding box."""
    font = TTFont(FONT)
    name = font.getBestCmap().get(ord(char))
    if name is None:
        sys.exit(f"{FONT} has no glyph for {char}")
    glyphs = font.getGlyphSet()
    pen = SVGPathPen(glyphs)
    glyphs[name].draw(pen)
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    return pen.getCommands(), bounds.bounds


def character(char, cx, cy, box):
    """A <path> drawing char centred on (cx, cy), its larger side `box` units long."""
    data, (x0, y0, x1, y1) = glyph_path(char)
    scale = box / max(x1 - x0, y1 - y0)
    # Font units have y up; flip, then move the bounding box's centre to (cx, cy).
    tx = cx - scale * (x0 + x1) / 2
    ty = cy + scale * (y0 + y1) / 2
    return (f'<path fill="{RED}" transform="matrix({scale:.5f} 0 0 {-scale:.5f} '
            f'{tx:.3f} {ty:.3f})" d="{data}"/>')


def grain():
    """Faint wavy lines across the face, like the growth lines of the wood."""
    lines = []
    for i, y in enumerate(range(34, 230, 17)):
        a = 5 + (i * 7) % 6
        lines.append(f'<path d="M 0 {y} C 60 {y - a} 110 {y + a} 160 {y} S 230 {y - a} 256 {y}"/>')
    return ('<g clip-path="url(#faceClip)" fill="none" stroke="#b77c3e" stroke-opacity="0.22" '
            'stroke-width="2.2">' + "".join(lines) + "</g>")


def svg(small):
    face_r, cx, cy = 112, 128, 124
    # Small: the ring moves out towards the rim and thickens, so the character can grow inside it.
    ring_r, ring_w = (99, 13) if small else (94, 7)
    box = 134 if small else 122
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
        "<defs>",
        '<radialGradient id="face" cx="0.4" cy="0.34" r="0.75">'
        '<stop offset="0" stop-color="#fbe6bb"/><stop offset="0.65" stop-color="#ecc383"/>'
        '<stop offset="1" stop-color="#d49c55"/></radialGradient>',
        '<linearGradient id="side" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#a86a2e"/><stop offset="1" stop-color="#6a3c15"/>'
        "</linearGradient>",
        f'<clipPath id="faceClip"><circle cx="{cx}" cy="{cy}" r="{face_r}"/></clipPath>',
        "</defs>",
        # The disc's edge shows below its face, which makes it a thick piece, not a flat circle.
        f'<circle cx="{cx}" cy="{cy + 10}" r="{face_r}" fill="url(#side)"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{face_r}" fill="url(#face)"/>',
    ]
    if not small:
        parts.append(grain())
    parts += [
        f'<circle cx="{cx}" cy="{cy}" r="{face_r - 1.5}" fill="none" stroke="{EDGE}" '
        f'stroke-opacity="0.55" stroke-width="3"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{ring_r}" fill="none" stroke="{RED}" '
        f'stroke-width="{ring_w}"/>',
        character(CHARACTER, cx, cy, box),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def main():
    big = os.path.join(HERE, "xiangqi.svg")
    with open(big, "w", encoding="utf-8") as f:
        f.write(svg(small=False))
    plain = os.path.join(HERE, "xiangqi-small.svg")
    with open(plain, "w", encoding="utf-8") as f:
        f.write(svg(small=True))
    for size in SIZES:
        out = os.path.join(HERE, f"{size}x{size}.png")
        subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", out,
                        plain if size <= SMALL else big], check=True)
        print(out)


if __name__ == "__main__":
    main()
