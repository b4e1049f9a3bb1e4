#!/usr/bin/env bash
# pushsim reset also resets the home screen's inbox samples (issue 13 item 2): a sample's messages marked read come
# back unread, and reset says so; with --store only that store is touched.
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)
export XDG_DATA_HOME="$WORK/data"
S="$XDG_DATA_HOME/pushsim/samples/inbox-mixed.sqlite"
unread() { "$BIN" inbox "$RES/inbox/mixed.json" --store "$S" --now 2026-11-23T12:00:00Z --dump | grep -o '"read":false' | wc -l; }
before=$(unread)
[ "$before" -gt 0 ] || die "the mixed feed has no unread messages to begin with"
"$BIN" inbox "$RES/inbox/mixed.json" --store "$S" --now 2026-11-23T12:00:00Z --headless --script "key m" >/dev/null \
  || die "marking all read failed"
[ "$(unread)" -eq 0 ] || die "m did not mark the sample's messages read"
"$BIN" reset --store "$WORK/other.sqlite" | grep -q "Reset the primer and inbox state" || die "reset --store did not report"
[ "$(unread)" -eq 0 ] || die "reset --store touched the samples"
"$BIN" reset > "$WORK/out" || die "reset failed"
grep -q "Reset the home screen's inbox samples" "$WORK/out" || die "reset did not say it reset the samples: $(cat "$WORK/out")"
[ "$(unread)" -eq "$before" ] || die "reset did not bring the sample's messages back unread"
