#!/usr/bin/env bash
# The primer headless, as CI runs it: contract events, state kept across runs, reset, throttle, bad input, a
# corrupt store, and the QA walkthrough writing JUnit XML.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-primer.XXXXXX")
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
S="$W/state.sqlite"
NOW=2026-01-31T09:00:00Z

out=$("$BIN" primer --headless --store "$S" --now $NOW --style sheet --script "wait 1; accept; wait 0.5; allow" --events -) || fail "headless run exited $?"
want='{"t":0,"event":"shown","style":"sheet","position":"bottom"}
{"t":1.26,"event":"system_prompt"}
{"t":1.26,"event":"outcome","outcome":"accepted"}
{"t":1.5,"event":"authorization","status":"authorized"}'
[ "$out" = "$want" ] || fail "events differ:
$out"

# Every accept path carries the SDK's timing: a sheet acts when its 0.26 s dismiss ends, an alert at the tap.
# Each path on a fresh device (iOS asks once per install, and the store would remember it).
N=0
accept_events() { N=$((N + 1)); "$BIN" primer --headless --store "$W/path$N.sqlite" --now $NOW "$@" --script "wait 1; accept; wait 1" --events - | tr '\n' ' '; }
check_path() {
  local got; accept_events "${@:2}" > "$W/got" || fail "$*: exited $?"; got=$(cat "$W/got")
  [ "$got" = "$1" ] || fail "accept with ${*:2}:
  got  $got
  want $1"
}
S0='{"t":0,"event":"shown","style":"sheet","position":"bottom"}'
A0='{"t":0,"event":"shown","style":"alert","position":"bottom"}'
check_path "$S0 {\"t\":1.26,\"event\":\"system_prompt\"} {\"t\":1.26,\"event\":\"outcome\",\"outcome\":\"accepted\"} " --style sheet --status notDetermined
check_path "$S0 {\"t\":1.26,\"event\":\"system_prompt\"} {\"t\":1.26,\"event\":\"outcome\",\"outcome\":\"accepted\"} " --style sheet --status ephemeral
check_path "$S0 {\"t\":1.26,\"event\":\"open_settings\"} {\"t\":1.26,\"event\":\"outcome\",\"outcome\":\"redirectedToSettings\"} " --style sheet --status denied
check_path "$A0 {\"t\":1,\"event\":\"system_prompt\"} {\"t\":1,\"event\":\"outcome\",\"outcome\":\"accepted\"} " --status notDetermined
check_path "$A0 {\"t\":1,\"event\":\"open_settings\"} {\"t\":1,\"event\":\"outcome\",\"outcome\":\"redirectedToSettings\"} " --status denied
# Nothing to accept where nothing shows: the step says so (a warning event and one line on stderr) after present's
# own outcome, and the run goes on to exit 0 (issue 39 item 7: the absent-target rule of every experience).
for args in "--status denied --fallback-to-settings false" "--status authorized" "--style sheet --status provisional"; do
  # shellcheck disable=SC2086
  err=$("$BIN" primer --headless --store "$W/paths.sqlite" $args --script "wait 1; accept" --events "$W/none.jsonl" 2>&1) || fail "$args: accept with nothing on screen stopped the run: $err"
  grep -q '"outcome":"suppressed"' "$W/none.jsonl" && [ "$(grep -c '"event":"outcome"' "$W/none.jsonl")" -eq 1 ] || fail "$args: not a single suppressed outcome"
  grep -q '"event":"warning","path":"","message":"step 2 (accept) needs the primer; no primer is on screen' "$W/none.jsonl" || fail "$args: no warning event: $(cat "$W/none.jsonl")"
  printf '%s\n' "$err" | grep -q "^pushsim: warning: step 2 (accept) needs the primer; no primer is on screen" || fail "$args: $err"
done
# The frames say the same: while the sheet leaves (1.1) no prompt and no Settings; at 1.26 they are there.
"$BIN" primer --headless --store "$W/paths.sqlite" --status notDetermined --style sheet --title "Stay in the loop" \
  --script "wait 1; accept; wait 0.1; wait 0.16" --frames "$W/frames.txt" >/dev/null || fail "frames run"
frame_at() { awk -v h="--- t=$1 ---" '$0 == h { f = 1; next } /^--- t=/ { f = 0 } f' "$W/frames.txt"; }
[ -n "$(frame_at 1.1)" ] && [ -n "$(frame_at 1.26)" ] || fail "the frames at 1.1 and 1.26 are missing"
frame_at 1.1 | grep -q "Would Like to Send You" && fail "iOS's prompt is on screen while the sheet is still leaving"
frame_at 1.1 | grep -q "Stay in the loop" || fail "the sheet is not leaving at 1.1"
frame_at 1.26 | grep -q "Would Like to Send You" || fail "iOS's prompt is not on screen when the dismiss ends"

