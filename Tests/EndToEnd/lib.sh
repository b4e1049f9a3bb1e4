#!/usr/bin/env bash
# Helpers for the tmux end-to-end tests: one private tmux server per test, a shell in the pane running pushsim,
# polling for text (never fixed sleeps as assertions), SGR mouse input, exit status and tty checks.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
E2E_TIMEOUT=${E2E_TIMEOUT:-20}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-e2e.XXXXXX")
SOCK="$WORK/tmux.sock"
# A private runtime folder, for this script and the pane's shell alike: pushsim inapp's and inbox's default sockets
# ($XDG_RUNTIME_DIR/pushsim/…, else /tmp/pushsim-$UID/…) are never shared with a test running beside this one. A test
# may set its own before start.
export XDG_RUNTIME_DIR="$WORK/run"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
T() { tmux -S "$SOCK" "$@"; }
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$WORK" 2>/dev/null || { sleep 0.5; rm -rf "$WORK" 2>/dev/null; }; }
trap cleanup EXIT

die() { echo "FAIL: $*" >&2; echo "--- screen ---" >&2; screen >&2; exit 1; }

# start W H: a session whose pane runs an interactive shell with a clean prompt and sane terminal settings.
start() {
  local w=${1:-80} h=${2:-24}
  # tmux refuses to start when /dev/null is not the device. An atomic file write aimed at /dev/null (Foundation's
  # FileManager.createFile, run as root) replaces it with a regular file; put the device back, and say so.
  if [ ! -c /dev/null ]; then
    if [ "$(id -u)" = 0 ] && rm -f /dev/null && mknod -m 666 /dev/null c 1 3; then
      echo "warning: /dev/null had been replaced by a regular file; restored the device" >&2
    else
      echo "FAIL: /dev/null is not the null device; restore it with: rm /dev/null && mknod -m 666 /dev/null c 1 3" >&2
      exit 1
    fi
  fi
  # A server of an earlier start in this test may still be exiting after kill-server (it unlinks its socket as it
  # goes): a client that reaches it then fails with "server exited unexpectedly". Wait for the socket to go (2 s at
  # most), and try once more if the start still fails.
  local i
  for i in $(seq 20); do [ -S "$SOCK" ] || break; T kill-server >/dev/null 2>&1; sleep 0.1; done
  local shell="env -i HOME=$WORK XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
  T -f /dev/null new-session -d -x "$w" -y "$h" "$shell" 2>/dev/null \
    || { sleep 0.5; rm -f "$SOCK"; T -f /dev/null new-session -d -x "$w" -y "$h" "$shell"; } \
    || die "tmux did not start"
  T set-option -g status off >/dev/null
  T set-window-option -g aggressive-resize off >/dev/null 2>&1
  wait_for '^\$' || die "the shell prompt did not appear"
}

# run CMD...: type a command line into the shell; a wrapper records its exit status in $WORK/status.
# The wrapper ignores SIGINT itself (pushsim installs its own handler), so a Ctrl-C that ends pushsim does not
# also abort the line that records the status.
run() {
  rm -f "$WORK/status"
  printf '#!/bin/sh\ntrap "" INT\n"$@"\necho $? > "%s/status"\n' "$WORK" > "$WORK/wrap.sh"
  T send-keys -l "sh $WORK/wrap.sh $*"
  T send-keys Enter
}

# run_direct CMD...: type the command with no wrapper, so the shell's job is pushsim itself (job control waits for
# pushsim to stop before taking the terminal back). Not for Ctrl-C tests: the shell would abort the status echo.
run_direct() {
  rm -f "$WORK/status"
  T send-keys -l "$* ; echo \$? > $WORK/status"
  T send-keys Enter
}

screen() { T capture-pane -p; }

# wait_for REGEX [SECONDS]: poll the pane until a line matches.
wait_for() {
  local re=$1 limit=${2:-$E2E_TIMEOUT} end
  end=$(( $(date +%s) + limit ))
  while [ "$(date +%s)" -le "$end" ]; do
    screen | grep -Eq -- "$re" && return 0
    sleep 0.1
  done
  return 1
}

# wait_gone REGEX [SECONDS]: poll until no line matches.
wait_gone() {
  local re=$1 limit=${2:-$E2E_TIMEOUT} end
  end=$(( $(date +%s) + limit ))
  while [ "$(date +%s)" -le "$end" ]; do
    screen | grep -Eq -- "$re" || return 0
    sleep 0.1
  done
  return 1
}

# wait_until CMD...: poll until CMD succeeds, for E2E_TIMEOUT seconds at most (a state outside the pane: a file, a
# socket, one row).
wait_until() {
  local end=$(( $(date +%s) + E2E_TIMEOUT ))
  while [ "$(date +%s)" -le "$end" ]; do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}

# wait_exit [SECONDS]: wait for the status file and print the status.
wait_exit() {
  local limit=${1:-$E2E_TIMEOUT} end
  end=$(( $(date +%s) + limit ))
  while [ "$(date +%s)" -le "$end" ]; do
    if [ -s "$WORK/status" ]; then cat "$WORK/status"; return 0; fi
    sleep 0.1
  done
  return 1
}

expect_exit() {
  local want=$1 got
  got=$(wait_exit) || die "pushsim did not exit (expected status $want)"
  [ "$got" = "$want" ] || die "exit status $got, expected $want"
}

