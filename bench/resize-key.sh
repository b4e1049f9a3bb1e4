#!/usr/bin/env bash
# Bench: a key pressed while the picture renders at a new terminal size. A story plays in tmux at 80x24 with 8 colours
# (chafa's slowest mode: 64 work pixels per cell matched in DIN99d); the window grows to about 500x200 and `?` is sent
# at once; the time from sending the key to its help box on screen (tmux's own copy of the screen, polled every 10 ms)
# is what a user waits for it, and the time to the new size's picture on screen is what its render costs. The picture
# at that size takes most of a second to render: on the run loop's thread the key waited for all of it (the two times
# were the same); off it, the key's frame comes while the picture renders (the picture shown before stays, centred,
# until the new size is rendered). Seven sizes (a new render each, from 80x24 each time), the medians judged as a
# ratio, which a busy machine moves less than either time. Usage: bench/resize-key.sh [PATH/TO/pushsim]
set -u
BIN=$(readlink -f "${1:-${BIN:-.build/release/pushsim}}")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$BIN" ] || { echo "resize-key: $BIN is not built (make release)" >&2; exit 1; }
E2E_TIMEOUT=30
. "$ROOT/Tests/EndToEnd/lib.sh"
. "$ROOT/bench/lib/result.sh"
mkdir -p "$WORK/bench"
# One long page, so it plays through every step; aps.category is the one the stories extension claims.
cat > "$WORK/bench/story.json" <<JSON
{"pw_stories": {"pages": [{"image": "file://$ROOT/Resources/images/aurora.jpg", "duration": 600, "title": "Spring sale"}]},
 "aps": {"alert": {"title": "Spring sale", "body": "One page"}, "category": "PW_STORIES"}}
JSON

start 80 24
# The pane's HOME is the test's own folder: the render cache starts empty, so every size is rendered.
run env PUSHSIM_DEBUG_STATS="$WORK/stats" "$BIN" stories "$WORK/bench/story.json" --colors 8
wait_for "Enter or click" || die "the notification did not appear"
keys Enter
wait_for "page 1/1" || die "the story did not start"
pid=$(pushsim_pid) || die "pushsim's pid was not found"

# idle PID: waits (20 s at most) until the process used no CPU over 200 ms (the picture's render has landed and been
# drawn); prints the CPU milliseconds it used meanwhile.
idle() {
  local start last now i
  start=$(cpu_ms_of "$1"); last=$start
  for i in $(seq 100); do
    sleep 0.2
    now=$(cpu_ms_of "$1")
    [ "$now" = "$last" ] && break
    last=$now
  done
  echo $((now - start))
}
idle "$pid" >/dev/null

lat=(); pic=()
for i in $(seq 0 6); do
  # From 80x24 (its picture in the memory cache) to a size not rendered yet: the picture shown before is the small one.
  resize 80 24
  wait_for "page 1/1" || die "the story did not come back at 80x24"
  idle "$pid" >/dev/null
  read -r ms pms < <(python3 - "$SOCK" $((500 - i)) $((200 - i)) <<'PY'
import subprocess, sys, time
sock, w, h = sys.argv[1], sys.argv[2], sys.argv[3]
T = lambda *a: subprocess.run(["tmux", "-S", sock, *a], capture_output=True, text=True).stdout
T("resize-window", "-x", w, "-y", h)
t0 = time.monotonic()
T("send-keys", "?")
key = None
end = t0 + 30
while time.monotonic() < end:
    s = T("capture-pane", "-p")
    now = time.monotonic()
    if key is None and "this help" in s:
        key = now
    # The new size's picture: tens of thousands of half blocks where the 80x24 one had fewer than 2,000.
    if key is not None and s.count("\u2580") + s.count("\u2584") > 10000:
        print(round((key - t0) * 1000, 1), round((now - t0) * 1000, 1))
        sys.exit(0)
    time.sleep(0.01)
print(round(((key or end) - t0) * 1000, 1), "never")
PY
)
  lat+=("$ms"); pic+=("$pms")
  keys "?"
  wait_gone "this help" || die "the help box did not close"
done
keys q q
wait_exit >/dev/null || die "pushsim did not quit"
[ -n "${RESIZE_KEY_STATS:-}" ] && python3 -c "import json; s=json.load(open(\"$WORK/stats\")); print(s[\"inputFrameMs\"], s[\"inputFrameCPUMs\"])"
printf '%s\n' "${pic[@]}" | grep -q never && die "the picture at the new size never came: ${pic[*]}"
med=$(printf '%s\n' "${lat[@]}" | sort -n | sed -n 4p)
pmed=$(printf '%s\n' "${pic[@]}" | sort -n | sed -n 4p)
ratio=$(py "round($med / $pmed, 2)")
echo "resize-key: 80x24 to ~500x200 (8 colours) then ?: key to its help box on screen ${lat[*]} ms (median $med); to the new size's picture ${pic[*]} ms (median $pmed); load average $(cut -d' ' -f1 /proc/loadavg)"
# The key waited for the picture when it was rendered on the run loop's thread (the two times were the same); off it,
# the key's frame comes while the picture renders. Judged as a ratio, so a busy machine slows both alike.
result "a key while the picture renders at a new size (80x24 to ~500x200, 8 colours): key to its frame / to the picture" "${ratio} (${med} / ${pmed} ms)" "< 0.5" "$ratio < 0.5"
exit $((BENCH_MISSES > 0))
