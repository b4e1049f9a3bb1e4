#!/usr/bin/env bash
# Issue 25 item 3: typed garbage must not wedge pushsim. A Ctrl-S reached the terminal's flow control (IXON): the
# tty stopped pushsim's output, its next write blocked, and no key was read again. The full screen now runs with
# flow control off (as vim does), so Ctrl-S and Ctrl-Q arrive as keys, and the shell gets IXON back at exit. After
# 400 random bytes (no q, Ctrl-C, Ctrl-Z or Ctrl-\), keys still decode and q still quits.
. "$(dirname "$0")/lib.sh"
start 100 30
stty_ixon() { rm -f "$WORK/stty"; T send-keys -l "stty -a > $WORK/stty"; T send-keys Enter; wait_until test -s "$WORK/stty"; }
stty_ixon; grep -Eq '(^| )ixon( |$)' "$WORK/stty" || die "the test's shell should start with ixon on"
run "$BIN" --demo
wait_for "Demo page 1 of 3" || die "the demo page did not appear"
keys C-s
wait_for "last input: key ctrl-s$" 5 || die "Ctrl-S did not arrive as a key (flow control stopped the output)"
keys x
wait_for "last input: key x$" 5 || die "a key after Ctrl-S was not shown"
keys C-q
wait_for "last input: key ctrl-q$" 5 || die "Ctrl-Q did not arrive as a key"
# The same 400 bytes every run (seeded), sent as one burst the way a paste would come.
hex=$(python3 -c '
import random
r = random.Random(25)
b = [x for x in (r.randrange(256) for _ in range(2000)) if x not in (0x71, 0x51, 0x03, 0x1a, 0x1c)][:400]
print(" ".join("%02x" % x for x in b))')
T send-keys -H $hex
sleep 0.5
keys y
wait_for "last input: key y$" 10 || die "after 400 random bytes the next key was not decoded"
screen | grep -q "Demo page" || die "the random bytes ended the demo"
keys q
expect_exit 0
expect_sane
stty_ixon; grep -Eq '(^| )ixon( |$)' "$WORK/stty" || die "ixon was not restored at exit"
