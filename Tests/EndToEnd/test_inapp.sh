#!/usr/bin/env bash
# In-app banners in a real terminal: `pushsim inapp` listens on a socket, `pushsim notify` from this shell drops a
# banner over the app, a key swipes it away, a short one hides by itself, q quits, the socket file goes, the terminal is sane.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
S="$WORK/s.sock"
start 80 24
run "$BIN" inapp --socket "$S"
wait_for "listening on $S" || die "the host app did not start listening"
wait_for "Order #1040" || die "the host app's list is missing"
out=$("$BIN" notify --socket "$S" --title Hi --body There 2>&1) || die "notify failed: $out"
[ "$out" = "ok b1" ] || die "notify answered '$out', expected 'ok b1'"
wait_for "│ Hi +│" || die "the banner did not drop in"
wait_for "│ There +│" || die "the banner's body is missing"
keys s
wait_gone "│ Hi +│" 3 || die "s did not swipe the banner away"
# A short banner hides by itself: the run loop wakes for its timer with no input.
"$BIN" notify --socket "$S" --json '{"title":"Brief","body":"gone soon","duration":0.5}' >/dev/null || die "second notify failed"
wait_for "│ Brief +│" || die "the second banner did not drop in"
wait_gone "│ Brief +│" 5 || die "the second banner did not hide by itself"
# A refused banner is one line and exit 1, from the other side.
err=$("$BIN" notify --socket "$S" --json '{"link":"https://x"}' 2>&1) && die "an empty banner was accepted"
[ "$err" = "pushsim: a banner needs a title or a body" ] || die "unexpected refusal: $err"
keys q
expect_exit 0
expect_sane
[ ! -e "$S" ] || die "the socket file was left behind after q"
err=$("$BIN" notify --socket "$S" --title late 2>&1) && die "notify succeeded with nobody listening"
[ "$err" = "pushsim: no pushsim inapp is listening on $S; start one with \`pushsim inapp\`" ] || die "unexpected error: $err"
echo "ok"
