#!/usr/bin/env bash
# Ctrl-C in the middle of the QA walkthrough keeps the verdicts so far: the reports are written, the rest "not tried".
. "$(dirname "$0")/lib.sh"
start 100 30
run "$BIN" primer walkthrough --style sheet --report "$WORK/r.md" --junit "$WORK/j.xml"
wait_for "Row 1/88" || die "the first row did not appear"
keys p
wait_for "Row 2/88" || die "p did not move to row 2"
keys C-c
expect_exit 130
expect_sane
grep -q '^| 1 | notDetermined | on | off | accept+allow |.* PASS |' "$WORK/r.md" || die "row 1 is not PASS in the report: $(sed -n 9p "$WORK/r.md")"
grep -q '^| 2 | .* SKIP | not tried |' "$WORK/r.md" || die "row 2 is not 'not tried': $(sed -n 10p "$WORK/r.md")"
grep -q 'tests="88"' "$WORK/j.xml" || die "the JUnit report does not list every row"
