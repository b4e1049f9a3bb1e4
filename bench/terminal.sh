#!/usr/bin/env bash
# Terminal front end numbers, in tmux at 80x24: launch to first frame (median of 11 runs), CPU while a 5-second
# page plays, bytes sent per changed cell (through the recorder) against a cursor move and the glyph, and wake-ups of
# every thread while the story is paused and after it is dismissed.
# Usage: bench/terminal.sh PATH/TO/pushsim. Set BENCH_CMD to measure another scene (default: the built-in demo).
set -u
BIN=$(readlink -f "${1:-$BIN}")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
E2E_TIMEOUT=30
. "$ROOT/Tests/EndToEnd/lib.sh"
. "$ROOT/bench/lib/result.sh"
# A story of three 5-second pages (the bundled sample's picture), so 10 s of playback stays on 5-second pages. Its
# aps.category is the one the stories content extension claims: without it iOS shows its own notification instead.
mkdir -p "$WORK/bench"
cat > "$WORK/bench/story.json" <<JSON
{"pw_stories": {"pages": [
  {"image": "file://$ROOT/Resources/images/aurora.jpg", "duration": 5, "title": "Spring sale", "subtitle": "Up to 40 % off the new collection, this week only."},
  {"image": "file://$ROOT/Resources/images/dunes.jpg", "duration": 5, "title": "Desert tones", "subtitle": "Linen and sand, made for long light evenings."},
  {"image": "file://$ROOT/Resources/images/city.png", "duration": 5, "title": "After dark", "link": "myshop://sale", "button_title": "Shop the sale"}
]}, "aps": {"alert": {"title": "Spring sale is on", "body": "Five looks, one week only."}, "category": "PW_STORIES"}}
JSON
CMD=${BENCH_CMD:-"$BIN stories $WORK/bench/story.json --long-press-pause"}
# Keys that bring the scene to a playing page (a story starts as the collapsed notification), text seen once it
# plays, the key that pauses (p = finger down; paused after 0.25 s) and the keys that quit (dismiss, then quit).
PLAY_KEYS=${BENCH_PLAY_KEYS:-Enter}
PLAYING_TEXT=${BENCH_PLAYING_TEXT:-"page 1/3"}
PAUSE_KEY=${BENCH_PAUSE_KEY:-p}
QUIT_KEYS=${BENCH_QUIT_KEYS:-q q}
# The demo page (pushsim --demo) measures the terminal layer alone:
#   BENCH_CMD="$BIN --demo" BENCH_PLAY_KEYS= BENCH_PLAYING_TEXT="Demo page" BENCH_QUIT_KEYS=q \
#   BENCH_BYTES_CMD="$BIN --demo --demo-page-seconds 60" BENCH_BYTES_PLAYING_TEXT="Demo page" bench/terminal.sh BIN

start 80 24
play() {
  wait_for "Enter or click|$PLAYING_TEXT" || die "the scene did not appear"
  [ -n "$PLAY_KEYS" ] && keys $PLAY_KEYS
  wait_for "$PLAYING_TEXT" || die "the scene did not start playing"
}
quit() { keys $QUIT_KEYS; wait_exit >/dev/null || die "pushsim did not quit"; }
# CPU time of the whole process, finished threads (image loaders) included: utime+stime from /proc/PID/stat in
# clock ticks (10 ms; over 10 s that resolves 0.1 % of a core). The main thread's scheduler count
# (/proc/PID/schedstat, nanoseconds) is printed beside it for precision.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
cpu_ns() { awk '{printf "%d", $1}' "/proc/$1/schedstat"; }

# 1. Launch to first frame (11 runs, the median judged): wall clock from just before exec to the first doupdate,
# and the CPU time the process had used by then.
firsts=(); cpus=()
for i in $(seq 11); do
  rm -f "$WORK/stats"
  printf '#!/bin/sh\ndate +%%s.%%N > "%s/t0"\nexec env PUSHSIM_DEBUG_STATS="%s/stats" %s\n' "$WORK" "$WORK" "$CMD" > "$WORK/launch.sh"
  run sh "$WORK/launch.sh"
  wait_for "$PLAYING_TEXT|Enter or click|Demo page" || die "nothing appeared"
  quit
  read -r ms cpu_ms < <(python3 -c "import json; s=json.load(open('$WORK/stats')); t0=float(open('$WORK/t0').read()); print(round((s['firstFrameRealtime']-t0)*1000, 1), round(s['firstFrameCPUSeconds']*1000, 1))")
  firsts+=("$ms"); cpus+=("$cpu_ms")
done
first=$(printf '%s\n' "${firsts[@]}" | sort -n | sed -n 6p)
cpu_first=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n 6p)
echo "launch to first frame: ${firsts[*]} ms (median $first; CPU used by then: median $cpu_first ms; load average $(cut -d' ' -f1 /proc/loadavg))"
info "launch to first frame, median of 11" "$first ms ($cpu_first ms CPU)"
# Its instructions (callgrind, every thread): the same command from launch to its first frame, then the keys that
# quit, run from a copy of the binary without debug information.
# The goal is its instruction count (no peer tool starts this story; a count is exact on any machine): main's 37.9 M
# (2026-11-27) and 5 %.
if command -v valgrind >/dev/null; then
  VBIN=$(valgrind_bin "$BIN" "$WORK")
  run valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.launch" ${CMD/#$BIN/$VBIN}
  wait_for "$PLAYING_TEXT|Enter or click|Demo page" 120 || die "nothing appeared under valgrind"
  quit
  launch=$(millions "$WORK/callgrind.launch")
  result "launch to first frame, then quit: instructions (callgrind)" "$launch M" "<= 40 M" "$launch <= 40"
