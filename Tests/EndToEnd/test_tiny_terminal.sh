#!/usr/bin/env bash
# A 20x6 terminal shows one clear line saying the size needed; q still quits cleanly.
. "$(dirname "$0")/lib.sh"
start 20 6
run "$BIN"
wait_for "^ *Need 40×10 *$" || die "no minimum-size line at 20x6"
lines=$(screen | grep -c '[^ ]')
[ "$lines" -eq 1 ] || die "expected exactly one line of text, got $lines"
keys q
expect_exit 0
expect_sane
