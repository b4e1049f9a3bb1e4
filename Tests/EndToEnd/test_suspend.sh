#!/usr/bin/env bash
# Ctrl-Z gives the shell back with a sane terminal; fg repaints the whole screen and the program still works.
. "$(dirname "$0")/lib.sh"
start 80 24
run_direct "$BIN" --demo
wait_for "Demo page" || die "the demo page did not appear"
keys C-z
T send-keys -l "jobs"; T send-keys Enter
wait_for "Stopped" || die "the shell did not report the job stopped"
expect_sane
# The shell went on with the rest of the line when the job stopped (status 148); fg's status is pushsim's.
rm -f "$WORK/status"
T send-keys -l "clear; fg; echo \$? > $WORK/status"; T send-keys Enter
wait_for "Demo page" || die "fg did not repaint the screen"
wait_for "p pause" || die "the key hint was not repainted"
keys p
wait_for "paused" || die "keys do not work after resuming"
keys q
expect_exit 0
expect_sane