keys() { T send-keys "$@"; }
# Raw bytes as the terminal would send them (escape sequences included).
raw() { T send-keys -l "$1"; }
# SGR (1006) mouse: press and release at 1-based column X, row Y.
mouse_press() { raw $'\e[<0;'"$1;$2M"; }
mouse_release() { raw $'\e[<0;'"$1;$2m"; }
# A click is the press and the release in one write, as a terminal sends them: two tmux calls can land a loaded
# machine's second or more apart, and a press held 0.25 s is a long press (a story pauses instead of turning).
click() { raw $'\e[<0;'"$1;$2M"$'\e[<0;'"$1;$2m"; }

# at TEXT: the 1-based column and row of the middle of TEXT on screen (by characters, not bytes).
at() {
  screen | python3 -c '
import sys
text = sys.argv[1]
for row, line in enumerate(sys.stdin.read().split("\n"), 1):
    i = line.find(text)
    if i >= 0:
        print(i + len(text) // 2 + 1, row)
        break
' "$1"
}

resize() { T resize-window -x "$1" -y "$2" >/dev/null; }

pane_pid() { T display-message -p '#{pane_pid}'; }

# pushsim_pid: the pid of pushsim running under the pane's shell.
pushsim_pid() {
  local end=$(( $(date +%s) + E2E_TIMEOUT )) p
  while [ "$(date +%s)" -le "$end" ]; do
    # pane shell -> the status wrapper (sh) -> pushsim
    for w in $(pgrep -P "$(pane_pid)"); do
      p=$(pgrep -P "$w" -x pushsim | head -1)
      [ -n "$p" ] && break
    done
    [ -n "$p" ] && { echo "$p"; return 0; }
    sleep 0.1
  done
  return 1
}

# expect_sane: after pushsim exits, the shell's terminal has echo and canonical mode back and the cursor shows.
expect_sane() {
  rm -f "$WORK/stty"
  T send-keys -l "stty -a > $WORK/stty; tput cnorm"
  T send-keys Enter
  local end=$(( $(date +%s) + E2E_TIMEOUT ))
  while [ ! -s "$WORK/stty" ] && [ "$(date +%s)" -le "$end" ]; do sleep 0.1; done
  [ -s "$WORK/stty" ] || die "the shell did not answer after pushsim exited"
  grep -Eq '(^| )echo( |$)' "$WORK/stty" || die "echo is off after pushsim exited: $(cat "$WORK/stty")"
  grep -Eq '(^| )icanon( |$)' "$WORK/stty" || die "icanon is off after pushsim exited: $(cat "$WORK/stty")"
  grep -Eq '(^| )icrnl( |$)' "$WORK/stty" || die "icrnl is off after pushsim exited"
  # Typed text must echo again.
  T send-keys -l "echo sane-$$"
  T send-keys Enter
  wait_for "^sane-$$" || die "typed input no longer echoes"
  # The alternate screen is gone: the prompt is back on the normal screen.
  [ "$(T display-message -p '#{alternate_on}')" = "0" ] || die "still on the alternate screen"
}

# silent_server PORTFILE: in the background, a TCP server on 127.0.0.1 that accepts connections and never answers
# (an image that never comes); its port goes to PORTFILE, the connections taken so far to PORTFILE.n. Sets $silent
# to its pid and stops it on exit.
silent_server() {
  python3 - "$1" <<'PY' &
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64)
open(sys.argv[1], "w").write(str(s.getsockname()[1]))
held = []
while True:
    c, _ = s.accept(); held.append(c)
    open(sys.argv[1] + ".n", "w").write(str(len(held)))
PY
  silent=$!
  trap 'kill $silent 2>/dev/null; cleanup' EXIT
  wait_until test -s "$1" || die "the silent server did not start"
}

# expect_status N CMD...: run CMD with stdout in $WORK/out, stderr in $WORK/err, and check its status.
expect_status() {
  local want=$1; shift
  "$@" > "$WORK/out" 2> "$WORK/err"
  local got=$?
  [ "$got" -eq "$want" ] || { echo "FAIL: '$*' exited $got, expected $want" >&2; cat "$WORK/out" "$WORK/err" >&2; exit 1; }
}
# has TEXT: the last expect_status's stdout contains TEXT (a test may define its own has after sourcing this file).
has() { grep -qF -- "$1" "$WORK/out" || { echo "FAIL: output lacks: $1" >&2; cat "$WORK/out" >&2; exit 1; }; }

# slow_story OUT: the bundled spring-sale story with 60-second pages and absolute image paths, written to OUT, so no
# page ends by itself while a loaded machine delivers a key (a page of 4 to 7 s could, and the test would see two).
slow_story() {
  python3 - "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/Resources/stories/spring-sale.json" "$1" <<'PY'
import json, os, sys
src, dst = sys.argv[1:]
d = json.load(open(src))
for p in d["request"]["notifications"][0]["data"]["pw_stories"]["pages"]:
    p["duration"] = 60
    p["image"] = "file://" + os.path.normpath(os.path.join(os.path.dirname(src), p["image"][len("file:"):]))
json.dump(d, open(dst, "w"), ensure_ascii=False)
PY
}
