#!/usr/bin/env bash
# Media benchmarks: the first frame of a cached 1080x1620 photo at 80x40 against `chafa --size 80x40 FILE` (chafa's
# own defaults), cold (no render on disk yet) and warm, paired in one set of alternating runs; a page change, in tmux,
# to a page whose cached image has not been drawn yet; a 20-page story's resident memory.
# Usage: bash bench/media.sh [RELEASE_BIN]   (make bench runs it through bench/run.sh)
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "$ROOT" && realpath "${1:-.build/release/pushsim}")
IMAGES="$ROOT/Resources/images"
PHOTO="$IMAGES/bench-photo.jpg"
E2E_TIMEOUT=30
. "$ROOT/Tests/EndToEnd/lib.sh"   # WORK (removed on exit) and the tmux helpers
. "$ROOT/bench/lib/result.sh"
GROUP="$WORK/group"
mkdir -p "$GROUP/pw_stories_cache"
export TERM=xterm-256color LANG=C.UTF-8
unset COLORTERM NO_COLOR
PAIRS=${BENCH_PAIRS:-21}

# Put FILE into the app group's cache under URL's SDK name, as `pushsim prefetch` would have.
seed() {
  local name
  name=$(printf '%s' "$1" | sha256sum | cut -c1-64)
  cp "$2" "$GROUP/pw_stories_cache/$name"
}

echo "== media: first frame of a cached 1080x1620 photo at 80x40, whole process, vs chafa at its defaults"
URL=https://cdn.example.invalid/stories/bench-photo.jpg
seed "$URL" "$PHOTO"
printf '{"pw_stories":{"pages":[{"image":"%s","duration":5,"title":"Meadow"}]}}\n' "$URL" > "$WORK/one.json"
PUSHSIM_CMD="$BIN stories $WORK/one.json --headless --size 80x40 --app-group $GROUP --frames -"
# The first-ever start: the render folder (pushsim_renders/, keyed by the image's bytes, the size, the colours and
# the symbols) is removed before every cold run, by the harness and before its clock starts, so pushsim decodes and
# renders as chafa does, and only pushsim's own process is timed (until December 2026 a shell removed it inside the
# timed command: `sh` and `rm` added about 3 ms of wall and CPU to every cold run). The warm start is a user's second
# look at a cached story. Both are judged.
RENDERS="$GROUP/pushsim_renders"
COLD_CMD="$PUSHSIM_CMD"
CHAFA_CMD="chafa --size 80x40 $PHOTO"
$PUSHSIM_CMD >/dev/null || { echo "pushsim could not draw the page"; exit 1; }
# Alternating runs (cold, warm, chafa, cold, warm, chafa … after 3 warm-ups of each) so machine load hits all alike;
# per command the wall time's minimum and median and the CPU time (user + system of every thread, from the kernel's
# rusage) median.
read -r kmin kmed kcpu pmin pmed pcpu cmin cmed ccpu < <(python3 - "$PAIRS" "$RENDERS" "$COLD_CMD" "$PUSHSIM_CMD" "$CHAFA_CMD" <<'PY'
import os, shlex, shutil, statistics, sys, time
pairs, renders, cmds = int(sys.argv[1]), sys.argv[2], [shlex.split(c) for c in sys.argv[3:]]
def once(argv, cold=False):
    if cold:
        shutil.rmtree(renders, ignore_errors=True)
        if os.path.exists(renders): sys.exit("the render folder could not be removed")
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
        os.execvp(argv[0], argv)
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t
    if status: sys.exit(f"{argv[0]} failed")
    if cold and not os.path.isdir(renders): sys.exit("the cold run left no render on disk (was it cold?)")
    return wall * 1000, (ru.ru_utime + ru.ru_stime) * 1000
for i, c in enumerate(cmds):
    for _ in range(3): once(c, cold=i == 0)
res = [([], []) for _ in cmds]
for _ in range(pairs):
    for i, c in enumerate(cmds):
        w, u = once(c, cold=i == 0); res[i][0].append(w); res[i][1].append(u)
print(" ".join("%.1f %.1f %.1f" % (min(w), statistics.median(w), statistics.median(u)) for w, u in res))
PY
)
echo "pushsim stories, render not cached yet (first start): wall min ${kmin} ms, median ${kmed} ms; CPU median ${kcpu} ms"
echo "pushsim stories, render cached on disk (later starts): wall min ${pmin} ms, median ${pmed} ms; CPU median ${pcpu} ms"
echo "$CHAFA_CMD: wall min ${cmin} ms, median ${cmed} ms; CPU median ${ccpu} ms ($PAIRS rounds)"
# One judged line: NAME, pushsim's and chafa's figure in ms, then the goal (a ratio). The goals were 1.0 until
# December 2026, when the cold first frame reached 0.36x chafa's CPU and 0.41x its median wall time (issue 40 asked for
# 0.45x): the medians and the warm lines are judged at 0.45x. The cold wall minimum is judged at 0.5x: chafa's fastest
# run has its thread pool on both cores at once, while a story's first frame runs on one, so the minimum of chafa's
# runs falls further than its median (31 against 39 ms here) and the cold minimum stayed at 0.47-0.49x. Since
# `serve` and `mcp` have an executable of their own (session 17) it is 0.38x quiet and 0.35x beside a CPU-bound job,
# and judged at 0.45x too. Since session 22 a headless story's first cells are decoded and rendered (or read from the
# render cache) on a thread of their own while the arguments parse (Sources/pushsim/EarlyPicture.swift), as a
# terminal's first picture was: 41 alternating rounds, cold wall min 0.37x -> 0.30x, median 0.39x -> 0.32x; its CPU
# 0.32x -> 0.33x (the second thread and the payload read twice).
judge() {
  local r
  r=$(py "'%.2f' % ($2 / $3)")
  result "$1" "${r}x ($2/$3 ms)" "<= ${4}x" "$r <= $4"
}
judge "first frame, cold (no render on disk) vs chafa defaults, wall min ratio" "$kmin" "$cmin" 0.45
judge "first frame, cold (no render on disk) vs chafa defaults, wall median ratio" "$kmed" "$cmed" 0.45
judge "first frame, cold (no render on disk) vs chafa defaults, CPU median ratio" "$kcpu" "$ccpu" 0.45
judge "first frame, warm (render on disk) vs chafa defaults, wall min ratio" "$pmin" "$cmin" 0.45
judge "first frame, warm (render on disk) vs chafa defaults, wall median ratio" "$pmed" "$cmed" 0.45
judge "first frame, warm (render on disk) vs chafa defaults, CPU median ratio" "$pcpu" "$ccpu" 0.45
if counting; then
  VBIN=$(valgrind_bin "$BIN" "$WORK")
  rm -rf "$GROUP/pushsim_renders"
  cold=$(instructions "$WORK/callgrind.cold" "$VBIN" stories "$WORK/one.json" --headless --size 80x40 --app-group "$GROUP" --frames -)
  warm=$(instructions "$WORK/callgrind.warm" "$VBIN" stories "$WORK/one.json" --headless --size 80x40 --app-group "$GROUP" --frames -)
  chafa_count=$(instructions "$WORK/callgrind.chafa" chafa --size 80x40 "$PHOTO")
  info "first frame of the photo at 80x40, instructions, whole process (callgrind): cold / warm / chafa" "$cold / $warm / $chafa_count"
