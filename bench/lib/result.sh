# Shared by the bench scripts: one line per goal, which bench/run.sh gathers into the final table.
# result MEASURE VALUE GOAL MET-EXPRESSION: prints "result: MEASURE | VALUE | GOAL | yes|NO" and counts a miss.
# MET-EXPRESSION is a Python expression (the value already substituted), e.g. "0.93 <= 1.0".
BENCH_MISSES=${BENCH_MISSES:-0}
result() {
  local met=NO
  python3 -c "import sys; sys.exit(0 if ($4) else 1)" 2>/dev/null && met=yes
  echo "result: $1 | $2 | $3 | $met"
  [ "$met" = yes ] || BENCH_MISSES=$((BENCH_MISSES + 1))
}

# py EXPRESSION: evaluates a Python expression and prints it (arithmetic on the numbers the benches collect).
py() { python3 -c "print($1)"; }

# cpu_ms_of PID: utime + stime of every thread of the process, finished threads included (/proc/PID/stat), in ms.
cpu_ms_of() { awk -v hz="$(getconf CLK_TCK)" '{printf "%d", ($14 + $15) * 1000 / hz}' "/proc/$1/stat"; }

# wakeups PID: context switches (voluntary + involuntary) summed over every thread alive now (/proc/PID/task/*).
# Each one is a thread waking up. A thread that exits between two readings would lower the sum; the caller also
# compares the thread lists (threads_of) so that case is visible, not hidden.
wakeups() {
  cat /proc/"$1"/task/*/status 2>/dev/null \
    | awk '/^voluntary_ctxt_switches/ {v += $2} /^nonvoluntary_ctxt_switches/ {n += $2} END {print v + n}'
}
threads_of() { ls /proc/"$1"/task 2>/dev/null | sort -n | tr '\n' ' '; }

# idle_wakeups PID SECONDS: wake-ups of every thread over SECONDS with nothing sent; prints "COUNT THREADS-BEFORE/AFTER"
# and, per thread that woke, its name and count on stderr.
idle_wakeups() {
  local pid=$1 secs=$2 t0 t1 before after
  t0=$(threads_of "$pid")
  before=$(for t in /proc/"$pid"/task/*; do echo "$(basename "$t") $(awk '/ctxt_switches/ {s += $2} END {print s}' "$t/status")"; done)
  sleep "$secs"
  t1=$(threads_of "$pid")
  after=$(for t in /proc/"$pid"/task/*; do echo "$(basename "$t") $(awk '/ctxt_switches/ {s += $2} END {print s}' "$t/status") $(cat "$t/comm")"; done)
  python3 - "$before" "$after" "$t0" "$t1" <<'PY'
import sys
before = dict(l.split()[:2] for l in sys.argv[1].splitlines() if l.strip())
total = 0
for l in sys.argv[2].splitlines():
    parts = l.split(None, 2)
    if len(parts) < 2: continue
    tid, n = parts[0], int(parts[1])
    d = n - int(before.get(tid, 0))
    if d: print(f"  thread {tid} ({parts[2] if len(parts) > 2 else '?'}) woke {d} times", file=sys.stderr)
    total += d
# A thread that existed before and is gone now woke at least once more (to exit).
gone = set(sys.argv[3].split()) - set(sys.argv[4].split())
new = set(sys.argv[4].split()) - set(sys.argv[3].split())
if gone or new: print(f"  threads started: {len(new)}, ended: {len(gone)}", file=sys.stderr)
print(total + len(gone))
PY
}
