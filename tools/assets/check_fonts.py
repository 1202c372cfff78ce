#!/usr/bin/env python3
"""Check the subset fonts made by make_fonts.sh.

Usage: check_fonts.py [--common] FONT [[--common] FONT]...

--common before a font also requires the 3755 hanzi of GB 2312 level 1.

For each font: it must load with fontTools, be CFF- or TrueType-flavoured
OpenType, and its cmap must map every printable ASCII and Latin-1 character,
every character the game relies on (pieces, notation, numerals) and every
character of assets/fonts/charset.txt to a glyph with an outline. Prints the
family name, size and glyph count. Exits non-zero on any failure.
"""
import os
import sys

from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
CHARSET = os.path.join(HERE, "..", "..", "assets", "fonts", "charset.txt")
MAX_BYTES = 1_500_000

REQUIRED = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA1, 0x100))
    + "１２３４５６７８９０"
    + "一二三四五六七八九十"
    + "帅帥将將仕士相象马馬車车炮砲兵卒俥傌"
    + "前中后後进進退平"
    + "楚河汉漢界"
)
# Characters that legitimately have no outline.
BLANK = {" ", "\u00a0", "\u00ad", "\u3000"}


def check(path, wanted):
    errors = []
    font = TTFont(path)
    flavour = "CFF" if "CFF " in font else ("TrueType" if "glyf" in font else None)
    if flavour is None:
        errors.append("neither CFF nor glyf outlines")
    cmap = font.getBestCmap()
    missing = [c for c in sorted(wanted) if ord(c) not in cmap]
    if missing:
        errors.append("missing %d characters: %s" % (len(missing), "".join(missing)))
    # Every mapped non-blank character must have a non-empty outline.
    glyphset = font.getGlyphSet()
    from fontTools.pens.boundsPen import BoundsPen
    empty = []
    for c in sorted(wanted):
        if c in BLANK or ord(c) not in cmap or not c.isprintable():
            continue
        pen = BoundsPen(glyphset)
        glyphset[cmap[ord(c)]].draw(pen)
        if pen.bounds is None:
            empty.append(c)
    if empty:
        errors.append("characters with empty outlines: %s" % "".join(empty))
    size = os.path.getsize(path)
    if size > MAX_BYTES:
        errors.append("file is %d bytes, more than %d" % (size, MAX_BYTES))
    name = font["name"]
    print("%s: family %r, style %r, %s outlines, %d glyphs, %d characters mapped, %d bytes"
          % (os.path.basename(path), name.getDebugName(1), name.getDebugName(2),
             flavour, len(font.getGlyphOrder()), len(cmap), size))
    for e in errors:
        print("  ERROR: " + e)
    return not errors


def main():
    with open(CHARSET, encoding="utf-8") as f:
        wanted = set(f.read()) - {"\n", "\r", "\t"}
    wanted |= set(REQUIRED)
    common = set()
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                common.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    assert len(common) == 3755
    ok = True
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    while args:
        extra = set()
        if args[0] == "--common":
            extra = common
            args.pop(0)
        ok = check(args.pop(0), wanted | extra) and ok
    print("fonts OK" if ok else "fonts FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
