#!/usr/bin/env bash
# The story's first picture decoded while the arguments parse (Sources/pushsim/EarlyPicture.swift): in a pty that
# reports its pixel size, `pushsim stories FILE --pixels sixel|kitty` takes the early decode (the debug stats say
# "taken"), and its picture escape is byte for byte the one the same command gives when written so that no early decode
# starts (the option before the file); a FIFO payload still gets its one line, and a run that draws cells starts
# none. Bytes and outcomes, not timing.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-early.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$WORK"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }

URL=https://cdn.example.invalid/stories/aurora.jpg
mkdir -p "$WORK/group/pw_stories_cache" "$WORK/run"
chmod 700 "$WORK/run"
cp "$HERE/../../Resources/images/aurora.jpg" "$WORK/group/pw_stories_cache/$(printf '%s' "$URL" | sha256sum | cut -c1-64)"
cp "$HERE/../../Resources/images/aurora.jpg" "$WORK/local.jpg"
printf '{"pw_stories":{"pages":[{"image":"%s","duration":30,"title":"Aurora"}]}}\n' "$URL" > "$WORK/cached.json"
printf '{"pw_stories":{"pages":[{"image":"file:local.jpg","duration":30,"title":"Aurora"}]}}\n' > "$WORK/local.json"

# picture OUT STATS [XPIXELS] -- ARGS...: runs pushsim ARGS in an 80x40 pty of 10x20-pixel cells (XPIXELS=0: a pty that
# reports no pixel size), types Enter at its first frame, and writes the first picture escape to OUT ("" when none
# came within 20 s), its standard error to OUT.err, the debug stats to STATS and the kB of its memory in huge pages
# then to OUT.huge.
picture() {
  python3 - "$BIN" "$WORK" "$@" <<'PY'
import fcntl, json, os, select, signal, struct, subprocess, sys, termios, time
bin, work, out, stats, xpix = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
args = sys.argv[7:]
env = dict(os.environ, XDG_RUNTIME_DIR=f"{work}/run", PUSHSIM_DEBUG_STATS=stats, HOME=work)
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 800 if xpix else 0, 800 if xpix else 0))
def child():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
p = subprocess.Popen([bin] + args, stdin=slave, stdout=slave, stderr=open(out + ".err", "wb"), env=env, preexec_fn=child,
                     close_fds=True, cwd=work)
os.close(slave)
buf, typed, picture, settled = b"", False, b"", None
t0 = time.monotonic()
while time.monotonic() - t0 < 20:
    r, _, _ = select.select([master], [], [], 0.2)
    if not r:
        # A cells run: once its opened story has been quiet a while, nothing more is coming.
        if typed and not xpix and settled and time.monotonic() - settled > 1.5:
            break
        continue
    try:
        chunk = os.read(master, 1 << 16)
    except OSError:
        break
    buf += chunk
    if not typed:
        typed = True
        os.write(master, b"\r")
    settled = time.monotonic()
    i, j = buf.find(b"\x1bP"), buf.find(b"\x1b_G")
    starts = [x for x in (i, j) if x >= 0]
    if starts:
        s = min(starts)
        end = buf.find(b"\x1b\\", buf.find(b"m=0", s) if buf[s + 1:s + 2] == b"_" else s)
        if end >= 0:
            picture = buf[s:end + 2]
            break
# The process's memory in transparent huge pages once its picture is out (CThreads/PictureHeap.c), in kB.
try:
    huge = next(l.split()[1] for l in open(f"/proc/{p.pid}/smaps_rollup") if l.startswith("AnonHugePages:"))
except (OSError, StopIteration):
    huge = "?"
open(out + ".huge", "w").write(huge)
os.write(master, b"q")
time.sleep(0.3)
os.write(master, b"q")
try:
    p.wait(timeout=10)
except subprocess.TimeoutExpired:
    p.send_signal(signal.SIGTERM)
    p.wait()
try:
    while select.select([master], [], [], 0.2)[0] and os.read(master, 1 << 16):
        pass
except OSError:
    pass
open(out, "wb").write(picture)
PY
}

outcome() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("earlyDecode", "?"))' "$1" 2>/dev/null; }
start() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("start", "?"))' "$1" 2>/dev/null; }

