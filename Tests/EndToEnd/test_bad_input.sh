#!/usr/bin/env bash
# Errors a user can cause give one line on stderr, a non-zero status and an untouched terminal.
. "$(dirname "$0")/lib.sh"
start 100 24
run "$BIN" --record "$WORK/no/such/folder/x.cast"
expect_exit 1
screen | grep -q "^pushsim: $WORK/no/such/folder/x.cast: cannot be written (does its folder exist?)$" \
  || die "no clear line for an unwritable recording path"
expect_sane
# Not a terminal: interactive mode refuses with one line and points to --headless.
rm -f "$WORK/status"
T send-keys -l "$BIN < /dev/null > $WORK/out 2> $WORK/err; echo \$? > $WORK/status"; T send-keys Enter
expect_exit 1
[ "$(wc -l < "$WORK/err")" -eq 1 ] || die "expected one line on stderr, got: $(cat "$WORK/err")"
grep -q "must be a terminal.*--headless" "$WORK/err" || die "unclear message: $(cat "$WORK/err")"
# A missing payload and a broken one: one line each naming the file, status 1, the terminal untouched.
run "$BIN" stories "$WORK/missing.json"
expect_exit 1
wait_for "^pushsim: $WORK/missing.json: no such file" || die "no clear line for a missing file"
expect_sane
printf '{"pw_stories": {"pages": [\n  {"image": "https://x/1.jpg",}\n' > "$WORK/broken.json"
run "$BIN" stories "$WORK/broken.json"
expect_exit 1
wait_for "^pushsim: $WORK/broken.json: not valid JSON.*line 2" || die "no clear line for a broken payload"
expect_sane
# Terminals pushsim cannot use: TERM unset, unknown, or unable to move the cursor.
for case in "-u TERM:TERM is not set" "TERM=nosuchterm:the terminal type 'nosuchterm' is unknown" "TERM=dumb:the terminal type 'dumb' cannot move the cursor"; do
  setting=${case%%:*}; message=${case#*:}
  T send-keys -l "clear"; T send-keys Enter
  wait_gone "^pushsim:" || die "clear did not clear"
  run env $setting "$BIN"
  expect_exit 1
  wait_for "^pushsim: $message" || die "no clear line for env $setting"
  [ "$(screen | grep -c '^pushsim:')" -eq 1 ] || die "more than one error line for env $setting"
  expect_sane
done
