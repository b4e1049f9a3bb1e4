#!/usr/bin/env bash
# make bench: runs every bench/*.sh (except this file) against a release binary and prints a summary.
# Usage: bench/run.sh PATH/TO/pushsim. Each script gets the binary as $1 and $BIN, prints what it measured,
# and exits non-zero when a target is missed; lines starting with "result:" are repeated in the summary (for a
# script without any, its lines that mention a target or budget).
set -u
BIN=$(readlink -f "${1:-.build/release/pushsim}")
HERE=$(cd "$(dirname "$0")" && pwd)
export BIN
[ -x "$BIN" ] || { echo "bench: $BIN is not built (run: swift build -c release)"; exit 2; }
summary=""; failed=0; ran=0
for b in "$HERE"/*.sh; do
  [ "$(basename "$b")" = "run.sh" ] && continue
  name=$(basename "$b" .sh)
  echo "=== $name"
  out=$(bash "$b" "$BIN" 2>&1); rc=$?
  echo "$out"
  ran=$((ran + 1))
  if [ $rc -eq 0 ]; then status="ok  "; else status="MISS"; failed=$((failed + 1)); fi
  summary+="$status $name"$'\n'
  results=$(echo "$out" | grep '^result:')
  # Scripts that print no result: lines are summarised by their lines that name a target or budget.
  [ -n "$results" ] || results=$(echo "$out" | grep -Ei 'target|budget')
  summary+=$(echo "$results" | sed 's/^/       /')
  summary+=$'\n'
done
echo
echo "=== summary"
printf '%s' "$summary" | sed '/^$/d'
echo "bench: $ran run, $((ran - failed)) met their targets, $failed missed"
[ "$failed" -eq 0 ]