for proto in sixel kitty; do
  for payload in cached local; do
    picture "$WORK/early.$proto.$payload" "$WORK/stats.a" 1 -- stories "$WORK/$payload.json" --pixels "$proto" --app-group "$WORK/group" --store "$WORK/s.sqlite"
    picture "$WORK/plain.$proto.$payload" "$WORK/stats.b" 1 -- stories --pixels "$proto" "$WORK/$payload.json" --app-group "$WORK/group" --store "$WORK/s.sqlite"
    [ -s "$WORK/early.$proto.$payload" ] || die "$proto, $payload: no picture came"
    [ "$(outcome "$WORK/stats.a")" = taken ] || die "$proto, $payload: the early decode was not taken (stats say '$(outcome "$WORK/stats.a")')"
    [ "$(outcome "$WORK/stats.b")" = none ] || die "$proto, $payload: an early decode started with the option before the file ('$(outcome "$WORK/stats.b")')"
    # The plain form also runs without the argument parser (StoriesFastStart); the other order goes through it.
    [ "$(start "$WORK/stats.a")" = plain ] || die "$proto, $payload: the plain form was parsed (stats say '$(start "$WORK/stats.a")')"
    [ "$(start "$WORK/stats.b")" = parsed ] || die "$proto, $payload: the option-first form did not go through the parse ('$(start "$WORK/stats.b")')"
    cmp -s "$WORK/early.$proto.$payload" "$WORK/plain.$proto.$payload" \
      || die "$proto, $payload: the picture from the early decode differs from the parse's ($(wc -c < "$WORK/early.$proto.$payload") against $(wc -c < "$WORK/plain.$proto.$payload") bytes)"
  done
done
echo "ok: sixel and kitty, cached and local: the early decode is taken, the plain form skips the parse, and its picture is the same bytes"

# The early thread's picture buffers in 2 MB huge pages (CThreads/PictureHeap.c), where the kernel gives them on request
# and has 32 MB free in 2 MB blocks; the run whose option comes first starts no early thread and asks for none.
offers=$(python3 - <<'PY'
import re
try:
    mode = open("/sys/kernel/mm/transparent_hugepage/enabled").read()
    size = int(open("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size").read())
    blocks = 0
    for line in open("/proc/buddyinfo"):
        counts = [int(x) for x in line.split()[4:]]
        if len(counts) == 11:
            blocks += counts[9] + 2 * counts[10]
    print(int(("[always]" in mode or "[madvise]" in mode) and size == 2 << 20 and blocks >= 16))
except OSError:
    print(0)
PY
)
early_huge=$(cat "$WORK/early.sixel.local.huge") plain_huge=$(cat "$WORK/plain.sixel.local.huge")
if [ "$offers" = 1 ]; then
  [ "$early_huge" -ge 2048 ] 2>/dev/null || die "the early picture's buffers are not in huge pages (AnonHugePages: ${early_huge} kB)"
  if grep -q "\[madvise\]" /sys/kernel/mm/transparent_hugepage/enabled; then
    [ "$plain_huge" = 0 ] || die "a run without the early picture has ${plain_huge} kB in huge pages"
  fi
  echo "ok: the early picture's buffers are in huge pages (${early_huge} kB; ${plain_huge} kB without it)"
else
  echo "ok: this kernel gives no huge pages on request (or has too few free 2 MB blocks): none asked for (${early_huge} kB)"
fi

# A FIFO payload is refused by the parse as before (`stories` reads a pipe only as '-'), with its one line; the early
# decode never opens one (EarlyPictureTests: it looks at the file's type first).
mkfifo "$WORK/pipe.json"
picture "$WORK/fifo.sixel" "$WORK/stats.c" 1 -- stories "$WORK/pipe.json" --pixels sixel --app-group "$WORK/group" --store "$WORK/s.sqlite"
grep -q "is a named pipe (FIFO), not a file" "$WORK/fifo.sixel.err" || die "a FIFO payload did not get its one line: $(head -c 300 "$WORK/fifo.sixel.err")"
[ ! -s "$WORK/fifo.sixel" ] || die "a FIFO payload drew a picture"
echo "ok: a FIFO payload gets its line as before"

