#!/usr/bin/env bash
# `--sdk`: the release pushsim follows. `--dump` gives 7.2.9's cards by default and 7.1.3's with --sdk 7.1.3 (the
# attachment hero and its icon, captioned and carousel cards that need a body, an attachment-only push as a banner);
# --dump reads nothing; an unknown release is one line and exit 2; --version and --help name the default; the 7.2.6
# carousel's five slides, 7.1.3's crashing feed item in validate, 7.2.0's clear carousel backdrop.
. "$(dirname "$0")/lib.sh"
cat > "$WORK/feed.json" <<'JSON'
{"response":{"messages":[
{"inbox_id":"hero","order":"1","rt":4102444800,"title":"Sale","text":"Big sale","action_type":0,"status":1,"send_date":1795435000,"image":"https://x/icon.png","action_params":"{\"attachment\":\"https://x/hero.jpg\"}"},
{"inbox_id":"nobody","order":"2","rt":4102444800,"title":"Only title","text":"","action_type":0,"status":1,"send_date":1795434000,"image":"https://x/a.png","action_params":"{}"},
{"inbox_id":"car","order":"3","rt":4102444800,"title":"Looks","text":"","action_type":0,"status":1,"send_date":1795433000,"action_params":"{\"displayType\":\"carousel\",\"carousel\":[{\"image\":\"https://x/1.png\"}]}"}
]},
"note":"a push with only an attachment follows"}
JSON
cat > "$WORK/push.json" <<'JSON'
{"aps":{"alert":{"body":"Hi"}},"pw_inbox":"p1","inbox_params":{"rt":"2030-01-01"},"attachment":"https://x/push.jpg"}
JSON
NOW=2026-11-23T12:00:00Z
new=$("$BIN" inbox "$WORK/feed.json" "$WORK/push.json" --now "$NOW" --store "$WORK/s.sqlite" --dump) || die "--dump failed"
old=$("$BIN" inbox "$WORK/feed.json" "$WORK/push.json" --now "$NOW" --store "$WORK/s.sqlite" --dump --sdk 7.1.3) || die "--dump --sdk 7.1.3 failed"
kinds() { printf '%s' "$1" | python3 -c 'import json,sys; print(" ".join(r["code"]+"="+r["kind"] for r in json.load(sys.stdin)))'; }
[ "$(kinds "$new")" = "p1=banner hero=captioned nobody=classic car=classic" ] || die "7.2.9 kinds: $(kinds "$new")"
[ "$(kinds "$old")" = "p1=classic hero=captioned nobody=captioned car=carousel" ] || die "7.1.3 kinds: $(kinds "$old")"
printf '%s' "$new" | grep -q '"code":"hero","kind":"captioned","pinned":false,"read":false,"title":"Sale","message":"Big sale","image":"https://x/hero.jpg","icon":"https://x/icon.png"' || die "7.2.9: the hero and the icon: $new"
printf '%s' "$old" | grep -q '"code":"hero","kind":"captioned","pinned":false,"read":false,"title":"Sale","message":"Big sale","image":"https://x/icon.png","date"' || die "7.1.3: the image: $old"
printf '%s' "$new" | grep -q '"read":true' && die "--dump must mark nothing read"
# A headless run under 7.2.9 reads what it shows; the next --dump sees it (the store keeps it), 7.1.3's run does not.
"$BIN" inbox "$WORK/feed.json" --now "$NOW" --store "$WORK/r.sqlite" --headless --sdk 7.1.3 --script "wait 1" --events "$WORK/e1.jsonl" || die "7.1.3 run failed"
grep -q '"event":"read"' "$WORK/e1.jsonl" && die "7.1.3 read rows by displaying them"
"$BIN" inbox "$WORK/feed.json" --now "$NOW" --store "$WORK/r.sqlite" --headless --script "wait 1" --events "$WORK/e2.jsonl" || die "7.2.9 run failed"
grep -q '"t":0,"event":"read","codes":\["hero","nobody","car"\]' "$WORK/e2.jsonl" || die "7.2.9 did not read the rows on display: $(cat "$WORK/e2.jsonl")"
# An unknown release: one line naming the known ones, exit 2.
err=$("$BIN" inbox "$WORK/feed.json" --dump --sdk 7.3.0 2>&1); rc=$?
[ $rc -eq 2 ] || die "--sdk 7.3.0 exited $rc, expected 2"
[ "$err" = "pushsim: --sdk: unknown SDK release '7.3.0'; known releases: 7.1.3, 7.1.4, 7.2.0, 7.2.1, 7.2.2, 7.2.3, 7.2.4, 7.2.5, 7.2.6, 7.2.7, 7.2.8, 7.2.9" ] || die "unexpected: $err"
for cmd in "stories x.json" "primer run" "inapp" "validate x.json" "snapshot inbox x.json"; do
  "$BIN" $cmd --sdk nope >/dev/null 2>&1; rc=$?
  [ $rc -eq 2 ] || die "'$cmd --sdk nope' exited $rc, expected 2"
  "$BIN" $cmd --help | grep -q -- "--sdk <version>" || die "'$cmd --help' does not list --sdk"
