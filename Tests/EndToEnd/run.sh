#!/usr/bin/env bash
# End-to-end tests: run the built binary in tmux as a person would. Usage: run.sh PATH/TO/pushsim [test_name...]
# (every test_*.sh, or only those named).
#
# E2E_JOBS=N (default 2) runs N tests at once: most of a test's time is spent waiting for a frame in tmux, so two at a
# time on two cores roughly halves the suite. Each test already has its own tmux server, HOME, scratch folder, ports
# (chosen by the kernel) and X display (-displayfd). The tests that measure the process itself (wake-ups, CPU, bytes
# and writes per frame, idle context switches, peak memory, start-up libraries, real terminals under Xvfb, and the
# browser tests' headless Chromium) run alone afterwards, so a neighbour's load never reaches their numbers. Each test's output is printed whole when it ends, with its duration.
set -u
BIN=$(readlink -f "${1:-.build/debug/pushsim}")
HERE=$(cd "$(dirname "$0")" && pwd)
export BIN HERE
shift $(( $# > 0 ? 1 : 0 ))
named=$#
if [ $# -gt 0 ]; then tests=(); for n in "$@"; do tests+=("$HERE/${n%.sh}.sh"); done; else tests=("$HERE"/test_*.sh); fi
jobs=${E2E_JOBS:-2}
case "$jobs" in ''|*[!0-9]*|0) echo "run.sh: E2E_JOBS must be a whole number of at least 1 (it is \"$jobs\")" >&2; exit 2 ;; esac
# Alone, after the others: what these tests assert is measured on the process (see above).
ALONE=" test_idle_wakeups test_serve_idle test_inapp_spinner test_inapp_celebration test_stories_shortest_page test_inbox_watch_rewrites test_serve test_serve_report test_serve_security test_frame_writes test_flow_control test_playback_bytes test_decode_memory test_start_libraries \
test_pixels_real_terminal test_image_wait_bound test_c_statics_once test_signals test_suspend "
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

shared=(); alone=()
for t in "${tests[@]}"; do
  name=$(basename "$t" .sh)
  if [ ! -e "$t" ]; then
    [ "$named" -gt 0 ] && { failed=$((failed + 1)); echo "FAIL $name: no such test"; }
    continue
  fi
  case "$ALONE" in *" $name "*) alone+=("$t") ;; *) shared+=("$t") ;; esac
done

started=$SECONDS
running=()   # names of the tests in flight, in the order they started
for t in "${shared[@]}"; do
  while [ "${#running[@]}" -ge "$jobs" ]; do
    wait -n 2>/dev/null || true
    still=()
    for name in "${running[@]}"; do
      if [ -e "$results/$name.rc" ]; then report "$name"; else still+=("$name"); fi
    done
    running=("${still[@]}")
  done
  run_one "$t" &
  running+=("$(basename "$t" .sh)")
done
wait
for name in "${running[@]}"; do report "$name"; done
for t in "${alone[@]}"; do run_one "$t"; report "$(basename "$t" .sh)"; done
echo "e2e: $passed passed, $failed failed ($((SECONDS - started)) s, $jobs at a time)"
[ "$failed" -eq 0 ]
