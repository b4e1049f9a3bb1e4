#!/usr/bin/env bash
# End-to-end tests: run the built binary in tmux as a person would. Usage: run.sh PATH/TO/pushsim [test_name...]
# (every test_*.sh, or only those named).
set -u
BIN=$(readlink -f "${1:-.build/debug/pushsim}")
HERE=$(cd "$(dirname "$0")" && pwd)
export BIN HERE
shift $(( $# > 0 ? 1 : 0 ))
if [ $# -gt 0 ]; then tests=(); for n in "$@"; do tests+=("$HERE/${n%.sh}.sh"); done; else tests=("$HERE"/test_*.sh); fi
passed=0; failed=0
for t in "${tests[@]}"; do
  name=$(basename "$t" .sh)
  [ -e "$t" ] || { [ $# -gt 0 ] && { failed=$((failed + 1)); echo "FAIL $name: no such test"; }; continue; }
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
