#!/usr/bin/env bash
# From the home screen: open a stories sample, expand the notification, see the progress bar and the title,
# dismiss it, come back to the menu, and quit with status 0.
. "$(dirname "$0")/lib.sh"
start 80 24
run "$BIN"
wait_for "Spring sale \(createMessage request\)" || die "the stories sample is not on the home screen"
keys Enter
wait_for "Enter or click to expand" || die "the collapsed notification did not appear"
wait_for "Spring sale is on" || die "the notification title is missing"
keys Enter
wait_for "page 1/5" || die "Enter did not expand the story"
# The page title ("Spring sale"), not the notification's ("Spring sale is on"); the picture may surround it.
wait_for "Spring sale([^ ]| *$| [^i])" || die "the page title is missing"
screen | sed -n 1p | grep -q "─" || die "no progress bar on the first row"
# The bar fills while the page plays: a full cell appears, then more.
# The image shows through at the bar's edges (the SDK overlays the bar on a full-bleed image), so look for a
# full cell anywhere on the first row rather than at its start.
end=$(( $(date +%s) + E2E_TIMEOUT ))
until screen | sed -n 1p | grep -q "█" || [ "$(date +%s)" -gt "$end" ]; do sleep 0.1; done
screen | sed -n 1p | grep -q "█" || die "the progress bar does not fill"
before=$(screen | sed -n 1p | grep -o "█" | wc -l)
end=$(( $(date +%s) + E2E_TIMEOUT ))
while [ "$(screen | sed -n 1p | grep -o "█" | wc -l)" -le "$before" ] && [ "$(date +%s)" -le "$end" ]; do sleep 0.2; done
[ "$(screen | sed -n 1p | grep -o "█" | wc -l)" -gt "$before" ] || die "the progress bar does not advance"
keys q
wait_for "dismissed" || die "q did not dismiss the story"
keys q
wait_for "notification previews" || die "leaving the sample did not come back to the home screen"
wait_for "▸ Spring sale" || die "the selection was lost"
keys q
expect_exit 0
expect_sane
