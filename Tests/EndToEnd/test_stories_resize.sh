#!/usr/bin/env bash
# A playing story is laid out again on resize; too small shows the minimum size and playback waits; back to
# full size it continues.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
start 80 24
run "$BIN" stories "$ROOT/Resources/stories/spring-sale.json"
wait_for "Enter or click to expand" || die "the collapsed notification did not appear"
keys Enter
wait_for "page 1/5" || die "the story did not expand"
resize 60 20
# tmux crops the old picture from the top at once; the progress bar back on the first row means pushsim laid
# the story out again (at this size the status line may not fit, so it is not looked for).
end=$(( $(date +%s) + E2E_TIMEOUT ))
until screen | sed -n 1p | grep -Eq "█{3}|─{3}" || [ "$(date +%s)" -gt "$end" ]; do sleep 0.1; done
screen | sed -n 1p | grep -Eq "█{3}|─{3}" || die "the story was not laid out again at 60x20"
resize 20 6
wait_for "[0-9]+[x×][0-9]+" || die "no minimum size shown at 20x6"
wait_gone "page [0-9]/5" || die "the status line still shows at 20x6"
resize 80 24
wait_for "page [0-9]/5" || die "the story did not come back at 80x24"
keys q
wait_for "dismissed" || die "q did not dismiss"
keys q
expect_exit 0
expect_sane
