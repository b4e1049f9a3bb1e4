#!/usr/bin/env bash
# Issue 26 item 8: at 200 columns the in-app host app and the inbox keep a phone's proportions, centred (80 columns
# at 200x60), instead of stretching rows and cards edge to edge; a click lands where the row is drawn and reports the
# terminal's cell; shrunk to 80 columns, the screen takes the whole width again.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
start 200 60
run "$BIN" inapp --socket "$WORK/s.sock" --events "$WORK/inapp.jsonl"
wait_for "Order #1040" || die "the host app did not start"
# The first row's name starts at column 63 (1-based): the 60 blank cells left of the column, then the row's inset.
screen | grep -q '^ \{62\}Order #1040 \{2,\}shipped ›$' || die "the host app's rows are not in a centred 80-column column"
screen | grep -q 'Wishlist #1041 \{20,70\}price drop ›$' || die "a row stretches beyond the column"
# A click on the fifth row (screen row 8, 1-based) at column 101: that row is selected and host_click names the cell.
click 101 8
wait_until grep -q '"event":"host_click","x":100,"y":7' "$WORK/inapp.jsonl" || die "the click was not reported at the terminal's cell: $(cat "$WORK/inapp.jsonl")"
# Shrunk to 80 columns, the app takes the whole width again.
resize 80 24
wait_for '^  Order #1040 {2,}shipped ›$' || die "at 80 columns the rows do not start at the left edge"
keys q
expect_exit 0
expect_sane
resize 200 60
run "$BIN" inbox "$(cd "$HERE/../../Resources/inbox" && pwd)/mixed.json" --store "$WORK/inbox.sqlite"
wait_for "Inbox" || die "the inbox did not open"
# The size can reach pushsim after its first frame (tmux resizes the pane as the window grows back): wait for the
# frame drawn at 200 columns.
wait_for '^ {61}Inbox ' || die "the inbox header is not in the centred column: $(screen | sed -n 1p)"
# The first card's top border: from column 62 (1-based), 78 cells wide (the column less a cell each side).
screen | sed -n 2p | grep -q '^ \{61\}[┏╭][━─]*[┓╮]$' || die "the first card does not start in the column: $(screen | sed -n 2p)"
[ "$(screen | sed -n 2p | sed 's/^ *//' | wc -m)" -eq 79 ] || die "the first card is not 78 columns wide: $(screen | sed -n 2p)"
keys q
expect_exit 0
expect_sane
echo ok
