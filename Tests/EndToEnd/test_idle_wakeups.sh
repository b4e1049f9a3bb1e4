#!/usr/bin/env bash
# Issue 14: an idle pushsim does not wake at all, on any thread (/proc/PID/task/*): a paused story whose images
# were loaded and pre-fetched on worker threads, and an inbox whose 20,000-message feed was parsed on every core.
# (libdispatch's thread pool, once used, runs a monitor that woke the process every second for ever.)
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

. "$(dirname "$0")/idle.sh"

start 80 24
cat > "$WORK/story.json" <<JSON
{"pw_stories": {"pages": [
  {"image": "file://$ROOT/Resources/images/aurora.jpg", "duration": 30, "title": "One"},
  {"image": "file://$ROOT/Resources/images/dunes.jpg", "duration": 30, "title": "Two"}]},
 "aps": {"alert": "Idle", "category": "PW_STORIES"}}
JSON
run env XDG_CACHE_HOME="$WORK/cache" "$BIN" stories "$WORK/story.json" --long-press-pause
wait_for "Enter or click" || die "the story did not appear"
keys Enter
wait_for "page 1/2" || die "the story did not play"
keys p
wait_for "paused" || die "p did not pause"
pid=$(pushsim_pid) || die "pushsim is not running"
sleep 1
n=$(idle_switches "$pid")
[ "$n" -eq 0 ] || die "a paused story woke $n times in 3 s ($(ls /proc/"$pid"/task | wc -l) threads)"
keys q q
expect_exit 0

python3 - "$WORK/feed.json" <<'PY'
import json, sys
msgs = [{"inbox_id": "m%05d" % i, "order": str(i), "rt": 4102444800, "send_date": 1795000000 + i, "title": "Message %d" % i,
         "text": "Body %d" % i, "action_type": 0, "status": 1, "hash": "h%d" % i} for i in range(20000)]
json.dump({"response": {"messages": msgs}}, open(sys.argv[1], "w"))
PY
run env TZ=UTC "$BIN" inbox "$WORK/feed.json" --store "$WORK/state.sqlite" --now 2026-11-23T12:00:00Z --socket "$WORK/inbox.sock"
wait_for "Message 19999" || die "the inbox did not show its feed"
pid=$(pushsim_pid) || die "pushsim is not running"
sleep 1
n=$(idle_switches "$pid")
[ "$n" -eq 0 ] || die "an idle inbox woke $n times in 3 s ($(ls /proc/"$pid"/task | wc -l) threads)"
keys q
expect_exit 0
expect_sane
