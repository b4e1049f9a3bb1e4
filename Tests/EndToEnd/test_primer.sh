#!/usr/bin/env bash
# The primer in a real terminal: a bottom sheet slides up, a mouse click accepts it, iOS's prompt appears when the sheet's
# 0.26 s dismiss ends (the side panel logs the tap and the prompt 0.26 s apart), Allow makes the device authorized
# (shown in the side panel and kept in the store); q quits and the terminal is sane. Then an app with no connected
# scene: the primer counts as shown, but nothing of it is on the phone.
HERE=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$HERE/lib.sh" ]; then echo "skip: the tmux harness (Tests/EndToEnd/lib.sh) is not in this tree yet"; exit 0; fi
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
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
# The sheet slides up for 0.5 s: wait until two captures 0.2 s apart agree before aiming at a button.
settled() {
  local prev="" cur end=$(( $(date +%s) + E2E_TIMEOUT ))
  while [ "$(date +%s)" -le "$end" ]; do
    cur=$(screen); [ "$cur" = "$prev" ] && return 0
    prev=$cur; sleep 0.2
  done
  return 1
}
settled || die "the sheet never came to rest"
# Accept with the mouse: an SGR press and release on the accept button (1-based cell coordinates).
row=$(screen | grep -n "▸ Allow ◂" | head -1 | cut -d: -f1)
[ -n "$row" ] || die "the accept button is not on screen"
line=$(screen | sed -n "${row}p")
prefix=${line%%Allow*}
col=$(( ${#prefix} + 1 ))   # characters, not bytes (the line has box-drawing characters)
click "$col" "$row"
wait_for "Would Like to Send You" || die "iOS's permission prompt did not appear after accept"
wait_for "outcome accepted" || die "accepted was not logged before the prompt was answered"
# The log stamps each line with the simulated wall clock to the hundredth: the prompt comes 0.26 s after the tap, as the
# sheet's onAccept runs from its dismiss completion (the run loop stamps it with the deadline, so load cannot blur it).
hundredths() { local t; t=$(screen | grep -oE "[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{2} $1" | head -1 | cut -c1-11) || return 1
  [ -n "$t" ] || return 1; echo "$t" | awk -F'[:.]' '{ print ((($1 * 60 + $2) * 60 + $3) * 100 + $4) }'; }
tap=$(hundredths "tap accept") || die "the tap is not in the log"
prompt=$(hundredths "iOS prompt") || die "the prompt is not in the log"
gap=$(( prompt - tap ))
[ "$gap" -ge 25 ] && [ "$gap" -le 27 ] || die "the prompt came ${gap} hundredths after the tap, not 26 (the sheet's dismiss)"
wait_for "Don't Allow" || die "the prompt has no Don't Allow"
keys a
wait_gone "Would Like to Send You" || die "Allow did not close the prompt"
wait_for "Status +authorized" || die "the panel does not show the new status"
# Present again: the device is authorized now, so the SDK suppresses it.
keys n
wait_for "Result +suppressed \(authorized\)" || die "a second present on an authorized device was not suppressed"
keys q
expect_exit 0
expect_sane
# The answer was stored: the next present is suppressed because the device is authorized.
"$BIN" primer --headless --store "$STORE" --events - | grep -q '"reason":"authorized"' || die "the status did not persist"
# No connected scene: the primer is shown in the SDK's sense (the log, the panel) but not drawn; present again meets
# the on-screen flag it holds.
run "$BIN" primer --config "$WORK/primer.json" --store "$WORK/fresh.sqlite" --no-window
wait_for "shown sheet bottom" || die "the unseen primer was not logged as shown"
wait_for "Window +no scene \(background\)" || die "the panel does not say the app has no scene"
wait_for "Unseen +primer holds the flag" || die "the panel does not say a primer is up unseen"
screen | grep -q "Stay in the loop" && die "a primer with no scene was drawn"
keys w
wait_for "app in front" || die "w did not bring the app to the front"
keys n
# The log line may wrap in the panel: look for the reason on the line or the next.
end=$(( $(date +%s) + E2E_TIMEOUT ))
until screen | grep -A1 "outcome suppressed" | grep -q "(onScreen)"; do
  [ "$(date +%s)" -le "$end" ] || die "the unseen primer did not hold the on-screen flag"; sleep 0.1
done
screen | grep -q "Stay in the loop" && die "bringing the app to the front showed the unseen primer"
keys q
expect_exit 0
expect_sane
