#!/usr/bin/env bash
# The primer in a real terminal: a bottom sheet slides up, `a` accepts it, iOS's prompt appears, Allow makes the
# device authorized (shown in the side panel and kept in the store); q quits and the terminal is sane.
HERE=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$HERE/lib.sh" ]; then echo "skip: the tmux harness (Tests/EndToEnd/lib.sh) is not in this tree yet"; exit 0; fi
. "$HERE/lib.sh"
STORE="$WORK/state.sqlite"
cat > "$WORK/primer.json" <<'JSON'
{"style": "sheet", "position": "bottom", "title": "Stay in the loop", "message": "Order updates, straight away."}
JSON
start 100 30
run "$BIN" primer --config "$WORK/primer.json" --store "$STORE" --now 2026-01-31T09:00:00Z
if ! wait_for "Stay in the loop"; then
  screen | grep -q "not part of this build" && { echo "skip: this build has no interactive front end yet"; exit 0; }
  die "the sheet did not appear"
fi
wait_for "Status +notDetermined" || die "the side panel does not show the device status"
wait_for "Not now" || die "the decline button is missing"
keys a
wait_for "Would Like to Send You" || die "iOS's permission prompt did not appear after accept"
wait_for "outcome accepted" || die "accepted was not logged before the prompt was answered"
wait_for "Don't Allow" || die "the prompt has no Don't Allow"
keys a
wait_gone "Would Like to Send You" || die "Allow did not close the prompt"
wait_for "Status +authorized" || die "the panel does not show the new status"
keys q
expect_exit 0
expect_sane
# The answer was stored: the next present is suppressed because the device is authorized.
"$BIN" primer --headless --store "$STORE" --events - | grep -q '"reason":"authorized"' || die "the status did not persist"
