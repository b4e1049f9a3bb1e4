#!/usr/bin/env bash
# Real pixels in real terminals: pushsim in xterm -ti vt340 (sixel) and kitty under Xvfb. --pixels auto must pick
# the protocol, the story picture must match the source image aspect-filled into the cells the layout gave
# (SSIM >= 0.9), the text cells over and around it must be drawn exactly as without pixels, the picture must be
# sent once (not per frame) and made while the notification was collapsed (which then does not wake), and pushsim
# must exit cleanly. Skips with one line where Xvfb cannot start.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=$(cd "$(dirname "$0")" && pwd)
SHOT="python3 $HERE/screenshot.py"
. "$HERE/idle.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-pixels.XXXXXX")
XVFB_PID=
cleanup() {
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
die() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 0; }

for tool in Xvfb xterm xwd xdotool djpeg python3; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (make deps installs it)"
done
python3 -c 'import numpy' 2>/dev/null || skip "python3 has no numpy"

# A private X server on a free display number.
Xvfb -displayfd 5 -screen 0 800x600x24 -nolisten tcp 5>"$WORK/display" 2>"$WORK/xvfb.log" &
XVFB_PID=$!
for _ in $(seq 50); do [ -s "$WORK/display" ] && break; kill -0 $XVFB_PID 2>/dev/null || break; sleep 0.1; done
[ -s "$WORK/display" ] || skip "Xvfb cannot start here ($(head -c 200 "$WORK/xvfb.log" | tr '\n' ' '))"
export DISPLAY=":$(head -1 "$WORK/display")"

COLS=80 ROWS=30
cp "$HERE/../../Resources/images/aurora.jpg" "$WORK/aurora.jpg"
djpeg -pnm "$WORK/aurora.jpg" > "$WORK/aurora.ppm" || die "djpeg could not decode the source image"
cat > "$WORK/story.json" <<'JSON'
{"pw_stories": {"pages": [{"image": "file:aurora.jpg", "duration": 60, "title": "Spring sale",
 "subtitle": "Up to 40 % off the new collection."}]}}
JSON

# Where the layout puts the story, from the same screen drawn headless: the picture's cells are half blocks.
"$BIN" stories --headless --size ${COLS}x${ROWS} --script expand --frames - "$WORK/story.json" 2>/dev/null | tail -n $ROWS > "$WORK/frame.txt"
read -r SX SY SW SH TITLE_ROW TITLE_COL < <(python3 - "$WORK/frame.txt" <<'PY'
import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
cells = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "▀"]
x0, x1 = min(c[0] for c in cells), max(c[0] for c in cells)
y0, y1 = min(c[1] for c in cells) - 1, max(c[1] for c in cells)   # row y0 is the progress bar over the picture
ty = next(y for y, r in enumerate(rows) if "Spring sale" in r)
print(x0, y0, x1 - x0 + 1, y1 - y0 + 1, ty, rows[ty].index("Spring sale"))
PY
)
[ -n "${SH:-}" ] || die "the headless frame shows no story picture"

# show TERMINAL MODE TAG: run pushsim in a terminal, open the story, wait for the picture (or for the cells run to
# settle), dump the window to $WORK/TAG.xwd, quit with q. Sets CW CH (cell size in pixels).
show() {
  local terminal=$1 mode=$2 tag=$3
  cat > "$WORK/inner-$tag.sh" <<SH
#!/bin/sh
echo "\$WINDOWID" > "$WORK/wid-$tag"
[ "$terminal" = xterm ] && export TERM=xterm-256color
export LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_RUNTIME_DIR="$WORK/run-$tag" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export PUSHSIM_DEBUG_STATS="$WORK/stats-$tag.json"
mkdir -p "$WORK/run-$tag" && chmod 700 "$WORK/run-$tag"
sh -c 'echo \$\$ > "\$0"; exec "\$@"' "$WORK/pid-$tag" "$BIN" stories --pixels $mode --store "$WORK/store-$tag.sqlite" "$WORK/story.json" 2>"$WORK/err-$tag"
echo \$? > "$WORK/status-$tag"
SH
  chmod +x "$WORK/inner-$tag.sh"
  if [ "$terminal" = xterm ]; then
    xterm -ti vt340 -b 0 -bw 0 +sb -geometry ${COLS}x${ROWS}+0+0 -e "$WORK/inner-$tag.sh" 2>"$WORK/term-$tag.log" &
  else
    LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o remember_window_size=no -o initial_window_width=${COLS}c \
      -o initial_window_height=${ROWS}c -o window_padding_width=0 -o placement_strategy=top-left \
      "$WORK/inner-$tag.sh" >"$WORK/term-$tag.log" 2>&1 &
  fi
  TERM_PID=$!
  for _ in $(seq 100); do [ -s "$WORK/wid-$tag" ] && break; kill -0 $TERM_PID 2>/dev/null || return 1; sleep 0.1; done
  [ -s "$WORK/wid-$tag" ] || return 1
  WID=$(cat "$WORK/wid-$tag")
  # The collapsed notification first (pushsim has the terminal once something is drawn), then Enter opens the story.
  for _ in $(seq 100); do
    xwd -id "$WID" -silent > "$WORK/$tag.xwd" 2>/dev/null && [ "$($SHOT blank "$WORK/$tag.xwd")" = 1 ] && break
    sleep 0.1
  done
  # While collapsed the story's picture is encoded ahead; once that has landed nothing may wake (any thread).
  sleep 1
  local n
  n=$(idle_switches "$(cat "$WORK/pid-$tag")" 2)
  [ "$n" -eq 0 ] || die "$tag: the collapsed notification woke $n times in 2 s"
  read -r CW CH < <(python3 -c "import struct,sys; h=struct.unpack('>25I', open(sys.argv[1],'rb').read(100)); print(h[4]//$COLS, h[5]//$ROWS)" "$WORK/$tag.xwd")
  xdotool mousemove --sync 5 5 >/dev/null 2>&1
  xdotool key --clearmodifiers Return
  return 0
}

