#!/usr/bin/env bash
# prefetch and the SDK's disk cache as a Service Extension and a later preview use them: files named by the SHA-256
# of the URL, cached images skipped, local ones checked, failures explained with exit 1, and a preview that draws
# cached images with no server at all. Nothing listens on 127.0.0.1:1, so no test touches the network.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-prefetch.XXXXXX")
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

G="$W/group"
CACHED=http://127.0.0.1:1/stories/aurora.jpg
GONE=http://127.0.0.1:1/stories/gone.jpg
mkdir -p "$G/pw_stories_cache"
cp "$ROOT/Resources/images/aurora.jpg" "$G/pw_stories_cache/$(printf %s "$CACHED" | sha256sum | cut -c1-64)"
cat > "$W/story.json" <<JSON
{"pw_stories":{"pages":[
  {"image":"$CACHED","title":"Cached"},
  {"image":"$GONE","title":"Gone"},
  {"image":"file://$ROOT/Resources/images/city.png","title":"Local"}
]}}
JSON

# The images are http: (a loopback address), which App Transport Security refuses: --allow-http is the app's
# NSAllowsArbitraryLoads. Without it, see the end of this test.
out=$("$BIN" prefetch "$W/story.json" --app-group "$G" --allow-http 2>"$W/progress"); rc=$?
[ "$rc" -eq 1 ] || fail "prefetch with a failed image exited $rc, not 1"
echo "$out" | grep -qx "3 images: 0 fetched, 1 already cached, 1 local, 1 failed" || fail "summary:
$out"
echo "$out" | grep -qx "  failed: $GONE: could not connect to 127.0.0.1:1 (connection refused)" || fail "no reason for the failure:
$out"
grep -qx "cached   $CACHED" "$W/progress" || fail "no progress line for the cached image: $(cat "$W/progress")"
# Each failure is said once: in the summary, not also as a progress line (issue 26).
! grep -q "$GONE" "$W/progress" || fail "the failure was said twice (progress and summary): $(cat "$W/progress")"
[ "$(ls -A "$G/pw_stories_cache" | wc -l)" -eq 1 ] || fail "the failed download left a file: $(ls -A "$G/pw_stories_cache")"

# The preview finds the cached file under the same name and draws it offline (256 colours: every image cell is ▀).
"$BIN" stories "$W/story.json" --headless --size 40x20 --app-group "$G" --colors 256 --frames "$W/frames" \
  --events "$W/events" --script "wait 0; tap right" || fail "the preview exited $?"
first=$(awk '/^--- /{n++} n==1' "$W/frames")
[ "$(printf %s "$first" | grep -o "▀" | wc -l)" -gt 300 ] || fail "the cached image was not drawn:
$first"
grep -q "\"message\":\"image $GONE could not be loaded: could not connect to 127.0.0.1:1 (connection refused); a placeholder is shown\"" "$W/events" \
  || fail "no warning for the missing image: $(cat "$W/events")"
grep -q "connection refused" "$W/frames" || fail "the placeholder does not say why"

# Everything on disk: prefetch has nothing to do and exits 0.
printf '{"pw_stories":{"pages":[{"image":"%s"}]}}\n' "$CACHED" > "$W/cached.json"
"$BIN" prefetch "$W/cached.json" --app-group "$G" --allow-http >/dev/null 2>&1 || fail "prefetch of cached images exited $?"

# App Transport Security (issue 22): without --allow-http an http: image is refused, not downloaded — even one already
# cached, which the extension never asks for — in one line naming the image and its path, and prefetch exits 1.
out=$("$BIN" prefetch "$W/story.json" --app-group "$G" 2>"$W/progress"); rc=$?
[ "$rc" -eq 1 ] || fail "prefetch of refused images exited $rc, not 1"
echo "$out" | grep -qx "3 images: 0 fetched, 0 already cached, 1 local, 2 failed" || fail "summary without --allow-http:
$out"
echo "$out" | grep -qx "  failed: $GONE: refused by App Transport Security (pw_stories.pages\[1\].image): an http: URL needs NSAllowsArbitraryLoads in the app's Info.plist (--allow-http)" \
  || fail "no ATS line for the refused image:
$out"
[ "$(echo "$out" | grep -c "$GONE")" -eq 1 ] || fail "the refused image was named more than once:
$out"
! grep -q "could not connect" "$W/progress" <(echo "$out") || fail "a refused image was downloaded"
echo ok
