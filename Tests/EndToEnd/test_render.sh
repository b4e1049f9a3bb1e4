#!/usr/bin/env bash
# `pushsim render` and the personalisation events as a script meets them (the contract's "Personalisation"): what a
# device receives from Liquid and Dynamic Content, each tags-file shape, --device-index, the not_sent and Liquid-error
# answers with their exit statuses, a campaign ZIP filled on the device, and the events of a headless stories run.
set -u
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-render.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" LANG=C NO_COLOR=1
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$W"

cat > push.json <<'JSON'
{"request":{"notifications":[{
  "ios_title":"{% if Language == \"de\" %}Hallo{% else %}Hello{% endif %} {{ FirstName | default: \"friend\" | upcase }}",
  "content":"Hi {FirstName|CapitalizeFirst|there}, {{ offer.items | size }} offers from {{ offer.from }}",
  "template_bindings":{"offer":{"items":["a","b","c"],"from":"Berlin"}},
  "data":{"k":"{FirstName|CapitalizeFirst|x}"}
}]}}
JSON
echo '{"FirstName":"aNNA","Language":"de"}' > plain.json
echo '{"status_code":200,"status_message":"OK","response":{"result":{"FirstName":"bob"}}}' > gettags.json
echo '{"request":{"application":"A-B","hwid":"h","tags":{"FirstName":"cy","Language":"fr"}}}' > settags.json
echo '[{"FirstName":"dee"},{"FirstName":"eve"}]' > two.json

field() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$@"; }

# No tags: the defaults as written (Dynamic Content leaves D untouched on the server), Liquid's default filter.
"$BIN" render push.json > out.json 2> err.txt || fail "render exit $?: $(cat err.txt)"
[ "$(field out.json 'd["aps"]["alert"]["title"]')" = "Hello FRIEND" ] || fail "title: $(cat out.json)"
[ "$(field out.json 'd["aps"]["alert"]["body"]')" = "Hi there, 3 offers from Berlin" ] || fail "body: $(cat out.json)"
# data is not personalised by the server: left as written, with a warning naming its path.
grep -q 'data' err.txt || fail "no warning for the placeholder in data: $(cat err.txt)"
[ "$(field out.json 'd["u"]')" = '{"k":"{FirstName|CapitalizeFirst|x}"}' ] || fail "u changed: $(cat out.json)"

# Each tags-file shape.
"$BIN" render push.json --tags plain.json > out.json || fail "plain"
[ "$(field out.json 'd["aps"]["alert"]["title"]')" = "Hallo ANNA" ] || fail "plain title: $(cat out.json)"
"$BIN" render push.json --tags gettags.json > out.json || fail "getTags"
[ "$(field out.json 'd["aps"]["alert"]["title"]')" = "Hello BOB" ] || fail "getTags title: $(cat out.json)"
"$BIN" render push.json --tags settags.json > out.json || fail "setTags"
[ "$(field out.json 'd["aps"]["alert"]["title"]')" = "Hello CY" ] || fail "setTags title: $(cat out.json)"
"$BIN" render push.json --tags two.json --device-index 1 > out.json || fail "array"
[ "$(field out.json 'd["aps"]["alert"]["title"]')" = "Hello EVE" ] || fail "--device-index 1: $(cat out.json)"
"$BIN" render push.json --tags plain.json --tags two.json --device-index 2 > out.json || fail "two files"
[ "$(field out.json 'd["aps"]["alert"]["title"]')" = "Hello EVE" ] || fail "index across files: $(cat out.json)"

# {Tag|Modifier} without a closing pipe: an untagged device is sent nothing (exit 0).
echo '{"request":{"notifications":[{"content":"In {Restaurant|CapitalizeFirst} now"}]}}' > ignore.json
"$BIN" render ignore.json > out.json || fail "not_sent exit $?"
[ "$(cat out.json)" = '{"not_sent":{"reason":"untagged","tag":"Restaurant"}}' ] || fail "not_sent: $(cat out.json)"
"$BIN" stories ignore.json --headless --events ev.jsonl || fail "headless not_sent exit $?"
grep -q '"event":"not_sent"' ev.jsonl || fail "no not_sent event: $(cat ev.jsonl)"
grep -q '"event":"start"' ev.jsonl && fail "the story played for a device sent nothing"

# Liquid the server refuses: one line naming field, line and column on stderr, exit 1, nothing on stdout.
printf '%s' '{"content":"Hi\n{% if FirstName %}x"}' > bad.json
"$BIN" render bad.json > out.json 2> err.txt; st=$?
[ "$st" = 1 ] || fail "Liquid error exit $st"
[ -s out.json ] && fail "output for a refused template: $(cat out.json)"
[ "$(wc -l < err.txt)" = 1 ] || fail "Liquid error is not one line: $(cat err.txt)"
grep -q 'content' err.txt && grep -q 'line 2' err.txt && grep -q 'column' err.txt || fail "Liquid error: $(cat err.txt)"
"$BIN" stories bad.json --headless --events ev.jsonl || fail "headless template_error exit $?"
python3 - ev.jsonl <<'PY' || fail "template_error event: $(cat ev.jsonl)"
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
e = [x for x in ev if x["event"] == "template_error"]
assert e and e[0]["line"] == 2 and e[0]["column"] >= 1 and "content" in e[0]["path"] and e[0]["message"], ev
assert not [x for x in ev if x["event"] == "start"], ev
PY

# Not JSON, a missing file: exit 2.
echo '{"request":' > broken.json
"$BIN" render broken.json > /dev/null 2>&1; st=$?; [ "$st" = 2 ] || fail "not JSON exit $st"
"$BIN" render nowhere.json > /dev/null 2> err.txt; st=$?; [ "$st" = 2 ] || fail "missing file exit $st"
[ "$(wc -l < err.txt)" = 1 ] || fail "missing file: $(cat err.txt)"

# The personalized events of a headless stories run, one per placeholder, with where each value came from.
"$BIN" stories push.json --headless --tags plain.json --events ev.jsonl || fail "headless exit $?"
python3 - ev.jsonl <<'PY' || fail "personalized events: $(cat ev.jsonl)"
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
p = [x for x in ev if x["event"] == "personalized"]
assert p, ev
assert all({"path", "placeholder", "value", "source"} <= set(x) for x in p), p
# The server profile upper-cases the first letter and leaves the rest ("aNNA" -> "ANNA"; docs/personalization.md).
assert any(x["source"] == "tag" and x["value"] == "ANNA" for x in p), p
assert any(x["source"] == "bindings" for x in p), p
assert ev.index(p[0]) < [i for i, x in enumerate(ev) if x["event"] == "notification"][0], "personalized after the notification"
PY

# A campaign ZIP is filled on the device: the bundled sample, with and without the name.
zip=$R/personalization/autumn-modal.zip
"$BIN" render "$zip" --tags "$R/personalization/anna-de.json" > with.json || fail "zip render exit $?"
"$BIN" render "$zip" > without.json || fail "zip render (no tags) exit $?"
cmp -s with.json without.json && fail "the ZIP rendered the same with and without tags"
grep -q '{[A-Za-z ]*|' without.json && fail "a single-brace placeholder left in the filled config: $(cat without.json)"
exit 0
