#!/usr/bin/env bash
# Ctrl-C while a page plays restores the terminal and ends with the SIGINT status (130).
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN" --demo
wait_for "Demo page 1 of 3" || die "the demo page did not appear"
keys C-c
expect_exit 130
expect_sane
