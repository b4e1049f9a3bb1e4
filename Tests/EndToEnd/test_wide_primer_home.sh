#!/usr/bin/env bash
# At 200 columns the primer keeps its phone and panel together, centred (the phone 56 columns and the panel 64: 120
# columns from column 40), instead of stretching the panel across the terminal, and a click on its sheet's button
# lands where the button is drawn; the home menu is a centred column 100 wide, where a click in a margin opens
# nothing. Shrunk to 80 columns, both take the whole width again.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
# col TEXT: the 0-based column where TEXT starts on screen (by characters), or nothing.
col() { screen | python3 -c 'import sys; t = sys.argv[1]; print(next((l.find(t) for l in sys.stdin.read().split("\n") if t in l), ""))' "$1"; }

start 200 50
run "$BIN" primer --config "$(cd "$HERE/../../Resources/primer" && pwd)/sheet-bottom.json" --events "$WORK/primer.jsonl"
wait_for "Maybe later" || die "the primer's sheet did not appear"
# The size can reach pushsim after its first frame (tmux resizes the pane as the window grows): wait for 200 columns.
wait_for '^ {41}9:41 ' || die "the phone does not start at column 40: $(screen | sed -n 1p)"
[ "$(col "│ Device")" = 96 ] || die "the panel does not start beside the phone at column 96: $(screen | sed -n 1p)"
# Nothing drawn right of the panel's 64 columns (trailing blanks are trimmed by tmux).
long=$(screen | python3 -c 'import sys; print(max(len(l) for l in sys.stdin.read().split("\n")))')
[ "$long" -le 160 ] || die "a line runs past column 160 ($long characters)"
read -r x y < <(at "Maybe later")
click "$x" "$y"
wait_until grep -q '"outcome":"declined"' "$WORK/primer.jsonl" || die "the click on Maybe later did not decline: $(cat "$WORK/primer.jsonl")"
resize 80 24
wait_for '^ 9:41 ' || die "at 80 columns the phone does not start at the left edge: $(screen | sed -n 1p)"
keys q
expect_exit 0
expect_sane

resize 200 50
run "$BIN"
wait_for "pushsim" || die "the home screen did not open"
wait_for '^ {50} pushsim ' || die "the home menu's header is not in a centred 100-column column: $(screen | sed -n 1p)"
# The tagline ends one cell inside the column's right edge (column 150): its last letter is at column 148.
[ "$(screen | sed -n 1p | wc -m)" -eq 150 ] || die "the header does not end at column 150: $(screen | sed -n 1p)"
read -r x y < <(at "▸")
[ "$x" = 52 ] || die "the selected sample's marker is not in the column (column $x)"
# A click in the left margin, on the second sample's row: nothing opens; on the row inside the column, it opens.
row=$((y + 2))
click 10 "$row"
sleep 0.5
screen | grep -q '^ \{50\} pushsim ' || die "a click in the margin opened a sample"
click 60 "$row"
wait_gone '^ {50} pushsim ' || die "a click on a sample's row did not open it"
keys q
wait_for '^ {50} pushsim ' || die "leaving the sample did not come back to the menu"
resize 80 24
wait_for '^ pushsim ' || die "at 80 columns the menu does not take the whole width: $(screen | sed -n 1p)"
keys q
expect_exit 0
expect_sane
echo ok
