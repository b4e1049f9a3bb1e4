#!/usr/bin/env bash
# Issue 25 on the built binary, outside tmux: every write failure is one sentence and a non-zero status with nothing
# half-written left (item 1), local images have the download's cap (4), paths under a file and symbolic-link loops
# are named in pushsim's words (6, 8), control characters in names and values are escaped (7), and a negative
# --duration says what is wrong (9). Every run is under `timeout` (status 124 means it hung).
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
export XDG_RUNTIME_DIR="$WORK/run" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache" LANG=C
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
STORY="$RES/stories/spring-sale.json"

fail() { echo "FAIL: $*" >&2; echo "--- stdout ---" >&2; cat "$WORK/out" >&2; echo "--- stderr ---" >&2; cat "$WORK/err" >&2; exit 1; }
status() { [ "$got" -eq "$1" ] || fail "'$what' exited $got, expected $1"; }
one_line() {
  [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "'$what': expected one line on stderr"
  grep -Eq -- "$1" "$WORK/err" || fail "'$what': stderr does not match: $1"
}
no_trap() { grep -q "Fatal error\|Backtrace\|Stack dump" "$WORK/err" && fail "'$what' crashed"; return 0; }

# Item 1: writes to a full disk (/dev/full) trapped in FileHandle.write (SIGILL, status 132) or were silently lost.
what="validate > /dev/full"; timeout 20 "$BIN" validate "$STORY" > /dev/full 2> "$WORK/err"; got=$?
: > "$WORK/out"; status 1; no_trap; one_line "^pushsim: standard output: cannot be written \(the disk is full\)$"
what="--events /dev/full"; timeout 20 "$BIN" stories "$STORY" --headless --events /dev/full > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; no_trap; one_line "^pushsim: /dev/full: cannot be written \(the disk is full\)$"
what="inbox --dump > /dev/full"; timeout 20 "$BIN" inbox "$RES/inbox/mixed.json" --dump --store "$WORK/s.sqlite" > /dev/full 2> "$WORK/err"; got=$?
status 1; no_trap; one_line "^pushsim: standard output: cannot be written \(the disk is full\)$"
what="snapshot -o /dev/full"; timeout 60 "$BIN" snapshot stories "$STORY" -o /dev/full > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; no_trap; grep -q "^pushsim: /dev/full: the picture could not be written (the disk is full)$" "$WORK/err" || fail "'$what': no sentence"
what="primer walkthrough --report /dev/full"; timeout 60 "$BIN" primer walkthrough --headless --report /dev/full > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; no_trap; one_line "^pushsim: /dev/full: cannot be written \(the disk is full\)$"
what="--help > /dev/full"; timeout 20 "$BIN" --help > /dev/full 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: standard output: cannot be written"
# (--record /dev/full needs a terminal: test_record_full.sh.)

# Item 4: a 1x1 PNG followed by 600 MB of zeros took 647 MB and was called "truncated". Refused from its size now.
python3 - "$WORK/big.png" <<'PY'
import struct, sys, zlib
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(b'\x00\xff\x00\x00\xff')) + chunk(b'IEND', b'')
open(sys.argv[1], 'wb').write(png)
PY
cp "$WORK/big.png" "$WORK/trailing.png"
truncate -s 600M "$WORK/big.png"; truncate -s 2M "$WORK/trailing.png"
for f in big trailing; do
  printf '{"pw_stories":{"pages":[{"image":"file:%s.png","title":"t"}]}}' "$f" > "$WORK/$f.json"
done
what="a 600 MB file: image"; /usr/bin/time -f "%M" -o "$WORK/rss" timeout 60 "$BIN" stories "$WORK/big.json" --headless --events - > "$WORK/out" 2> "$WORK/err"; got=$?
status 0; grep -q "too large: $WORK/big.png is 600 MB, over the 20 MB limit for an image (--image-max-mb)" "$WORK/out" || fail "'$what': no size refusal"
[ "$(cat "$WORK/rss")" -lt 200000 ] || fail "'$what': peak RSS $(cat "$WORK/rss") KB"
what="zeros after IEND"; timeout 60 "$BIN" stories "$WORK/trailing.json" --headless --events - > "$WORK/out" 2> "$WORK/err"; got=$?
status 0; grep -q "truncated" "$WORK/out" && fail "'$what': a complete PNG with bytes after IEND was called truncated"
"$BIN" stories --help | tr -s ' \n' ' ' | grep -q "Largest image in MB, downloaded or a local file" || fail "--help does not state the cap for local files"

