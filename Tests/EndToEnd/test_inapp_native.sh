#!/usr/bin/env bash
# Native in-app messages in a real terminal: `pushsim inapp FILE` shows a template over the host app, keys drive it
# (a carousel's pages, its close chip), `pushsim notify --inapp` from this shell delivers another (ok ID, or one line
# and exit 1 saying why it was not shown), q quits, the socket file goes, the terminal is sane.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
export XDG_DATA_HOME="$WORK/data"
R="$HERE/../../Resources/inapp"
S="$WORK/n.sock"
start 80 24
run "$BIN" inapp --socket "$S" --events "$WORK/events.jsonl" "$R/carousel-new-arrivals.json"
wait_for "carousel" || die "the carousel's key hints are missing"
wait_until grep -q '"event":"inapp_page","id":"carousel-new-arrivals","index":0' "$WORK/events.jsonl" || die "no inapp_page 0 when the carousel appeared"
keys Right
wait_until grep -q '"event":"inapp_page","id":"carousel-new-arrivals","index":1' "$WORK/events.jsonl" || die "→ did not page forward"
# The mouse: a click on the carousel's 80 % scrim, beside the card, closes it (its backdrop takes the tap).
click 2 12
wait_until grep -q '"event":"inapp_closed","id":"carousel-new-arrivals"' "$WORK/events.jsonl" || die "a click beside the carousel did not close it"
grep -q '"event":"host_click"' "$WORK/events.jsonl" && die "the click reached the app through the carousel's scrim"
# One more from this shell (a sheet, which stays until touched): shown, and its id answered.
out=$("$BIN" notify --socket "$S" --inapp "$R/sheet-notifications.json" 2>&1) || die "notify --inapp failed: $out"
[ "$out" = "ok sheet-order-updates" ] || die "notify --inapp answered '$out', expected 'ok sheet-order-updates'"
wait_until grep -q '"event":"inapp_did_present","id":"sheet-order-updates","layout":"sheet"' "$WORK/events.jsonl" || die "the sheet was not presented"
wait_for "Never miss a delivery" || die "the sheet is not on screen"
wait_for "sheet · " || die "the sheet's key hints are missing"
# The same id while it is on screen: a duplicate, refused with the reason.
err=$("$BIN" notify --socket "$S" --inapp "$R/sheet-notifications.json" 2>&1) && die "a duplicate was accepted"
[ "$err" = "pushsim: not shown: sheet-order-updates was suppressed (duplicate)" ] || die "unexpected duplicate answer: $err"
# A config the SDK drops: its key, and the sentence on screen.
err=$("$BIN" notify --socket "$S" --inapp "$R/invalid-modal-title-string.json" 2>&1) && die "an invalid config was accepted"
case "$err" in "pushsim: not shown: dropped at modal.title.text: "*) ;; *) die "unexpected refusal: $err" ;; esac
wait_for "not shown: " || die "the refusal is not on screen"
keys 1
wait_until grep -q '"event":"inapp_clicked","id":"sheet-order-updates","url":"https://shop.example.com/settings/notifications"' "$WORK/events.jsonl" || die "1 did not press the sheet's first button"
wait_until grep -q '"event":"inapp_closed","id":"sheet-order-updates"' "$WORK/events.jsonl" || die "the sheet did not close after its button"
keys q
expect_exit 0
expect_sane
[ ! -e "$S" ] || die "the socket file was left behind after q"
echo "ok"
