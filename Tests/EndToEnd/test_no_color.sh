#!/usr/bin/env bash
# NO_COLOR: no colour escapes at all; emphasis (the header, the selection) stays visible as reverse video.
. "$(dirname "$0")/lib.sh"
start 80 24
run env NO_COLOR=1 "$BIN"
wait_for "notification previews" || die "the home screen did not appear"
T capture-pane -p -e > "$WORK/colours"
grep -q $'\e\\[[0-9;]*\\(3[0-7]\\|4[0-7]\\|38;5\\|48;5\\)' "$WORK/colours" && die "colour escapes with NO_COLOR set"
grep -q $'\e\\[7m' "$WORK/colours" || grep -q $'\e\\[[0-9;]*;7m' "$WORK/colours" || die "no reverse video for the header"
keys q
expect_exit 0
expect_sane
