#!/usr/bin/env bash
# A store the user may not write (issue 12, item 10) is one line naming the file and what to do — never GRDB's SQL,
# and never "damaged" (a read-only store in a writable folder used to be moved aside). Acts as a uid of its own:
# root ignores file modes.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
[ "$(id -u)" = 0 ] || { echo "skipped: acting as another user needs root"; exit 0; }
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-ro.XXXXXX")
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
as() { setpriv --reuid=54321 --regid=54321 --clear-groups "$@"; }
chmod 755 "$W"
printf '{"response":{"messages":[{"inbox_id":"m1","order":"1","rt":4102444800,"send_date":1795000000,"title":"T","text":"x","action_type":0,"status":1}]}}' > "$W/feed.json"
"$BIN" inbox "$W/feed.json" --dump --store "$W/s.sqlite" >/dev/null || fail "cannot make the store"
chmod 444 "$W"/s.sqlite*
fix="the store is read-only; make it and its folder writable (chmod u+w), or pass --store with another path"
# Folder and file read-only: refused at open, in one line, exit 1.
out=$(as "$BIN" inbox "$W/feed.json" --headless --store "$W/s.sqlite" --script "key m" 2>&1); rc=$?
[ "$rc" = 1 ] || fail "exit $rc, expected 1: $out"
[ "$out" = "pushsim: $W/s.sqlite: cannot open the store: $fix" ] || fail "said: $out"
# A writable folder: the store opens (reads work) and the failed save is a one-line warning; nothing is moved.
chmod 777 "$W"
out=$(as "$BIN" inbox "$W/feed.json" --headless --store "$W/s.sqlite" --script "key m" --events - 2>&1) || fail "exit $?: $out"
echo "$out" | grep -qF "\"message\":\"$W/s.sqlite: cannot save the inbox state: $fix\"" || fail "said: $out"
echo "$out" | grep -q 'INSERT' && fail "the SQL leaked: $out"
ls "$W" | grep -q corrupt && fail "the read-only store was moved aside"
exit 0
