#!/usr/bin/env bash
# Media benchmarks: first frame of a cached story JPEG vs the chafa CLI, page change to next frame, 20-page story memory.
# Usage: bash bench/media.sh [RELEASE_BIN]   (make bench runs it through bench/run.sh)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "$ROOT" && realpath "${1:-.build/release/pushsim}")
IMAGES="$ROOT/Resources/images"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-media-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
GROUP="$WORK/group"
mkdir -p "$GROUP/pw_stories_cache"
export TERM=xterm-256color LANG=C.UTF-8
unset COLORTERM NO_COLOR

# Put FILE into the app group's cache under URL's SDK name, as `pushsim prefetch` would have.
seed() {
  local name
  name=$(printf '%s' "$1" | sha256sum | cut -c1-64)
  cp "$2" "$GROUP/pw_stories_cache/$name"
}

now_ns() { date +%s%N; }

# Mean wall time in ms of a command over N runs (after 3 warm-ups): hyperfine when installed, else a date loop.
mean_ms() {
  local runs=$1; shift
  if command -v hyperfine >/dev/null; then
    hyperfine --style none --warmup 3 --runs "$runs" --export-json "$WORK/h.json" -N -- "$*" >/dev/null 2>&1 \
      || hyperfine --style none --warmup 3 --runs "$runs" --export-json "$WORK/h.json" -- "$*" >/dev/null
    python3 -c 'import json,sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["mean"]*1000))' "$WORK/h.json"
  else
    for _ in 1 2 3; do bash -c "$*" >/dev/null 2>&1; done
    local t0 t1
    t0=$(now_ns)
    for _ in $(seq "$runs"); do bash -c "$*" >/dev/null 2>&1; done
    t1=$(now_ns)
    python3 -c "print('%.1f' % (($t1 - $t0) / 1e6 / $runs))"
  fi
}

echo "== media: first frame of a cached 1080x1620 JPEG page at 80x40 (whole process)"
URL=https://cdn.example.invalid/stories/aurora.jpg
seed "$URL" "$IMAGES/aurora.jpg"
printf '{"pw_stories":{"pages":[{"image":"%s","duration":5,"title":"Aurora"}]}}\n' "$URL" > "$WORK/one.json"
PUSHSIM_CMD="$BIN stories $WORK/one.json --headless --size 80x40 --app-group $GROUP --frames /dev/null"
# chafa fits the 2:3 image into 80x40 cells as 53x40, the same area as pushsim's story at aspect 1.5.
CHAFA_CMD="chafa -f symbols -c 240 --color-space din99d --symbols vhalf+space+solid --dither none --size 80x40 $IMAGES/aurora.jpg"
CHAFA_DEFAULT_CMD="chafa -f symbols --size 80x40 $IMAGES/aurora.jpg"
$PUSHSIM_CMD >/dev/null   # a failure here stops the benchmark with pushsim's own message
p=$(mean_ms 30 "$PUSHSIM_CMD")
c=$(mean_ms 30 "$CHAFA_CMD")
cd_=$(mean_ms 30 "$CHAFA_DEFAULT_CMD")
ratio=$(python3 -c "print('%.2f' % ($p / $c))")
echo "pushsim stories (first frame, image from the disk cache): ${p} ms"
echo "chafa, same symbols/colours/size:                          ${c} ms"
echo "chafa, its defaults at 80x40:                              ${cd_} ms"
echo "ratio pushsim / chafa: ${ratio}x (target <= 1.0x)"

echo
echo "== media: page change with both images cached, to the next frame"
URL2=https://cdn.example.invalid/stories/dunes.jpg
seed "$URL2" "$IMAGES/dunes.jpg"
printf '{"pw_stories":{"pages":[{"image":"%s","duration":30,"title":"One"},{"image":"%s","duration":30,"title":"Two"}]}}\n' "$URL" "$URL2" > "$WORK/two.json"
# Both pages shown once (rendered and cached), then 200 more page changes, each followed by a frame.
warm="tap right; tap left"
many="$warm"
for _ in $(seq 100); do many="$many; tap right; tap left"; done
base=$(mean_ms 10 "$BIN stories $WORK/two.json --headless --size 80x40 --app-group $GROUP --frames /dev/null --script '$warm'")
full=$(mean_ms 10 "$BIN stories $WORK/two.json --headless --size 80x40 --app-group $GROUP --frames /dev/null --script '$many'")
per=$(python3 -c "print('%.2f' % (($full - $base) / 200))")
echo "200 page changes: ${full} ms vs ${base} ms for the warm-up alone -> ${per} ms per page change and frame (target < 16 ms)"

echo
echo "== media: a 20-page story, every page shown (resident memory)"
pages=""
for i in $(seq 0 19); do
  names=(aurora.jpg dunes.jpg city.png ocean.jpg forest.png)
  u="https://cdn.example.invalid/stories/page-$i-${names[$((i % 5))]}"
  seed "$u" "$IMAGES/${names[$((i % 5))]}"
  pages="$pages${pages:+,}{\"image\":\"$u\",\"duration\":2}"
done
printf '{"pw_stories":{"pages":[%s]}}\n' "$pages" > "$WORK/twenty.json"
steps="wait 0"
for _ in $(seq 19); do steps="$steps; tap right"; done
/usr/bin/time -f "%M" -o "$WORK/rss" "$BIN" stories "$WORK/twenty.json" --headless --size 120x60 --app-group "$GROUP" --frames /dev/null --script "$steps" >/dev/null
rss_kb=$(tail -1 "$WORK/rss")
echo "20 pages at 120x60: max resident $((rss_kb / 1024)) MB (target < 100 MB)"
