#!/usr/bin/env bash
# The native in-app templates as a user meets them (issue 21's goals), on the release binary:
#  - validate 10,000 native-config.json files (one file each, the bundled samples with their own inAppId) in one
#    run: wall time (median of 3 whole-process runs) and peak memory (GNU time's maximum RSS);
#  - snapshot inapp at 3x of the scratch card and the spin wheel: CPU of the whole process, mean of RUNS runs;
#  - the spin wheel spinning in a real terminal (tmux, 80x24): CPU of every thread over the 4.2 s spin as a share of
#    one core, and per frame drawn (frames counted by PUSHSIM_DEBUG_STATS against a run that does not spin);
#  - a scratch stroke in the same terminal: the mouse dragged over the foil, CPU of every thread per frame drawn;
#  - idle with a modal on screen and nothing moving: wake-ups of every thread over 5 s;
#  - the loading spinner over an image whose server never answers: CPU of every thread as a share of one core, and
#    the frames it draws a second (UIKit's indicator steps 8 times a second; the terminal draws each step, no more).
# Usage: bash bench/inapp.sh PATH/TO/pushsim (make bench runs it through bench/run.sh).
set -u
BIN=$(readlink -f "${1:-$BIN}")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
E2E_TIMEOUT=30
. "$ROOT/Tests/EndToEnd/lib.sh"
. "$ROOT/bench/lib/result.sh"
RUNS=${RUNS:-5}
# The snapshots' instruction budgets: the counts with PNG rows Up-filtered (766.5 M and 648.3 M, callgrind on the
# release build, 2026-12-02; main's were 1,524.6 M and 1,410.9 M) and 5 % more, so a regression fails on any machine.
INAPP_SCRATCH_BUDGET=${INAPP_SCRATCH_BUDGET:-805}
INAPP_SPIN_BUDGET=${INAPP_SPIN_BUDGET:-681}
export XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"

# 1. validate 10,000 configs.
mkdir -p "$WORK/configs"
python3 - "$ROOT/Resources/inapp" "$WORK/configs" <<'PY'
import json, os, sys
src, dst = sys.argv[1:]
samples = [json.load(open(os.path.join(src, f))) for f in sorted(os.listdir(src)) if f.endswith(".json")]
for i in range(10000):
    c = dict(samples[i % len(samples)]); c["inAppId"] = f"bench-{i}"
    with open(os.path.join(dst, f"c{i:05}.json"), "w") as f: json.dump(c, f)
PY
# Judged against Python's json module reading the same 10,000 files (one process, each file opened and parsed): pushsim
# reads each too, then checks it against the template's rules and prints its findings. Those checks are most of its
# work: 3.3x Python's CPU on a loaded machine (1,145 / 349 ms, 2026-12-02), so the bar is 4.5x, a regression of a
# third fails. CPU in rounds of pushsim then Python (pair_peer); the wall times are printed beside.
# (The 10,000 names are expanded by a shell inside each command, about a millisecond: as one argument they are
# over Linux's 128 KB limit for a single string; validate's status 1 is the bundled bad samples' findings.)
printf 'import glob, json, sys\nfor p in sorted(glob.glob(sys.argv[1] + "/*.json")):\n    with open(p) as f: json.load(f)\n' > "$WORK/peer.py"
read -r r cpu pcpu wall pwall rss < <(pair_peer 3 "sh -c '$BIN validate $WORK/configs/*.json; [ \$? -le 1 ]'" "python3 $WORK/peer.py $WORK/configs") \
  || die "validate of the 10,000 configs failed"
