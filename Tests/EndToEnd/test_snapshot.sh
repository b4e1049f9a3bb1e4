#!/usr/bin/env bash
# pushsim snapshot: each experience writes a PNG of the phone's size; bad input is one line, no file.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-snapshot.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run"
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

# A PNG: the 8-byte signature, then IHDR's width and height (big-endian) at bytes 16..23.
png_size() {
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || { echo "not a PNG"; return; }
  od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

"$BIN" snapshot stories "$R/stories/spring-sale.json" --script "wait 2.5; tap right" -o "$W/story.png" 2>"$W/err" || fail "stories exited $?: $(cat "$W/err")"
[ "$(png_size "$W/story.png")" = "1179x2556" ] || fail "story.png is $(png_size "$W/story.png"), not 393x852 pt (iphone-15, the default) at 3x"
grep -q "wrote $W/story.png (1179×2556)" "$W/err" || fail "no 'wrote' line: $(cat "$W/err")"

# The default name comes from the payload; --device and --scale choose the pixels.
(cd "$W" && "$BIN" snapshot stories "$R/stories/spring-sale.json" --device iphone-se --scale 1 2>/dev/null) || fail "default name run"
[ "$(png_size "$W/spring-sale.png")" = "375x667" ] || fail "spring-sale.png is $(png_size "$W/spring-sale.png")"

"$BIN" snapshot primer --store "$W/s.sqlite" --style sheet --position center --scale 1 -o "$W/primer.png" 2>/dev/null || fail "primer"
[ "$(png_size "$W/primer.png")" = "393x852" ] || fail "primer.png is $(png_size "$W/primer.png")"
# A picture does not count as a primer shown: a throttled config still shows its sheet on the next run.
for n in 1 2; do
  "$BIN" snapshot primer --store "$W/t.sqlite" --style sheet --min-interval 3600 --now 2026-01-31T09:00:00Z --events - -o "$W/t$n.png" 2>/dev/null \
    | grep -q '"event":"shown"' || fail "snapshot primer run $n was throttled: the first one stored its time"
done
"$BIN" snapshot inbox "$R/inbox/mixed.json" --store "$W/s.sqlite" --scale 1 -o "$W/inbox.png" 2>/dev/null || fail "inbox"
[ "$(png_size "$W/inbox.png")" = "393x852" ] || fail "inbox.png is $(png_size "$W/inbox.png")"
"$BIN" snapshot inapp --title "Flash sale" --body "Two hours only" --scale 1 -o "$W/inapp.png" 2>/dev/null || fail "inapp"
[ "$(png_size "$W/inapp.png")" = "393x852" ] || fail "inapp.png is $(png_size "$W/inapp.png")"

# -o - writes the PNG to standard output.
"$BIN" snapshot inapp --title T --scale 1 -o - 2>/dev/null >"$W/piped.png" || fail "-o -"
[ "$(png_size "$W/piped.png")" = "393x852" ] || fail "piped PNG is $(png_size "$W/piped.png")"

# The script's events still go where --events says: the snapshot is the same headless run.
"$BIN" snapshot stories "$R/stories/spring-sale.json" --script "tap right" --events - -o "$W/e.png" 2>/dev/null | grep -q '"event":"show","index":1' \
  || fail "no show event for page 2"

# What the payload drops is said on stderr (the picture shows the SDK's fallback, which says nothing of it).
"$BIN" snapshot stories "$R/stories/broken.json" -o "$W/broken.png" 2>"$W/err" || fail "fallback run"
grep -q 'pushsim: warning: pw_stories.pages\[1\]: has no image' "$W/err" || fail "no warning for the dropped page: $(cat "$W/err")"

# Bad input: one line on stderr, a non-zero exit, no file, no stack trace.
out=$("$BIN" snapshot stories "$R/stories/spring-sale.json" --device nokia -o "$W/bad.png" 2>&1) && fail "bad --device accepted"
echo "$out" | grep -q -- "--device must be one of" || fail "bad --device message: $out"
out=$("$BIN" snapshot stories "$R/stories/spring-sale.json" -o "$W/no/such/folder.png" 2>&1) && fail "unwritable output accepted"
[ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "folder.png: the picture could not be written" || fail "unwritable message: $out"
out=$("$BIN" snapshot stories "$W/missing.json" 2>&1) && fail "missing payload accepted"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "missing payload: $out"
out=$("$BIN" snapshot stories "$R/stories/spring-sale.json" --script "tap sideways" -o "$W/bad2.png" 2>&1) && fail "bad script accepted"
echo "$out" | grep -q 'script step 1' || fail "bad script message: $out"
[ ! -e "$W/bad.png" ] && [ ! -e "$W/bad2.png" ] || fail "a failed run wrote a picture"
exit 0
