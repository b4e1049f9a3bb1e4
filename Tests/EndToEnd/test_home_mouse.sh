#!/usr/bin/env bash
# The home screen by mouse: the wheel moves the selection, a click opens the sample under it, leaving it comes
# back to the menu.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN"
wait_for "▸ Spring sale" || die "the home screen did not appear with the first sample selected"
raw $'\e[<65;10;10M'
wait_for "▸ Travel digest" || die "the wheel did not move the selection down"
raw $'\e[<64;10;10M'
wait_for "▸ Spring sale" || die "the wheel did not move the selection up"
# Rows (1-based): 1 header, 3 "Push stories", 4-5 Spring sale, 6-7 Travel digest.
click 12 6
wait_for "Enter or click to expand" || die "a click on Travel digest did not open it"
# q dismisses the notification; the story then offers "r replay · q quit", and q leaves it.
keys q
wait_for "r replay|notification previews" || die "q did not dismiss the notification"
screen | grep -q "r replay" && keys q
wait_for "notification previews" || die "leaving the sample did not come back to the menu"
wait_for "▸ Travel digest" || die "leaving the sample did not come back to the menu with it selected"
keys q
expect_exit 0
expect_sane
