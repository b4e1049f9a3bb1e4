#!/usr/bin/env bash
# Native in-app messages by mouse in a real terminal: a press, drag and release across the scratch card's foil is one
# stroke (erased as it goes, one `scratch` event at the release), a click on the close chip closes it, the queued modal comes
# next and a click on its first button opens its link; clicks find their element through the drawing's hit maps.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
export XDG_DATA_HOME="$WORK/data"
R="$HERE/../../Resources/inapp"
E="$WORK/events.jsonl"

start 80 24
run "$BIN" inapp --socket "$WORK/n.sock" --events "$E" "$R/scratchcard-black-friday.json" "$R/modal-welcome-dark.json"
wait_for "Scratch here" || die "the scratch card is not on screen"
read -r cx cy < <(at "Scratch here")
[ -n "${cy:-}" ] || die "no 'Scratch here' to aim at"
# One stroke: press left of the label, drag across it, release on the right.
raw $'\e[<0;'"$((cx - 20));$cy"'M'
for dx in -12 -4 4 12 20; do raw $'\e[<32;'"$((cx + dx));$cy"'M'; done
# The foil is erased as the finger goes, before the stroke ends (the SDK hears of it at the release).
wait_for "BF25-7QX" || die "the drag did not erase the foil as it went"
grep -q '"event":"scratch"' "$E" && die "a scratch event before the finger came up"
raw $'\e[<0;'"$((cx + 20));$cy"'m'
wait_until grep -q '"event":"scratch","id":"scratch-bf-2026"' "$E" || die "the drag across the foil was not a scratch stroke"
grep '"event":"scratch"' "$E" | tail -1 | grep -q '"fraction":0\.[1-9]' || die "the stroke erased too little: $(grep '"event":"scratch"' "$E" | tail -1)"
read -r xx xy < <(at "✕")
click "$xx" "$xy"
wait_until grep -q '"event":"inapp_closed","id":"scratch-bf-2026"' "$E" || die "a click on the close chip did not close the card"
wait_for "Claim 10% off" || die "the queued modal did not follow"
wait_until grep -q '"event":"inapp_did_present","id":"welcome-2026-q4"' "$E" || die "no inapp_did_present for the modal"
# The card rises into place for 0.55 s: aim once the button stays where it is.
stable() { a=$(at "Claim 10% off"); sleep 0.2; [ "$a" = "$(at "Claim 10% off")" ]; }
wait_until stable || die "the modal did not come to rest"
read -r bx by < <(at "Claim 10% off")
click "$bx" "$by"
wait_until grep -q '"event":"inapp_clicked","id":"welcome-2026-q4","url":"https://shop.example.com/offers/welcome10"' "$E" \
  || die "a click on the first button did not press it"
wait_until grep -q '"event":"open_url","url":"https://shop.example.com/offers/welcome10"' "$E" || die "the link did not open"
keys q
expect_exit 0
expect_sane
echo "ok"
