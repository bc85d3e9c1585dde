#!/usr/bin/env bash
# Remakes the fallback fonts of assets/fonts/ (names in every script on the pictures) from
# Debian's font packages, cut down with fontTools' pyftsubset to what display names need.
# The results are committed: building Parlor needs nothing from here. Run it only to change
# what the subsets hold:
#   scripts/subset-fonts.sh
# Needs apt-get (Debian or Ubuntu; it downloads the packages, it does not install them) and
# pyftsubset (`pip install fonttools`).
set -euo pipefail

cd "$(dirname "$0")/.."
out=assets/fonts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v pyftsubset >/dev/null || { echo "pyftsubset is missing: pip install fonttools" >&2; exit 1; }

(cd "$work" && apt-get download fonts-noto-core fonts-droid-fallback fonts-symbola >/dev/null)
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/x"; done
noto="$work/x/usr/share/fonts/truetype/noto"
cjk="$work/x/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"
symbola="$work/x/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"

mkdir -p "$out"
# Every OpenType layout feature is kept (Arabic joining, Devanagari conjuncts); names, hinting
# and glyph names are dropped.
subset() { # source, output, unicodes, extra options...
    local src=$1 dst=$2 unicodes=$3
    shift 3
    pyftsubset "$src" --output-file="$out/$dst" --unicodes="$unicodes" --layout-features='*' \
        --no-hinting --desubroutinize --name-IDs=0,1,2,3,4,5,6 --drop-tables+=DSIG "$@"
}

# The script fonts hold their own script only (and the joiners it needs), so that Latin,
# digits and punctuation stay in DejaVu Sans, the pictures' font.
arabic=U+0600-06FF,U+0750-077F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFF,U+200C-200F
hebrew=U+0590-05FF,U+FB1D-FB4F,U+200C-200F
devanagari=U+0900-097F,U+A8E0-A8FF,U+1CD0-1CFF,U+200C-200D,U+25CC
for weight in Regular Bold; do
    subset "$noto/NotoSansArabic-$weight.ttf" "NotoSansArabic-$weight.ttf" "$arabic"
    subset "$noto/NotoSansHebrew-$weight.ttf" "NotoSansHebrew-$weight.ttf" "$hebrew"
    subset "$noto/NotoSansDevanagari-$weight.ttf" "NotoSansDevanagari-$weight.ttf" "$devanagari"
done

# Chinese, Japanese and Korean (Droid Sans Fallback, regular only: its TrueType outlines make a
# subset a third the size of Noto Sans CJK's, 1.7 MB against 4.9 MB; the "Full" file lacks Hangul): the ideographs of GB 2312,
# JIS X 0208 and Big5 level 1 (simplified, Japanese and traditional in common use, 10,269),
# kana, the 2,350 Hangul syllables of KS X 1001, CJK punctuation and full-width forms.
python3 - "$work/cjk.txt" <<'EOF'
import sys

def decoded(encoding, firsts, seconds):
    chars = set()
    for a in firsts:
        for b in seconds:
            try:
                chars.add(bytes([a, b]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return chars

def ideograph(c):
    return 0x4E00 <= ord(c) <= 0x9FFF or 0x3400 <= ord(c) <= 0x4DBF or 0xF900 <= ord(c) <= 0xFAFF

chars = {c for c in decoded("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF)) if ideograph(c)}
chars |= {c for c in decoded("euc_jp", range(0xB0, 0xF5), range(0xA1, 0xFF)) if ideograph(c)}
chars |= {c for c in decoded("big5", range(0xA4, 0xC7), range(0x40, 0xFF)) if ideograph(c)}
chars |= {c for c in decoded("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
          if 0xAC00 <= ord(c) <= 0xD7A3}
ranges = ["3000-303F", "3040-309F", "30A0-30FF", "31F0-31FF", "3130-318F", "FF00-FFEF"]
codes = [f"U+{r}" for r in ranges] + [f"U+{ord(c):04X}" for c in sorted(chars)]
open(sys.argv[1], "w").write(",".join(codes))
EOF
subset "$cjk" DroidSansFallback-CJK.ttf "$(cat "$work/cjk.txt")"

# Symbols, monochrome (Symbola, Unicode 9), after Noto Emoji: the pictographs, emoticons, transport, supplemental
# symbols, dingbats, miscellaneous symbols and arrows, and the regional indicator letters.
subset "$symbola" Symbola-Emoji.ttf \
    U+2600-27BF,U+2B00-2BFF,U+1F1E6-1F1FF,U+1F300-1F5FF,U+1F600-1F64F,U+1F680-1F6FF,U+1F900-1F9FF,U+FE0F

# Emoji of Unicode's recommended set up to Unicode 16, monochrome (Noto Emoji 3.006, Google's
# black-and-white emoji face, OFL), whole: it holds nothing but emoji. Taken from the npm
# package that ships it (Debian has no package of it), checked against the tarball's hash.
noto_emoji=https://registry.npmjs.org/@expo-google-fonts/noto-emoji/-/noto-emoji-0.4.7.tgz
curl -sSfL -o "$work/noto-emoji.tgz" "$noto_emoji"
echo "6a25fd5a4da5bb34bbc2d300531bbf32de86afd866e119314d7e358f61a6104d  $work/noto-emoji.tgz" |
    sha256sum -c --quiet
tar -xzf "$work/noto-emoji.tgz" -C "$work"
cp "$work/package/400Regular/NotoEmoji_400Regular.ttf" "$out/NotoEmoji-Regular.ttf"
cp "$work/package/LICENSE_FONT" "$out/NotoEmoji-LICENSE.txt"

# The licences travel with the fonts: Debian's copyright files (the OFL's whole text is in
# Noto's), and the Apache licence that Droid's refers to.
cp "$work/x/usr/share/doc/fonts-noto-core/copyright" "$out/Noto-LICENSE.txt"
cat "$work/x/usr/share/doc/fonts-droid-fallback/copyright" /usr/share/common-licenses/Apache-2.0 \
    >"$out/DroidSansFallback-LICENSE.txt"
cp "$work/x/usr/share/doc/fonts-symbola/copyright" "$out/Symbola-LICENSE.txt"
ls -l "$out"
