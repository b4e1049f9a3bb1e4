#!/usr/bin/env bash
# Issue 25 item 1: `stories --record /dev/full` then q q trapped (SIGILL, status 132) with the terminal left raw.
# Now the recording's first write fails before the screen starts: one sentence, status 1, a sane terminal. A
# recording that is written ends up whole under its name, with no temporary file left beside it.
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
start 80 24
run "$BIN" stories "$RES/stories/spring-sale.json" --record /dev/full
expect_exit 1
wait_for "^pushsim: /dev/full: cannot be written \(the disk is full\)$" 5 || die "no one-line reason for /dev/full"
screen | grep -q "Fatal error" && die "the recording trapped"
expect_sane
mkdir -p "$WORK/rec"
run "$BIN" stories "$RES/stories/spring-sale.json" --record "$WORK/rec/run.cast"
wait_for "Enter or click to expand" || die "the story did not start while recording"
keys q
expect_exit 0
head -1 "$WORK/rec/run.cast" | grep -q '"version": 2' || die "the recording has no asciicast header"
[ "$(ls -A "$WORK/rec")" = "run.cast" ] || die "files left beside the recording: $(ls -A "$WORK/rec")"
