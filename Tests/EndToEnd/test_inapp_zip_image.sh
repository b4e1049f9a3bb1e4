#!/usr/bin/env bash
# A campaign ZIP's own image: a fullscreen config naming its cover by a path inside the ZIP is drawn from the ZIP's
# entry, in `snapshot` (the same pixels as the unzipped folder), in `record`, and in a real terminal (the same cells as
# the folder's config); an entry the ZIP does not hold is the grey placeholder and one warning naming it.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8 NO_COLOR=1
export XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
R=$(cd "$HERE/../../Resources" && pwd)

# The campaign as a folder and as ZIPs of it (deflated, the way an editor packs one; the config one folder down).
mkdir -p "$WORK/campaign/img"
cp "$R/images/forest.png" "$WORK/campaign/img/cover.png"
config() {
  cat <<JSON
{"displayType":"fullscreen","inAppId":"zip-cover","fullscreen":{"cover":{"background":"#0B1E3A","image":"$1"},
 "title":{"text":"From the ZIP","color":"#FFFFFF"},"showClose":true,"buttons":[]}}
JSON
}
config img/cover.png > "$WORK/campaign/native-config.json"
python3 - "$WORK" <<'PY'
import sys, zipfile
w = sys.argv[1]
with zipfile.ZipFile(w + "/sale.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.write(w + "/campaign/native-config.json", "campaign/native-config.json")
    z.write(w + "/campaign/img/cover.png", "campaign/img/cover.png")
with zipfile.ZipFile(w + "/missing.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("native-config.json", open(w + "/campaign/native-config.json").read().replace("img/cover.png", "img/gone.png"))
PY

# snapshot: the ZIP's picture is the folder's, pixel for pixel, with nothing said.
"$BIN" snapshot inapp "$WORK/campaign/native-config.json" --scale 1 -o "$WORK/folder.png" 2>"$WORK/err" || die "folder snapshot: $(cat "$WORK/err")"
"$BIN" snapshot inapp "$WORK/sale.zip" --scale 1 -o "$WORK/zip.png" 2>"$WORK/err" || die "ZIP snapshot: $(cat "$WORK/err")"
grep -q warning "$WORK/err" && die "the ZIP's image was not found: $(cat "$WORK/err")"
cmp -s "$WORK/folder.png" "$WORK/zip.png" || die "the ZIP's picture differs from the folder's"
# A missing entry: the placeholder (another picture) and one warning naming the entry.
"$BIN" snapshot inapp "$WORK/missing.zip" --scale 1 -o "$WORK/missing.png" 2>"$WORK/err" || die "missing-entry snapshot: $(cat "$WORK/err")"
[ "$(grep -c warning "$WORK/err")" = 1 ] || die "expected one warning: $(cat "$WORK/err")"
grep -q 'fullscreen.cover.image: "img/gone.png" is not in the ZIP (no entry img/gone.png)' "$WORK/err" || die "the warning does not name the entry: $(cat "$WORK/err")"
cmp -s "$WORK/missing.png" "$WORK/zip.png" && die "a missing image drew the picture"
# validate says the same of the ZIP, and nothing of the whole one.
"$BIN" validate "$WORK/sale.zip" > "$WORK/out" || die "validate refused the ZIP: $(cat "$WORK/out")"
grep -q "sale.zip: ok" "$WORK/out" || die "validate: $(cat "$WORK/out")"
"$BIN" validate "$WORK/missing.zip" > "$WORK/out"
grep -q 'warning: fullscreen.cover.image: "img/gone.png" is not in the ZIP' "$WORK/out" || die "validate: $(cat "$WORK/out")"

# record: every frame is a snapshot, so the ZIP's image is in the recording, with nothing said.
"$BIN" record inapp "$WORK/sale.zip" --script "wait 0.5" --scale 1 --fps 4 -o "$WORK/rec.webp" >"$WORK/out" 2>"$WORK/err" \
  || die "record: $(cat "$WORK/err")"
grep -q warning "$WORK/err" && die "record warned: $(cat "$WORK/err")"
[ -s "$WORK/rec.webp" ] || die "no recording written"

# The terminal: the cover's cells are the folder's (no placeholder label, no warning on the status line).
screen_of() {
  start 60 20
  run "$BIN" inapp --socket "$WORK/inapp.sock" "$1" --pixels off
  wait_for "From the ZIP" || die "the fullscreen message did not appear for $1"
  sleep 1.5
  T capture-pane -p -e > "$2"
  keys q; keys q
  expect_exit 0
  T kill-server >/dev/null 2>&1
}
screen_of "$WORK/campaign/native-config.json" "$WORK/folder.txt"
screen_of "$WORK/sale.zip" "$WORK/zip.txt"
grep -q "cover.png" "$WORK/zip.txt" && die "the terminal shows a placeholder for the ZIP's image: $(cat "$WORK/zip.txt")"
cmp -s "$WORK/folder.txt" "$WORK/zip.txt" || die "the terminal drew the ZIP's image differently: $(diff "$WORK/folder.txt" "$WORK/zip.txt" | head -20)"
# The terminal with an entry the ZIP lacks: the placeholder names it, and one warning event says so (the image source
# does not warn of it again when it draws the placeholder).
start 60 20
run "$BIN" inapp --socket "$WORK/inapp.sock" --events "$WORK/events.jsonl" "$WORK/missing.zip" --pixels off
wait_for "gone.png" || die "the placeholder does not name the missing image"
sleep 1
keys q; keys q
expect_exit 0
n=$(grep -c '"event":"warning"' "$WORK/events.jsonl")
[ "$n" = 1 ] || die "expected one warning event, got $n: $(grep '"event":"warning"' "$WORK/events.jsonl")"
grep -q 'not in the ZIP (no entry img/gone.png)' "$WORK/events.jsonl" || die "the warning does not name the entry: $(cat "$WORK/events.jsonl")"
echo ok
