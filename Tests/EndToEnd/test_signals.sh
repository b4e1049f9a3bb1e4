#!/usr/bin/env bash
# Every signal whose default action ends the process restores the terminal, then ends pushsim by that signal
# (status 128 + N) at once: SIGTERM and SIGHUP as before, and (issue 25) SIGQUIT (which printed Swift's crash trace
# over the raw screen and stayed alive), SIGUSR1, SIGUSR2, SIGPIPE and SIGALRM (which ended it with the terminal
# raw and on the alternate screen). A crash (SIGSEGV) still restores it.
. "$(dirname "$0")/lib.sh"
start 80 24
for pair in TERM:143 HUP:129 QUIT:131 USR1:138 USR2:140 PIPE:141 ALRM:142 SEGV:139; do
  sig=${pair%%:*}; want=${pair##*:}
  run "$BIN" --demo
  wait_for "Demo page" || die "the demo page did not appear (before SIG$sig)"
  pid=$(pushsim_pid) || die "pushsim is not running"
  kill -s "$sig" "$pid"
  # At once: well inside the default 20 s (SIGQUIT's crash reporter kept the process alive for longer).
  expect_exit "$want"
  screen | grep -q 'Fatal error\|Backtrace\|Crash' && die "SIG$sig printed a crash report"
  expect_sane
  T send-keys -l "clear"; T send-keys Enter
  wait_gone "sane-" || die "clear did not clear"
done
