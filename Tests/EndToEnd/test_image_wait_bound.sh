#!/usr/bin/env bash
# Issue 25 item 9: 20 story pages whose server never answers were tried one after another as each page was shown
# (40 s with --image-timeout 2). The pages after the first are downloaded together once the first is shown, as the
# SDK's prefetch does, so the whole wait is about two timeouts (the first page's, then everyone else's at once).
. "$(dirname "$0")/lib.sh"
export XDG_CACHE_HOME="$WORK/cache"
# A server that accepts connections and never answers.
silent_server "$WORK/port"
port=$(cat "$WORK/port")
python3 - "$port" > "$WORK/story.json" <<'PY'
import json, sys
pages = [{"image": "http://127.0.0.1:%s/p%d.png" % (sys.argv[1], i), "title": "page %d" % i} for i in range(20)]
print(json.dumps({"pw_stories": {"pages": pages}}))
PY
steps="key enter"; for i in $(seq 19); do steps="$steps; tap right"; done
start=$(date +%s.%N)
timeout 60 "$BIN" stories "$WORK/story.json" --headless --image-timeout 1 --script "$steps" --events "$WORK/events" > "$WORK/out" 2> "$WORK/err"
got=$?
took=$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$start" "$(date +%s.%N)")
[ "$got" -eq 0 ] || { cat "$WORK/err" >&2; echo "FAIL: exited $got" >&2; exit 1; }
n=$(grep -c 'timed out after 1 s' "$WORK/events")
[ "$n" -eq 20 ] || { echo "FAIL: $n of 20 pages reported the timeout" >&2; exit 1; }
# Twenty pages one after another took 20 s and more; together, two timeouts and the run itself.
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 10 else 1)" "$took" || { echo "FAIL: the run took $took s" >&2; exit 1; }
