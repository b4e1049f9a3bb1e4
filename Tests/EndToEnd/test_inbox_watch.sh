#!/usr/bin/env bash
# `pushsim inbox --watch`: saving the feed file shows the change at once; a broken save keeps the list and says why.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
item() { printf '{"inbox_id":"%s","order":"1","rt":4102444800,"title":"%s","text":"body","action_type":0,"status":1,"send_date":1795000000}' "$1" "$2"; }
FEED="$WORK/feed.json"
echo "[$(item a "First message")]" > "$FEED"
start 80 24
run env TZ=UTC "$BIN" inbox "$FEED" --watch --store "$WORK/s.sqlite" --socket "$WORK/in.sock" --now 2026-11-23T12:00:00Z
wait_for "First message" || die "the feed did not appear"
echo "[$(item a "First message"),$(item b "Added while open")]" > "$FEED"
wait_for "Added while open" || die "the saved change did not show"
wait_for "feed.json changed: reloaded, 2 messages" || die "no status line for the reload"
echo "{broken" > "$FEED"
wait_for "feed.json changed but does not read" || die "a broken save was not reported"
screen | grep -q "Added while open" || die "a broken save emptied the list"
keys q
expect_exit 0
expect_sane
