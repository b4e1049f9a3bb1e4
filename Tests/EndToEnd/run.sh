#!/usr/bin/env bash
# End-to-end tests: run the built binary in tmux as a person would. Usage: run.sh PATH/TO/pushsim [test_name...]
# (every test_*.sh, or only those named).
#
# E2E_JOBS=N (default 3) runs N tests at once: most of a test's time is spent waiting for a frame in tmux (two at a
# time used about 60% of two cores), so three at a time on two cores keeps both busy. Each test already has its own
# tmux server, HOME, runtime folder (so pushsim's default sockets are never shared), scratch folder, ports (chosen by
# the kernel) and X display (-displayfd). The slowest tests start first (SLOW_FIRST, their order in the last profile),
# so the suite does not end waiting for one long test while a core idles.
#
# The tests that measure the process itself (wake-ups, CPU, bytes and writes per frame, idle context switches, peak
# memory, start-up libraries, real terminals under Xvfb, and the browser tests' headless Chromium) run after the
# others, so the suite's heavy tests never run beside them: E2E_ALONE_JOBS (default 2) of them at once, and never two
# HEAVY ones (Chromium, Xvfb with xterm and kitty) at once. Each counts only its own process, and spends most of its
# window asleep, so a neighbour's load moves its counts by a few at most (each bound says how much it allows and why);
# E2E_ALONE_JOBS=1 runs them one by one. Each test's output is printed whole when it ends, with its duration, and the
# last line gives each phase's time.
set -u
BIN=$(readlink -f "${1:-.build/debug/pushsim}")
HERE=$(cd "$(dirname "$0")" && pwd)
export BIN HERE
shift $(( $# > 0 ? 1 : 0 ))
named=$#
if [ $# -gt 0 ]; then tests=(); for n in "$@"; do tests+=("$HERE/${n%.sh}.sh"); done; else tests=("$HERE"/test_*.sh); fi
jobs=${E2E_JOBS:-3}
alone_jobs=${E2E_ALONE_JOBS:-2}
for v in "E2E_JOBS=$jobs" "E2E_ALONE_JOBS=$alone_jobs"; do
  case "${v#*=}" in ''|*[!0-9]*|0) echo "run.sh: ${v%%=*} must be a whole number of at least 1 (it is \"${v#*=}\")" >&2; exit 2 ;; esac
done
# Alone, after the others: what these tests assert is measured on the process (see above).
ALONE=" test_idle_wakeups test_serve_idle test_inapp_spinner test_inapp_celebration test_stories_shortest_page test_inbox_watch_rewrites test_serve test_serve_report test_serve_security test_frame_writes test_flow_control test_playback_bytes test_decode_memory test_start_libraries \
test_pixels_real_terminal test_image_wait_bound test_c_statics_once test_signals test_suspend "
# Of the tests above, those that load both cores for seconds: never two of them at once.
HEAVY=" test_serve test_serve_report test_serve_security test_pixels_real_terminal "
# Started first, slowest first (durations of a quiet run, December 2026); the others follow in name order.
SLOW_FIRST=" test_snapshot_help test_install test_mcp test_inapp_zip_image test_inapp test_small_screen_keys test_record_picture \
test_hostile_input_round3 test_serve_idle test_serve test_pixels_real_terminal test_playback_bytes test_inapp_spinner \
test_inapp_celebration test_serve_security test_idle_wakeups test_image_wait_bound "
results=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-e2e-results.XXXXXX")
trap 'rm -rf "$results"' EXIT

# One test, its output and status into $results/NAME.{out,rc,secs}.
run_one() {
  local t=$1 name home started rc
  name=$(basename "$t" .sh)
  # A private, empty HOME per test (stores, sockets and caches of the user's own pushsim are never touched), removed after.
  home=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-e2e-home.XXXXXX")
  started=$SECONDS
  HOME=$home bash "$t" > "$results/$name.out" 2>&1; rc=$?
  echo $((SECONDS - started)) > "$results/$name.secs"
  echo "$rc" > "$results/$name.rc"
  rm -rf "$home"
}

passed=0; failed=0
report() {
  local name=$1 out secs
  out=$(cat "$results/$name.out" 2>/dev/null); secs=$(cat "$results/$name.secs" 2>/dev/null || echo "?")
  if [ "$(cat "$results/$name.rc" 2>/dev/null)" = 0 ]; then
    passed=$((passed + 1)); echo "ok   $name (${secs} s)"
    # A test that cannot run here (no X server for the real-terminal test) says so in one line.
    echo "$out" | grep '^SKIP' | sed 's/^/     /'
  else
    failed=$((failed + 1)); echo "FAIL $name (${secs} s)"; echo "$out" | sed 's/^/     /'
  fi
}

# pool JOBS TEST...: runs the tests, JOBS at a time, in the order given, except that no two HEAVY tests run at once
# (while one runs, the next test that is not heavy goes first). Reports each test as it ends.
pool() {
  local jobs=$1 i name picked heavy_on
  shift
  local queue=("$@") running=() still
  while [ "${#queue[@]}" -gt 0 ] || [ "${#running[@]}" -gt 0 ]; do
    while [ "${#running[@]}" -lt "$jobs" ] && [ "${#queue[@]}" -gt 0 ]; do
      heavy_on=0
      for name in "${running[@]}"; do case "$HEAVY" in *" $name "*) heavy_on=1 ;; esac; done
      picked=
      for i in "${!queue[@]}"; do
        name=$(basename "${queue[$i]}" .sh)
        case "$HEAVY" in *" $name "*) [ "$heavy_on" = 1 ] && continue ;; esac
        picked=$i; break
      done
      [ -n "$picked" ] || break
      run_one "${queue[$picked]}" &
      running+=("$(basename "${queue[$picked]}" .sh)")
      unset "queue[$picked]"; queue=("${queue[@]}")
    done
    wait -n 2>/dev/null || true
    still=()
    for name in "${running[@]}"; do
      if [ -e "$results/$name.rc" ]; then report "$name"; else still+=("$name"); fi
    done
    running=("${still[@]}")
  done
}

first=(); rest=()
for t in "${tests[@]}"; do
  name=$(basename "$t" .sh)
  if [ ! -e "$t" ]; then
    [ "$named" -gt 0 ] && { failed=$((failed + 1)); echo "FAIL $name: no such test"; }
    continue
  fi
  case "$SLOW_FIRST" in *" $name "*) first+=("$t") ;; *) rest+=("$t") ;; esac
done
ordered=()
for name in $SLOW_FIRST; do
  for t in "${first[@]}"; do [ "$(basename "$t" .sh)" = "$name" ] && ordered+=("$t"); done
done
ordered+=("${rest[@]}")
shared=(); alone=()
for t in "${ordered[@]}"; do
  case "$ALONE" in *" $(basename "$t" .sh) "*) alone+=("$t") ;; *) shared+=("$t") ;; esac
done

started=$SECONDS
pool "$jobs" "${shared[@]}"
middle=$SECONDS
pool "$alone_jobs" "${alone[@]}"
echo "e2e: $passed passed, $failed failed ($((SECONDS - started)) s: ${#shared[@]} tests $jobs at a time in $((middle - started)) s," \
  "then ${#alone[@]} that measure the process $alone_jobs at a time in $((SECONDS - middle)) s)"
[ "$failed" -eq 0 ]
