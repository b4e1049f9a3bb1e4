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
# The last words stay on the terminal after the walkthrough's screen closes, and so does Ctrl-C's (issue 39 item 5).
# -J joins the lines the pane wrapped: the work folder's path is long.
joined() { T capture-pane -pJ; }
joined | grep -qF "wrote $WORK/r.md (88 rows)" || die "Ctrl-C's 'wrote r.md' line is not on the terminal"
grep -q '^- fallbackToSettings (the config.s true) is not used' "$WORK/r.md" || die "the report does not say the config's fallbackToSettings is replaced"
grep -q '^- minInterval (the config.s 0 s) is not used' "$WORK/r.md" || die "the report does not say the config's minInterval is replaced"

# q q with a failed row: the report lines and why the status is 1, on the restored terminal.
T send-keys -l "clear"; T send-keys Enter
wait_gone "wrote" || die "the terminal did not clear"
run "$BIN" primer walkthrough --style sheet --report "$WORK/q.md"
wait_for "Row 1/88" || die "the first row did not appear"
keys '?'
wait_for "fallbackToSettings: the row's, not the config's" || die "the help does not say the rows set fallbackToSettings"
screen | grep -q "minInterval: the row's (0 or 1 d), not the config's" || die "the help does not say the rows set minInterval"
keys x
keys f
wait_for "Row 2/88" || die "f did not move to row 2"
keys q
wait_for "Finish the walkthrough" || die "q did not open the summary"
keys q
expect_exit 1
expect_sane
joined | grep -qF "wrote $WORK/q.md (88 rows)" || die "'wrote q.md (88 rows)' did not reach the terminal after the screen closed"
joined | grep -qF "pushsim: 1 row of 88 failed, so the exit status is 1; the report is $WORK/q.md" \
  || die "exit status 1 came without the line that says why"
