#!/usr/bin/env bash
# `pushsim notify --inbox` into a running `pushsim inbox`: the pushed card appears at once with "New message: …",
# a same-code push updates it, a file with no inbox message is refused with the intake's reason, q quits and
# removes the socket, and a restart does not show the received message (spec §3.10: the next load is a server
# fetch and drops codes the feed does not have). Then the same headless, with the receive step.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
ROOT=$(cd "$HERE/../.." && pwd)
FEED="$ROOT/Resources/inbox/mixed.json"
STORE="$WORK/state.sqlite"
NOW=2026-11-23T12:00:00Z
S="$WORK/i.sock"
cat > "$WORK/flash.json" <<'JSON'
{"aps": {"alert": {"title": "Flash sale", "body": "Ends tonight"}}, "pw_inbox": "flash-1", "inbox_params": {"rt": "2030-01-01"}}
JSON
cat > "$WORK/flash2.json" <<'JSON'
{"aps": {"alert": {"title": "Flash sale extended", "body": "One more day"}}, "pw_inbox": "flash-1", "inbox_params": {"rt": "2030-01-01"}}
JSON
cat > "$WORK/plain.json" <<'JSON'
{"request": {"notifications": [{"content": "A regular push"}]}}
JSON

start 80 24
# The unread counts below are the feed's own: rows are not read just by being shown (SDK 7.2.7's automaticReadOnDisplay off).
run env TZ=UTC "$BIN" inbox "$FEED" --store "$STORE" --now "$NOW" --socket "$S" --no-read-on-display
wait_for "Welcome to Acme" || die "the feed did not appear"
wait_for "10 messages · 8 unread" || die "the header should count 10 messages, 8 unread"
wait_for "Listening for pushsim notify --inbox on $S" || die "the status line does not say where it listens"
[ -S "$S" ] || die "pushsim inbox did not create its socket $S"

out=$("$BIN" notify --inbox "$WORK/flash.json" --socket "$S" 2>&1) || die "notify --inbox failed: $out"
[ "$out" = "ok flash-1" ] || die "notify --inbox answered '$out', expected 'ok flash-1'"
wait_for "New message: Flash sale" || die "the status line did not announce the new message"
wait_for "│ ▗███▖ Flash sale +12:00 │" || die "the pushed card did not appear"
wait_for "11 messages · 9 unread" || die "the header should count 11 messages, 9 unread"

# Same code again, from standard input: the card is updated, not duplicated.
out=$("$BIN" notify --inbox - --socket "$S" < "$WORK/flash2.json" 2>&1) || die "notify --inbox - failed: $out"
[ "$out" = "ok flash-1" ] || die "notify --inbox - answered '$out'"
wait_for "Updated message: Flash sale extended" || die "the update was not announced"
wait_for "Flash sale extended" || die "the card was not updated"
wait_for "11 messages · 9 unread" || die "an update must not add a row"

# A file with no inbox message: one line, exit 1, the intake's reason.
err=$("$BIN" notify --inbox "$WORK/plain.json" --socket "$S" 2>&1) && die "a regular push was accepted"
[ "$err" = "pushsim: no inbox message in $WORK/plain.json: $WORK/plain.json:request.notifications[0] has none of inbox_image, inbox_date or inbox_days, so it is sent as a regular push and never reaches the inbox" ] \
  || die "unexpected refusal: $err"

keys q
expect_exit 0
expect_sane
[ ! -e "$S" ] || die "the socket file was left behind after q"
err=$("$BIN" notify --inbox "$WORK/flash.json" --socket "$S" 2>&1) && die "notify --inbox succeeded with nobody listening"
[ "$err" = "pushsim: no pushsim inbox is listening on $S; start one with \`pushsim inbox FILE\`" ] || die "unexpected error: $err"

# Restart: the feed file is the server; flash-1 is not in it, so the load drops it (spec §3.10).
run env TZ=UTC "$BIN" inbox "$FEED" --store "$STORE" --now "$NOW" --socket "$S" --no-read-on-display
wait_for "Welcome to Acme" || die "the feed did not appear after the restart"
wait_for "10 messages" || die "after a restart the feed should have its 10 messages again"
screen | grep -q "Flash sale" && die "the received message should not survive a restart (it is not in the feed)"
keys q
expect_exit 0

# Headless with --socket: the receive step waits (in real time) for what notify --inbox sends.
H="$WORK/h.sock"
TZ=UTC "$BIN" inbox "$FEED" --headless --store "$WORK/h.sqlite" --now "$NOW" --socket "$H" --events "$WORK/events.jsonl" --script 'receive 10' &
bg=$!
for _ in $(seq 100); do [ -S "$H" ] && break; sleep 0.1; done
out=$("$BIN" notify --inbox "$WORK/flash.json" --socket "$H" 2>&1) || die "headless notify --inbox failed: $out"
[ "$out" = "ok flash-1" ] || die "headless notify --inbox answered '$out'"
wait "$bg" || die "the headless run failed"
grep -q '"event":"receive","code":"flash-1","title":"Flash sale"' "$WORK/events.jsonl" || die "the headless run did not receive the push"
[ ! -e "$H" ] || die "the headless run left its socket file"
echo "ok: pushed, updated, refused, quit, restarted without the received message, and received headless"
