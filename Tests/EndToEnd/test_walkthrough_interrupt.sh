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
grep -q '^| 1 | notDetermined | on | minInterval 0: no throttle .* | present, then press the accept button, then Allow in the system prompt |.* PASS |' "$WORK/r.md" \
  || die "row 1 is not PASS in the report: $(grep '^| 1 |' "$WORK/r.md")"
grep -q '^| 2 | .* SKIP | not tried |' "$WORK/r.md" || die "row 2 is not 'not tried': $(grep '^| 2 |' "$WORK/r.md")"
grep -q 'tests="88"' "$WORK/j.xml" || die "the JUnit report does not list every row"