"$BIN" validate "$WORK"/configs/*.json > "$WORK/out" 2>&1
tail -1 "$WORK/out"
echo "validate 10,000 configs: ${cpu} ms CPU, ${wall} ms wall (medians); Python's json: ${pcpu} ms CPU, ${pwall} ms wall; peak ${rss} MB"
result "validate 10,000 native configs vs Python's json reading them, CPU (median of 3 rounds)" "${r}x ($cpu / $pcpu ms CPU; wall $wall / $pwall ms)" "<= 4.5x" "$r <= 4.5"
result "validate 10,000 native configs, peak memory" "$rss MB" "< 100 MB" "$rss < 100"

# 2. snapshot inapp at 3x: no other tool draws these templates, so the goal is an instruction budget (callgrind, whole
# process, from the copy without debug information), exact on any machine; the CPU time is printed beside.
snap_cpu() {
  local TIMEFORMAT="%U %S"
  "$BIN" snapshot inapp "$@" -o "$WORK/s.png" >/dev/null 2>&1
  for _ in $(seq "$RUNS"); do { time "$BIN" snapshot inapp "$@" -o "$WORK/s.png" >/dev/null 2>&1; } 2>&1; done \
    | awk '{ s += ($1 + $2) * 1000 } END { printf "%.0f", s / NR }'
}
VBIN=$(valgrind_bin "$BIN" "$WORK")
for name in scratchcard-black-friday spinwheel-daily-bonus; do
  c=$(snap_cpu "$ROOT/Resources/inapp/$name.json" --scale 3)
  echo "snapshot inapp $name at 3x: $c ms CPU (mean of $RUNS)"
  info "snapshot inapp $name at 3x, CPU (mean of $RUNS)" "$c ms"
  case $name in scratch*) limit=$INAPP_SCRATCH_BUDGET ;; *) limit=$INAPP_SPIN_BUDGET ;; esac
  budget "snapshot inapp $name at 3x, whole process (callgrind)" "$WORK/callgrind.$name" "$limit" \
    "$VBIN" snapshot inapp "$ROOT/Resources/inapp/$name.json" --scale 3 -o "$WORK/v.png"
done

# 3. the spin in a terminal, and 4. idle with a modal on screen.
spin_run() {  # spin_run yes|no: renders and CPU of the 5 s after the wheel is on screen
  local spin=$1 pid c0 c1
  start 80 24
  run env PUSHSIM_DEBUG_STATS="$WORK/stats-$spin.json" "$BIN" inapp --socket "$WORK/inapp.sock" "$ROOT/Resources/inapp/spinwheel-daily-bonus.json" --pixels off
  wait_for "SPIN" || die "the wheel did not appear"
  sleep 1.5
  pid=$(pushsim_pid) || die "pushsim is not running"
  c0=$(cpu_ms_of "$pid")
  [ "$spin" = yes ] && keys s
  sleep 4.4
  c1=$(cpu_ms_of "$pid")
  keys q; keys q
  expect_exit 0 >/dev/null
  T kill-server >/dev/null 2>&1
  echo "$(( c1 - c0 )) $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['renders'])" "$WORK/stats-$spin.json")"
}
read -r cpu_spin frames_spin < <(spin_run yes)
read -r cpu_still frames_still < <(spin_run no)
frames=$(( frames_spin - frames_still ))
share=$(py "round($cpu_spin / 4400 * 100, 1)")
per=$(py "round($cpu_spin / max(1, $frames), 2)")
echo "spin: $cpu_spin ms CPU over 4.4 s ($share % of a core), $frames frames ($per ms CPU a frame); still: $cpu_still ms"
result "the spin wheel's 4.2 s spin in a terminal, every thread" "$share % of a core" "< 5 %" "$share < 5"
result "a spin frame to the terminal" "$per ms CPU" "< 5 ms" "$per < 5"

# A scratch stroke in a terminal: the mouse pressed on the foil, dragged over it one column at a time (back and forth
# along the middle of the foil, under the card's 55 % threshold, so nothing is revealed) and released. CPU of every
# thread over a 3 s window holding the stroke, per frame drawn, frames counted as for the spin against a run that does
# not scratch.
SCRATCH_MOVES=${SCRATCH_MOVES:-60}
scratch_run() {  # scratch_run yes|no: CPU of a 3 s window and the frames drawn in the whole run
  local stroke=$1 pid c0 c1 t0 cx cy x dx=1 k rest
  start 80 24
  run env PUSHSIM_DEBUG_STATS="$WORK/stats-scratch-$stroke.json" "$BIN" inapp --socket "$WORK/inapp.sock" "$ROOT/Resources/inapp/scratchcard-black-friday.json" --pixels off
  wait_for "Scratch here" || die "the scratch card did not appear"
  sleep 1.5
  read -r cx cy < <(at "Scratch here")
  pid=$(pushsim_pid) || die "pushsim is not running"
  t0=$(date +%s%N); c0=$(cpu_ms_of "$pid")
  if [ "$stroke" = yes ]; then
    x=$((cx - 10))
    raw $'\e[<0;'"$x;$cy"'M'
    for k in $(seq "$SCRATCH_MOVES"); do
      x=$((x + dx)); { [ "$x" -ge $((cx + 10)) ] || [ "$x" -le $((cx - 10)) ]; } && dx=$((-dx))
      raw $'\e[<32;'"$x;$cy"'M'
      sleep 0.01
    done
    raw $'\e[<0;'"$x;$cy"'m'
  fi
  rest=$(( 3000 - ($(date +%s%N) - t0) / 1000000 ))
  [ "$rest" -gt 0 ] || die "the stroke took longer than the 3 s window"
  sleep "$(py "$rest / 1000")"
  c1=$(cpu_ms_of "$pid")
  keys q; keys q
  expect_exit 0 >/dev/null
  T kill-server >/dev/null 2>&1
  echo "$(( c1 - c0 )) $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['renders'])" "$WORK/stats-scratch-$stroke.json")"
}
read -r cpu_scratch frames_scratch < <(scratch_run yes)
read -r cpu_unscratched frames_unscratched < <(scratch_run no)
frames=$(( frames_scratch - frames_unscratched ))
[ "$frames" -ge $((SCRATCH_MOVES / 2)) ] || die "the stroke drew $frames frames for $SCRATCH_MOVES moves"
per=$(py "round($cpu_scratch / max(1, $frames), 2)")
echo "scratch: $cpu_scratch ms CPU over 3 s, $frames frames for $SCRATCH_MOVES moves ($per ms CPU a frame); still: $cpu_unscratched ms"
result "a scratch stroke frame to the terminal (mouse drag over the foil)" "$per ms CPU" "< 5 ms" "$per < 5"

start 80 24
run "$BIN" inapp --socket "$WORK/inapp.sock" "$ROOT/Resources/inapp/modal-welcome-dark.json" --pixels off
wait_for "Welcome" || die "the modal did not appear"
sleep 2
pid=$(pushsim_pid) || die "pushsim is not running"
n=$(idle_wakeups "$pid" 5)
echo "a modal on screen, nothing moving: $n wake-ups in 5 s"
result "wake-ups with a native modal on screen, all threads, 5 s" "$n" "0" "$n == 0"
keys q; keys q

# 5. The loading spinner on an image that never comes (a server that accepts and never answers): CPU of every thread
# over 4 s of spinning as a share of one core, and the frames drawn a second (PUSHSIM_DEBUG_STATS counts a whole run's
# renders: a run spinning 4 s less one spinning 1 s is 3 s of steps).
silent_server "$WORK/port"
sed "s#\.\./images/hero-bell\.png#http://127.0.0.1:$(cat "$WORK/port")/hero.png#" "$ROOT/Resources/inapp/modal-welcome-dark.json" > "$WORK/stuck.json"
spinner_run() {  # spinner_run SECONDS: CPU (ms) of every thread over SECONDS of spinning, and the frames of the run
  local secs=$1 pid c0 c1
  start 80 24
  run env PUSHSIM_DEBUG_STATS="$WORK/stats-spinner-$secs.json" "$BIN" inapp --socket "$WORK/inapp.sock" "$WORK/stuck.json" --pixels off --image-timeout 60
  wait_for "Welcome" || die "the modal did not appear"
  sleep 1
  pid=$(pushsim_pid) || die "pushsim is not running"
  c0=$(cpu_ms_of "$pid")
  sleep "$secs"
  c1=$(cpu_ms_of "$pid")
  keys q; keys q
  expect_exit 0 >/dev/null
  T kill-server >/dev/null 2>&1
  echo "$(( c1 - c0 )) $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['renders'])" "$WORK/stats-spinner-$secs.json")"
}
read -r cpu_long frames_long < <(spinner_run 4)
read -r cpu_short frames_short < <(spinner_run 1)
fps=$(py "round(($frames_long - $frames_short) / 3, 1)")
share=$(py "round($cpu_long / 4000 * 100, 2)")
echo "spinner on a stuck image: $cpu_long ms CPU over 4 s ($share % of a core), $fps frames a second"
result "the loading spinner on an image that never comes, every thread" "$share % of a core" "< 2 %" "$share < 2"
result "the loading spinner's frame rate (UIKit steps 8 a second)" "$fps frames/s" "7 to 10" "7 <= $fps <= 10"
exit $((BENCH_MISSES > 0))
