#!/usr/bin/env bash
# Before the SDK (issue 22): the push a new user tried — category "STORIES", an http: page image, no
# mutable-content and a 5,000-byte body — is refused by APNs, and with a smaller body iOS expands it with its own
# view. The terminal, `snapshot stories` and `validate` all say so; a headless run still exits 0. Attachments that
# are a folder, a FIFO or 2 GB over http (a loopback server) cost one line each and no wait.
. "$(dirname "$0")/lib.sh"
export XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache" XDG_RUNTIME_DIR="$WORK/run"
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

python3 - "$WORK" <<'PY'
import json, sys
w = sys.argv[1]
def push(body, category="STORIES", extra=None, mutable=False):
    aps = {"alert": {"title": "Spring sale", "body": body}, "category": category}
    if mutable: aps["mutable-content"] = 1
    d = {"aps": aps, "pw_stories": {"pages": [{"image": "http://cdn.example.com/look1.jpg", "duration": 3},
                                               {"image": "file:look2.jpg", "duration": 3}]}}
    d.update(extra or {})
    json.dump(d, open(f"{w}/{'big' if len(body) > 4000 else 'small'}{'-' + category if category != 'STORIES' else ''}.json", "w"))
push("x" * 5000)
push("Five looks, one week only. Tap to see them.")
push("Five looks, one week only. Tap to see them.", category="PW_STORIES")
for name, url in [("folder", "file:folder.jpg"), ("fifo", "file:pipe.jpg"), ("huge", "http://127.0.0.1:PORT/huge.jpg")]:
    d = {"aps": {"alert": {"title": "T", "body": "B"}, "category": "PW_STORIES", "mutable-content": 1},
         "attachment": url, "pw_stories": {"pages": [{"image": "file:look2.jpg"}]}}
    json.dump(d, open(f"{w}/attach-{name}.json", "w"))
PY

# 1. APNs refuses the big one: an apns_rejected event with the bytes, nothing else, and exit 0.
timeout 20 "$BIN" stories "$WORK/big.json" --headless --size 60x24 --colors mono --events "$WORK/ev" --frames "$WORK/frames" 2>/dev/null \
  || fail "a refused push exited $?"
grep -q '"event":"apns_rejected","bytes":5[0-9]\{3\},"limit":4096,"reason":"the payload is 5[0-9]\{3\} bytes' "$WORK/ev" || fail "no apns_rejected: $(cat "$WORK/ev")"
grep -Eq '"event":"(start|notification|show)"' "$WORK/ev" && fail "something happened after APNs refused: $(cat "$WORK/ev")"
grep -q 'no notification' "$WORK/frames" || fail "the screen does not show that nothing arrived: $(cat "$WORK/frames")"
"$BIN" validate "$WORK/big.json" > "$WORK/out" 2>&1; [ $? -eq 1 ] || fail "validate of the big push did not exit 1: $(cat "$WORK/out")"
grep -q 'error: the payload is 5[0-9]\{3\} bytes as APNs counts them' "$WORK/out" || fail "validate: $(cat "$WORK/out")"

# 2. The smaller one arrives, but no content extension claims STORIES: iOS's own expanded view, never the story.
timeout 20 "$BIN" stories "$WORK/small.json" --headless --events "$WORK/ev2" --script "wait 4" 2>/dev/null || fail "small run exited $?"
for e in '"event":"service_extension","ran":false' '"event":"notification","title":"Spring sale"' '"event":"default_expanded","reason":"aps.category \\"STORIES\\"'; do
  grep -q "$e" "$WORK/ev2" || fail "missing $e in: $(cat "$WORK/ev2")"
done
grep -q '"event":"start"' "$WORK/ev2" && fail "the story played: $(cat "$WORK/ev2")"
"$BIN" validate "$WORK/small.json" > "$WORK/out" 2>&1; [ $? -eq 1 ] || fail "validate of the small push did not exit 1"
grep -q 'error: aps.category: "STORIES" matches no content extension category (PW_STORIES)' "$WORK/out" || fail "validate: $(cat "$WORK/out")"
grep -q 'warning: aps\["mutable-content"\]: is not set' "$WORK/out" || fail "no mutable-content warning: $(cat "$WORK/out")"
grep -q 'warning: pw_stories.pages\[0\].image: "http://cdn.example.com/look1.jpg" is refused by App Transport Security' "$WORK/out" \
  || fail "no ATS warning: $(cat "$WORK/out")"
"$BIN" validate --extension-category STORIES --allow-http "$WORK/small.json" > "$WORK/out" 2>&1
grep -q 'aps.category' "$WORK/out" && fail "--extension-category STORIES did not claim it: $(cat "$WORK/out")"
"$BIN" snapshot stories "$WORK/small.json" -o "$WORK/small.png" --events "$WORK/ev3" 2>/dev/null || fail "snapshot exited $?"
[ -s "$WORK/small.png" ] && grep -q '"event":"default_expanded"' "$WORK/ev3" || fail "snapshot did not draw iOS's view"

