#!/bin/sh
# font-subset.sh regenerates render/fonts/: the subset of LXGW WenKai (SIL OFL 1.1)
# that render embeds, and the list of characters it holds.
#
# Needs Debian's packages fonts-lxgw-wenkai, fonttools (pyftsubset) and
# opencc (for the simplified forms of the spec characters):
#
#	apt-get install fonts-lxgw-wenkai fonttools opencc
#
# Run it from the repository root. The characters are: a fixed list (piece glyphs,
# river text, numerals, ASCII), every Han character in a table row of the rules
# specs (SPECS, default ../shared/rules), and the simplified forms of all of them.
# With -k it keeps the existing render/fonts/chars.txt and only rebuilds the font
# from it (for machines without the specs).
set -eu

SRC=${SRC:-/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Bold.ttf}
SPECS=${SPECS:-../shared/rules}
OUT=render/fonts
CHARS=$OUT/chars.txt

[ -f "$SRC" ] || { echo "font-subset: $SRC missing (apt-get install fonts-lxgw-wenkai)" >&2; exit 1; }
command -v pyftsubset >/dev/null || { echo "font-subset: pyftsubset missing (apt-get install fonttools)" >&2; exit 1; }
mkdir -p "$OUT"

if [ "${1:-}" != "-k" ]; then
	command -v opencc >/dev/null || { echo "font-subset: opencc missing (apt-get install opencc)" >&2; exit 1; }
	[ -d "$SPECS" ] || { echo "font-subset: specs folder $SPECS missing (set SPECS)" >&2; exit 1; }
	tmp=$(mktemp)
	trap 'rm -f "$tmp"' EXIT
	{
		# Pieces named in the brief and the standard set, both scripts.
		echo '帥帅將将仕士相象馬马傌車车俥炮砲包兵卒衛卫蟬蝉'
		# Board labels: river text, Chinese file numbers, "mountain", badges.
		echo '楚河漢界汉一二三四五六七八九十山冰凍冻牽牵'
		# Full-width digits (Chinese notation may use them).
		echo '０１２３４５６７８９'
		# Shogi pieces (ouya), their Japanese forms and the hiragana と (tokin).
		echo '玉飛角金銀桂香歩龍馬と杏圭全'
		# Every Han character in a table row of the rules specs.
		grep -h '^|' "$SPECS"/*.md
	} | grep -oP '\p{Han}|\p{Hiragana}|[\x{FF10}-\x{FF19}]' >"$tmp"
	# Add the simplified form of every character.
	opencc -c t2s.json <"$tmp" >>"$tmp.s"
	cat "$tmp.s" >>"$tmp"
	rm -f "$tmp.s"
	{
		grep -oP '\p{Han}|\p{Hiragana}|[\x{FF10}-\x{FF19}]' "$tmp" | LC_ALL=C sort -u | tr -d '\n'
		echo
	} >"$CHARS"
fi

# Printable ASCII plus the Han characters, one per line in chars.txt.
pyftsubset "$SRC" \
	--text-file="$CHARS" \
	--unicodes='U+0020-007E,U+00B7,U+00D7' \
	--output-file="$OUT/wenkai-subset.ttf" \
	--layout-features='' \
	--no-hinting \
	--desubroutinize \
	--name-IDs='*' \
	--drop-tables+=DSIG,GSUB,GPOS,GDEF

# The OFL reserves the names "LXGW" and "霞鹜" for unmodified fonts: a subset is
# a modified version, so rename it.
"${PYTHON:-/usr/bin/python3}" - "$OUT/wenkai-subset.ttf" <<'PY'
import sys
from fontTools.ttLib import TTFont
path = sys.argv[1]
f = TTFont(path, recalcTimestamp=False)
# Keep the output reproducible: no build-time timestamp.
f["head"].modified = f["head"].created
names = {1: "Chuhe Kai Subset", 2: "Bold", 3: "Chuhe Kai Subset Bold",
         4: "Chuhe Kai Subset Bold", 6: "ChuheKaiSubset-Bold", 16: "Chuhe Kai Subset", 17: "Bold"}
table = f["name"]
for rec in list(table.names):
    if rec.nameID in names:
        table.removeNames(nameID=rec.nameID)
for nid, s in names.items():
    table.setName(s, nid, 3, 1, 0x409)
    table.setName(s, nid, 1, 0, 0)
f.save(path)
PY

# The licence travels with the font.
awk '/^ -+$/ { on = 1 } on && /^[A-Za-z]/ { exit } on { print }' \
	/usr/share/doc/fonts-lxgw-wenkai/copyright | sed 's/^ //; s/^\.$//' >"$OUT/OFL.txt.body"
{
	echo 'Chuhe Kai Subset is a subset of LXGW WenKai Bold (Debian package fonts-lxgw-wenkai),'
	echo 'renamed as the licence asks of modified versions, made by scripts/font-subset.sh.'
	echo
	echo 'Copyright 2021-2022 lxgw <calxgw2018@gmail.com>, with Reserved Font Names "霞鹜" and "LXGW".'
	echo 'Upstream: https://github.com/lxgw/LxgwWenKai'
	echo
	cat "$OUT/OFL.txt.body"
} >"$OUT/OFL.txt"
rm -f "$OUT/OFL.txt.body"
echo "font-subset: $(wc -m <"$CHARS") characters, $(wc -c <"$OUT/wenkai-subset.ttf") bytes in $OUT/wenkai-subset.ttf"
