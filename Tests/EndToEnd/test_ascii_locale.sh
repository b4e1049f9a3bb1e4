#!/usr/bin/env bash
# Issue 26: under LANG=C (a locale that is not UTF-8) box lines, arrows, "·" and CJK used to vanish and the status
# line garbled ("page 1/5  54s left"). Now every cell is drawn in ASCII — the layout intact, "·" as ".", a wide
# character as "??" — and one line on exit says why and what to set.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cat > "$WORK/story.json" <<JSON
{"aps":{"alert":{"title":"春のセール","body":"Spring sale — 40 % off"},"category":"PW_STORIES"},
 "pw_stories":{"pages":[{"image":"file://$ROOT/Resources/images/aurora.jpg","duration":60,"title":"春のセール","subtitle":"Up to 40 % off — this week"}]}}
JSON
start 160 30
run env LANG=C LC_ALL=C "$BIN" stories "$WORK/story.json" --pixels off
wait_for "Enter or click to expand" || die "the collapsed notification did not appear"
keys Enter
wait_for "page 1/1 \. " || die "the status line is not ASCII under LANG=C"
s=$(screen)
printf '%s' "$s" | grep -q "??????????" || die "the CJK title is not drawn as ?? per character: $s"
printf '%s' "$s" | LC_ALL=C grep -q $'[\x80-\xff]' && die "non-ASCII bytes reached the terminal under LANG=C"
keys q; keys q
expect_exit 0
wait_for "LC_ALL=C is not a UTF-8 locale, so lines, arrows and non-ASCII text were drawn in ASCII" || die "no line said why"
wait_for "set LANG=C.UTF-8 to see them" || die "the line does not say what to set"
expect_sane
