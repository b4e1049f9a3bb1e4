#!/usr/bin/env bash
# `pushsim stories --watch`: saving the payload shows the new version at once (inotify, no polling).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
P="$WORK/story.json"
payload() { printf '{"aps":{"alert":{"title":"Watch test","body":"%s"},"category":"PW_STORIES"},"pw_stories":{"pages":[]}}' "$1"; }
payload "Version one" > "$P"
start 80 24
run "$BIN" stories "$P" --watch
wait_for "Version one" || die "the payload did not appear"
payload "Version two" > "$P"
wait_for "Version two" || die "the saved change did not show"
echo "{broken" > "$P"
sleep 0.5
screen | grep -q "Version two" || die "a broken save replaced what was shown"
keys q
expect_exit 0
expect_sane