# Items 6 and 8: Foundation's "The operation could not be completed" and a loop called "read-only".
echo '{}' > "$WORK/feed.json"
what="--store under a file"; timeout 20 "$BIN" primer --headless --store "$WORK/feed.json/x.sqlite" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: $WORK/feed.json/x.sqlite: cannot create the folder $WORK/feed.json: $WORK/feed.json is a file, not a folder"
what="XDG_DATA_HOME a file"; XDG_DATA_HOME="$WORK/feed.json" timeout 20 "$BIN" primer --headless > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "$WORK/feed.json is a file, not a folder; pass --store with another path \(or set XDG_DATA_HOME to a folder\)$"
grep -q "operation could not be completed" "$WORK/err" && fail "Foundation's words"
ln -s "$WORK/b.sqlite" "$WORK/a.sqlite"; ln -s "$WORK/a.sqlite" "$WORK/b.sqlite"
what="a store that is a link loop"; timeout 20 "$BIN" primer --headless --store "$WORK/a.sqlite" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "^pushsim: --store $WORK/a.sqlite is a loop of symbolic links \($WORK/a.sqlite → $WORK/b.sqlite → $WORK/a.sqlite\)"
grep -q "read-only" "$WORK/err" && fail "a link loop is still called read-only"

# Item 7: a file name with an OSC sequence set the terminal's title; it is escaped now, on stdout and stderr.
mkdir -p "$WORK/in"; cp "$STORY" "$WORK/in/esc"$'\e]0;PWNED\a'".json"
what="validate an escaping name"; timeout 20 "$BIN" validate "$WORK/in/"* > "$WORK/out" 2> "$WORK/err"; got=$?
grep -q $'\e\|\a' "$WORK/out" && fail "'$what': a control character reached standard output"
grep -qF 'esc\e]0;PWNED\a.json' "$WORK/out" || fail "'$what': the name is not shown escaped"
what="stories a missing escaping name"; timeout 20 "$BIN" stories "$WORK/nope"$'\e[2J' --headless > "$WORK/out" 2> "$WORK/err"; got=$?
grep -q $'\e' "$WORK/err" && fail "'$what': a control character reached standard error"
what="an escaping option value"; timeout 20 "$BIN" notify --duration $'\e]0;x\a' > "$WORK/out" 2> "$WORK/err"; got=$?
status 64; grep -q $'\e\|\a' "$WORK/err" && fail "'$what': the parser's message carried the control characters"

# A listener's answer after `ok ` was printed as it came.
python3 - "$WORK/evil.sock" <<'PY' &
import os, socket, sys
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1)
c, _ = s.accept(); c.recv(65536); c.sendall(b"ok b1\x1b]0;PWNED\x07\n"); c.close()
PY
listener=$!
wait_until test -S "$WORK/evil.sock" || fail "the fake listener did not start"
what="notify to a listener answering escapes"; timeout 20 "$BIN" notify --socket "$WORK/evil.sock" --title hi > "$WORK/out" 2> "$WORK/err"; got=$?
wait $listener 2>/dev/null
status 0; grep -q $'\e\|\a' "$WORK/out" && fail "'$what': the answer's control characters reached standard output"
grep -qF 'ok b1\e]0;PWNED\a' "$WORK/out" || fail "'$what': the answer is not shown escaped"

# Item 9: `notify --duration -3` said "Missing value".
what="notify --duration -3"; timeout 20 "$BIN" notify --duration -3 > "$WORK/out" 2> "$WORK/err"; got=$?
status 64; grep -q "^Error: --duration must be a number of seconds above 0 (got -3)$" "$WORK/err" || fail "'$what': $(head -1 "$WORK/err")"
exit 0
