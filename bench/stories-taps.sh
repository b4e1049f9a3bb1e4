#!/usr/bin/env bash
# Bench: parse a 50-page stories payload and play it through 1,000 scripted taps, headless; reports CPU time.
# Usage: bench/stories-taps.sh [PATH/TO/pushsim]   (default .build/release/pushsim)
# Two payloads: images that cannot load (the engine, screen and runner alone: the issue's budget is 50 ms),
# and the five bundled sample images (adds decoding and rendering them, synchronously as headless runs do).
set -euo pipefail
BIN=${1:-.build/release/pushsim}
[ -x "$BIN" ] || { echo "stories-taps: $BIN is not built (make release)" >&2; exit 1; }
IMAGES=$(cd "$(dirname "$0")/../Resources/images" 2>/dev/null && pwd || echo /nonexistent)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# payload OUT IMAGE-PATTERN: 50 pages with titles, subtitles and a button on every fifth.
payload() {
  local names=(aurora.jpg dunes.jpg city.png ocean.jpg forest.png)
  {
    printf '{"aps":{"alert":"Bench","category":"PW_STORIES"},"pw_stories":{"pages":['
    for i in $(seq 0 49); do
      [ "$i" -gt 0 ] && printf ','
      local image
      if [ "$2" = missing ]; then image="file:missing/story-$i.jpg"; else image="file://$IMAGES/${names[$((i % 5))]}"; fi
      printf '{"image":"%s","duration":%d,"title":"Page %d title","subtitle":"A subtitle long enough to wrap onto a second line of the story"' "$image" $((3 + i % 5)) "$i"
      [ $((i % 5)) -eq 4 ] && printf ',"link":"myapp://p/%d","button_title":"Open"' "$i"
      printf '}'
    done
    printf ']}}'
  } > "$1"
}
payload "$WORK/placeholder.json" missing
payload "$WORK/images.json" bundled

# 1,000 taps: mostly forward, some back, a little time between them.
{
  for i in $(seq 1 1000); do
    case $((i % 4)) in
      0) echo "tap left" ;;
      *) echo "tap right" ;;
    esac
    [ $((i % 10)) -eq 0 ] && echo "wait 0.3"
  done
} > "$WORK/taps.txt"
: > "$WORK/none.txt"

cpu_ms() {  # CPU (user + system) of one run, in milliseconds
  local out
  out=$( { TIMEFORMAT='%3U %3S'; time "$@" > /dev/null; } 2>&1 )
  awk '{ printf "%d", ($1 + $2) * 1000 }' <<< "$out"
}

best() {  # the best of 5 runs, so a busy machine does not inflate the number
  local b=999999 v
  for _ in 1 2 3 4 5; do v=$(cpu_ms "$@"); [ "$v" -lt "$b" ] && b=$v; done
  echo "$b"
}

for kind in placeholder images; do
  f="$WORK/$kind.json"
  taps=$(best "$BIN" stories "$f" --headless --script-file "$WORK/taps.txt" --events /dev/null)
  base=$(best "$BIN" stories "$f" --headless --script-file "$WORK/none.txt" --events /dev/null)
  case $kind in
    placeholder) label="images that cannot load (budget 50 ms)" ;;
    images) label="the 5 bundled sample images decoded and rendered" ;;
  esac
  echo "stories-taps: 50 pages, 1000 taps, $label: ${taps} ms CPU for the whole process; ${base} ms with no taps (start-up + parse)"
done
