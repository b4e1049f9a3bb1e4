#!/usr/bin/env bash
# --events in an interactive run (cli-contract: "write events as JSON Lines"): every experience command writes its
# events to the file while the user plays, as stories always did (primer, inbox and inapp used to ignore it), and
# `--events -` is refused in one sentence, since standard output is the screen ncurses draws on.
. "$(dirname "$0")/lib.sh"
export LC_ALL=C.UTF-8
NOW=2026-01-31T09:00:00Z
cat > "$WORK/primer.json" <<'JSON'
{"style": "alert", "title": "Stay in the loop", "message": "Order updates, straight away."}
JSON
cat > "$WORK/feed.json" <<'JSON'
{"messages":[{"inbox_id":"m1","order":"1","rt":"1900000000","text":"Hello there","title":"Welcome","action_type":0,"status":1,"send_date":"1769850000"}]}
JSON
has() { grep -q "$2" "$1" 2>/dev/null; }
start 100 30

# Primer: the alert is presented at start; declining it is an outcome.
run "$BIN" primer --config "$WORK/primer.json" --store "$WORK/p.sqlite" --now $NOW --events "$WORK/primer.jsonl"
wait_for "Stay in the loop" || die "the primer did not appear"
keys d
wait_until has "$WORK/primer.jsonl" '"outcome":"declined"' || die "primer: the decline was not written to --events: $(cat "$WORK/primer.jsonl" 2>&1)"
grep -q '"event":"shown"' "$WORK/primer.jsonl" || die "primer: shown is missing from --events"
keys q
expect_exit 0 || die "the primer did not quit"

# Inbox: the feed's load event, written as the screen opens.
run "$BIN" inbox "$WORK/feed.json" --store "$WORK/i.sqlite" --now $NOW --events "$WORK/inbox.jsonl"
wait_for "Welcome" || die "the inbox did not show its message"
wait_until has "$WORK/inbox.jsonl" '"event":"load"' || die "inbox: load was not written to --events: $(cat "$WORK/inbox.jsonl" 2>&1)"
keys q
expect_exit 0 || die "the inbox did not quit"

# In-app: a banner sent to the running host app shows and is written.
BANNER_SOCK="$WORK/inapp.sock"
run "$BIN" inapp --socket "$BANNER_SOCK" --events "$WORK/inapp.jsonl"
wait_until test -S "$BANNER_SOCK" || die "inapp did not listen on its socket"
"$BIN" notify --socket "$BANNER_SOCK" --title "From the test" --body Hi >/dev/null 2>&1 || die "notify could not reach the running inapp"
wait_until has "$WORK/inapp.jsonl" '"event":"banner_show","id":"b1"' || die "inapp: banner_show was not written to --events: $(cat "$WORK/inapp.jsonl" 2>&1)"
keys q
expect_exit 0 || die "inapp did not quit"

# --events - while ncurses owns standard output: one sentence, exit 2, the terminal untouched.
out=$(script -qec "$BIN primer --store $WORK/p2.sqlite --events -" /dev/null 2>&1 </dev/null); code=$?
echo "$out" | grep -q "standard output is the terminal" || die "--events - was not refused in one sentence: $out"
[ "$code" -eq 2 ] || die "--events - exited $code, not 2"
# inbox --dump with an --events path that cannot be written: one sentence and a failed exit, not a silent skip.
err=$("$BIN" inbox "$WORK/feed.json" --dump --store "$WORK/d.sqlite" --now $NOW --events "$WORK/no/such/dir/e.jsonl" 2>&1 >/dev/null) \
  && die "--dump with an unwritable --events path succeeded"
echo "$err" | grep -q "cannot be written (does its folder exist?)" || die "--dump's unwritable --events: $err"
exit 0
