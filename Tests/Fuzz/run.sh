#!/usr/bin/env bash
# Runs every libFuzzer target for a bounded time and prints executions and findings per target (`make fuzz`).
# Usage: run.sh PATH/TO/pushsim-fuzz [SECONDS per target] [targets...]. Exits 1 when any target crashed or hung.
set -u
BIN=$(readlink -f "${1:?usage: run.sh PATH/TO/pushsim-fuzz [SECONDS] [targets...]}")
SECONDS_EACH=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
TARGETS=${*:-json stories inbox primer banner script image inapp localize zip input liquid reply tags placeholders}
HERE=$(cd "$(dirname "$0")" && pwd)
# The corpus grows as the fuzzer finds new paths; it lives beside the fuzz build, out of git. The committed seeds
# are only read.
OUT=${FUZZ_OUT:-$(dirname "$(dirname "$(dirname "$BIN")")")/fuzz}
mkdir -p "$OUT"
total=0; failed=0
printf '%-8s %12s %8s %s\n' target executions status findings
for t in $TARGETS; do
  mkdir -p "$OUT/corpus/$t" "$OUT/findings/$t"
  # Findings of earlier runs stay for reference; only those newer than this stamp count for this run.
  touch "$OUT/findings/$t/.start"
  # -timeout: an input taking longer than 10 s is a hang; -rss_limit_mb: one that needs over 2 GB is a blow-up.
  # -max_len: payloads are small; 64 KB leaves room for deep nesting and long strings.
  # zip: ZIPFoundation opens an archive through Foundation's FileManager.fileSystemRepresentation, which on Linux
  # leaks the path's bytes (about 40) on every open; the leak check would stop at the first input.
  leaks=; [ "$t" = zip ] && leaks=-detect_leaks=0
  ASAN_OPTIONS=${ASAN_OPTIONS:-}${leaks:+:detect_leaks=0} PUSHSIM_FUZZ_TARGET=$t "$BIN" $leaks -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$OUT/findings/$t/" "$OUT/corpus/$t" "$HERE/corpus/$t" \
    > "$OUT/$t.log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$t.log" | tail -1)
  runs=${runs:-0}
  total=$((total + runs))
  findings=$(find "$OUT/findings/$t" -type f ! -name .start -newer "$OUT/findings/$t/.start" | wc -l)
  if [ "$status" -ne 0 ]; then failed=$((failed + 1)); verdict="FAIL($status)"; else verdict=ok; fi
  printf '%-8s %12s %8s %s\n' "$t" "$runs" "$verdict" "$findings"
  [ "$status" -ne 0 ] && { grep -m3 -E 'ERROR|==[0-9]+==|Fatal error|deadly signal|timeout' "$OUT/$t.log" | sed 's/^/    /'; echo "    log: $OUT/$t.log"; }
done
printf '%-8s %12s\n' total "$total"
[ "$failed" -eq 0 ]
