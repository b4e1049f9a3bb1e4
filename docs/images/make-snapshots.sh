#!/usr/bin/env bash
# Remakes the README's pictures with pushsim snapshot (run from the repository root after a build).
set -eu
BIN=${1:-.build/debug/pushsim}
OUT=docs/images
STORE=$(mktemp -d)/state.sqlite   # a fresh device and inbox state, so the pictures do not depend on yours
"$BIN" snapshot stories Resources/stories/spring-sale.json --script "wait 2.5" --scale 1 -o "$OUT/snapshot-stories.png"
"$BIN" snapshot stories Resources/stories/spring-sale.json --script "tap right; tap right; tap right; tap right; wait 2" --scale 1 \
  -o "$OUT/snapshot-stories-button.png"
"$BIN" snapshot primer --config Resources/primer/sheet-center.json --store "$STORE" --scale 1 -o "$OUT/snapshot-primer.png"
"$BIN" snapshot inbox Resources/inbox/mixed.json --light --now 2026-11-23T09:30:00Z --store "$STORE" --scale 1 -o "$OUT/snapshot-inbox.png"
"$BIN" snapshot inapp --title "Your order has shipped" --body "Order #1042 is on its way and arrives Thursday. Tap to track it." \
  --scale 1 -o "$OUT/snapshot-inapp.png"
"$BIN" snapshot inapp Resources/inapp/scratchcard-black-friday.json --script "wait 1; scratch 0.05,0.25 0.5,0.5 0.95,0.3" --scale 1 \
  -o "$OUT/snapshot-inapp-native.png"
# The contact sheet of the system's look (--ios) on three of today's phones: the lock-screen notification.
"$BIN" snapshot stories Resources/stories/spring-sale.json --collapsed --matrix ios=18,26 --matrix device=iphone-16e,iphone-17-pro,iphone-air \
  --scale 1 -o "$OUT/snapshot-ios-devices.png"
rm -rf "$(dirname "$STORE")"
