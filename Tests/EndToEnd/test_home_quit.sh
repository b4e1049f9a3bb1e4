#!/usr/bin/env bash
# The home screen opens with no arguments, shows its help with ?, and q quits with status 0 leaving a sane terminal.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN"
wait_for "notification previews" || die "the home screen did not appear"
wait_for "q quit" || die "the key line is missing"
keys '?'
wait_for "any key closes" || die "? did not open the help"
keys q
wait_gone "any key closes" || die "a key did not close the help"
screen | grep -q "notification previews" || die "closing the help left the home screen"
keys q
expect_exit 0
expect_sane
