#!/usr/bin/env bash
# pushsim snapshot inapp FILE…: each bundled native template writes a phone-sized PNG through the same scene as
# inapp --headless; a moment of --script is drawn (mid-spin differs from rest); a dropped config is one line, exit 1.
set -u
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-snapshot-inapp.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run" LANG=C NO_COLOR=1
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

png_size() {
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || { echo "not a PNG"; return; }
  od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

# Every bundled template (the refused ones excepted): a 393x852 picture (iphone-15, the default), no warning (their images are local).
for f in "$R"/inapp/*.json; do
  name=$(basename "$f" .json)
  case $name in invalid-*) continue ;; esac
  "$BIN" snapshot inapp "$f" --now 2026-11-27T09:00:00Z --scale 1 -o "$W/$name.png" 2>"$W/err" || fail "$name exited $?: $(cat "$W/err")"
  [ "$(png_size "$W/$name.png")" = "393x852" ] || fail "$name.png is $(png_size "$W/$name.png")"
  grep -q "warning" "$W/err" && fail "$name warned: $(cat "$W/err")"
done

# The default name is the first file's; --dark applies the overlay (a different picture).
(cd "$W" && "$BIN" snapshot inapp "$R/inapp/modal-welcome-dark.json" --scale 1 2>/dev/null) || fail "default name run"
[ "$(png_size "$W/modal-welcome-dark.png")" = "393x852" ] || fail "default name: $(ls "$W")"
"$BIN" snapshot inapp "$R/inapp/modal-welcome-dark.json" --dark --scale 1 -o "$W/dark.png" 2>/dev/null || fail "--dark"
cmp -s "$W/dark.png" "$W/modal-welcome-dark.png" && fail "--dark drew the light picture"

# The script's moment: the wheel mid-spin is not the wheel at rest, and the spin's events are the headless run's.
wheel="$R/inapp/spinwheel-daily-bonus.json"
"$BIN" snapshot inapp "$wheel" --scale 1 -o "$W/rest.png" 2>/dev/null || fail "wheel at rest"
"$BIN" snapshot inapp "$wheel" --script "wait 1; spin; wait 2" --scale 1 -o "$W/mid.png" 2>/dev/null || fail "mid-spin"
cmp -s "$W/rest.png" "$W/mid.png" && fail "mid-spin drew the wheel at rest"
"$BIN" snapshot inapp "$wheel" --script "wait 1; spin; wait 6" --events - --scale 1 -o "$W/won.png" 2>/dev/null >"$W/events" || fail "after the spin"
grep -q '"event":"spin_stop"' "$W/events" || fail "no spin_stop event: $(cat "$W/events")"

# A refused config: nothing to draw, one line naming the SDK's key, exit 1, no file.
out=$("$BIN" snapshot inapp "$R/inapp/invalid-modal-title-string.json" -o "$W/bad.png" 2>&1) && fail "a dropped config drew a picture"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "more than one line: $out"
echo "$out" | grep -q "dropped at modal.title.text" || fail "the drop's key is not said: $out"
[ ! -e "$W/bad.png" ] || fail "a refused config wrote a picture"
# A missing file: one line, exit non-zero.
out=$("$BIN" snapshot inapp "$W/missing.json" -o "$W/bad.png" 2>&1) && fail "a missing file was accepted"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "missing file: $out"
echo "ok"
