#!/usr/bin/env bash
# Resizing lays the screen out again: smaller, too small (one line with the minimum size), and back.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN"
wait_for "notification previews" || die "the home screen did not appear"
resize 46 14
wait_for "q quit" || die "the key line is missing at 46x14"
screen | grep -q "notification previews" && die "the tagline should not fit at 46x14"
screen | grep -q "^ pushsim" || die "the header is missing at 46x14"
resize 30 8
wait_for "Too small: need 40x10" || die "no minimum-size line at 30x8"
resize 80 24
wait_for "notification previews" || die "the home screen did not come back at 80x24"
wait_gone "Too small" || die "the too-small line stayed"
keys q
expect_exit 0
expect_sane
