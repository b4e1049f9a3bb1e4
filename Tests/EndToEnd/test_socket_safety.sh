#!/usr/bin/env bash
# The notify socket (issue 12, item 5): SIGTERM, SIGHUP and SIGINT remove the socket file of a running
# `pushsim inapp`; with no XDG_RUNTIME_DIR, a /tmp/pushsim-UID folder another user made first is refused by
# `pushsim notify`, so that user's listener never receives the banner.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8
S="$WORK/s.sock"
start 80 24
for pair in TERM:143 HUP:129 INT:130; do
  sig=${pair%%:*}; want=${pair##*:}
  run "$BIN" inapp --socket "$S"
  wait_for "listening on $S" || die "pushsim inapp did not start listening (before SIG$sig)"
  [ -S "$S" ] || die "no socket file at $S"
  pid=$(pushsim_pid) || die "pushsim is not running"
  kill -s "$sig" "$pid"
  expect_exit "$want"
  [ -e "$S" ] && die "SIG$sig left the socket file $S behind"
  expect_sane
done

# Another user's folder. The test acts as uids of its own (no real user has them), so it never touches the folder
# of the user running it, nor of anyone else on the machine.
ME=54321
THEM=54322
DIR=/tmp/pushsim-$ME
as() { local uid=$1; shift; env -u XDG_RUNTIME_DIR setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"; }
[ "$(id -u)" = 0 ] || { echo "skipped: acting as other users needs root"; exit 0; }
[ -e "$DIR" ] && die "$DIR exists already; remove it and run again"
trap 'kill "$listener" 2>/dev/null; rm -rf "$DIR"; cleanup' EXIT
mkdir "$DIR" && chown "$THEM:$THEM" "$DIR" && chmod 777 "$DIR" || die "cannot make $DIR"
chmod 777 "$WORK"
as "$THEM" "$BIN" inapp --headless --socket "$DIR/inapp.sock" --script "receive 15" --events "$WORK/theirs.jsonl" &
listener=$!
for _ in $(seq 100); do [ -S "$DIR/inapp.sock" ] && break; sleep 0.1; done
[ -S "$DIR/inapp.sock" ] || die "the other user's listener did not start"
# pushsim makes its socket 0600; a hostile listener opens it to everyone.
chmod 666 "$DIR/inapp.sock"
out=$(as "$ME" "$BIN" notify --title secret 2>&1); rc=$?
[ "$rc" = 1 ] || die "notify into another user's folder exited $rc ($out), expected 1"
echo "$out" | grep -q "^pushsim: the socket folder $DIR belongs to another user (uid $THEM)" || die "notify said: $out"
# Our own folder, but open to everyone: refused too.
chown "$ME:$ME" "$DIR"
out=$(as "$ME" "$BIN" notify --title secret 2>&1); rc=$?
[ "$rc" = 1 ] && echo "$out" | grep -q "is open to other users (mode 777)" || die "an open folder: exit $rc, $out"
kill "$listener" 2>/dev/null; wait "$listener" 2>/dev/null
grep -q banner_show "$WORK/theirs.jsonl" 2>/dev/null && die "the other user's listener received the banner"
exit 0
