#!/usr/bin/env bash
# Bench: 2,000 `resize` steps of a playing story (the bundled spring sale, its real images), headless, through 2,000
# sizes from 80x24 up to 500x200; reports the CPU time (user + system, every thread) the steps cost beyond the same run
# without them, per step (issue 25 item 9: a resize used to render the page's picture at every new size, about 650 ms
# each at 500x200). A frame drawn at a size still renders the picture at that size: the second line says what a frame
# after each of 20 such steps (--frames) costs, for comparison. Usage: bench/resize.sh [PATH/TO/pushsim]
set -euo pipefail
BIN=${1:-.build/release/pushsim}
[ -x "$BIN" ] || { echo "resize: $BIN is not built (make release)" >&2; exit 1; }
PAYLOAD=$(cd "$(dirname "$0")/../Resources/stories" && pwd)/spring-sale.json
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Its own cache folder, so no render of an earlier run is found on disk.
export XDG_CACHE_HOME="$WORK/cache"

python3 -c "print('\n'.join('resize %dx%d' % (80 + (i * 7) % 421, 24 + (i * 5) % 177) for i in range(2000)))" > "$WORK/resize.txt"
python3 -c "print('\n'.join('resize %dx%d' % (500 - i, 200 - i) for i in range(20)))" > "$WORK/framed.txt"
: > "$WORK/none.txt"


. "$(dirname "$0")/lib/result.sh"
read -r cost whole base < <(pair_cpu 5 "$WORK/resize.txt" "$WORK/none.txt" "$BIN" stories "$PAYLOAD" --headless --events /dev/null)
per=$(py "round($cost / 2000, 4)")
echo "resize: 2000 resize steps up to 500x200, no frames: ${cost} ms CPU for the steps, ${per} ms each (${whole} ms the whole process, ${base} ms with no steps)"
info "2,000 resize steps up to 500x200, no frames (CPU per step)" "${per} ms (median of 5 paired differences)"
# Judged by instructions (issue 40: no absolute time): the same two runs under callgrind, the steps' count over the run
# without them, per step. No other tool lays out a story at a new size. The budget: this branch's 40.9 k (163.99 M -
# 82.26 M over 2,000 steps, callgrind, release build, 2026-12-02) and 5 %.
if counting; then
  VBIN=$(valgrind_bin "$BIN" "$WORK")
  if callgrind "$WORK/callgrind.resize" "$VBIN" stories "$PAYLOAD" --headless --events /dev/null --script-file "$WORK/resize.txt" \
     && callgrind "$WORK/callgrind.none" "$VBIN" stories "$PAYLOAD" --headless --events /dev/null --script-file "$WORK/none.txt"; then
    a=$(awk '/^(summary|totals):/ {print $2; exit}' "$WORK/callgrind.resize"); b=$(awk '/^(summary|totals):/ {print $2; exit}' "$WORK/callgrind.none")
    k=$(py "round(($a - $b) / 2000 / 1000, 1)")
    result "2,000 resize steps up to 500x200, no frames: instructions per step (callgrind)" "$k k ($(py "round($a / 1e6, 1)") M - $(py "round($b / 1e6, 1)") M)" "<= ${RESIZE_BUDGET_K:-43} k" "$k <= ${RESIZE_BUDGET_K:-43}"
  else
    result "2,000 resize steps up to 500x200, no frames: instructions per step (callgrind)" "not counted (the run under valgrind failed)" "<= ${RESIZE_BUDGET_K:-43} k" "False"
  fi
else
  result "2,000 resize steps up to 500x200, no frames (CPU per step)" "${per} ms" "< 0.1 ms" "$per < 0.1"
fi
read -r fcost _ _ < <(pair_cpu 5 "$WORK/framed.txt" "$WORK/none.txt" "$BIN" stories "$PAYLOAD" --headless --events /dev/null --frames /dev/null)
echo "resize: 20 resize steps from 500x200 down, a frame after each (--frames): $(py "round($fcost / 20, 1)") ms CPU per step (the picture rendered at each frame's size)"
exit $((BENCH_MISSES > 0))