fi

echo
echo "== media: page change to a page whose cached image is not drawn yet, interactive at 80x40"
# Eight pages, each its own URL (so each is decoded and rendered once), all in the disk cache, none drawn before.
names=(bench-photo.jpg aurora.jpg dunes.jpg city.png ocean.jpg forest.png bench-photo.jpg aurora.jpg)
pages=""
for i in "${!names[@]}"; do
  u="https://cdn.example.invalid/stories/change-$i-${names[$i]}"
  # A few bytes after the image's end make every copy a different file, so no page finds another's render.
  { cat "$IMAGES/${names[$i]}"; printf 'page %s' "$i"; } > "$WORK/change-$i"
  seed "$u" "$WORK/change-$i"
  pages="$pages${pages:+,}{\"image\":\"$u\",\"duration\":60,\"title\":\"Page $i\"}"
done
printf '{"pw_stories":{"pages":[%s]},"aps":{"alert":"Bench","category":"PW_STORIES"}}\n' "$pages" > "$WORK/eight.json"
rm -rf "$GROUP/pushsim_renders"   # nothing drawn before: every page is decoded and rendered in this run
start 80 40
run env PUSHSIM_DEBUG_STATS="$WORK/change.json" "$BIN" stories "$WORK/eight.json" --app-group "$GROUP"
wait_for "Enter or click" || die "the story did not appear"
keys Enter
wait_for "page 1/8" || die "the story did not start"
spinners=0
for i in 2 3 4 5 6 7 8; do
  sleep 1   # a reader looks at a page for longer than this: time enough to have the next one ready
  keys l
  wait_for "page $i/8" 5 || die "page $i did not show"
  screen | grep -q '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]' && spinners=$((spinners + 1))
done
keys q q
wait_exit >/dev/null || die "pushsim did not quit"
# The keys that drew a frame ended with l seven times, then q (dismiss; the second q exits without a frame): the
# page changes are the 7 entries before the last. Wall time from the wake to
# the frame handed to the terminal is judged; the run loop's own CPU time for it is printed beside it (on a busy
# machine the wall time also holds the scheduler's queueing).
read -r cmax cmed cpumax n < <(python3 -c "
import json, statistics; s = json.load(open('$WORK/change.json')); v = s['inputFrameMs'][-8:-1]; c = s['inputFrameCPUMs'][-8:-1]
print(round(max(v), 2), round(statistics.median(v), 2), round(max(c), 2), len(v))")
echo "key to frame on screen, $n page changes: max ${cmax} ms, median ${cmed} ms wall; max ${cpumax} ms of the run loop's CPU; frames still showing a spinner: $spinners"
result "page change to a not-yet-drawn cached image, key to frame (max of 7)" "${cmax} ms (CPU ${cpumax} ms)" "< 16 ms" "$cmax < 16"
result "page changes that showed a spinner instead of the image" "$spinners of 7" "0" "$spinners == 0"

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
rss_mb=$(/usr/bin/time -f %M "$BIN" stories "$WORK/twenty.json" --headless --size 120x60 --app-group "$GROUP" --frames - --script "$steps" 2>&1 >/dev/null | tail -1 | awk '{printf "%d", $1 / 1024}')
result "20-page story at 120x60, peak resident" "${rss_mb} MB" "< 100 MB" "$rss_mb < 100"
exit $((BENCH_MISSES > 0))
