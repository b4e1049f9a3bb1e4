#!/usr/bin/env bash
# One rule for q and Esc (issue 13 item 4): q goes back one level (the stories dismiss screen counts as one), the key
# hints say "q back" inside a sample, q q from a too-small story lands on the home screen (never quits), Esc never
# quits the program, and ? opens help in the inbox.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN"
wait_for "▸ Spring sale" || die "the home screen did not appear"
keys Enter
wait_for "Enter or click to expand" || die "the story sample did not open collapsed"
keys Enter
wait_for "page 1/5" || die "Enter did not expand the story"
keys q
wait_for "r replay · q back" || die "q did not dismiss to the replay screen, or its hint is not 'q back'"
keys q
wait_for "notification previews" || die "q on the dismiss screen did not go back to the home screen"

# Too small inside a story: the same keys as the story under it, so q q goes home and no further.
keys Enter
wait_for "Enter or click to expand" || die "the story sample did not open again"
keys Enter
wait_for "page 1/5" || die "Enter did not expand the story"
resize 20 8
wait_for "q dismiss" || die "the too-small screen does not say what q does"
keys q
wait_for "q back" || die "q on the too-small screen did not dismiss"
keys q
resize 80 24
wait_for "notification previews" || die "q q on the too-small screen did not land on the home screen"
screen | grep -q "notification previews" || die "pushsim quit"

# Esc never quits the program.
keys Escape
wait_exit 1 >/dev/null && die "Esc quit pushsim"
screen | grep -q "notification previews" || die "Esc left the home screen"

# ? in the inbox sample, closed by q (one level), then q goes back.
# Up from the end of the list to it, one row at a time (other experiences' samples come after the inbox's).
keys End
for _ in $(seq 1 80); do screen | grep -q "▸ Mixed feed" && break; keys k; sleep 0.05; done
wait_for "▸ Mixed feed" || die "could not select the Mixed feed sample"
keys Enter
wait_for "q back" || die "the inbox sample does not say q goes back"
keys '?'
wait_for "Inbox keys" || die "? did not open the inbox help"
keys q
wait_gone "Inbox keys" || die "q did not close the inbox help"
screen | grep -q "notification previews" && die "q closed help and left the inbox at once"
keys q
wait_for "notification previews" || die "q did not leave the inbox sample"
keys q
expect_exit 0
expect_sane
