#!/usr/bin/env bash
# Terminal front end numbers, in tmux at 80x24: launch to first frame, CPU while a 5-second page plays,
# bytes sent vs what the changed cells need (through the recorder), and wake-ups while paused.
# Usage: bench/terminal.sh PATH/TO/pushsim. Set BENCH_CMD to measure another scene (default: the built-in demo).
set -u
BIN=$(readlink -f "${1:-$BIN}")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
E2E_TIMEOUT=30
. "$ROOT/Tests/EndToEnd/lib.sh"
CMD=${BENCH_CMD:-"$BIN --demo --demo-page-seconds 5"}
# Keys that bring the scene to a playing page (a stories sample starts collapsed), and text seen once it plays.
PLAY_KEYS=${BENCH_PLAY_KEYS:-}
PLAYING_TEXT=${BENCH_PLAYING_TEXT:-"Demo page"}
PAUSE_KEY=${BENCH_PAUSE_KEY:-p}
QUIT_KEYS=${BENCH_QUIT_KEYS:-q}
ok=1
miss() { echo "  MISS: $*"; ok=0; }

start 80 24
play() {
  [ -n "$PLAY_KEYS" ] && keys $PLAY_KEYS
  wait_for "$PLAYING_TEXT" || die "the scene did not start playing"
}
quit() { keys $QUIT_KEYS; wait_exit >/dev/null || die "pushsim did not quit"; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
wakeups() { awk '/^voluntary_ctxt_switches/ {v=$2} /^nonvoluntary_ctxt_switches/ {n=$2} END {print v + n}' "/proc/$1/task/$1/status"; }

# 1. Launch to first frame (median of 5): wall clock from just before exec to the first doupdate.
firsts=()
for i in 1 2 3 4 5; do
  rm -f "$WORK/stats"
  printf '#!/bin/sh\ndate +%%s.%%N > "%s/t0"\nexec env PUSHSIM_DEBUG_STATS="%s/stats" %s\n' "$WORK" "$WORK" "$CMD" > "$WORK/launch.sh"
  run sh "$WORK/launch.sh"
  wait_for "$PLAYING_TEXT|Press|notification|pushsim" || die "nothing appeared"
  quit
  ms=$(python3 -c "import json,sys; s=json.load(open('$WORK/stats')); t0=float(open('$WORK/t0').read()); print(round((s['firstFrameRealtime']-t0)*1000, 1))")
  firsts+=("$ms")
done
first=$(printf '%s\n' "${firsts[@]}" | sort -n | sed -n 3p)
echo "launch to first frame: ${firsts[*]} ms (median $first ms; target < 50 ms)"
echo "result: launch to first frame ${first} ms (target < 50)"
python3 -c "import sys; sys.exit(0 if $first < 50 else 1)" || miss "launch to first frame ${first} ms"

# 2. CPU over 10 s of playback (no recording: the normal case).
run $CMD
play
pid=$(pushsim_pid) || die "pushsim is not running"
sleep 1
t0=$(ticks "$pid"); w0=$(wakeups "$pid"); s0=$(date +%s.%N)
sleep 10
t1=$(ticks "$pid"); w1=$(wakeups "$pid"); s1=$(date +%s.%N)
hz=$(getconf CLK_TCK)
cpu=$(python3 -c "print(round(100 * ($t1 - $t0) / $hz / ($s1 - $s0), 2))")
wps=$(python3 -c "print(round(($w1 - $w0) / ($s1 - $s0), 1))")
echo "CPU while playing (80x24, 10 s): ${cpu}% of one core; ${wps} wake-ups/s"
echo "result: CPU while playing ${cpu}% (target < 1%)"
python3 -c "import sys; sys.exit(0 if $cpu < 1 else 1)" || miss "CPU ${cpu}%"
quit

# 3. Bytes sent per second through the recorder, against what the changed cells need (10 s of playback).
rm -f "$WORK/stats"
run env PUSHSIM_DEBUG_STATS="$WORK/stats" $CMD --record "$WORK/play.cast"
play
sleep 10
quit
read -r written needed renders < <(python3 -c "import json; s=json.load(open('$WORK/stats')); print(s['bytesWritten'], s['bytesNeeded'], s['renders'])")
dur=$(python3 -c "import json; l=open('$WORK/play.cast').read().splitlines(); print(json.loads(l[-1])[0])")
ratio=$(python3 -c "print(round($written / max(1, $needed), 2))")
bps=$(python3 -c "print(round($written / $dur))")
echo "bytes: $written written over ${dur}s (${bps} B/s) in $renders frames; changed cells need $needed; ratio $ratio (target within 2x)"
echo "result: bytes written / needed ${ratio}x, ${bps} B/s (target <= 2x)"
python3 -c "import sys; sys.exit(0 if $ratio <= 2 else 1)" || miss "bytes ratio $ratio"

# 4. Wake-ups while paused: context switches of the main thread over 5 s with no input.
run $CMD
play
pid=$(pushsim_pid) || die "pushsim is not running"
keys $PAUSE_KEY
sleep 1
w0=$(wakeups "$pid"); sleep 5; w1=$(wakeups "$pid")
paused=$((w1 - w0))
echo "wake-ups while paused: $paused in 5 s (target 0)"
echo "result: wake-ups while paused $paused in 5 s (target 0)"
[ "$paused" -eq 0 ] || miss "$paused wake-ups while paused"
quit
[ $ok -eq 1 ]
