#!/usr/bin/env bash
# Inbox in tmux: scroll the feed, delete a row, tap a button, quit, start again with the same --store and find the
# same state. Run by Tests/EndToEnd/run.sh (BIN and HERE exported); plain tmux, like the other suites.
set -u
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
ROOT=$(cd "$HERE/../.." && pwd)
FEED="$ROOT/Resources/inbox/mixed.json"
WORK=$(mktemp -d)
STORE="$WORK/state.sqlite"
SESSION="pushsim-inbox-$$"
NOW=2026-11-23T12:00:00Z
cleanup() { tmux kill-session -t "$SESSION" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

fail() { echo "FAIL: $*"; echo "--- screen ---"; tmux capture-pane -p -t "$SESSION" 2>/dev/null; exit 1; }
screen() { tmux capture-pane -p -t "$SESSION"; }
# wait_for TEXT [SECONDS]: poll the pane until TEXT shows.
wait_for() {
  local deadline=$(( $(date +%s) + ${2:-10} ))
  while [ "$(date +%s)" -le "$deadline" ]; do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
start() {
  tmux new-session -d -s "$SESSION" -x 80 -y 24 \
    "TZ=UTC '$BIN' inbox '$FEED' --store '$STORE' --now $NOW; echo \"EXIT:\$?\"; sleep 30"
}

start
for _ in $(seq 100); do
  screen | grep -q "not part of this build" && { echo "skip: the interactive front end is not in this build"; exit 0; }
  screen | grep -qF "Inbox" && break
  sleep 0.1
done
wait_for "Inbox" 1 || fail "the feed never appeared"
wait_for "Welcome to Acme" 5 || fail "first card missing"
wait_for "1/10" 2 || fail "header should show 1/10"

# Scroll: down twice, then back up one.
tmux send-keys -t "$SESSION" j j
wait_for "3/10" 3 || fail "scrolling down did not move the highlight"
tmux send-keys -t "$SESSION" k
wait_for "2/10" 3 || fail "scrolling up did not move the highlight"

# Delete the highlighted row (the pinned "Quick survey"): the Delete action slides in, then the row goes.
screen | grep -qF "Quick survey" || fail "Quick survey should be on screen before the delete"
tmux send-keys -t "$SESSION" d
wait_for "Deleted survey" 3 || fail "no delete status line"
screen | grep -qF "Quick survey" && fail "the deleted row is still shown"
wait_for "9 messages" 2 || fail "the header should count 9 messages"

# Tap the second button ("Mark read") of the first card.
tmux send-keys -t "$SESSION" Home 2
wait_for "marked the message read" 3 || fail "the Mark read button did nothing"

tmux send-keys -t "$SESSION" q
wait_for "EXIT:0" 5 || fail "q did not leave with status 0"
tmux kill-session -t "$SESSION"

# Start again with the same store: the row is still deleted and the first card is read.
start
wait_for "9 messages" 10 || fail "after a restart the deleted row came back"
screen | grep -qF "Quick survey" && fail "after a restart the deleted row is shown"
tmux send-keys -t "$SESSION" q
wait_for "EXIT:0" 5 || fail "second run did not quit cleanly"

dump=$(TZ=UTC "$BIN" inbox "$FEED" --store "$STORE" --now $NOW --dump --no-read-on-disappear)
echo "$dump" | grep -q '"code":"survey"' && fail "--dump still lists the deleted message"
echo "$dump" | grep -q '"code":"welcome","kind":"classic","pinned":true,"read":true' || fail "--dump: welcome should be read"
echo "ok: scrolled, deleted, tapped a button, quit, and found the same state after a restart"
