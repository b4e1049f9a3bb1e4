#!/usr/bin/env bash
# A resize reaches a scene that has nothing scheduled (paused: the loop waits with no deadline), and one that
# is playing; each is laid out at once at the new size.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN" --demo
wait_for "Demo page" || die "the demo page did not appear"
keys p
wait_for "paused" || die "p did not pause"
resize 60 16
wait_for "last input: resize 60x16" || die "a paused scene did not get the resize"
keys p
wait_gone "paused" || die "p did not resume"
resize 70 20
wait_for "last input: resize 70x20" || die "a playing scene did not get the resize"
keys q
expect_exit 0
expect_sane
