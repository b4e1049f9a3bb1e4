#!/usr/bin/env bash
# End-to-end tests: run the built binary in tmux as a person would. Usage: run.sh PATH/TO/pushsim
set -u
BIN=$(readlink -f "${1:-.build/debug/pushsim}")
HERE=$(cd "$(dirname "$0")" && pwd)
export BIN HERE
passed=0; failed=0
for t in "$HERE"/test_*.sh; do
  [ -e "$t" ] || continue
  name=$(basename "$t" .sh)
  # A private, empty HOME per test (stores, sockets and caches of the user's own pushsim are never touched), removed after.
  home=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-e2e-home.XXXXXX")
  if out=$(HOME=$home bash "$t" 2>&1); then
    passed=$((passed + 1)); echo "ok   $name"
    # A test that cannot run here (no X server for the real-terminal test) says so in one line.
    echo "$out" | grep '^SKIP' | sed 's/^/     /'
  else
    failed=$((failed + 1)); echo "FAIL $name"; echo "$out" | sed 's/^/     /'
  fi
  rm -rf "$home"
done
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
