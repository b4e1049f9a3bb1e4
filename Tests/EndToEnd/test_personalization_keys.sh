#!/usr/bin/env bash
# Personalisation in a real terminal beyond stories (docs/personalization.md): `u` in `pushsim inbox` and `pushsim
# inapp` switches between the --tags devices and the status line names the one shown; `notify --inbox --tags` fills a
# request for a device (or says it is not sent); `notify --inapp` brings its `personalized` events; a headless in-app
# run of the campaign ZIP emits them before the message shows, and --raw-placeholders leaves the ZIP as written; a
# getInboxMessages feed with placeholders gets one warning per field, not one per message.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8 NO_COLOR=1
export XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
P=$(cd "$HERE/../../Resources/personalization" && pwd)
TAGS=(--tags "$P/anna-de.json" --tags "$P/long-name-se.json" --tags "$P/no-name.json")
NOW=2026-11-23T12:00:00Z

start 100 30
# The inbox: the campaign's inbox message as each device receives it.
run env TZ=UTC "$BIN" inbox "$P/campaign.json" "${TAGS[@]}" --store "$WORK/inbox.sqlite" --now "$NOW" --socket "$WORK/i.sock"
wait_for "Eine Nachricht für Anna" || die "the inbox message is not filled for Anna (German)"
wait_for "device anna-de \(u next\)" || die "the status line does not name the device"
keys u
wait_for "A note for Maximiliane-Charlotte" || die "u did not fill the feed for the second device"
wait_for "device long-name-se \(u next\)" || die "the status line does not name the second device"
keys u
wait_for "A note for you" || die "u did not fill the feed for the device without the tag"
wait_for "device no-name \(u next\)" || die "the status line does not name the third device"
# notify --inbox --tags: filled here for Anna; the running inbox shows it as sent.
cp "$P/campaign.json" "$WORK/again.json"
out=$("$BIN" notify --inbox "$WORK/again.json" --tags "$P/anna-de.json" --socket "$WORK/i.sock" 2>/dev/null) || die "notify --inbox --tags failed: $out"
case "$out" in "ok "*) ;; *) die "notify --inbox --tags answered '$out'" ;; esac
wait_for "Eine Nachricht für Anna" || die "the pushed message was not filled for Anna"
# A request only for tagged devices: the device without the tag is sent nothing (exit 0, one line).
echo '{"request":{"notifications":[{"content":"For {FirstName|CapitalizeFirst}","inbox_days":3}]}}' > "$WORK/only-tagged.json"
out=$("$BIN" notify --inbox "$WORK/only-tagged.json" --tags "$P/no-name.json" --socket "$WORK/i.sock" 2>&1) || die "not_sent should exit 0: $out"
[ "$out" = "not sent to device no-name: Pushwoosh's server sends this device nothing: it has no \"FirstName\" tag, and the text uses {Tag|Modifier} (no default)" ] \
  || die "unexpected not-sent answer: $out"
err=$("$BIN" notify --push "$WORK/only-tagged.json" --tags "$P/no-name.json" 2>&1) && die "--tags with --push was accepted"
case "$err" in *"--tags, --device-index and --raw-placeholders go with --inbox"*) ;; *) die "unexpected --push refusal: $err" ;; esac
keys q
expect_exit 0
expect_sane

# In-app: the campaign ZIP's modal, filled on the phone for each device.
run "$BIN" inapp "$P/autumn-modal.zip" "${TAGS[@]}" --socket "$WORK/n.sock" --events "$WORK/inapp.jsonl"
wait_for "Willkommen zurück, Anna!" || die "the modal is not filled for Anna (German pushwoosh.json, her name)"
wait_for "device anna-de \(u next\)" || die "the in-app status line does not name the device"
keys u
wait_for "Welcome back, Maximiliane-charlotte" || die "u did not fill the modal for the second device"
wait_for "device long-name-se \(u next\)" || die "the in-app status line does not name the second device"
# notify --inapp: the filling is done by notify, its events reach this run's log (the modal on screen closed first:
# the same id would be a duplicate).
keys c
wait_until grep -q '"event":"inapp_closed"' "$WORK/inapp.jsonl" || die "c did not close the modal"
out=$("$BIN" notify --socket "$WORK/n.sock" --inapp "$P/autumn-modal.zip" --tags "$P/no-name.json" 2>&1) || die "notify --inapp --tags failed: $out"
has_event() {
  python3 - "$WORK/inapp.jsonl" "$1" "$2" <<'PY'
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
sys.exit(0 if any(e.get("event") == "personalized" and e.get("placeholder") == sys.argv[2] and e.get("value") == sys.argv[3] for e in ev) else 1)
PY
}
wait_until has_event "{FirstName|CapitalizeFirst|friend}" "Friend" || die "the events of notify --inapp did not reach the running inapp"
has_event "{FirstName|CapitalizeFirst|friend}" "Maximiliane-charlotte von wolkenstein-trostburg" || die "no personalized event for the second device"
keys q
expect_exit 0
expect_sane

# Headless: the ZIP's personalized events come before the message shows; --raw-placeholders leaves it as written.
"$BIN" inapp "$P/autumn-modal.zip" --tags "$P/anna-de.json" --headless --script "wait 1" --events "$WORK/h.jsonl" >/dev/null 2>&1 || die "headless inapp failed"
python3 - "$WORK/h.jsonl" <<'PY' || die "headless in-app events: $(cat "$WORK/h.jsonl")"
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
names = [e["event"] for e in ev]
p = [e for e in ev if e["event"] == "personalized"]
assert len(p) == 6, p
assert any(e["path"] == "modal.title.text" and e["placeholder"] == "{FirstName|CapitalizeFirst|friend}" and e["value"] == "Anna"
           and e["source"] == "tag" for e in p), p
assert max(i for i, n in enumerate(names) if n == "personalized") < names.index("inapp_will_present")
PY
"$BIN" render "$P/autumn-modal.zip" --tags "$P/anna-de.json" --raw-placeholders > "$WORK/raw.json" 2>/dev/null || die "render --raw-placeholders failed"
grep -q '{{Greeting|text|Welcome}}, {FirstName|CapitalizeFirst|friend}!' "$WORK/raw.json" || die "--raw-placeholders filled the ZIP: $(cat "$WORK/raw.json")"

# A getInboxMessages feed of 3,000 messages with a placeholder in each title: one warning for the field, with a count.
python3 - "$WORK/feed.json" <<'PY'
import json, sys
json.dump({"response": {"messages": [{"inbox_id": f"m{i}", "order": str(i), "rt": "2000000000", "status": 1, "action_type": 0,
           "title": "Hi {FirstName|CapitalizeFirst|there}", "text": f"message {i}"} for i in range(3000)]}}, open(sys.argv[1], "w"))
PY
"$BIN" inbox "$WORK/feed.json" --dump --now "$NOW" --store "$WORK/dump.sqlite" > /dev/null 2> "$WORK/dump.err" || die "inbox --dump failed: $(head -3 "$WORK/dump.err")"
n=$(grep -c "shows on the phone as written" "$WORK/dump.err")
[ "$n" = 1 ] || die "expected one leftover warning, got $n: $(head -3 "$WORK/dump.err")"
grep -q 'response.messages\[0\].title: holds the placeholder "{FirstName|CapitalizeFirst|there}" (and 2999 more messages'"'"' title)' "$WORK/dump.err" \
  || die "the leftover warning does not name the path and count: $(cat "$WORK/dump.err")"
echo ok
