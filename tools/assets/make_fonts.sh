#!/bin/sh
# Make the two subset fonts in assets/fonts/ from Noto CJK (SIL OFL 1.1).
#
#   xq-serif.otf  Noto Serif CJK SC Bold    - piece characters, board text
#   xq-sans.otf   Noto Sans CJK SC Regular  - user interface; also holds all
#                 3755 common hanzi of GB 2312 level 1, so UI text written
#                 later rarely misses a glyph
#
# Source: Debian package fonts-noto-cjk (upstream https://github.com/googlefonts/noto-cjk),
# which installs the TrueType collections in /usr/share/fonts/opentype/noto/.
# Set NOTO_DIR to use another directory holding NotoSerifCJK-Bold.ttc and
# NotoSansCJK-Regular.ttc.
#
# Needs fontTools (Debian: python3-fonttools; pip: fonttools).
# The subset holds printable ASCII, Latin-1, general punctuation, CJK
# punctuation, full-width forms and every character of assets/fonts/charset.txt.
# Output is CFF-flavoured OpenType, which SFML 2.5 (FreeType) loads.
# After subsetting, tools/assets/check_fonts.py verifies the result.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/assets/fonts"
charset="$out/charset.txt"
NOTO_DIR=${NOTO_DIR:-/usr/share/fonts/opentype/noto}

# A Python that has fontTools: $PYTHON if set, else the first python3 on
# $PATH that can import it (a pyenv or venv python3 may come before the
# system one that has the Debian package).
PY=
candidates=${PYTHON:-}
old_ifs=$IFS
IFS=:
for d in $PATH; do
    candidates="$candidates${candidates:+:}${d:-.}/python3"
done
for p in $candidates; do
    if [ -x "$p" ] && "$p" -c 'import fontTools.subset' 2>/dev/null; then
        PY=$p
        break
    fi
done
IFS=$old_ifs
if [ -z "$PY" ]; then
    echo "make_fonts.sh: fontTools not found (apt-get install python3-fonttools)" >&2
    exit 1
fi

# Index, inside a .ttc, of the face whose family name is "<prefix> SC".
face_number() {
    "$PY" - "$1" "$2" <<'PYEOF'
import sys
from fontTools.ttLib import TTCollection
path, family = sys.argv[1], sys.argv[2]
for i, font in enumerate(TTCollection(path, lazy=True).fonts):
    if font["name"].getDebugName(1) == family:
        print(i)
        sys.exit(0)
sys.exit("no face named %r in %s" % (family, path))
PYEOF
}

# Unicode ranges added to the characters of charset.txt.
UNICODES="U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-203A,U+2190-2195,U+3000-303F,U+FF01-FF5E,U+FFFD"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# charset.txt plus the 3755 hanzi of GB 2312 level 1 (rows 16-55).
"$PY" - "$charset" "$tmp/common.txt" <<'PYEOF'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
for hi in range(0xB0, 0xD8):
    for lo in range(0xA1, 0xFF):
        try:
            text += bytes([hi, lo]).decode("gb2312")
        except UnicodeDecodeError:
            pass
open(sys.argv[2], "w", encoding="utf-8").write(text)
PYEOF

subset() { # source.ttc family output text-file
    n=$(face_number "$1" "$2")
    echo "subsetting $1 #$n ($2) -> $3"
    "$PY" -m fontTools.subset "$1" \
        --font-number="$n" \
        --text-file="$4" \
        --unicodes="$UNICODES" \
        --layout-features='kern,liga,ccmp' \
        --name-IDs='*' \
        --name-legacy \
        --notdef-outline \
        --recommended-glyphs \
        --output-file="$3"
}

subset "$NOTO_DIR/NotoSerifCJK-Bold.ttc"   "Noto Serif CJK SC" "$out/xq-serif.otf" "$charset"
subset "$NOTO_DIR/NotoSansCJK-Regular.ttc" "Noto Sans CJK SC"  "$out/xq-sans.otf"  "$tmp/common.txt"

"$PY" "$here/check_fonts.py" "$out/xq-serif.otf" --common "$out/xq-sans.otf"
