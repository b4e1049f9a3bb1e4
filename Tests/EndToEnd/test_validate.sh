#!/usr/bin/env bash
# `pushsim validate` without a terminal: every bundled sample, kind detection, --kind, --now, standard input,
# the three formats and the exit statuses 0, 1, 2 and 64.
. "$(dirname "$0")/lib.sh"
RES=$(cd "$(dirname "$0")/../../Resources" && pwd)


# Every bundled sample but the deliberately broken stories payload validates with status 0, and each is recognised.
samples=$(ls "$RES"/stories/*.json "$RES"/inbox/*.json "$RES"/primer/*.json "$RES"/banners/*.json | grep -v -e '/stories/broken.json$' -e '/stories/wrong-category.json$')
# A fixed --now: some sample messages expire a week after the samples' "today".
expect_status 0 "$BIN" validate --now 2026-11-23T09:30:00Z $samples
count() { ls "$RES/$1"/*.json | grep -vc -e '/stories/broken.json$' -e '/stories/wrong-category.json$'; }
[ "$(grep -c ': ok (stories payload (' "$WORK/out")" -eq "$(count stories)" ] || { echo "FAIL: a stories sample was not ok" >&2; cat "$WORK/out" >&2; exit 1; }
[ "$(grep -c ': ok (primer config (' "$WORK/out")" -eq "$(count primer)" ] || { echo "FAIL: a primer sample was not ok" >&2; exit 1; }
[ "$(grep -c ': ok (in-app banner' "$WORK/out")" -eq "$(count banners)" ] || { echo "FAIL: a banner sample was not ok" >&2; exit 1; }
[ "$(grep -c ' (inbox feed (' "$WORK/out")" -eq "$(count inbox)" ] || { echo "FAIL: an inbox sample was not recognised" >&2; exit 1; }
# SDK 7.2.9 (the default) adds one warning to each: a message whose own link owns its URL button's tap.
has "inbox/mixed.json: 0 errors, 2 warnings (inbox feed (getInboxMessages response), 10 messages)"
has "inbox/requests.json: 0 errors, 3 warnings (inbox feed (createMessage request), 5 notifications, 1 not for the inbox)"
has "$(echo $samples | wc -w) files checked: 0 errors, "
expect_status 1 "$BIN" validate "$RES/stories/broken.json"
has "error: pw_stories.pages: none of the 4 pages has a usable image URL"
# The home screen's sample of a push iOS expands itself: the category error and the http: image.
expect_status 1 "$BIN" validate "$RES/stories/wrong-category.json"
has 'error: aps.category: "STORIES" matches no content extension category (PW_STORIES)'

# Standard input, detected as a banner; the same object forced as a primer config.
printf '{"title":"Hi","body":"There","link":"shop.example/sale"}' > "$WORK/banner.json"
expect_status 0 sh -c "\"$BIN\" validate - < \"$WORK/banner.json\""
has 'standard input: warning: link: "shop.example/sale" has no scheme'
has "standard input: 0 errors, 1 warning (in-app banner)"
printf '{"title":"Hi"}' > "$WORK/title.json"
expect_status 1 "$BIN" validate "$WORK/title.json"
has "may be a primer config or an in-app banner; pass --kind primer or --kind banner"
expect_status 0 "$BIN" validate --kind primer "$WORK/title.json"
has "ok (primer config (alert style), 1 key)"

# A request that is both stories and inbox is checked as both.
cat > "$WORK/both.json" <<'JSON'
{"request":{"notifications":[{"content":"Hi","ios_category_custom":"PW_STORIES","inbox_days":3,
  "ios_root_params":{"aps":{"mutable-content":1},"pw_stories":{"pages":[{"image":"https://x/1.jpg"}]}}}]}}
JSON
expect_status 0 "$BIN" validate "$WORK/both.json"
has "ok (checked as both stories and inbox: stories payload (createMessage request), 1 valid page; inbox feed (createMessage request), 1 notification)"

# Expiry is judged against --now.
expect_status 0 "$BIN" validate --now 2027-06-01T00:00:00Z "$RES/inbox/pushes.json"
has "[0].inbox_params.rt: the message expired at 2027-01-31T00:00:00Z"
has "3 messages, 1 skipped, 1 expired"

# An inbox file where every message is skipped is an error; not JSON is status 2; bad options are 64.
printf '[{"inbox_id":"a"}]' > "$WORK/skipped.json"
expect_status 1 "$BIN" validate "$WORK/skipped.json"
has "error: every message was skipped"
printf '{"pages": [' > "$WORK/cut.json"
expect_status 2 "$BIN" validate "$WORK/cut.json" "$RES/banners/sale.json"
has "cut.json: error: not valid JSON: line 1"
expect_status 2 "$BIN" validate "$WORK/none.json"
has "none.json: error: no such file"
expect_status 64 "$BIN" validate --now yesterday "$WORK/title.json"
grep -q "^Error: --now must be an ISO 8601 date" "$WORK/err" || { echo "FAIL: no clear --now error" >&2; exit 1; }
expect_status 64 "$BIN" validate - -

# Native in-app configs (displayType) and campaign ZIPs: the SDK's drop key as one error; a ZIP localised and named.
printf '{"displayType":"Modal","modal":{"background":"#FFF","title":"Hi","showClose":true,"buttons":[],"dimBackground":true}}' > "$WORK/native.json"
expect_status 1 "$BIN" validate "$WORK/native.json"
has 'error: modal.title: not shown: `modal.title` must be an object {text, color}; found a string (the SDK logs "Invalid native in-app config, dropped at: modal.title.text")'
expect_status 1 "$BIN" validate --kind inapp --format json "$WORK/title.json"
has '"kind":"inapp"'
has 'dropped at: displayType'
python3 - "$WORK" <<'PY'
import sys, zipfile
w = sys.argv[1]
with zipfile.ZipFile(w + "/r-SALE.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("native-config.json", '{"displayType":"banner","banner":{"position":"top","title":{"text":"{{t|text|Sale}}","color":"#FFF"},"background":"#000","action":{"type":"close"},"showClose":false}}')
    z.writestr("pushwoosh.json", '{"default_language":"en","localization":{"en":{"t":"Big sale"}}}')
with zipfile.ZipFile(w + "/html.zip", "w") as z:
    z.writestr("index.html", "<html></html>")
with zipfile.ZipFile(w + "/evil.zip", "w") as z:
    z.writestr("../x", "a")
PY
expect_status 0 "$BIN" validate "$WORK/r-SALE.zip"
has 'r-SALE.zip: warning: banner.autoDismiss: absent, so the banner stays on screen until it is tapped, swiped or closed'
has '(native-config.json in a campaign ZIP (banner, id "r-SALE"))'
expect_status 1 "$BIN" validate "$WORK/html.zip"
has 'html.zip: error: an HTML rich media (index.html, no native-config.json); pushsim shows native in-app templates only'
expect_status 2 "$BIN" validate "$WORK/evil.zip"
has 'the ZIP entry "../x" points outside the archive'

# JSON and JUnit formats.
expect_status 1 "$BIN" validate --format json "$WORK/skipped.json"
has '"severity":"error"'
has '"kind":"inbox"'
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WORK/out" || { echo "FAIL: --format json is not JSON" >&2; exit 1; }
expect_status 1 "$BIN" validate --format junit "$WORK/skipped.json" "$RES/primer/alert.json"
has '<testsuites name="pushsim validate" tests="2" failures="1">'
has '<testcase classname="pushsim.validate.primer"'
python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$WORK/out" || { echo "FAIL: --format junit is not XML" >&2; exit 1; }
exit 0