# wait_picture TAG: poll until the picture region matches the source (prints the last score).
wait_picture() {
  local tag=$1 score=0
  for _ in $(seq 60); do
    xwd -id "$WID" -silent > "$WORK/$tag.xwd" 2>/dev/null
    score=$($SHOT compare "$WORK/$tag.xwd" "$WORK/aurora.ppm" $((SX * CW)) $((SY * CH)) $((SW * CW)) $((SH * CH)) $((2 * CH)) $((SH * CH / 2)))
    python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= 0.9 else 1)" "$score" && break
    sleep 0.1
  done
  echo "$score"
}

quit() {
  local tag=$1
  # The first q dismisses the story (the SDK's close), the second quits.
  xdotool key --clearmodifiers q
  sleep 0.2
  xdotool key --clearmodifiers q
  for _ in $(seq 50); do [ -s "$WORK/status-$tag" ] && break; sleep 0.1; done
  [ "$(cat "$WORK/status-$tag" 2>/dev/null)" = 0 ] || die "$tag: pushsim did not exit with 0 ($(cat "$WORK/err-$tag" 2>/dev/null))"
  wait $TERM_PID 2>/dev/null
}

# check TAG REF PROTOCOL: the picture, the text cells, the stats. Without REF (kitty) the text is checked by itself.
check() {
  local tag=$1 ref=$2 proto=$3 score title margin status
  score=$(wait_picture "$tag")
  python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= 0.9 else 1)" "$score" || {
    $SHOT png "$WORK/$tag.xwd" "/tmp/pushsim-pixels-$tag.png"
    die "$tag: the picture does not match the source (SSIM $score < 0.9; screenshot /tmp/pushsim-pixels-$tag.png)"
  }
  echo "$tag: SSIM $score"
  if [ -n "$ref" ]; then
    # The title over the picture, the margin left of it and the status line are the same cells as without pixels.
    read -r title margin status < <($SHOT same "$WORK/$tag.xwd" "$WORK/$ref.xwd" \
      "$((TITLE_COL * CW)) $((TITLE_ROW * CH)) $((11 * CW)) $CH" "0 0 $((SX * CW)) $((SH * CH))" \
      "0 $(((ROWS - 1) * CH)) $((8 * CW)) $CH")
    [ "$title" -le 8 ] || die "$tag: the title cells over the picture differ from the cells-only run (max difference $title)"
    [ "$status" -le 8 ] || die "$tag: the status line differs from the cells-only run (max difference $status)"
  else
    # kitty draws the picture over the cells' background and under their text: the white title must show over
    # the dark bottom of the picture, and nothing may spill into the margin.
    title=$($SHOT bright "$WORK/$tag.xwd" $((TITLE_COL * CW)) $((TITLE_ROW * CH)) $((11 * CW)) "$CH")
    margin=$($SHOT flat "$WORK/$tag.xwd" 0 0 $((SX * CW)) $((SH * CH)))
    [ "$title" -ge 5 ] || die "$tag: the title does not show over the picture ($title % bright pixels)"
  fi
  [ "$margin" -le 8 ] || die "$tag: the cells beside the picture changed (max difference $margin): the picture spilled out of its cells"
  quit "$tag"
  grep -q "\"pixels\": \"$proto" "$WORK/stats-$tag.json" || die "$tag: auto-detection did not pick $proto: $(cat "$WORK/stats-$tag.json")"
  # Sent once although the progress bar redrew many frames.
  grep -q '"picturesSent": 1,' "$WORK/stats-$tag.json" || die "$tag: the picture was not sent exactly once: $(cat "$WORK/stats-$tag.json")"
  # Its encode started while the notification was collapsed (Scene.lookahead), not after Enter.
  grep -q '"picturesSentAhead": 1,' "$WORK/stats-$tag.json" || die "$tag: the picture was not made ahead: $(cat "$WORK/stats-$tag.json")"
}

# xterm: cells first (the reference for the text), then auto, which must find sixel through the device attributes.
T0=$(date +%s.%N)
show xterm off xterm-cells || die "xterm did not start ($(head -c 300 "$WORK/term-xterm-cells.log"))"
sleep 1
xwd -id "$WID" -silent > "$WORK/xterm-cells.xwd"
quit xterm-cells
grep -q '"pixels": "cells (--pixels off)"' "$WORK/stats-xterm-cells.json" || die "--pixels off still drew pixels"
show xterm auto xterm-sixel || die "xterm did not start the second time"
check xterm-sixel xterm-cells sixel

# kitty, when Debian's kitty starts under Xvfb (it needs OpenGL 3.3; Mesa's software renderer provides it). No
# cells-only reference run: with Mesa's software renderer kitty draws some 256-colour backgrounds in other colours
# once a picture is on screen, so its text is checked by itself.
if ! command -v kitty >/dev/null; then
  echo "SKIP kitty: not installed"
elif show kitty auto kitty-kitty; then
  check kitty-kitty "" kitty
else
  echo "SKIP kitty: it does not start under Xvfb here ($(head -c 200 "$WORK/term-kitty-kitty.log" | tr '\n' ' '))"
fi
echo "ok ($(python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 1))" "$T0" "$(date +%s.%N)") s)"
