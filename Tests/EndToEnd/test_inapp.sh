#!/usr/bin/env bash
# In-app banners in a real terminal: `pushsim inapp` listens on a socket, `pushsim notify` from this shell drops a
# banner over the app, a key swipes it away, a short one hides by itself, q quits, the socket file goes, the terminal is sane.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
S="$WORK/s.sock"
start 80 24
# Recorded: a banner that shows for half a second can come and go between two looks at a loaded machine's pane, but
# not unseen by the recording of what was sent to the terminal.
run "$BIN" inapp --socket "$S" --record "$WORK/inapp.cast" --app-name Acme
wait_for "listening on $S" || die "the host app did not start listening"
wait_for "^ Acme" || die "--app-name did not name the host app in its title bar"
wait_for "Order #1040" || die "the host app's list is missing"
# The status line offers only keys that do something now: no banner, no t or s.
last_line() { screen | tail -n 1; }
last_line | grep -q "t tap" && die "the status line offers t tap with no banner on screen: $(last_line)"
out=$("$BIN" notify --socket "$S" --title Hi --body There 2>&1) || die "notify failed: $out"
[ "$out" = "ok b1" ] || die "notify answered '$out', expected 'ok b1'"
wait_for "│ Hi +│" || die "the banner did not drop in"
wait_for "│ There +│" || die "the banner's body is missing"
last_line | grep -q "t tap  s swipe" || die "the status line does not offer t and s while a banner shows: $(last_line)"
keys s
wait_gone "│ Hi +│" || die "s did not swipe the banner away"
wait_gone "t tap" || die "the status line still offers t tap after the banner left: $(last_line)"
# A short banner hides by itself: the run loop wakes for its timer with no input.
"$BIN" notify --socket "$S" --json '{"title":"Brief","body":"gone soon","duration":0.5}' >/dev/null || die "second notify failed"
wait_gone "│ Brief +│" || die "the second banner did not hide by itself"
# The mouse: a click on the banner taps it; a press dragged up past half its height swipes it away.
"$BIN" notify --socket "$S" --title Tappable --body "click me" --duration 30 --link https://example.com/t >/dev/null || die "third notify failed"
wait_for "│ Tappable +│" || die "the third banner did not drop in"
# Aim only once it has dropped all the way in: it slides down, so its body reaches row 5 (1-based) last.
row5() { screen | sed -n 5p | grep -q -- "$1"; }
wait_until row5 "click me" || die "the banner never reached row 5, where the click aims"
click 20 5
wait_gone "│ Tappable +│" || die "a click on the banner did not tap it away"
wait_for "opened https://example.com/t" || die "the status line does not say what the tap opened"
"$BIN" notify --socket "$S" --title Draggable --body "drag me up" --duration 30 >/dev/null || die "fourth notify failed"
wait_for "│ Draggable +│" || die "the fourth banner did not drop in"
wait_until row5 "drag me up" || die "the banner never dropped all the way in (its body on row 5)"
# Press, drag up two rows and let go, in one write as a terminal would send a quick swipe.
raw $'\e[<0;20;6M\e[<32;20;5M\e[<32;20;3M\e[<0;20;3m'
wait_gone "│ Draggable +│" || die "dragging the banner up did not swipe it away"
# A later banner came and went: 5 s after the tap, "opened" gives way to the newest event, with no key pressed.
wait_gone "opened https://example.com/t" || die "the status line kept a stale 'opened' after a later banner closed: $(last_line)"
# A refused banner is one line and exit 1, from the other side.
err=$("$BIN" notify --socket "$S" --json '{"link":"https://x"}' 2>&1) && die "an empty banner was accepted"
[ "$err" = "pushsim: a banner needs a title or a body" ] || die "unexpected refusal: $err"
keys q
expect_exit 0
expect_sane
# The recording (written whole when pushsim ends, never half under its name) has the short banner even if the pane
# was not looked at while it showed.
grep -q "Brief" "$WORK/inapp.cast" || die "the second banner was never drawn (not in the recording)"
[ ! -e "$S" ] || die "the socket file was left behind after q"
err=$("$BIN" notify --socket "$S" --title late 2>&1) && die "notify succeeded with nobody listening"
[ "$err" = "pushsim: no pushsim inapp is listening on $S; start one with \`pushsim inapp\`" ] || die "unexpected error: $err"
# Headless with --socket: the receive step waits (in real time) for what notify sends.
H="$WORK/h.sock"
# receive waits in real time, up to 60 s (it returns when the banner comes): room for a loaded machine's start-up.
"$BIN" inapp --headless --socket "$H" --events "$WORK/events.jsonl" --script 'receive 60; banner-swipe' &
bg=$!
wait_until test -S "$H" || die "the headless run did not listen on $H"
out=$("$BIN" notify --socket "$H" --title "From CI" --body headless 2>&1) || die "headless notify failed: $out"
[ "$out" = "ok b1" ] || die "headless notify answered '$out'"
wait "$bg" || die "the headless run failed"
grep -q '"event":"banner_show","id":"b1","title":"From CI"' "$WORK/events.jsonl" || die "the headless run did not show the banner"
grep -q '"event":"banner_hide","id":"b1","reason":"swipe"' "$WORK/events.jsonl" || die "the headless run did not swipe it"
[ ! -e "$H" ] || die "the headless run left its socket file"
echo "ok headless"
# --app-name follows stories' rule: an empty name stops with one sentence, before anything runs.
err=$("$BIN" inapp --headless --app-name ' ' --script 'wait 0' 2>&1) && die "an empty --app-name was accepted"
echo "$err" | grep -q "^Error: --app-name must be the app's display name, 1 to 64 characters" || die "unexpected --app-name refusal: $err"
echo "ok app name"
