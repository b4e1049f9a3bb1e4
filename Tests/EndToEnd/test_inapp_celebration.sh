#!/usr/bin/env bash
# Issue 21: the scratch card's reveal in a real terminal: the confetti falls as coloured pieces (▬ ▮ ◆ ▪) while the
# run loop draws it, then — 3.9 s after the reveal, when the last piece has fallen — the process sleeps (0 context
# switches on every thread); under --reduce-motion no piece is ever drawn, as the SDK skips the volley.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/idle.sh"
R=$(cd "$(dirname "$0")/../.." && pwd)/Resources/inapp

start 80 30
run "$BIN" inapp "$R/scratchcard-black-friday.json" --pixels off --store "$WORK/state.sqlite"
wait_for "Scratch here" || die "the scratch card is not on screen"
keys r
wait_for "[▬▮◆▪]" || die "no confetti after the reveal: $(screen)"
pid=$(pushsim_pid) || die "pushsim is not running"
moving=$(idle_switches "$pid" 1)
[ "$moving" -gt 5 ] || die "the confetti did not wake the loop to draw it ($moving switches in its first second)"
sleep 3
n=$(idle_switches "$pid")
[ "$n" -eq 0 ] || die "after the confetti the revealed card woke $n times in 3 s"
screen | grep -q "[▬▮◆▪]" && die "pieces are left on screen after their 3.2 s: $(screen)"
keys q
expect_exit 0

start 80 30
run "$BIN" inapp "$R/scratchcard-black-friday.json" --pixels off --reduce-motion --store "$WORK/state2.sqlite"
wait_for "Scratch here" || die "the scratch card is not on screen (reduce motion)"
keys r
wait_for "BF25-7QX" || die "the reveal did not show the code"
for _ in 1 2 3 4 5 6 7 8 9 10; do
  screen | grep -q "[▬▮◆▪]" && die "confetti under --reduce-motion: $(screen)"
  sleep 0.1
done
keys q
expect_exit 0
expect_sane
