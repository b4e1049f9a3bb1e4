#!/usr/bin/env bash
# Resizing lays the screen out again: smaller, too small (one line with the minimum size), and back.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN"
wait_for "notification previews" || die "the home screen did not appear"
resize 46 14
# tmux crops the old picture at once; only pushsim's redraw puts the header alone on the top row (the tagline no
# longer fits).
wait_for "^ pushsim *$" || die "the home screen was not laid out again at 46x14"
wait_for "q quit" || die "the key line is missing at 46x14"
[ "$(screen | wc -l)" -eq 14 ] || die "the screen is not 14 rows"
resize 30 8
wait_for "Too small: enlarge to 40×10" || die "no minimum-size line at 30x8"
resize 80 24
wait_for "notification previews" || die "the home screen did not come back at 80x24"
wait_gone "Too small" || die "the too-small line stayed"
keys q
expect_exit 0
expect_sane
