#!/usr/bin/env bash
# A frame goes to the terminal in a few large writes, not one write(2) per cursor move: ncurses flushes after every
# move while its screen is in the initial state, which pushsim leaves once at start (NcursesDriver.leaveInitialState).
# Fewer writes mean a frame the terminal (or an SSH channel) receives whole instead of row by row. Counted with
# strace: write calls, not timing.
. "$(dirname "$0")/lib.sh"
command -v strace >/dev/null || { echo "SKIP: strace is not installed (make deps installs it)"; exit 0; }
strace -qq -e trace=none true 2>/dev/null || { echo "SKIP: strace cannot trace here (ptrace is not allowed)"; exit 0; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cat > "$WORK/one.json" <<JSON
{"pw_stories": {"pages": [{"image": "file://$ROOT/Resources/images/aurora.jpg", "duration": 60, "title": "Spring sale"}]},
 "aps": {"alert": {"title": "Spring sale is on", "body": "One long page."}, "category": "PW_STORIES"}}
JSON
start 80 24
run strace -f -qq -e trace=write -o "$WORK/trace" env XDG_CACHE_HOME="$WORK/cache" "$BIN" stories "$WORK/one.json" --pixels off
wait_for "Enter or click" || die "the notification did not appear"
keys Enter
wait_for "page 1/1" || die "the story did not start playing"
sleep 1
keys q q
expect_exit 0
python3 - "$WORK/trace" <<'PY' || die "frames go out in too many writes"
import re, sys
sizes = [int(m.group(1)) for l in open(sys.argv[1]) if (m := re.search(r"write\(1, .*\) = (\d+)$", l))]
total, n = sum(sizes), len(sizes)
print(f"{n} writes, {total} bytes to the terminal, {total / max(1, n):.0f} B a write")
assert total > 5_000, "the story's picture was not drawn"
# One write per cursor move sent this session (80x24, tmux) in ~60 writes of ~160 B; whole frames in ~16 of ~600 B.
assert n < 30 and total / n >= 400, f"{n} writes of {total / max(1, n):.0f} B on average"
PY
echo "ok"
