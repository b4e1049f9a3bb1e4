#!/usr/bin/env bash
# Keys and SGR (1006) mouse sequences reach the scene decoded: arrows, Enter, UTF-8, press, drag, release,
# wheel, and clicks beyond column 223 (which only SGR encoding can carry).
. "$(dirname "$0")/lib.sh"
start 240 30
run "$BIN" --demo
wait_for "Demo page 1 of 3" || die "the demo page did not appear"
expect_input() { wait_for "last input: $1\$" || die "expected 'last input: $1'"; }
keys Up; expect_input "key up"
keys PageDown; expect_input "key pagedown"
keys BTab; expect_input "key backtab"
keys Enter; expect_input "key enter"
# Home and End as tmux sends them (ESC [ 1 ~, ESC [ 4 ~), not as TERM=xterm-256color lists them.
keys Home; expect_input "key home"
keys End; expect_input "key end"
keys DC; expect_input "key delete"
keys BSpace; expect_input "key backspace"
# An escape sequence ncurses does not know is dropped, not taken for Esc (which would quit).
raw $'\e[99~'; keys Right; expect_input "key right"
screen | grep -q "Demo page" || die "an unknown escape sequence quit the demo"
keys C-a; expect_input "key ctrl-a"
raw "é"; expect_input "key é"
raw "春"; expect_input "key 春"
mouse_press 11 6; expect_input "mouse press 10,5"
raw $'\e[<32;15;7M'; expect_input "mouse drag 14,6"
mouse_release 15 7; expect_input "mouse release 14,6"
raw $'\e[<65;3;4M'; expect_input "mouse wheelDown 2,3"
raw $'\e[<64;3;4M'; expect_input "mouse wheelUp 2,3"
mouse_press 230 20; expect_input "mouse press 229,19"
mouse_release 230 20; expect_input "mouse release 229,19"
# Several mouse sequences in one read (a quick click over SSH, tmux passing two on together) reach the scene in the
# order they were sent: ncurses queues them newest first.
raw $'\e[<0;21;9M\e[<0;21;9m'; expect_input "mouse release 20,8"
raw $'\e[<0;22;9M\e[<32;23;9M\e[<32;24;9M\e[<0;24;9m'; expect_input "mouse release 23,8"
# `make fuzz` (target input) found reports that killed ncurses 6.4 with SIGSEGV: its read_SGR stores each parameter in
# a nine-slot array without counting them, and a report with dozens of `;` wrote past it. pushsim reads SGR reports
# itself: these bytes (the fuzzer's finding as it was) leave the demo running and the next key decoded.
T send-keys -H 1b 5d 20 3c 30 5b 3b 35 5b 3c 30 4d 1b 5b 3c 4d 1b 5b 3c 30 01 09 09 09 09 3b 31 3c 30 01 09 09 09 09 \
  3b 31 30 $(printf "3b %.0s" $(seq 44)) 35 6d 1b 5b 1b 5b 3c 30 3b 31 1b 5b 3c
# They end with an unfinished report (ESC [ <): a key within ESCDELAY (25 ms) would end it as its final byte.
sleep 0.2
keys x; expect_input "key x"
# A report of sixty parameters is read by its first three, as xterm sends them.
raw $'\e[<0;31;9'"$(printf ';%.0s7' $(seq 60))M"; expect_input "mouse press 30,8"
raw $'\e[<0;31;9m'; expect_input "mouse release 30,8"
keys q
expect_exit 0
expect_sane