# No connected scene: the primer is shown in the SDK's sense (event, stamp) and holds the on-screen flag.
out=$("$BIN" primer --headless --store "$W/bg.sqlite" --now $NOW --style sheet --no-window --script "wait 1; window on; present" --events -) || fail "--no-window run"
[ "$out" = '{"t":0,"event":"shown","style":"sheet","position":"bottom","visible":false}
{"t":1,"event":"outcome","outcome":"suppressed","reason":"onScreen"}' ] || fail "--no-window events: $out"
"$BIN" primer --headless --store "$W/bg.sqlite" --now $NOW --min-interval 60 --no-window --events - >/dev/null || fail "--no-window throttle run"
"$BIN" primer --headless --store "$W/bg.sqlite" --now 2026-01-31T09:00:30Z --min-interval 60 --events - | grep -q '"reason":"throttled"' \
  || fail "an unseen primer did not write the throttle's last-shown time"

# The store remembers the answer; reset --primer forgets it.
"$BIN" primer --headless --store "$S" --events - | grep -qx '{"t":0,"event":"outcome","outcome":"suppressed","reason":"authorized"}' || fail "status not kept"
"$BIN" reset --primer --store "$S" | grep -q "Reset the primer state" || fail "reset did not report"
"$BIN" primer --headless --store "$S" --events - | grep -q '"event":"shown"' || fail "reset did not forget the status"

# The throttle's last-shown time holds across runs; advance moves the wall clock past it.
"$BIN" primer --headless --store "$S" --now $NOW --min-interval 3600 --events "$W/run1.jsonl" || fail "throttle run 1"
"$BIN" primer --headless --store "$S" --now 2026-01-31T09:30:00Z --min-interval 3600 --events - | grep -q '"reason":"throttled"' || fail "not throttled in the window"
"$BIN" primer --headless --store "$S" --now 2026-01-31T09:30:00Z --min-interval 3600 --script "advance 1800; present" --events - \
  | tail -1 | grep -q '"event":"shown"' || fail "advance did not open the throttle"

# Bad input: one line naming the option or key, non-zero exit.
check_bad() {
  local err
  err=$("$BIN" primer --headless --store "$S" "$@" 2>&1 >/dev/null) && fail "$* was accepted"
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$* printed more than one line: $err"
  printf '%s\n' "$err" | grep -qF -- "$EXPECT" || fail "$*: '$err' does not mention $EXPECT"
}
EXPECT="--accept-color must be a colour #RRGGBB" check_bad --accept-color red
EXPECT="--style must be alert or sheet" check_bad --style popup
EXPECT="--position must be bottom, top or center" check_bad --position left
EXPECT="--min-interval must be a number of seconds, 0 or more" check_bad --min-interval -5
echo '{"colour": "#FFFFFF"}' > "$W/bad.json"
EXPECT='unknown key "colour"; allowed keys: style, position' check_bad --config "$W/bad.json"
EXPECT="no such file" check_bad --config "$W/missing.json"

# A corrupt store is moved aside with a warning; the run goes on.
echo "not a database" > "$W/corrupt.sqlite"
"$BIN" primer --headless --store "$W/corrupt.sqlite" --events "$W/ev.jsonl" 2>"$W/err" || fail "a corrupt store stopped the run"
grep -q "was damaged or not a pushsim store" "$W/err" || fail "no warning on stderr"
grep -q '"event":"warning"' "$W/ev.jsonl" || fail "no warning event"
ls "$W"/corrupt.sqlite.corrupt-* >/dev/null 2>&1 || fail "the damaged file was not kept aside"

# The walkthrough headless: every row checked, Markdown and JUnit written.
# Reports are written in place, never by an atomic replace (which would turn /dev/null into a regular file):
# checked on a symlink, which an atomic replace would turn into a regular file too.
touch "$W/target.xml"; ln -s "$W/target.xml" "$W/link.xml"
"$BIN" primer walkthrough --headless --junit "$W/link.xml" > "$W/walk0.txt" || fail "walkthrough to a symlink"
[ -L "$W/link.xml" ] && grep -q "<testsuites" "$W/target.xml" || fail "the report replaced the file instead of writing into it"
"$BIN" primer walkthrough --headless --style sheet --junit "$W/j.xml" --report "$W/r.md" > "$W/walk.txt" || fail "walkthrough reported a mismatch: $(grep FAIL "$W/walk.txt")"
tail -1 "$W/walk.txt" | grep -qx "88 rows: 88 passed, 0 failed, 0 skipped" || fail "summary: $(tail -1 "$W/walk.txt")"
[ "$(grep -c '<testcase ' "$W/j.xml")" -eq 88 ] || fail "JUnit testcase count"
if command -v python3 >/dev/null; then
  python3 -c "import sys,xml.etree.ElementTree as E; r=E.parse(sys.argv[1]).getroot(); assert len(r.findall('.//testcase'))==88" "$W/j.xml" || fail "JUnit is not well-formed"
fi
grep -q '^| 84 | ephemeral | on | minInterval 0: no throttle .* | present, then press the accept button (iOS already asked on this device) |' "$W/r.md" \
  || fail "Markdown report rows: $(grep '^| 84 |' "$W/r.md")"
# Issue 26: the report says when, with what and how to run it again.
for field in '| Date | ' '| pushsim | ' '| SDK rules | ' '| Config | ' '| Run it again | `pushsim primer walkthrough --headless'; do
  grep -qF "$field" "$W/r.md" || fail "the report has no '$field' line: $(head -12 "$W/r.md")"
done
# A report that cannot be written (a full disk: /dev/full) ends the run with one line, not a crash.
err=$("$BIN" primer walkthrough --headless --junit /dev/full 2>&1 >/dev/null) && fail "a failed report write exited 0"
[ "$err" = "pushsim: /dev/full: cannot be written (the disk is full)" ] || fail "a failed report write said: $err"
echo ok
