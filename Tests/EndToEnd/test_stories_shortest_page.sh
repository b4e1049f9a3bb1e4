#!/usr/bin/env bash
# Issue 38, item 7: stories whose pages last 1e-300 s, looping (native in-app `loop: true`, push stories `--loop`).
# The SDK has no minimum (PWStoriesInAppView.scheduleAutoAdvance, pushwoosh-ios-sdk 7.2.0: a one-shot Timer of the
# page's duration), so every page was due at one simulated instant and the run never ended. Now a page shows for one
# 60 Hz frame at least: a headless run ends in bounded simulated and real time with about 60 pages a second, and an
# interactive run wakes once a frame while it plays and not at all while a hold pauses it.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/idle.sh"
export LC_ALL=C.UTF-8 NO_COLOR=1
cat > "$WORK/tiny.json" <<'JSON'
{"displayType": "stories", "inAppId": "tiny", "stories": {"showClose": true, "loop": true, "items": [
  {"duration": 1e-300, "title": {"text": "Blink one", "color": "#FFFFFF"}, "buttons": []},
  {"duration": 1e-300, "title": {"text": "Blink two", "color": "#FFFFFF"}, "buttons": []}]}}
JSON
cat > "$WORK/tiny-push.json" <<JSON
{"pw_stories": {"pages": [{"image": "file://$WORK/none-1.png", "duration": 1e-300}, {"image": "file://$WORK/none-2.png", "duration": 1e-300}]},
 "aps": {"alert": "Tiny", "category": "PW_STORIES"}}
JSON
fail() { echo "FAIL: $*" >&2; exit 1; }
count() { grep -c "\"event\":\"$1\"" "$2"; }

# validate says what the phone does with such a page.
"$BIN" validate "$WORK/tiny.json" > "$WORK/out" 2>&1
grep -q 'stories.items\[0\].duration: 1e-300 s is shorter than one frame of the screen' "$WORK/out" || fail "validate: $(cat "$WORK/out")"

# Headless: ends, in bounded real time, with a page a frame of simulated time.
timeout 60 "$BIN" inapp "$WORK/tiny.json" --headless --script "wait 2" --events "$WORK/ev.jsonl" > /dev/null 2> "$WORK/err"; got=$?
[ "$got" -eq 0 ] || fail "inapp --headless exited $got: $(head -3 "$WORK/err")"
n=$(count inapp_page "$WORK/ev.jsonl")
[ "$n" -ge 90 ] && [ "$n" -le 121 ] || fail "inapp: $n pages in 2 simulated seconds (expected about 60 a second after the 0.25 s fade)"
timeout 60 "$BIN" stories "$WORK/tiny-push.json" --loop --headless --script "wait 2" --events "$WORK/ev2.jsonl" > /dev/null 2> "$WORK/err"; got=$?
[ "$got" -eq 0 ] || fail "stories --headless exited $got: $(head -3 "$WORK/err")"
n=$(count show "$WORK/ev2.jsonl")
[ "$n" -ge 110 ] && [ "$n" -le 122 ] || fail "stories: $n pages shown in 2 simulated seconds (expected about 121)"

# Interactive: playing, it wakes (it is not stuck inside one instant); held, it pauses and does not wake at all.
start 80 24
run "$BIN" inapp --socket "$WORK/in.sock" "$WORK/tiny.json"
wait_for "Blink (one|two)" || die "the story did not show"
pid=$(pushsim_pid) || die "pushsim is not running"
n=$(idle_switches "$pid" 2)
[ "$n" -ge 20 ] || die "a playing story woke only $n times in 2 s"
keys Space
sleep 0.5
n=$(idle_switches "$pid" 2)
[ "$n" -le 2 ] || die "a story paused by a hold still woke $n times in 2 s"
keys Space
keys q
expect_exit 0
expect_sane