# 3. With the right category it plays, and App Transport Security blocks the http: page once, naming its path.
timeout 20 "$BIN" stories "$WORK/small-PW_STORIES.json" --headless --events "$WORK/ev4" --script "wait 4; tap left; wait 1" 2>/dev/null
[ "$(grep -c '"event":"ats_blocked","url":"http://cdn.example.com/look1.jpg","path":"pw_stories.pages\[0\].image"' "$WORK/ev4")" -eq 1 ] \
  || fail "ats_blocked not exactly once: $(cat "$WORK/ev4")"

# 4. In the terminal: the collapsed notification first, then Enter shows iOS's view and says why.
start 70 24
run "$BIN" stories "$WORK/small.json"
wait_for 'Enter or click to expand' || die "no collapsed notification"
keys Enter
wait_for 'the story never plays' || die "no reason on iOS's expanded view"
keys q
expect_exit 0

# 5. Attachments iOS cannot take: one line each, quickly, whatever they are.
mkdir "$WORK/folder.jpg"; mkfifo "$WORK/pipe.jpg"
python3 - "$WORK/port" <<'PY' &
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(2 * 1024 ** 3)); self.end_headers()
        try:
            while True: self.wfile.write(b"\xff" * 65536)
        except Exception: pass
    def log_message(self, *a): pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
open(sys.argv[1], "w").write(str(s.server_address[1])); s.serve_forever()
PY
SERVER=$!
trap 'kill $SERVER 2>/dev/null; cleanup' EXIT
wait_until test -s "$WORK/port" || fail "the loopback server did not start"
sed -i "s/PORT/$(cat "$WORK/port")/" "$WORK/attach-huge.json"
for name in folder fifo huge; do
  start_s=$(date +%s)
  timeout 20 "$BIN" stories "$WORK/attach-$name.json" --headless --allow-http --events "$WORK/ev-$name" 2>/dev/null || fail "$name: exit $?"
  [ $(( $(date +%s) - start_s )) -le 12 ] || fail "$name took too long"
  [ "$(grep -c 'cannot be attached' "$WORK/ev-$name")" -eq 1 ] || fail "$name: not one line: $(cat "$WORK/ev-$name")"
  grep -q '"thumbnail":null' "$WORK/ev-$name" || fail "$name became a thumbnail"
done
grep -q 'is a folder' "$WORK/ev-folder" && grep -q 'is a FIFO' "$WORK/ev-fifo" || fail "folder/FIFO not named"
# 6. One default phone (iphone-15, 393 pt): a body of 174 characters fits its four lines but not an iphone-14's
# (390 pt). The terminal, snapshot and validate cut it alike at the default, and alike on --device iphone-14.
python3 -c "
import json
body = ('abcdefghij' * 20)[:174]
json.dump({'aps': {'alert': {'title': 'Sale', 'body': body}, 'category': 'PW_STORIES', 'mutable-content': 1},
           'pw_stories': {'pages': [{'image': 'file:look2.jpg'}]}}, open('$WORK/cut.json', 'w'))"
cut_of() { grep -o '"event":"notification".*' "$1" | grep -o '"truncated":\[[^]]*\]'; }
for dev in "" iphone-14; do
  want='"truncated":[]'; [ -n "$dev" ] && want='"truncated":["body"]'
  timeout 20 "$BIN" stories "$WORK/cut.json" --headless ${dev:+--device $dev} --events "$WORK/cut-t.ev" 2>/dev/null || fail "stories $dev exited $?"
  timeout 20 "$BIN" snapshot stories "$WORK/cut.json" --collapsed --scale 1 ${dev:+--device $dev} --events "$WORK/cut-s.ev" -o "$WORK/cut.png" 2>/dev/null \
    || fail "snapshot $dev exited $?"
  [ "$(cut_of "$WORK/cut-t.ev")" = "$want" ] || fail "terminal ${dev:-default}: $(cut_of "$WORK/cut-t.ev"), want $want"
  [ "$(cut_of "$WORK/cut-s.ev")" = "$want" ] || fail "snapshot ${dev:-default}: $(cut_of "$WORK/cut-s.ev"), want $want"
  "$BIN" validate "$WORK/cut.json" ${dev:+--device $dev} > "$WORK/out" 2>&1
  if [ -n "$dev" ]; then grep -q 'cut on iphone-14 (390 pt wide): 4 lines show 171 of its 174 characters' "$WORK/out" || fail "validate: $(cat "$WORK/out")"
  else grep -q 'cut on' "$WORK/out" && fail "validate cut at the default: $(cat "$WORK/out")"; fi
done
echo "ok test_delivery"
