#!/usr/bin/env bash
# A terminal without colour (TERM=vt100) draws a story image with symbols, as NO_COLOR does, never as uncoloured
# ▀ noise (issue 13 item 3): the same page at the same size reads the same in both.
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
capture_page() {
  start 60 30
  run env "$@" "$BIN" stories "$RES/stories/spring-sale.json" --app-group "$WORK/cache"
  wait_for "Enter or click to expand" || die "the story did not open ($*)"
  keys Enter
  wait_for "page 1/5" || die "the story did not expand ($*)"
  wait_for "█" || die "no picture drawn ($*)"
  sleep 0.3
  # The picture rows, without the progress bar (row 1) and the status line.
  screen | sed -n '3,24p'
  keys q q
  expect_exit 0
  T kill-server >/dev/null 2>&1
}
vt100=$(capture_page TERM=vt100) || exit 1
nocolor=$(capture_page NO_COLOR=1) || exit 1
echo "$vt100" | grep -q "▄" || die "no lower half blocks under TERM=vt100: the picture is not drawn with symbols"
[ "$(echo "$vt100" | grep -o "▀" | wc -l)" -lt 600 ] || die "TERM=vt100 drew uniform ▀ cells"
[ "$vt100" = "$nocolor" ] || { diff <(echo "$vt100") <(echo "$nocolor") >&2; die "TERM=vt100 and NO_COLOR draw different pictures"; }
