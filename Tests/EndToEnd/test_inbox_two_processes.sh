#!/usr/bin/env bash
# Two pushsim processes on one store (issue 12, item 6): B deletes messages that A still shows; A then marks all
# read. A's write must not bring B's deletes back (deleted > read > unread): the deleted rows stay deleted.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-two.XXXXXX")
a=""
trap '[ -n "$a" ] && kill "$a" 2>/dev/null; rm -rf "$W"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
S="$W/state.sqlite"
N=200
DELETES=25
{
  printf '{"response":{"messages":['
  for i in $(seq 1 $N); do
    [ "$i" -gt 1 ] && printf ','
    printf '{"inbox_id":"m%04d","order":"%d","rt":4102444800,"send_date":%d,"title":"Message %d","text":"x","action_type":0,"status":1}' \
      "$i" "$i" $((1795000000 + i)) "$i"
  done
  printf ']}}'
} > "$W/feed.json"
rows() { "$BIN" inbox "$W/feed.json" --dump --store "$S" | grep -o '"code"' | wc -l; }
[ "$(rows)" = $N ] || fail "the feed does not load $N rows"

# A loads the feed, then waits for a push before it marks all read.
"$BIN" inbox "$W/feed.json" --headless --store "$S" --socket "$W/a.sock" --script "receive 20; key m" --events "$W/a.jsonl" &
a=$!
for _ in $(seq 100); do [ -S "$W/a.sock" ] && break; sleep 0.1; done
[ -S "$W/a.sock" ] || fail "A did not start listening"
# B deletes the top rows, which A still shows as unread.
script=$(for _ in $(seq $DELETES); do printf 'delete; '; done)
"$BIN" inbox "$W/feed.json" --headless --store "$S" --script "$script" --events "$W/b.jsonl" || fail "B failed"
[ "$(grep -c '"event":"delete"' "$W/b.jsonl")" = $DELETES ] || fail "B did not delete $DELETES messages"
echo '{"aps":{"alert":"go"},"pw_inbox":"go","inbox_params":{"rt":"2100-01-01"}}' > "$W/push.json"
"$BIN" notify --inbox "$W/push.json" --socket "$W/a.sock" >/dev/null || fail "the push did not reach A"
wait "$a" || fail "A exited $?"
a=""
grep -q '"event":"read"' "$W/a.jsonl" || fail "A did not mark anything read"
left=$(rows)
[ "$left" = $((N - DELETES)) ] || fail "after B's $DELETES deletes and A's mark-all-read, $left rows show; expected $((N - DELETES))"
exit 0
