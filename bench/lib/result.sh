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

# info MEASURE VALUE: an information line, no goal ("info: MEASURE | VALUE"); bench/run.sh lists them in a second
# table. Instruction counts are printed this way: repeatable whatever else the machine does, so a regression shows on
# a noisy day, but no goal of their own (the goals stay the paired whole-process timings).
info() { echo "info: $1 | $2"; }

# Instruction counts (valgrind's callgrind, every thread to the process's exit) are skipped with BENCH_INSTRUCTIONS=0
# or when valgrind is not installed (`make bench` installs it).
counting() { [ "${BENCH_INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; }

# valgrind_bin BIN DIR: a copy of BIN without debug information in DIR (valgrind 3.19 stops at the release build's
# DWARF 5), made once; prints its path. The code is the same bytes, so the count is the binary's.
valgrind_bin() {
  local copy="$2/pushsim-valgrind/pushsim"
  if [ ! -x "$copy" ]; then
    mkdir -p "$2/pushsim-valgrind"
    objcopy --strip-debug "$1" "$copy" || return 1
  fi
  echo "$copy"
}

# callgrind OUT ARGS...: runs ARGS under callgrind (threads counted together), its output in OUT; standard output
# and error go to /dev/null. Returns the command's status.
callgrind() {
  local out=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
}

# millions OUT: the instructions a callgrind output file counted, in millions with one decimal ("50.4").
millions() { awk '/^(summary|totals):/ {printf "%.1f", $2 / 1e6; exit}' "$1"; }

# instructions OUT ARGS...: callgrind OUT ARGS, then prints the count ("50.4 M"), or "not counted (…)" when the run
# failed, so an information line always says what happened.
instructions() {
  local out=$1; shift
  if callgrind "$out" "$@" && [ -s "$out" ]; then echo "$(millions "$out") M"; else echo "not counted (the run under valgrind failed)"; fi
}

# pair_cpu PAIRS STEPS NONE COMMAND…: CPU (user + system of every thread, from wait4) of COMMAND --script-file STEPS
# and of the same with NONE, one warm-up of each, then PAIRS alternating pairs; prints the median of the differences
# (what the steps cost) and the medians of both, in ms.
pair_cpu() {
  python3 - "$@" <<'PY'
import os, statistics, sys
pairs, steps, none, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
def cpu(script):
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
        os.execv(argv[0], argv + ["--script-file", script])
    _, status, ru = os.wait4(pid, 0)
    if status: sys.exit(f"{argv[0]} failed")
    return (ru.ru_utime + ru.ru_stime) * 1000
cpu(steps); cpu(none)
s, n = [], []
for _ in range(pairs):
    s.append(cpu(steps)); n.append(cpu(none))
print("%.2f %.1f %.1f" % (statistics.median(a - b for a, b in zip(s, n)), statistics.median(s), statistics.median(n)))
PY
}

# pair_peer PAIRS COMMAND PEER: COMMAND and PEER (each one shell-quoted string, split as the shell would) run one
# warm-up each, then PAIRS rounds of COMMAND then PEER, standard output and error to /dev/null; CPU is user + system of
# every thread from wait4, wall from fork to exit. Prints "RATIO CPU PEER-CPU WALL PEER-WALL RSS": the median of the
# rounds' CPU ratios (each round's two runs meet the same load, so the ratio holds on a busy or slow machine where
# either time alone does not), each command's median CPU and wall time in ms, and COMMAND's largest peak resident set
# in MB. Exits non-zero when either fails. PAIR_WARMUP=0 skips the warm-ups (for runs of many seconds each).
pair_peer() {
  python3 - "$@" <<'PY'
import os, shlex, statistics, sys, time
pairs, cmds = int(sys.argv[1]), [shlex.split(c) for c in sys.argv[2:4]]
def once(argv):
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    if status: sys.exit(f"failed (status {status}): {shlex.join(argv)}")
    return (ru.ru_utime + ru.ru_stime) * 1000, (time.perf_counter() - t) * 1000, ru.ru_maxrss / 1024
if os.environ.get("PAIR_WARMUP", "1") != "0":
    for c in cmds: once(c)
runs = [[], []]
for _ in range(pairs):
    for i, c in enumerate(cmds): runs[i].append(once(c))
med = statistics.median
ratio = med(a[0] / max(b[0], 0.001) for a, b in zip(*runs))
print("%.2f %.0f %.0f %.0f %.0f %.0f" % (ratio, med(r[0] for r in runs[0]), med(r[0] for r in runs[1]),
                                        med(r[1] for r in runs[0]), med(r[1] for r in runs[1]), max(r[2] for r in runs[0])))
PY
}

# budget MEASURE OUT BUDGET-M ARGS...: ARGS under callgrind (OUT), judged as a goal: at most BUDGET-M millions of
# instructions. A count is exact and moved by no load or clock speed: the goal for work whose peer is not a tool.
budget() {
  local measure=$1 out=$2 limit=$3; shift 3
  if ! command -v valgrind >/dev/null; then
    result "$measure" "not counted (valgrind is not installed: make bench-deps)" "<= $limit M" "False"
  elif callgrind "$out" "$@" && [ -s "$out" ]; then
    local m; m=$(millions "$out")
    result "$measure" "$m M instructions" "<= $limit M" "$m <= $limit"
  else
    result "$measure" "not counted (the run under valgrind failed)" "<= $limit M" "False"
  fi
}
