#!/usr/bin/env bash
# pushsim snapshot: a PNG of a cached story page (a local 1080x1620 JPEG) on an iPhone 14 at 3x and 1x, against the
# same headless run with no picture, so the picture's own cost shows. No other tool draws this picture, so the goal is
# an instruction budget (callgrind, whole process, the same command as timed): exact on any machine, where a time is
# not. Times are printed beside as information.
# Usage: bash bench/snapshot.sh [RELEASE_BIN]   (make bench runs it through bench/run.sh)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "$ROOT" && realpath "${1:-.build/release/pushsim}")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-snapshot-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME="$WORK/cache" XDG_DATA_HOME="$WORK/data"
PAYLOAD="$ROOT/Resources/stories/spring-sale.json"
RUNS=${RUNS:-10}

# Prints "median-wall-ms mean-cpu-ms" of RUNS runs of the command, after one warm-up (bash's own `time`: real,
# user and system seconds).
measure() {
  local TIMEFORMAT="%R %U %S"
  "$@" >/dev/null 2>&1
  for _ in $(seq "$RUNS"); do
    { time "$@" >/dev/null 2>&1; } 2>&1
  done | sort -n | awk '{ wall[NR] = $1 * 1000; cpu += ($2 + $3) * 1000 }
                       END { printf "%.0f %.0f\n", (NR % 2 ? wall[(NR + 1) / 2] : (wall[NR / 2] + wall[NR / 2 + 1]) / 2), cpu / NR }'
}

read -r base_wall base_cpu < <(measure "$BIN" stories "$PAYLOAD" --headless --script "wait 2.5")
read -r s3_wall s3_cpu < <(measure "$BIN" snapshot stories "$PAYLOAD" --device iphone-14 --script "wait 2.5" -o "$WORK/p3.png")
read -r s1_wall s1_cpu < <(measure "$BIN" snapshot stories "$PAYLOAD" --device iphone-14 --script "wait 2.5" --scale 1 -o "$WORK/p1.png")
echo "stories --headless, no picture:     ${base_wall} ms wall (median), ${base_cpu} ms CPU (mean)"
echo "snapshot 3x (1170x2532, $(stat -c %s "$WORK/p3.png") bytes): ${s3_wall} ms wall, ${s3_cpu} ms CPU"
echo "snapshot 1x (390x844, $(stat -c %s "$WORK/p1.png") bytes):   ${s1_wall} ms wall, ${s1_cpu} ms CPU"
. "$(dirname "$0")/lib/result.sh"
info "snapshot of a cached story page at 3x (1170x2532), CPU" "${s3_cpu} ms CPU, mean (${s3_wall} ms wall, median)"
# The budget: issue 40's half of the 1,942 M instructions the same snapshot took before its PNG rows were Up-filtered
# straight from the surface and the wallpaper stopped being drawn under the story (docs/performance.md).
budget "snapshot of a cached story page at 3x (1170x2532), whole process (callgrind)" "$WORK/callgrind.3x" "${SNAPSHOT_BUDGET:-971}" \
  "$(valgrind_bin "$BIN" "$WORK")" snapshot stories "$PAYLOAD" --device iphone-14 --script "wait 2.5" -o "$WORK/v3.png"
exit $((BENCH_MISSES > 0))
