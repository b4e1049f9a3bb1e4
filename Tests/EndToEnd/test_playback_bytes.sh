#!/usr/bin/env bash
# Bytes sent per changed cell while a story plays (issue 14): through the recorder, in each colour mode, at most twice
# the floor of a cursor move plus the glyph (bench/terminal.sh measures the same way over 8 s), and no colour is set
# for a progress-bar step. Bytes, not timing: the result does not depend on how busy the machine is.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cat > "$WORK/long.json" <<JSON
{"pw_stories": {"pages": [{"image": "file://$ROOT/Resources/images/aurora.jpg", "duration": 60, "title": "Spring sale"}]},
 "aps": {"alert": {"title": "Spring sale is on", "body": "One long page."}, "category": "PW_STORIES"}}
JSON
start 80 24
# 256 colours (tmux's TERM), truecolor announced (drawn in 256 colours), 8 colours, and NO_COLOR.
for mode in "PUSHSIM_COLORS=256" "COLORTERM=truecolor" "PUSHSIM_COLORS=8" "NO_COLOR=1"; do
  rm -f "$WORK/stats" "$WORK/play.cast"
  run env "$mode" XDG_CACHE_HOME="$WORK/cache" PUSHSIM_DEBUG_STATS="$WORK/stats" "$BIN" stories "$WORK/long.json" --record "$WORK/play.cast"
  wait_for "Enter or click" || die "$mode: the notification did not appear"
  keys Enter
  wait_for "page 1/1" || die "$mode: the story did not start playing"
  sleep 3.5
  keys q q
  expect_exit 0
  # The window: from 1 s after the story started (its first paint and the picture left out) to just before the
  # dismiss frame; bytes from the recording's chunks, changed cells and the floor from the stats' frame log.
  python3 - "$WORK/stats" "$WORK/play.cast" "$mode" <<'PY' || die "$mode: too many bytes per changed cell"
import json, sys
frames = json.load(open(sys.argv[1]))["frameLog"]
chunks = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8").read().splitlines()[1:]]
begin, end = frames[-1][0] - 2.3, frames[-1][0] - 0.05
inside = [f for f in frames if begin <= f[0] < end]
written = sum(len(c[2].encode()) for c in chunks if c[1] == "o" and begin <= c[0] < end)
cells, bare = sum(f[1] for f in inside), sum(f[2] for f in inside)
text = "".join(c[2] for c in chunks if c[1] == "o" and begin <= c[0] < end)
print(f"{sys.argv[3]}: {written} B for {cells} changed cells in {len(inside)} frames, floor {bare} B: {written / max(1, bare):.2f}x")
assert len(inside) >= 12, "too few bar steps in the window (the story did not play?)"
assert written <= 2 * bare, "more than twice a cursor move plus the glyph"
# A bar step is one cell whose colours are what ncurses resets to, so it sends no colour; only a step that shares
# its update with the status line's seconds (at most one a second) may carry that line's colours.
steps = [c[2] for c in chunks if c[1] == "o" and begin <= c[0] < end and any(b in c[2] for b in "▏▎▍▌▋▊▉█")]
coloured = [s for s in steps if "\x1b[3" in s or "\x1b[4" in s]
assert len(steps) >= 12 and len(coloured) <= 3, f"bar steps set colours: {coloured[:3]!r}"
PY
done
echo "ok"
