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

# Runs commands alternately (A B A B …, so machine load hits both alike) after 3 warm-ups each and prints, per
# command, the median wall time and the mean CPU time (user + system) in ms. Python's stdlib only.
compare() {
  python3 - "$@" <<'PY'
import resource, shlex, statistics, subprocess, sys, time
runs, cmds = int(sys.argv[1]), sys.argv[2:]
def once(c):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(shlex.split(c), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
for c in cmds:
    for _ in range(3): once(c)
walls = {c: [] for c in cmds}; cpus = {c: [] for c in cmds}
for _ in range(runs):
    for c in cmds:
        w, u = once(c); walls[c].append(w); cpus[c].append(u)
for c in cmds:
    print("%.1f %.1f" % (statistics.median(walls[c]) * 1000, statistics.mean(cpus[c]) * 1000))
PY
}

# Median wall time in ms of one command over N runs.
median_ms() {
  local runs=$1; shift
  compare "$runs" "$*" | cut -d' ' -f1
}

misses=0
check() { # label value target: prints a result line, counts a miss
  if python3 -c "import sys; sys.exit(0 if $2 <= $3 else 1)"; then echo "result: $1: $2 (target <= $3) ok"
  else echo "result: $1: $2 (target <= $3) MISSED"; misses=$((misses + 1)); fi
}

echo "== media: first frame of a cached 1080x1620 JPEG page at 80x40 (whole process)"
URL=https://cdn.example.invalid/stories/aurora.jpg
seed "$URL" "$IMAGES/aurora.jpg"
printf '{"pw_stories":{"pages":[{"image":"%s","duration":5,"title":"Aurora"}]}}\n' "$URL" > "$WORK/one.json"
PUSHSIM_CMD="$BIN stories $WORK/one.json --headless --size 80x40 --app-group $GROUP --frames -"
# chafa fits the 2:3 image into 80x40 cells as 53x40, the same area as pushsim's story at aspect 1.5.
CHAFA_CMD="chafa -f symbols -c 240 --color-space din99d --symbols vhalf+space+solid --dither none --size 80x40 $IMAGES/aurora.jpg"
CHAFA_DEFAULT_CMD="chafa -f symbols --size 80x40 $IMAGES/aurora.jpg"
$PUSHSIM_CMD >/dev/null   # a failure here stops the benchmark with pushsim's own message
read -r p pc < <(compare 30 "$PUSHSIM_CMD" "$CHAFA_CMD" "$CHAFA_DEFAULT_CMD" | sed -n 1p)
read -r c cc < <(compare 30 "$PUSHSIM_CMD" "$CHAFA_CMD" | sed -n 2p)
read -r cd_ cdc < <(compare 10 "$CHAFA_DEFAULT_CMD")
echo "pushsim stories, image from the disk cache: median ${p} ms wall, ${pc} ms CPU"
echo "chafa, same symbols/colours/size:           median ${c} ms wall, ${cc} ms CPU"
echo "chafa with its own defaults at 80x40:       median ${cd_} ms wall, ${cdc} ms CPU"
check "first frame, pushsim/chafa wall-time ratio" "$(python3 -c "print('%.2f' % ($p / $c))")" 1.0
# CPU time is steadier than wall time on a shared machine; reported alongside, not judged.
echo "result: first frame, pushsim/chafa CPU-time ratio: $(python3 -c "print('%.2f' % ($pc / $cc))")"
echo
echo "== media: page change with both images cached, to the next frame"
URL2=https://cdn.example.invalid/stories/dunes.jpg
seed "$URL2" "$IMAGES/dunes.jpg"
printf '{"pw_stories":{"pages":[{"image":"%s","duration":30,"title":"One"},{"image":"%s","duration":30,"title":"Two"}]}}\n' "$URL" "$URL2" > "$WORK/two.json"
# Both pages shown once (rendered and cached), then 200 more page changes, each followed by a frame.
warm="tap right; tap left"
many="$warm"
for _ in $(seq 100); do many="$many; tap right; tap left"; done
base=$(median_ms 10 "$BIN stories $WORK/two.json --headless --size 80x40 --app-group $GROUP --frames - --script '$warm'")
full=$(median_ms 10 "$BIN stories $WORK/two.json --headless --size 80x40 --app-group $GROUP --frames - --script '$many'")
per=$(python3 -c "print('%.2f' % (($full - $base) / 200))")
echo "200 page changes: ${full} ms vs ${base} ms for the warm-up alone"
check "page change to next frame, ms" "$per" 16

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
# Maximum resident set of the child, from getrusage (no GNU time needed).
rss_kb=$(python3 - "$BIN" stories "$WORK/twenty.json" --headless --size 120x60 --app-group "$GROUP" --frames - --script "$steps" <<'PY'
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
)
check "20-page story at 120x60, max resident MB" "$((rss_kb / 1024))" 100
exit $((misses > 0))
