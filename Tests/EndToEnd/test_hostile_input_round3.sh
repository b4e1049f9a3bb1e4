#!/usr/bin/env bash
# Issue 38 on the built binary, outside tmux: a full disk never costs a store (item 1), no output overwrites an input
# or another output (2), a feed rewritten while read never ends in SIGBUS (3), huge numbers never trap (4), a
# recording leaves no partial file and refuses read-only targets and a closed standard output (8), and the small
# ones (9). Every run is under `timeout` (status 124 means it hung).
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
export XDG_RUNTIME_DIR="$WORK/run" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache" LANG=C
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
STORY="$RES/stories/spring-sale.json"
FEED="$RES/inbox/mixed.json"

fail() { echo "FAIL: $*" >&2; echo "--- stdout ---" >&2; head -c 2000 "$WORK/out" >&2; echo "--- stderr ---" >&2; head -c 2000 "$WORK/err" >&2; exit 1; }
status() { [ "$got" -eq "$1" ] || fail "'$what' exited $got, expected $1"; }
one_line() {
  [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "'$what': expected one line on stderr"
  grep -Eq -- "$1" "$WORK/err" || fail "'$what': stderr does not match: $1"
}
no_trap() { grep -q "Fatal error\|Backtrace\|Stack dump" "$WORK/err" && fail "'$what' crashed"; return 0; }

# Item 1: a full disk moved the good store aside as .corrupt-<time> and left an empty one. A 1 MB tmpfs, filled.
DISK="$WORK/disk"; mkdir -p "$DISK"
if mount -t tmpfs -o size=1m tmpfs "$DISK" 2>/dev/null; then
  trap 'umount "$DISK" 2>/dev/null; cleanup' EXIT
  timeout 20 "$BIN" inbox "$FEED" --store "$DISK/s.sqlite" --dump > /dev/null 2> "$WORK/err" || fail "the store could not be made"
  timeout 20 "$BIN" inbox "$FEED" --store "$DISK/s.sqlite" --headless --script "down; select; wait 1" > /dev/null 2>&1
  timeout 20 "$BIN" inbox "$FEED" --store "$DISK/s.sqlite" --dump > "$WORK/dump.before" 2>/dev/null
  cp "$DISK/s.sqlite" "$WORK/store.before"
  dd if=/dev/zero of="$DISK/fill" bs=4k 2>/dev/null
  what="inbox --dump on a full disk"; timeout 20 "$BIN" inbox "$FEED" --store "$DISK/s.sqlite" --dump > "$WORK/out" 2> "$WORK/err"; got=$?
  no_trap
  if [ "$got" -ne 0 ]; then
    status 1; one_line "^pushsim: $DISK/s.sqlite: cannot open the store: the disk is full; the store was left as it was"
    grep -qi "pragma\|sqlite error\|executing" "$WORK/err" && fail "'$what': SQL in the message"
  fi
  ls "$DISK" | grep -q corrupt && fail "'$what': the store was moved aside"
  cmp -s "$DISK/s.sqlite" "$WORK/store.before" || fail "'$what': the store changed"
  rm -f "$DISK/fill"
  what="the same read with space again"; timeout 20 "$BIN" inbox "$FEED" --store "$DISK/s.sqlite" --dump > "$WORK/out" 2> "$WORK/err"; got=$?
  status 0; cmp -s "$WORK/out" "$WORK/dump.before" || fail "'$what': the statuses the user made were lost"
  umount "$DISK"; trap cleanup EXIT
else
  echo "SKIP item 1 (full disk): cannot mount a tmpfs here"
fi
# Only checked corruption moves a store aside, and pushsim says where.
head -c 4096 /dev/urandom > "$WORK/bad.sqlite"
what="a damaged store"; timeout 20 "$BIN" inbox "$FEED" --store "$WORK/bad.sqlite" --dump > "$WORK/out" 2> "$WORK/err"; got=$?
status 0; grep -q "was moved to $WORK/bad.sqlite.corrupt-" "$WORK/err" || fail "'$what': no word of where it went"

# Item 2: an output over an input (or another output) is refused by identity, before anything is written.
cp "$STORY" "$WORK/same.json"; cp "$STORY" "$WORK/same.before"; ln -s same.json "$WORK/link.json"
what="stories --events over the payload"; timeout 20 "$BIN" stories "$WORK/same.json" --headless --events "$WORK/link.json" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: --events $WORK/link.json is the same file as FILE $WORK/same.json, which this run reads"
cmp -s "$WORK/same.json" "$WORK/same.before" || fail "'$what': the payload changed"
cp "$FEED" "$WORK/feed.json"
what="inbox --frames over the feed"; timeout 20 "$BIN" inbox "$WORK/feed.json" --headless --frames "$WORK/./feed.json" --store "$WORK/s2.sqlite" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: --frames $WORK/./feed.json is the same file as FILE $WORK/feed.json"
# (--report must end in .json or .md: a link of that name to the picture is the same file.)
ln -s x.png "$WORK/r.json"
what="snapshot -o and --report one file"; timeout 60 "$BIN" snapshot stories "$STORY" --matrix appearance=light,dark -o "$WORK/x.png" --report "$WORK/r.json" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: -o $WORK/x.png and --report $WORK/r.json are the same file"
[ -e "$WORK/x.png" ] && fail "'$what': something was written"
what="--events over the store"; timeout 20 "$BIN" inbox "$FEED" --headless --store "$WORK/s2.sqlite" --events "$WORK/s2.sqlite" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "is the same file as --store"

# Item 3: a feed rewritten in place while it is read (it was mapped: "Bus error", status 135) — never a signal.
python3 - "$WORK/big.json" <<'PY'
import json, sys
msgs = [{"inbox_id": "m%d" % i, "order": str(i), "send_date": 1795161600, "rt": 4102444800, "title": "Title %d" % i,
         "text": "Body of message %d " % i + "x" * 200, "action_type": 0, "status": 1, "hash": "h%d" % i} for i in range(20000)]
open(sys.argv[1], "w").write(json.dumps({"status_code": 200, "status_message": "OK", "response": {"messages": msgs}}))
PY
cp "$WORK/big.json" "$WORK/big.full"
python3 - "$WORK/big.json" "$WORK/big.full" <<'PY' &
import sys, time
full = open(sys.argv[2], "rb").read()
end = time.time() + 30
while time.time() < end:
    with open(sys.argv[1], "r+b") as f:  # in place: truncated, then written again
        f.truncate(0); f.flush(); time.sleep(0.002); f.write(full[: len(full) // 3]); f.flush(); time.sleep(0.002); f.write(full[len(full) // 3:])
PY
writer=$!
for i in $(seq 12); do
  what="inbox --dump of a feed rewritten meanwhile ($i)"
  timeout 30 "$BIN" inbox "$WORK/big.json" --store "$WORK/s3.sqlite" --dump > /dev/null 2> "$WORK/err"; got=$?
  [ "$got" -ge 128 ] && fail "'$what' died of signal $((got - 128))"
  no_trap
  [ "$got" -eq 0 ] || [ "$got" -eq 1 ] || fail "'$what' exited $got"
done
kill $writer 2>/dev/null; wait $writer 2>/dev/null

# Item 4: numbers past Int's range trapped in a conversion; record's estimate and its standard output too.
what="primer --min-interval 1e308"; timeout 20 "$BIN" primer --headless --store "$WORK/p.sqlite" --min-interval 1e308 --script "present; wait 1; advance 1e308; present; wait 1" --frames "$WORK/frames.txt" > "$WORK/out" 2> "$WORK/err"; got=$?
no_trap; status 0
what="record wait 1e300"; timeout 20 "$BIN" record stories "$STORY" --script "wait 1e300" --scale 1 -o "$WORK/long.webp" > "$WORK/out" 2> "$WORK/err"; got=$?
no_trap; status 2; one_line "over --max-seconds 600; shorten its waits or raise --max-seconds$"
what="record wait 1e9"; timeout 20 "$BIN" record stories "$STORY" --script "wait 1e9" --scale 1 -o "$WORK/long.webp" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; one_line "^pushsim: the script records 1000000001 s, over --max-seconds 600"
what="record -o - > /dev/full"; timeout 60 "$BIN" record stories "$STORY" --script "wait 0.2" --tail 0 --fps 5 --scale 1 -o - > /dev/full 2> "$WORK/err"; got=$?
no_trap; status 1; one_line "standard output: cannot be written \(the disk is full\)"

# Item 8: closed standard output, read-only targets, escaped names, and no partial file left.
what="record -o - >&-"; timeout 60 "$BIN" record stories "$STORY" --script "wait 0.2" --tail 0 --fps 5 --scale 1 -o - >&- 2> "$WORK/err"; got=$?
status 1; one_line "standard output is closed"
what="inbox --dump >&-"; timeout 20 "$BIN" inbox "$FEED" --store "$WORK/s4.sqlite" --dump >&- 2> "$WORK/err"; got=$?
status 1; one_line "standard output is closed"
what="snapshot -o - >&-"; timeout 60 "$BIN" snapshot stories "$STORY" -o - >&- 2> "$WORK/err"; got=$?
status 1; one_line "standard output is closed"
echo keep > "$WORK/ro.webp"; chmod 444 "$WORK/ro.webp"
what="record over a read-only file"; timeout 60 "$BIN" record stories "$STORY" --script "wait 0.2" --tail 0 --fps 5 --scale 1 -o "$WORK/ro.webp" > "$WORK/out" 2> "$WORK/err"; got=$?
status 1; one_line "ro.webp is read-only, so it was left as it is"
[ "$(cat "$WORK/ro.webp")" = keep ] || fail "'$what': the file was replaced"
mkdir -p "$WORK/esc"
what="record to an escaping name"; timeout 60 "$BIN" record stories "$STORY" --script "wait 0.2" --tail 0 --fps 5 --scale 1 -o "$WORK/esc/x"$'\e[31m'".webp" > "$WORK/out" 2> "$WORK/err"; got=$?
status 0; grep -q $'\e' "$WORK/err" && fail "'$what': the escape reached standard error"
grep -qF 'x\e[31m.webp' "$WORK/err" || fail "'$what': the name is not shown escaped"
mkdir -p "$WORK/rec"
timeout 60 "$BIN" record stories "$STORY" --script "wait 60" --fps 30 --scale 1 -o "$WORK/rec/long.webp" > /dev/null 2> "$WORK/err" &
rec=$!
has_files() { [ -n "$(ls -A "$1")" ]; }
wait_until has_files "$WORK/rec" || fail "the recording did not start"
# (SIGTERM: a background job of a script starts with SIGINT ignored.)
kill -TERM $rec; wait $rec 2>/dev/null
what="an interrupted record"; [ -z "$(ls -A "$WORK/rec")" ] || fail "'$what' left $(ls -A "$WORK/rec")"

# Item 9: a negative value, a huge value echoed, and a foreign listener's endless answer.
what="record --tail -1"; timeout 20 "$BIN" record stories "$STORY" --tail -1 > "$WORK/out" 2> "$WORK/err"; got=$?
status 64; grep -q "^Error: --tail must be seconds from 0 to 3600 (got -1.0)$" "$WORK/err" || fail "'$what': $(head -1 "$WORK/err")"
what="a 100 KB --sdk"; timeout 20 "$BIN" stories "$STORY" --headless --sdk "$(head -c 100000 /dev/zero | tr '\0' 9)" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; [ "$(wc -c < "$WORK/err")" -lt 1000 ] || fail "'$what': the value was echoed whole"
what="a 100 KB --language"; timeout 20 "$BIN" stories "$STORY" --headless --language "$(head -c 100000 /dev/zero | tr '\0' 1)" > "$WORK/out" 2> "$WORK/err"; got=$?
[ "$(wc -c < "$WORK/err")" -lt 1000 ] || fail "'$what': the value was echoed whole"
python3 - "$WORK/flood.sock" <<'PY' &
import socket, sys
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1)
c, _ = s.accept(); c.recv(65536)
try: c.sendall(b"ok " + b"x" * (4 << 20) + b"\n")
except OSError: pass
c.close()
PY
listener=$!
wait_until test -S "$WORK/flood.sock" || fail "the fake listener did not start"
what="notify to a listener answering 4 MB"; timeout 20 "$BIN" notify --socket "$WORK/flood.sock" --title hi > "$WORK/out" 2> "$WORK/err"; got=$?
kill $listener 2>/dev/null; wait $listener 2>/dev/null
status 1; one_line "answered more than 64 KB without ending the line"; [ -s "$WORK/out" ] && fail "'$what' printed the answer"
what="snapshot primer --matrix language"; timeout 60 "$BIN" snapshot primer --matrix appearance=light,dark --matrix "language=de,x y" -o "$WORK/m.png" > "$WORK/out" 2> "$WORK/err"; got=$?
status 2; [ -e "$WORK/m.png" ] && fail "'$what': a sheet was drawn"
exit 0
