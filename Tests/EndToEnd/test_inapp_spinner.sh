#!/usr/bin/env bash
# Issue 21: a native modal whose image never arrives (a server that accepts and never answers) shows UIKit's loading
# spinner turning in a real terminal — its glyph steps round the braille ring, the loop woken about 8 times a second
# for it and no more — and once the load gives up (--image-timeout) the grey placeholder stays and the process sleeps
# (0 context switches on every thread).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/idle.sh"
export XDG_CACHE_HOME="$WORK/cache"
silent_server "$WORK/port"
R=$(cd "$(dirname "$0")/../.." && pwd)/Resources/inapp
sed "s#\.\./images/hero-bell\.png#http://127.0.0.1:$(cat "$WORK/port")/hero.png#" "$R/modal-welcome-dark.json" > "$WORK/modal.json"
grep -q "127.0.0.1" "$WORK/modal.json" || die "the sample's image path changed: $(grep image "$R/modal-welcome-dark.json")"

start 80 30
run "$BIN" inapp "$WORK/modal.json" --pixels off --image-timeout 4 --store "$WORK/state.sqlite"
wait_for "Welcome" || die "the modal is not on screen"
frames=""
for _ in $(seq 12); do
  frames="$frames$(screen | grep -o '[⣾⣷⣯⣟⡿⢿⣻⣽]' | head -1)"
  sleep 0.09
done
distinct=$(printf '%s' "$frames" | grep -o . | sort -u | wc -l)
[ "$distinct" -ge 4 ] || die "the spinner did not turn (glyphs seen over 1 s: '$frames')"
pid=$(pushsim_pid) || die "pushsim is not running"
# The run loop's own sleeps (voluntary switches of the main thread): 16 steps in 2 s, each one wake and one frame;
# twice that would be polling, not stepping. (The download's thread wakes on its own, about once a second.)
main() { awk '/^voluntary_ctxt_switches/ {print $2}' /proc/"$pid"/task/"$pid"/status; }
a=$(main); sleep 2; b=$(main)
[ $((b - a)) -ge 10 ] && [ $((b - a)) -le 32 ] || die "the run loop woke $((b - a)) times in 2 s of spinning (expected about 16)"
wait_for "timed out" 10 || die "the load did not give up after --image-timeout 4"
sleep 0.5
screen | grep -q '[⣾⣷⣯⣟⡿⢿⣻⣽]' && die "a spinner is left after the load failed: $(screen)"
# The run loop (the main thread) sleeps at once; sizes of the image asked for during the card's entrance were queued
# behind the download and may each try it once more on the media workers (at most three at a time), then nothing.
a=$(main); sleep 2; b=$(main)
[ $((b - a)) -eq 0 ] || die "after the failed load the run loop woke $((b - a)) times in 2 s"
# Those tries take at most two more timeouts (8 s from the failure): then every thread sleeps.
sleep 6.5
n=$(idle_switches "$pid" 2)
[ "$n" -eq 0 ] || die "after the failed load the process woke $n times in 2 s ($(cat "$WORK/port.n") downloads tried)"
[ "$(cat "$WORK/port.n")" -le 3 ] || die "the image was downloaded $(cat "$WORK/port.n") times"
keys q
expect_exit 0
expect_sane