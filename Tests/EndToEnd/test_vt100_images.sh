#!/usr/bin/env bash
# A terminal without colour (TERM=vt100) draws a story image with symbols, as NO_COLOR does, never as uncoloured
# ▀ noise (issue 13 item 3): the same page at the same size reads the same in both.
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
# The first page alone, for 60 s: the 5 s the sample gives it can run out on a loaded machine before the picture is
# read, and the second run would then show page 2.
python3 - "$RES/stories/spring-sale.json" "$WORK/story.json" <<'PY'
import json, os, sys
src, dst = sys.argv[1:]
d = json.load(open(src))
stories = d["request"]["notifications"][0]["data"]["pw_stories"]
page = stories["pages"][0]
page["duration"] = 60
page["image"] = "file://" + os.path.normpath(os.path.join(os.path.dirname(src), page["image"][len("file:"):]))
stories["pages"] = [page]
json.dump(d, open(dst, "w"), ensure_ascii=False)
PY
# picture_rows: the picture rows, without the progress bar (row 1) and the status line.
picture_rows() { screen | sed -n '3,24p'; }
# Each capture has a tmux server of its own: a server started on the socket of one just killed can meet it still
# exiting ("server exited unexpectedly").
trap 'for s in "$WORK"/tmux-*.sock; do tmux -S "$s" kill-server >/dev/null 2>&1; done; cleanup' EXIT
# capture_page NAME ENV...: the settled picture rows of the first page, run with ENV.
capture_page() {
  local SOCK="$WORK/tmux-$1.sock"
  shift
  start 60 30
  run env "$@" "$BIN" stories "$WORK/story.json" --app-group "$WORK/cache"
  wait_for "Enter or click to expand" || die "the story did not open ($*)"
  keys Enter
  wait_for "page 1/1" || die "the story did not expand ($*)"
  # The picture is decoded off the main thread: wait for its rows (not the bar's █, which fills on its own) to
  # hold symbols and to read the same twice in a row.
  local end=$(( $(date +%s) + E2E_TIMEOUT )) a="" b
  while [ "$(date +%s)" -le "$end" ]; do
    b=$(picture_rows)
    if echo "$b" | grep -q "▄" && [ "$b" = "$a" ]; then break; fi
    a=$b
    sleep 0.2
  done
  [ -n "$b" ] && [ "$b" = "$a" ] || die "no settled picture ($*)"
  echo "$b"
  keys q q
  expect_exit 0
  T kill-server >/dev/null 2>&1
}
vt100=$(capture_page vt100 TERM=vt100) || exit 1
nocolor=$(capture_page nocolor NO_COLOR=1) || exit 1
echo "$vt100" | grep -q "▄" || die "no lower half blocks under TERM=vt100: the picture is not drawn with symbols"
[ "$(echo "$vt100" | grep -o "▀" | wc -l)" -lt 600 ] || die "TERM=vt100 drew uniform ▀ cells"
[ "$vt100" = "$nocolor" ] || { diff <(echo "$vt100") <(echo "$nocolor") >&2; die "TERM=vt100 and NO_COLOR draw different pictures"; }
