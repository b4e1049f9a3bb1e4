#!/usr/bin/env bash
# A picture never changes the user's saved state (issue 39): `snapshot inbox` and `record inbox` with the default
# store used to mark what they displayed as read (SDK 7.2.x's read-on-display ran against the real store). They play
# on a scratch copy: the store file's bytes are the same afterwards, and the next run sees every message as before.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=$(cd "$(dirname "$0")" && pwd)
R="$HERE/../../Resources"
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-snapshot-store.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data"
fail() { echo "FAIL: $*"; exit 1; }
NOW=2026-11-23T12:00:00Z
S="$XDG_DATA_HOME/pushsim/state.sqlite"
# A store with something in it: one message deleted by a run the user asked for.
"$BIN" inbox "$R/inbox/mixed.json" --now $NOW --store "$S" --headless --script "delete" >/dev/null 2>&1 || fail "the setup run"
before=$("$BIN" inbox "$R/inbox/mixed.json" --now $NOW --store "$S" --dump 2>/dev/null) || fail "--dump"
echo "$before" | grep -q '"read":false' || fail "the feed has no unread message to lose: $before"
sum=$(cat "$S"* | sha256sum)
"$BIN" snapshot inbox "$R/inbox/mixed.json" --now $NOW --scale 1 -o "$W/inbox.png" 2>"$W/err" || fail "snapshot inbox: $(cat "$W/err")"
"$BIN" snapshot inbox "$R/inbox/mixed.json" --now $NOW --scale 1 --script "select; delete" -o "$W/inbox2.png" 2>"$W/err" \
  || fail "snapshot inbox with a script: $(cat "$W/err")"
"$BIN" record inbox "$R/inbox/mixed.json" --now $NOW --scale 1 --fps 5 --script "down; wait 1" -o "$W/inbox.webp" 2>"$W/err" \
  || fail "record inbox: $(cat "$W/err")"
[ "$(cat "$S"* | sha256sum)" = "$sum" ] || fail "a picture changed the store's bytes"
after=$("$BIN" inbox "$R/inbox/mixed.json" --now $NOW --store "$S" --dump 2>/dev/null) || fail "--dump after"
[ "$after" = "$before" ] || fail "the feed after the pictures is not the feed before them"
# The picture still reads the store: the message the user deleted is not drawn (the run without a store draws it).
"$BIN" snapshot inbox "$R/inbox/mixed.json" --now $NOW --scale 1 --events "$W/e.jsonl" -o "$W/x.png" 2>/dev/null || fail "snapshot --events"
grep -q '"event":"load","count":9' "$W/e.jsonl" || fail "the picture did not read the store's deletion: $(head -1 "$W/e.jsonl")"
echo "ok: snapshot and record left the store as it was, and read it"
