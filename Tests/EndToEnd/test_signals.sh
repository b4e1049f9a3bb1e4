#!/usr/bin/env bash
# SIGTERM and SIGHUP restore the terminal and exit with 143 and 129; a crash (SIGSEGV) still restores it.
. "$(dirname "$0")/lib.sh"
start 80 24
for pair in TERM:143 HUP:129 SEGV:139; do
  sig=${pair%%:*}; want=${pair##*:}
  run "$BIN" --demo
  wait_for "Demo page" || die "the demo page did not appear (before SIG$sig)"
  pid=$(pushsim_pid) || die "pushsim is not running"
  kill -s "$sig" "$pid"
  expect_exit "$want"
  expect_sane
  T send-keys -l "clear"; T send-keys Enter
  wait_gone "sane-" || die "clear did not clear"
done