else
  result "launch to first frame, then quit: instructions" "not counted (valgrind is not installed: make bench-deps)" "<= 40 M" "False"
fi

# 2. CPU over 10 s of playback (no recording: the normal case).
run $CMD
play
pid=$(pushsim_pid) || die "pushsim is not running"
sleep 1
t0=$(ticks "$pid"); n0=$(cpu_ns "$pid"); w0=$(wakeups "$pid"); s0=$(date +%s.%N)
sleep 10
t1=$(ticks "$pid"); n1=$(cpu_ns "$pid"); w1=$(wakeups "$pid"); s1=$(date +%s.%N)
hz=$(getconf CLK_TCK)
cpu=$(python3 -c "print(round(100 * ($t1 - $t0) / $hz / ($s1 - $s0), 2))")
main_pct=$(python3 -c "print(round(100 * ($n1 - $n0) / 1e9 / ($s1 - $s0), 2))")
wps=$(python3 -c "print(round(($w1 - $w0) / ($s1 - $s0), 1))")  # every thread
echo "CPU while playing (80x24, 10 s): ${cpu}% of one core (/proc/PID/stat; the main thread alone: ${main_pct}% by schedstat); ${wps} wake-ups/s"
result "CPU while a story plays, 10 s, all threads" "${cpu}%" "< 1%" "$cpu < 1"
quit

# 3. Bytes sent per changed cell through the recorder, 10 s of playback of one 60-second page (bar steps and the
# seconds left: what playback redraws), judged over its last 8 s (the first paint and the picture's arrival left out). The floor is, for each changed cell in
# order, an absolute cursor move where the run of changed cells breaks plus the glyph's UTF-8 bytes: no colours.
cat > "$WORK/bench/long.json" <<JSON
{"pw_stories": {"pages": [{"image": "file://$ROOT/Resources/images/aurora.jpg", "duration": 60, "title": "Spring sale"}]},
 "aps": {"alert": {"title": "Spring sale is on", "body": "One long page."}, "category": "PW_STORIES"}}
JSON
rm -f "$WORK/stats"
run env PUSHSIM_DEBUG_STATS="$WORK/stats" ${BENCH_BYTES_CMD:-"$BIN stories $WORK/bench/long.json"} --record "$WORK/play.cast"
PLAYING_TEXT_SAVED=$PLAYING_TEXT; PLAYING_TEXT=${BENCH_BYTES_PLAYING_TEXT:-"page 1/1"}
play
sleep 10
quit
PLAYING_TEXT=$PLAYING_TEXT_SAVED
# The window: the last 8 of the 10 seconds played, up to just before the dismiss frame (the page's picture landed
# well before it). Frames from the stats' frame log, bytes from the recording's chunks, on the same clock.
read -r written cells bare renders < <(python3 - "$WORK/stats" "$WORK/play.cast" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); frames = s["frameLog"]
end = frames[-1][0] - 0.05; begin = end - 8
inside = [f for f in frames if begin <= f[0] < end]
chunks = [json.loads(l) for l in open(sys.argv[2]).read().splitlines()[1:]]
written = sum(len(c[2].encode()) for c in chunks if c[1] == "o" and begin <= c[0] < end)
print(written, sum(f[1] for f in inside), sum(f[2] for f in inside), len(inside))
PY
)
per=$(py "round($written / max(1, $cells), 1)")
base=$(py "round($bare / max(1, $cells), 1)")
ratio=$(py "round($written / max(1, $bare), 2)")
echo "bytes in the last 8 s of playback: $written written in $renders frames for $cells changed cells: $per B per changed cell; a cursor move + the glyph: $base B per cell"
result "bytes sent per changed cell while a story plays" "$per B (${ratio}x cursor move + glyph, $base B)" "<= 2x" "$ratio <= 2"

# 4. Wake-ups of every thread while paused, then after the story is dismissed: 10 s each with no input.
run $CMD
play
pid=$(pushsim_pid) || die "pushsim is not running"
keys $PAUSE_KEY
wait_for "paused" || die "$PAUSE_KEY did not pause"
sleep 1
paused=$(idle_wakeups "$pid" 10)
echo "wake-ups while paused (every thread): $paused in 10 s"
result "wake-ups while a story is paused, all threads, 10 s" "$paused" "0" "$paused == 0"
keys ${QUIT_KEYS%% *}
sleep 1
if [ "${QUIT_KEYS#* }" != "$QUIT_KEYS" ]; then
  dismissed=$(idle_wakeups "$pid" 10)
  echo "wake-ups after the story is dismissed (every thread): $dismissed in 10 s"
  result "wake-ups while a story is dismissed, all threads, 10 s" "$dismissed" "0" "$dismissed == 0"
  keys ${QUIT_KEYS#* }
fi
wait_exit >/dev/null || die "pushsim did not quit"
exit $((BENCH_MISSES > 0))
