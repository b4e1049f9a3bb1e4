#!/usr/bin/env bash
# An idle pushsim serve does not wake, after tabs came and went: no thread of it switches in 3 s (issue 36: "an idle page
# and server use no CPU, 0 wake-ups, as the terminal"). Two causes once woke it every second: Task.sleep's libdispatch
# timers and GRDB queues freed with each tab's store both start libdispatch's worker pool, whose monitor then fires every
# second for the process's life (apple/swift-corelibs-libdispatch src/event/workqueue.c, _dispatch_workq_init_once).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/clean_env.sh"
. "$HERE/idle.sh"
ROOT=$(cd "$HERE/../.." && pwd)
WORK=$(mktemp -d); trap 'kill -INT $PID 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
"$BIN" serve primer --config "$ROOT/Resources/primer/sheet-bottom.json" --port 0 >"$WORK/url" 2>"$WORK/err" &
PID=$!
for _ in $(seq 300); do grep -q '^serving ' "$WORK/url" && break; sleep 0.1; done
url=$(sed -n 's/^serving //p' "$WORK/url")
[ -n "$url" ] || { echo "FAIL test_serve_idle: serve printed no URL: $(cat "$WORK/err")"; exit 1; }
authority=${url#http://}; authority=${authority%%/*}; token=${url##*token=}
# Three tabs, one after another: each run draws, sleeps to its deadlines and is dropped with its store.
python3 - "$authority" "$token" <<'PY' || { echo "FAIL test_serve_idle: a tab could not be opened"; exit 1; }
import base64, os, socket, sys, time
authority, token = sys.argv[1:]
host, port = authority.rsplit(":", 1)
for _ in range(3):
    s = socket.create_connection((host, int(port)))
    s.sendall(("GET /ws?token=%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
               "Sec-WebSocket-Version: 13\r\nOrigin: http://%s\r\n\r\n" % (token, authority, base64.b64encode(os.urandom(16)).decode(), authority)).encode())
    s.settimeout(5)
    if b" 101 " not in s.recv(1 << 16).split(b"\r\n", 1)[0]: sys.exit(1)
    time.sleep(2)
    s.close()
PY
# A closing tab's 2 s of patience, and idle worker threads leaving, are over before the count starts.
sleep 6
n=$(idle_switches "$PID" 3)
if [ "$n" -ne 0 ]; then
  for t in /proc/"$PID"/task/*; do echo "  thread $(cat "$t/comm"): $(awk '/ctxt_switches/ {s += $2} END {print s}' "$t/status") switches so far"; done
  echo "FAIL test_serve_idle: an idle server with no tab switched $n times in 3 s (want 0)"; exit 1
fi
kill -INT "$PID"; wait "$PID"; status=$?
[ "$status" -eq 0 ] || { echo "FAIL test_serve_idle: Ctrl-C ended serve with status $status"; exit 1; }
echo "PASS test_serve_idle"