# Cells: a pty without a pixel size (auto draws cells), and --pixels off is not the plain form.
picture "$WORK/cells" "$WORK/stats.d" 0 -- stories "$WORK/cached.json" --app-group "$WORK/group" --store "$WORK/s.sqlite"
[ ! -s "$WORK/cells" ] || die "a pty without a pixel size got a picture escape"
[ "$(outcome "$WORK/stats.d")" = none ] || die "a cells run started an early decode ('$(outcome "$WORK/stats.d")')"
echo "ok: a run that draws cells starts no early decode"

# Headless: the first frame's cells made (or read from the render cache) while the arguments parse. The frames are byte
# for byte those of the same run written so that nothing starts early (the option before the file), cold (no render on
# disk) and warm; a render is kept on disk either way, and colours the parse reads differently are not taken.
headless() {  # headless STATS GROUP ARGS...: a headless run's frames on standard output, its debug stats in STATS
  local stats=$1 group=$2; shift 2
  env TERM=xterm-256color PUSHSIM_DEBUG_STATS="$stats" XDG_RUNTIME_DIR="$WORK/run" HOME="$WORK" "$BIN" stories "$@" \
    --app-group "$group" --store "$WORK/h.sqlite" --frames - --script 'wait 1'
}
for payload in cached local; do
  cp -r "$WORK/group" "$WORK/hgroup.$payload"
  rm -rf "$WORK/hgroup.$payload/pushsim_renders"
  headless "$WORK/hstats.a" "$WORK/hgroup.$payload" "$WORK/$payload.json" --headless --size 80x40 > "$WORK/hearly.$payload" \
    || die "headless $payload: the run failed"
  [ "$(outcome "$WORK/hstats.a")" = taken ] || die "headless $payload, cold: the early cells were not taken ('$(outcome "$WORK/hstats.a")')"
  [ "$(ls "$WORK/hgroup.$payload/pushsim_renders" | wc -l)" = 1 ] || die "headless $payload: the early cells' render was not kept on disk"
  cp -r "$WORK/hgroup.$payload" "$WORK/hgroup.$payload.warm"
  rm -rf "$WORK/hgroup.$payload/pushsim_renders"
  headless "$WORK/hstats.b" "$WORK/hgroup.$payload" --headless "$WORK/$payload.json" --size 80x40 > "$WORK/hplain.$payload"
  [ "$(outcome "$WORK/hstats.b")" = none ] || die "headless $payload: an early decode started with the option before the file"
  grep -q "▀\|▄" "$WORK/hplain.$payload" || die "headless $payload: the frames show no picture"
  cmp -s "$WORK/hearly.$payload" "$WORK/hplain.$payload" || die "headless $payload, cold: the early cells' frames differ from the parse's"
  headless "$WORK/hstats.c" "$WORK/hgroup.$payload.warm" "$WORK/$payload.json" --headless --size 80x40 > "$WORK/hwarm.$payload"
  [ "$(outcome "$WORK/hstats.c")" = taken ] || die "headless $payload, warm: the render on disk was not read early ('$(outcome "$WORK/hstats.c")')"
  cmp -s "$WORK/hwarm.$payload" "$WORK/hplain.$payload" || die "headless $payload, warm: the frames differ from the parse's"
done
# NO_COLOR read by both: taken, and the same frames as without the early cells.
NO_COLOR=1 headless "$WORK/hstats.d" "$WORK/hgroup.local" "$WORK/local.json" --headless --size 60x30 > "$WORK/hmono.a"
NO_COLOR=1 headless "$WORK/hstats.e" "$WORK/hgroup.local" --headless "$WORK/local.json" --size 60x30 > "$WORK/hmono.b"
[ "$(outcome "$WORK/hstats.d")" = taken ] || die "headless, NO_COLOR: the early cells were not taken ('$(outcome "$WORK/hstats.d")')"
cmp -s "$WORK/hmono.a" "$WORK/hmono.b" || die "headless, NO_COLOR: the early cells' frames differ from the parse's"
echo "ok: headless, cached and local, cold and warm: the early cells are taken and the frames are the same bytes"
