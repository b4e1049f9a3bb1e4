#!/usr/bin/env bash
# --record writes an asciicast v2 file of what the terminal was sent, and the screen is drawn as usual.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN" --demo --record "$WORK/demo.cast"
wait_for "Demo page 1 of 3" || die "the demo page did not appear while recording"
keys p
wait_for "paused" || die "keys do not work while recording"
resize 70 20
wait_for "paused" || die "the screen was not redrawn after a resize while recording"
keys q
expect_exit 0
expect_sane
# Ctrl-Z while recording: the screen restore must reach the terminal before the process stops.
run_direct "$BIN" --demo --record "$WORK/suspend.cast"
wait_for "Demo page" || die "the demo page did not appear while recording"
keys C-z
T send-keys -l "jobs"; T send-keys Enter
wait_for "Stopped" || die "Ctrl-Z did not stop pushsim while recording"
expect_sane
rm -f "$WORK/status"
T send-keys -l "clear; fg; echo \$? > $WORK/status"; T send-keys Enter
wait_for "Demo page" || die "fg did not repaint while recording"
keys q
expect_exit 0
expect_sane
# A crash while recording: the restore goes through the relay, which must still reach the terminal.
run "$BIN" --demo --record "$WORK/crash.cast"
wait_for "Demo page" || die "the demo page did not appear while recording"
pid=$(pushsim_pid) || die "pushsim is not running"
kill -SEGV "$pid"
expect_exit 139
expect_sane
python3 - "$WORK/demo.cast" <<'PY' || die "the recording is not valid asciicast v2"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
h = json.loads(lines[0])
assert h["version"] == 2 and h["width"] == 80 and h["height"] == 24 and h["timestamp"] > 0, h
events = [json.loads(l) for l in lines[1:]]
assert events, "no output recorded"
times = [e[0] for e in events]
assert all(e[1] in ("o", "r") and isinstance(e[2], str) for e in events)
assert [e[2] for e in events if e[1] == "r"] == ["70x20"], "the resize was not recorded"
events = [e for e in events if e[1] == "o"]
assert times == sorted(times), "timestamps go backwards"
text = "".join(e[2] for e in events)
assert "Demo page 1 of 3" in text and "paused" in text, "screen text missing"
assert "\x1b[?1049h" in text and "\x1b[?1049l" in text, "alternate screen enter/leave not recorded"
PY
