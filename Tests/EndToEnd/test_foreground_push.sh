#!/usr/bin/env bash
# PushwooshForegroundPush in a real terminal: `pushsim notify --push FILE` sends an APNs payload to a running
# `pushsim inapp`, the SDK's own banner shows its title and whole body, a second push stacks on top (no queue), f taps
# the top one away at once (the delegate), the other hides by itself after the fixed 3 s, and the events say so; a
# push APNs refuses (no aps) is apns_rejected and never shown.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
S="$WORK/s.sock"
cat > "$WORK/sale.json" <<'JSON'
{"aps":{"alert":{"title":"Flash sale","body":"Two hours only"},"sound":"default"},"l":"https://example.com/sale"}
JSON
cat > "$WORK/shipped.json" <<'JSON'
{"aps":{"alert":{"title":"Order shipped","body":"Arrives Thursday"}}}
JSON
start 80 24
run "$BIN" inapp --socket "$S" --events "$WORK/events.jsonl" --foreground-gradient=#FF2D55,#5856D6
wait_for "listening on $S" || die "the host app did not start listening"
out=$("$BIN" notify --push "$WORK/sale.json" --socket "$S" 2>&1) || die "notify --push failed: $out"
[ "$out" = "ok f1" ] || die "notify --push answered '$out', expected 'ok f1'"
wait_for "Flash sale" || die "the foreground push did not show"
wait_for "Two hours only" || die "its body is missing"
out=$("$BIN" notify --push - --socket "$S" < "$WORK/shipped.json" 2>&1) || die "notify --push - failed: $out"
[ "$out" = "ok f2" ] || die "the second push answered '$out'"
wait_for "Order shipped" || die "the second push did not show on top"
keys f
wait_gone "Order shipped" || die "f did not tap the top push away"
# The first one was not queued behind it: it hides by itself 3 s after it showed.
wait_gone "Flash sale" || die "the first push did not hide by itself"
# A push APNs refuses (no aps dictionary) never reaches the module: apns_rejected, nothing shown, exit 1 for notify.
printf '{"title":"No aps here"}' > "$WORK/noaps.json"
err=$("$BIN" notify --push "$WORK/noaps.json" --socket "$S" 2>&1) && die "a push without aps was accepted"
case "$err" in *"APNs refuses"*) ;; *) die "unexpected refusal of the push without aps: $err" ;; esac
keys q
expect_exit 0
expect_sane
grep -q '"event":"foreground_push_show","id":"f1","title":"Flash sale","body":"Two hours only"' "$WORK/events.jsonl" || die "no foreground_push_show for f1"
grep -q '"event":"foreground_push_tap","id":"f2","title":"Order shipped","delegate":true' "$WORK/events.jsonl" || die "no foreground_push_tap for f2"
grep -q '"event":"foreground_push_hide","id":"f2","reason":"tap"' "$WORK/events.jsonl" || die "f2 was not removed by the tap"
grep -q '"event":"foreground_push_hide","id":"f1","reason":"timeout"' "$WORK/events.jsonl" || die "f1 did not time out"
grep -q '"event":"open_url"' "$WORK/events.jsonl" && die "a foreground push must open nothing itself"
grep -q '"event":"apns_rejected"' "$WORK/events.jsonl" || die "no apns_rejected for the push without aps"
grep -q '"title":"No aps here"' "$WORK/events.jsonl" && die "the refused push was shown"
# Refusals are one line and exit 1 from the sending side.
printf '[1,2]' > "$WORK/array.json"
err=$("$BIN" notify --push "$WORK/array.json" --socket "$S" 2>&1) && die "an array was accepted as a push"
case "$err" in *"a push must be a JSON object"*) ;; *) die "unexpected refusal: $err" ;; esac
err=$("$BIN" notify --push "$WORK/sale.json" --title x --socket "$S" 2>&1) && die "--push with --title was accepted"
echo "ok foreground push"
