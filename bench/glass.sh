#!/usr/bin/env bash
# The iOS 26 materials' cost: a snapshot at 3x of the lock-screen notification and of the primer's system alert with
# --ios 26 (Liquid Glass: the blur of what is behind each surface) against the same snapshot with --ios 18 (the flat
# fills), in alternating pairs. Goal: the glass snapshot takes at most 1.3x the CPU of the iOS 18 one; the blur's work
# is bounded by the surface's area, so the ratio stays put whatever the screen's size.
# Usage: bash bench/glass.sh [RELEASE_BIN]   (make bench runs it through bench/run.sh)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "$ROOT" && realpath "${1:-.build/release/pushsim}")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-glass-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME="$WORK/cache" XDG_DATA_HOME="$WORK/data"
PAIRS=${PAIRS:-7}
. "$(dirname "$0")/lib/result.sh"

# pair_ios PAIRS ARGS…: `pushsim ARGS --ios 26` against `… --ios 18` through bench/lib/result.sh's pair_peer (one
# warm-up of each, then PAIRS alternating rounds, CPU of every thread from wait4); prints the median of the ratios and
# both medians in ms, then pair_peer's wall times and peak RSS.
pair_ios() {
  local pairs=$1; shift
  pair_peer "$pairs" "$(printf '%q ' "$BIN" "$@" --ios 26)" "$(printf '%q ' "$BIN" "$@" --ios 18)"
}

LOCK=(snapshot stories "$ROOT/Resources/stories/spring-sale.json" --collapsed --scale 3 -o "$WORK/lock.png")
ALERT=(snapshot primer --config "$ROOT/Resources/primer/alert.json" --script "wait 1" --scale 3 -o "$WORK/alert.png")
read -r lr lg lc _ < <(pair_ios "$PAIRS" "${LOCK[@]}")
read -r ar ag ac _ < <(pair_ios "$PAIRS" "${ALERT[@]}")
echo "lock screen at 3x: iOS 26 ${lg} ms CPU, iOS 18 ${lc} ms CPU (medians of $PAIRS pairs), ratio ${lr}"
echo "primer alert at 3x: iOS 26 ${ag} ms CPU, iOS 18 ${ac} ms CPU (medians of $PAIRS pairs), ratio ${ar}"
result "snapshot of the lock-screen notification at 3x, iOS 26 over iOS 18 (paired)" "${lr}x CPU" "<= 1.3x" "$lr <= 1.3"
result "snapshot of the primer's alert at 3x, iOS 26 over iOS 18 (paired)" "${ar}x CPU" "<= 1.3x" "$ar <= 1.3"
if counting; then
  VG=$(valgrind_bin "$BIN" "$WORK")
  for ios in 26 18; do
    info "snapshot of the lock-screen notification at 3x with --ios $ios, instructions, whole process (callgrind)" \
      "$(instructions "$WORK/callgrind.lock.$ios" "$VG" "${LOCK[@]}" --ios "$ios")"
    info "snapshot of the primer's alert at 3x with --ios $ios, instructions, whole process (callgrind)" \
      "$(instructions "$WORK/callgrind.alert.$ios" "$VG" "${ALERT[@]}" --ios "$ios")"
  done
fi
exit $((BENCH_MISSES > 0))
