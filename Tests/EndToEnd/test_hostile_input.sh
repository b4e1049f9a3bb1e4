#!/usr/bin/env bash
# Issue 12 items 1, 2 and 8 on the built binary: closed, endless or device standard input, FIFOs, devices and
# sockets as files. Each gets one line and a status, in bounded memory, and none may hang (every run is under
# `timeout`: status 124 means it hung).
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
export XDG_RUNTIME_DIR="$WORK/run" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

fail() { echo "FAIL: $*" >&2; echo "--- stdout ---" >&2; cat "$WORK/out" >&2; echo "--- stderr ---" >&2; cat "$WORK/err" >&2; exit 1; }
# status N: the last run's status must be N (124: killed by timeout, i.e. it hung).
status() { [ "$got" -eq "$1" ] || fail "'$what' exited $got, expected $1"; }
# one_line REGEX: stderr is exactly one line, matching, with no backtrace.
one_line() {
  [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "'$what': expected one line on stderr"
  grep -Eq -- "$1" "$WORK/err" || fail "'$what': stderr does not match: $1"
}
out_has() { grep -qF -- "$1" "$WORK/out" || fail "'$what': stdout lacks: $1"; }

# Item 1: closed standard input crashed with SIGILL (status 132) and a backtrace.
what="validate - <&-"; timeout 20 "$BIN" validate - <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; out_has "standard input: error: is closed; give a file name instead of '-'"
[ -s "$WORK/err" ] && fail "validate wrote to stderr"
what="stories - <&-"; timeout 20 "$BIN" stories - --headless <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: standard input: is closed; give a file name instead of '-'"
what="primer --config - <&-"; timeout 20 "$BIN" primer --config - --headless --store "$WORK/s.sqlite" <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: standard input: is closed"
what="prefetch - <&-"; timeout 20 "$BIN" prefetch - --app-group "$WORK/group" <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: standard input: is closed"
what="notify --inbox - <&-"; timeout 20 "$BIN" notify --inbox - <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: standard input: is closed"
what="--script-file - <&-"; timeout 20 "$BIN" stories "$RES/stories/spring-sale.json" --headless --script-file - <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: standard input: is closed"
what="inbox - <&-"; timeout 20 "$BIN" inbox - --dump --store "$WORK/s.sqlite" <&- > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: standard input: is closed"

# Item 2: /dev/zero grew to 12 GB and `yes '['` to 9 GB. A device is refused at once; a pipe stops at the cap.
what="validate - </dev/zero"; timeout 20 "$BIN" validate - < /dev/zero > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; out_has "standard input: error: is /dev/zero, a character device, not a file or a pipe"
what="validate /dev/stdin </dev/null"; timeout 20 "$BIN" validate /dev/stdin < /dev/null > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; out_has "/dev/stdin: error: is /dev/null, a character device, not a file"
what="yes '[' | validate -"
# GNU time reports the peak resident set; without it the status and message are still checked.
if [ -x /usr/bin/time ]; then
  (yes '[' | timeout 60 /usr/bin/time -f '%M' -o "$WORK/rss" "$BIN" validate - > "$WORK/out" 2> "$WORK/err"); got=$?
else
  (yes '[' | timeout 60 "$BIN" validate - > "$WORK/out" 2> "$WORK/err"); got=$?
fi
status 2; out_has "standard input: error: is larger than 64 MB; pushsim reads up to 64 MB"
if [ -s "$WORK/rss" ]; then
  # The cap plus the runtime: far below the 9 GB it took, with room for a busy machine's noise.
  [ "$(tail -1 "$WORK/rss")" -lt 400000 ] || fail "'$what' peaked at $(tail -1 "$WORK/rss") KB"
fi
what="stories - from a pipe"; timeout 20 "$BIN" stories - --headless --script 'wait 1' < "$RES/stories/spring-sale.json" > "$WORK/out" 2> "$WORK/err"; got=$?
status 0
what="stories <(cat file)"; timeout 20 bash -c "\"$BIN\" validate <(cat \"$RES/stories/spring-sale.json\")" > "$WORK/out" 2> "$WORK/err"; got=$?
status 0; out_has "(stories payload (createMessage request), 5 valid pages)"

# Item 8: a FIFO with no writer hung in open(2); devices were "check its permissions".
mkfifo "$WORK/feed.fifo"
for cmd in "inbox $WORK/feed.fifo --dump --store $WORK/s.sqlite" "stories $WORK/feed.fifo --headless" \
           "primer --config $WORK/feed.fifo --headless --store $WORK/s.sqlite" \
           "stories $RES/stories/spring-sale.json --headless --script-file $WORK/feed.fifo" \
           "notify --inbox $WORK/feed.fifo" "prefetch $WORK/feed.fifo --app-group $WORK/group"; do
  what=$cmd; timeout 20 "$BIN" $cmd > "$WORK/out" 2> "$WORK/err"; got=$?
  status 1; one_line "^pushsim: $WORK/feed.fifo: is a named pipe \(FIFO\), not a file; to read from it, pass '-' and redirect it"
done
what="validate FIFO"; timeout 20 "$BIN" validate "$WORK/feed.fifo" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; out_has "$WORK/feed.fifo: error: is a named pipe (FIFO), not a file"
what="inbox /dev/zero"; timeout 20 "$BIN" inbox /dev/zero --dump --store "$WORK/s.sqlite" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: /dev/zero: is a character device, not a file$"
what="inbox FOLDER"; timeout 20 "$BIN" inbox "$WORK" --dump --store "$WORK/s.sqlite" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: $WORK: is a folder, not a file$"
# A FIFO through '-' is what '-' is for: it is read.
what="inbox - < FIFO"
(cat "$RES/inbox/mixed.json" > "$WORK/feed.fifo" &)
timeout 20 "$BIN" inbox - --dump --now 2026-11-23T09:30:00Z --store "$WORK/s.sqlite" < "$WORK/feed.fifo" > "$WORK/out" 2> "$WORK/err"; got=$?
status 0; out_has '"code"'

# Item 10: a 0xFF in a script file or a --json/--script value was decoded to U+FFFD and then reported as "byte
# 0xEF" (the first byte of U+FFFD). The byte is named as itself, with its place.
printf 'wait 1\nnotify {"title":"x", \xff}\n' > "$WORK/steps.txt"
what="inapp --script-file with 0xFF"; timeout 20 "$BIN" inapp --headless --script-file "$WORK/steps.txt" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: $WORK/steps.txt: line 2, column 22: invalid UTF-8 \(byte 0xFF\); save it as UTF-8$"
what="notify --json with 0xFF"; timeout 20 "$BIN" notify --json "$(printf '{"title":"x",\xff}')" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: --json is not UTF-8: byte 0xFF at character 14; pass UTF-8 text$"
what="inapp --script with 0xFF"; timeout 20 "$BIN" inapp --headless --script "$(printf 'notify {"title":"\xff"}')" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: --script is not UTF-8: byte 0xFF at character 18; pass UTF-8 text$"
exit 0
