#!/usr/bin/env bash
# make bench: runs every bench/*.sh (except this file) against a release binary, then prints one table of every
# goal (measure, value, goal, met) and exits non-zero when any goal is missed or any script fails; then a second table
# of the information lines (instruction counts: "info: MEASURE | VALUE").
# Usage: bench/run.sh PATH/TO/pushsim. Each script gets the binary as $1 and $BIN, prints what it measured, and
# reports each goal as a "result: MEASURE | VALUE | GOAL | yes|NO" line (bench/lib/result.sh).
set -u
BIN=$(readlink -f "${1:-.build/release/pushsim}")
HERE=$(cd "$(dirname "$0")" && pwd)
export BIN
[ -x "$BIN" ] || { echo "bench: $BIN is not built (run: make release)"; exit 2; }
rows=""; infos=""; failed=0; ran=0
start=$(date +%s)
for b in "$HERE"/*.sh; do
  [ "$(basename "$b")" = "run.sh" ] && continue
  name=$(basename "$b" .sh)
  echo "=== $name ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg))"
  out=$(bash "$b" "$BIN" 2>&1); rc=$?
  echo "$out"
  ran=$((ran + 1))
  results=$(echo "$out" | sed -n 's/^result: //p')
  # A script that stopped early (a crash, a scene that never appeared) is a miss of its own, even if the lines it
  # printed before were met.
  if [ $rc -ne 0 ] && ! echo "$results" | grep -q '| NO$'; then
    results+=$'\n'"$name ran to the end | exit status $rc | 0 | NO"
    failed=$((failed + 1))
  fi
  rows+="$results"$'\n'
  infos+="$(echo "$out" | sed -n 's/^info: //p')"$'\n'
done
echo
echo "=== bench: every goal ($ran scripts, $(( $(date +%s) - start )) s, load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
printf '%s' "$rows" | python3 -c '
import sys
rows = [[c.strip() for c in l.split("|")] for l in sys.stdin.read().splitlines() if l.strip()]
rows = [r if len(r) == 4 else [" | ".join(r), "?", "?", "NO (malformed result line)"] for r in rows]
head = ["measure", "value", "goal", "met"]
w = [max(len(r[i]) for r in rows + [head]) for i in range(4)]
line = lambda r: "  ".join(c.ljust(w[i]) for i, c in enumerate(r)).rstrip()
print(line(head)); print(line(["-" * x for x in w]))
for r in rows: print(line(r))
missed = sum(1 for r in rows if r[3] != "yes")
print(f"{len(rows)} goals: {len(rows) - missed} met, {missed} missed")
sys.exit(1 if missed else 0)
'
table=$?
# Information lines (no goal): the instruction counts beside the timings, repeatable on a busy machine.
if [ -n "$(printf '%s' "$infos" | tr -d '[:space:]')" ]; then
  echo
  echo "=== bench: instruction counts and other information (not goals)"
  printf '%s' "$infos" | python3 -c '
import sys
rows = [[c.strip() for c in l.split("|", 1)] for l in sys.stdin.read().splitlines() if l.strip()]
rows = [r if len(r) == 2 else [r[0], "?"] for r in rows]
head = ["measure", "value"]
w = max(len(r[0]) for r in rows + [head])
print(head[0].ljust(w) + "  " + head[1]); print("-" * w + "  " + "-" * max(len(r[1]) for r in rows + [head]))
for r in rows: print(r[0].ljust(w) + "  " + r[1])
'
fi
[ $table -eq 0 ] && [ $failed -eq 0 ]
