#!/usr/bin/env bash
# Every static variable inside pushsim's C helper functions exists once in the binary. A `static inline` function of
# a C header is emitted into each Swift object file that calls it, with its own copy of any `static` in it, and a
# release build (whole-module optimisation) inlines Swift functions across files: the tty modes saved at start once
# existed twice in the release binary, so Ctrl-Z while recording left echo on after `fg` (keys were echoed and never
# read) and a crash left the screen raw. The debug build inlines nothing across files, so this matters most with
# BIN=.build/release/pushsim (`make e2e-release`); test_record and test_signals catch the same bug by behaviour.
set -u
. "$(dirname "$0")/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
command -v nm >/dev/null || { echo "SKIP: no nm (binutils)"; exit 0; }
symbols=$(nm "$BIN" 2>&1) || { echo "FAIL: nm could not read $BIN: $symbols" >&2; exit 1; }
# A stripped binary (an installed one, say) has no local symbols to compare.
echo "$symbols" | grep -q ' [tT] main$' || { echo "SKIP: $BIN has no symbol table"; exit 0; }
# clang names a function-local static FUNCTION.NAME (a split one FUNCTION.NAME.N); local data is d, b or r.
statics=$(echo "$symbols" | awk '$2 ~ /^[dbr]$/ && $3 ~ /^pushsim_[A-Za-z0-9_]+\.[A-Za-z_]/ { print $3 }')
[ -n "$statics" ] || { echo "FAIL: no function-local statics of pushsim's C helpers found in $BIN: the check has nothing to compare" >&2; exit 1; }
twice=$(echo "$statics" | sort | uniq -d)
[ -z "$twice" ] || { echo "FAIL: C statics that exist more than once in $BIN (move their state into a .c file): $twice" >&2; exit 1; }
exit 0
