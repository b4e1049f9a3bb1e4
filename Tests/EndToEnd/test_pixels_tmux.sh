#!/usr/bin/env bash
# Pixels inside tmux: with allow-passthrough off a kitty outside gets cells (and says why); with it on, the
# picture reaches the outer terminal wrapped in tmux's pass-through, once, while the pane shows the story's text.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cp "$ROOT/Resources/images/aurora.jpg" "$WORK/aurora.jpg"
printf '{"pw_stories":{"pages":[{"image":"file:aurora.jpg","duration":60,"title":"Spring sale"}]}}\n' > "$WORK/story.json"
start 80 30
# The pane's shell was started with env -i: give pushsim what tmux gives its panes, plus a kitty outside.
PANE=$(T display-message -p '#{pane_id}')
inside="env TMUX=$SOCK,1,0 TMUX_PANE=$PANE KITTY_WINDOW_ID=1 PUSHSIM_DEBUG_STATS=$WORK/stats.json"

# show_story [picture]: with "picture", wait for the picture's escape before quitting (it is encoded off the run
# loop and follows the page's cells).
show_story() {
  rm -f "$WORK/stats.json" "$WORK/story.cast"
  run $inside "$BIN" stories --record "$WORK/story.cast" --store "$WORK/store.sqlite" "$WORK/story.json"
  wait_for "Enter or click to expand" || die "the collapsed notification did not appear"
  keys Enter
  wait_for "Spring sale" || die "the story did not open"
  wait_for "page 1/1" || die "the status line did not appear"
  if [ "${1:-}" = picture ]; then
    local end=$(( $(date +%s) + E2E_TIMEOUT ))
    # The recording is written under a hidden name beside story.cast and renamed when pushsim ends.
    until cat "$WORK/story.cast" "$WORK"/.story.cast.* 2>/dev/null | grep -q '_Ga=p'; do
      [ "$(date +%s)" -le "$end" ] || die "the picture never arrived"
      sleep 0.1
    done
  fi
  keys q; keys q
  expect_exit 0
}

T set-option -g allow-passthrough off
show_story
grep -q '"pixels": "cells (inside tmux with allow-passthrough off (tmux set -g allow-passthrough on))"' "$WORK/stats.json" \
  || die "with allow-passthrough off pushsim did not fall back to cells: $(cat "$WORK/stats.json")"
grep -q 'Ptmux;' "$WORK/story.cast" && die "picture escapes were sent although tmux would drop them"

T set-option -g allow-passthrough on
show_story picture
grep -q '"pixels": "kitty via tmux passthrough' "$WORK/stats.json" || die "pass-through was not used: $(cat "$WORK/stats.json")"
grep -q '"picturesSent": 1,' "$WORK/stats.json" || die "the picture was not sent exactly once: $(cat "$WORK/stats.json")"
# In the recording (JSON strings): ESC P tmux; ESC ESC _ G … (the inner ESCs doubled), and the delete at exit.
# The pixels go once (a=t), then are placed (a=p), each escape wrapped.
grep -q 'u001bPtmux;\\u001b\\u001b_Ga=t,f=24' "$WORK/story.cast" || die "the kitty picture is not wrapped in tmux pass-through"
grep -q 'u001bPtmux;\\u001b\\u001b_Ga=p,' "$WORK/story.cast" || die "the kitty picture was not placed through tmux pass-through"
grep -q 'u001bPtmux;\\u001b\\u001b_Ga=d' "$WORK/story.cast" || die "the kitty picture was not deleted at exit"
expect_sane