done
# InboxKit 7.2.6 (PushwooshInboxCarouselSlide.swift maxSlides): at most five slides, imageless ones skipped; --dump's slides.
slide='{\"image\":\"https://x/s.png\"}'
cat > "$WORK/car.json" <<JSON
{"response":{"messages":[{"inbox_id":"c7","order":"1","rt":4102444800,"title":"Looks","text":"New in","action_type":0,"status":1,"send_date":1795433000,"action_params":"{\"displayType\":\"carousel\",\"carousel\":[{\"title\":\"no image\"},$slide,$slide,$slide,$slide,$slide,$slide,$slide]}"}]}}
JSON
"$BIN" inbox "$WORK/car.json" --now "$NOW" --store "$WORK/c.sqlite" --dump | grep -q '"kind":"carousel".*"slides":5,' || die "7.2.9: not five slides"
"$BIN" inbox "$WORK/car.json" --now "$NOW" --store "$WORK/c.sqlite" --dump --sdk 7.2.5 | grep -q '"slides":7,' || die "7.2.5: not seven slides"
# 7.1.3's core crashes on a server item that is not an object (PWInboxMessageInternal.m); 7.2.2 skips it.
printf '{"response":{"messages":["x"]}}' > "$WORK/bad.json"
"$BIN" validate "$WORK/bad.json" --sdk 7.1.3 >"$WORK/v1.txt" 2>&1 && die "validate --sdk 7.1.3 passed a crashing feed"
grep -q "crashes when this feed loads" "$WORK/v1.txt" || die "no crash finding: $(cat "$WORK/v1.txt")"
"$BIN" validate "$WORK/bad.json" --sdk 7.2.2 >"$WORK/v2.txt" 2>&1
grep -q "crashes" "$WORK/v2.txt" && die "7.2.2 crashes: $(cat "$WORK/v2.txt")"
# PushwooshInApp 7.2.0 (PWCarouselInAppView.swift @fd34d7d): the carousel's backdrop lets a tap through to the app.
car="$(dirname "$0")/../../Resources/inapp/carousel-new-arrivals.json"
"$BIN" inapp "$car" --headless --sdk 7.2.0 --store "$WORK/i.sqlite" --script "wait 1; tap-outside; wait 1" --events "$WORK/i0.jsonl" || die "inapp 7.2.0 failed"
grep -q '"event":"host_click"' "$WORK/i0.jsonl" || die "7.2.0: the tap beside the carousel did not reach the app: $(cat "$WORK/i0.jsonl")"
grep -q '"event":"inapp_closed"' "$WORK/i0.jsonl" && die "7.2.0: the tap beside the carousel closed it"
"$BIN" inapp "$car" --headless --store "$WORK/i.sqlite" --script "wait 1; tap-outside; wait 1" --events "$WORK/i1.jsonl" || die "inapp failed"
grep -q '"event":"inapp_closed"' "$WORK/i1.jsonl" || die "7.2.9: the scrim tap did not close the carousel"
"$BIN" --version | grep -q "Pushwoosh iOS SDK 7.2.9" || die "--version does not name the SDK release"
echo "ok sdk versions"
