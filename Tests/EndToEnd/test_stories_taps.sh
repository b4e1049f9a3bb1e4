#!/usr/bin/env bash
# pushsim stories FILE: tap with keys and with SGR mouse sequences, hold to pause with p and with a held mouse
# press (>= 0.3 s), and quit with q (status 0).
. "$(dirname "$0")/lib.sh"
# The bundled sample with 60-second pages: every step below expects the page its key or tap leads to, and a page of
# 4 to 7 s that ends by itself while a loaded machine delivers the key (a second 'page 2/5' → 3 → 4) fails the test.
slow_story "$WORK/story.json"
start 80 24
run "$BIN" stories "$WORK/story.json" --long-press-pause
wait_for "Enter or click to expand" || die "the collapsed notification did not appear"
# A click on the collapsed notification expands it (the box sits in the middle of the top rows).
click 40 4
wait_for "page 1/5" || die "a click did not expand the story"

# Keys: l / → forward, h / ← back (the first page restarts), 3 = right third, 1 = left third.
keys l;     wait_for "page 2/5" || die "l did not go forward"
wait_for "Desert tones" || die "page 2's title is missing"
keys Right; wait_for "page 3/5" || die "→ did not go forward"
keys h;     wait_for "page 2/5" || die "h did not go back"
keys Left;  wait_for "page 1/5" || die "← did not go back"
keys 3;     wait_for "page 2/5" || die "3 (right third) did not go forward"
keys 1;     wait_for "page 1/5" || die "1 (left third) did not go back"

# SGR mouse: the story spans columns 26-54 (1-based) at 80x24; a tap in the right third goes forward,
# in the left third back.
click 50 12; wait_for "page 2/5" || die "a mouse tap on the right third did not go forward"
click 28 12; wait_for "page 1/5" || die "a mouse tap on the left third did not go back"

# Hold with the keyboard: p is finger down (pause after 0.25 s), p again is finger up (resume, no navigation).
keys p
wait_for "paused" || die "holding p did not pause"
keys p
wait_gone "paused" || die "releasing p did not resume"
screen | grep -q "page 1/5" || die "a long hold navigated"

# Hold with the mouse: press, wait until paused (>= 0.3 s), release: resumes on the same page.
mouse_press 50 12
wait_for "paused" || die "a held mouse press did not pause"
mouse_release 50 12
wait_gone "paused" || die "releasing the mouse did not resume"
screen | grep -q "page 1/5" || die "a long mouse press navigated"

keys q
wait_for "dismissed" || die "q did not dismiss"
keys q
expect_exit 0
expect_sane
