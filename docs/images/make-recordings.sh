#!/usr/bin/env bash
# Makes the pictures the README shows: a recording of each bundled sample and a contact sheet of the spring-sale
# story. Run it again after a change to what they draw: bash docs/images/make-recordings.sh [PATH/TO/pushsim]
# Each recording is 1x at 10 frames a second, lossy WebP at quality 60, to stay at a few hundred KB.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$(realpath "${1:-$ROOT/.build/debug/pushsim}")
OUT="$ROOT/docs/images"
R="$ROOT/Resources"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-docs-images.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
# A fresh simulated device and cache: the pictures do not depend on this machine's store.
export XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
rec() { local name=$1; shift; "$BIN" record "$@" --scale 1 --fps 10 --quality 60 --touches --store "$WORK/$name.sqlite" -o "$OUT/$name.webp"; }

rec stories-spring-sale stories "$R/stories/spring-sale.json" --script "wait 2; tap right; wait 1.5; tap right; wait 1; hold 1; tap right; wait 1; tap right; wait 2"
rec stories-travel-userinfo stories "$R/stories/travel-userinfo.json" --script "wait 2; tap right; wait 2; tap left; wait 1.5"
rec stories-loop-teaser stories "$R/stories/loop-teaser.json" --loop --crossfade --script "wait 7"
rec stories-cjk-emoji stories "$R/stories/cjk-emoji.json" --script "wait 2; tap right; wait 2"
rec stories-broken stories "$R/stories/broken.json" --script "wait 1"
# A push no content extension claims (aps.category "STORIES"): iOS's own expanded view, never the story.
rec stories-wrong-category stories "$R/stories/wrong-category.json" --collapsed --script "wait 1; expand; wait 1.5"
rec primer-alert primer --config "$R/primer/alert.json" --script "wait 1.5; accept; wait 1; allow; wait 0.5"
rec primer-sheet-bottom primer --config "$R/primer/sheet-bottom.json" --script "wait 1.5; accept; wait 1; allow; wait 0.5"
rec primer-sheet-top primer --config "$R/primer/sheet-top.json" --script "wait 1.5; decline; wait 0.5"
rec primer-sheet-center primer --config "$R/primer/sheet-center.json" --script "wait 1.5; accept; wait 1; deny; wait 0.5"
rec primer-denied primer --config "$R/primer/denied.json" --status denied --script "wait 1.5; accept; wait 1"
# Throttled: shown an hour ago, so nothing at first; a day later, present shows it.
rec primer-throttled primer --config "$R/primer/throttled.json" --last-shown-ago 3600 --script "wait 1; advance 86400; present; wait 1.5"
rec inbox-mixed inbox "$R/inbox/mixed.json" --now 2026-11-23T09:30:00Z --script "wait 0.5; down; down; down; down; down; down; wait 0.3; key right; wait 0.5; key right; wait 0.5; down; wait 0.5"
rec inbox-requests-pushes inbox "$R/inbox/requests.json" "$R/inbox/pushes.json" --now 2026-11-23T09:30:00Z --script "wait 0.5; select; wait 0.5; down; delete; wait 0.5"
rec inbox-empty inbox "$R/inbox/empty.json" --now 2026-11-23T09:30:00Z --script "refresh; wait 0.5"
steps=""
for f in welcome sale cjk shipped; do steps+="notify $(tr -d '\n' < "$R/banners/$f.json"); wait 4.5; "; done
rec inapp-banners inapp --script "${steps}wait 2"

# The request's language dictionaries too: the German title is cut on the iPhone SE, in both appearances.
"$BIN" snapshot stories "$R/stories/spring-sale.json" --collapsed --scale 1 \
  --matrix language=en,de --matrix appearance=light,dark --matrix device=iphone-se,iphone-15 \
  --report "$OUT/stories-spring-sale-matrix.md" -o "$OUT/stories-spring-sale-matrix.png"
ls -l "$OUT"
