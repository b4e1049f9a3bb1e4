#!/usr/bin/env bash
# `pushsim schema KIND` and schemas/: the committed files are what the binary prints, each is a valid draft 2020-12
# schema, every bundled sample and every clean JSON file under Tests/ validates against its kind's schema with the
# jsonschema package (an independent validator), the deliberately broken samples are rejected, and every key set a
# parser checks (StoriesPayloadParser.pageKeys, BannerParser.knownKeys, PrimerConfigKey, InAppConfigParser's
# rootKeys, cardKeys and checkSpelling lists, InboxFeedParser.requiredServerKeys) is exactly one object's properties
# in that kind's schema, and every key the tags and pushwoosh.json readers look up is in theirs.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export LANG=C NO_COLOR=1

for kind in stories inbox primer banner inapp tags pushwoosh; do
  "$BIN" schema "$kind" > "$WORK/$kind.json" || { echo "FAIL: pushsim schema $kind exited $?" >&2; exit 1; }
  cmp -s "$WORK/$kind.json" "$ROOT/schemas/pushsim-$kind.schema.json" \
    || { echo "FAIL: schemas/pushsim-$kind.schema.json differs from 'pushsim schema $kind' (regenerate: make schemas)" >&2; diff "$WORK/$kind.json" "$ROOT/schemas/pushsim-$kind.schema.json" | head -20 >&2; exit 1; }
done
# An unknown kind: one line naming the kinds, the usage status.
"$BIN" schema nonsense > "$WORK/out" 2> "$WORK/err"; status=$?
[ "$status" -eq 64 ] || { echo "FAIL: schema nonsense exited $status, expected 64" >&2; exit 1; }
grep -q "stories" "$WORK/err" || { echo "FAIL: schema nonsense does not name the kinds" >&2; cat "$WORK/err" >&2; exit 1; }

# Which kind each JSON file under Tests/ is, and whether it is clean, from validate's own summary lines.
mapfile -t tests < <(cd "$ROOT" && find Tests -name '*.json' -not -path '*/__Snapshots__/*' -not -path 'Tests/Integrations/*' | sort)
(cd "$ROOT" && "$BIN" validate --now 2026-11-23T09:30:00Z "${tests[@]}") > "$WORK/summary.txt" 2>&1

python3 - "$ROOT" "$WORK/summary.txt" <<'PY' || exit 1
import glob, json, os, re, sys
from jsonschema import Draft202012Validator
root, summary = sys.argv[1], sys.argv[2]
schemas = {k: json.load(open(f"{root}/schemas/pushsim-{k}.schema.json")) for k in ["stories", "inbox", "primer", "banner", "inapp", "tags", "pushwoosh"]}
failures = []
for k, s in schemas.items():
    Draft202012Validator.check_schema(s)
def errors(kind, path):
    v = Draft202012Validator(schemas[kind])
    return [f"{e.json_path}: {e.message[:160]}" for e in v.iter_errors(json.load(open(path)))]

# 1. Every bundled sample against its folder's schema; the deliberately broken ones (named invalid-*, broken) rejected.
folders = {"stories": "stories", "inbox": "inbox", "primer": "primer", "banners": "banner", "inapp": "inapp"}
checked = 0
for folder, kind in folders.items():
    for path in sorted(glob.glob(f"{root}/Resources/{folder}/*.json")):
        name = os.path.basename(path)
        found = errors(kind, path)
        if name.startswith("invalid-") or name == "broken.json":
            if not found: failures.append(f"{path}: deliberately broken, yet the {kind} schema accepts it")
        elif found:
            failures.append(f"{path}: " + "; ".join(found[:3]))
        checked += 1

# 2. Every JSON file under Tests/ that `pushsim validate` finds clean (no error, no warning: the SDK reads it as
#    written) against the schema of the kind validate told; a file with findings is taken as deliberately broken.
nouns = {"stories payload": "stories", "inbox feed": "inbox", "primer config": "primer", "in-app banner": "banner", "native in-app config": "inapp"}
clean = 0
for line in open(summary):
    m = re.match(r"^(Tests/\S+\.json): ok \((stories payload|inbox feed|primer config|in-app banner|native in-app config)", line)
    if not m: continue
    found = errors(nouns[m.group(2)], os.path.join(root, m.group(1)))
    if found: failures.append(f"{m.group(1)}: " + "; ".join(found[:3]))
    clean += 1
if clean == 0: failures.append("no clean JSON file under Tests/ was found to check")

# 2b. Every pushwoosh.json inside a bundled campaign ZIP, and every bundled tags file, against its schema.
import zipfile
zips = 0
for path in sorted(glob.glob(f"{root}/Resources/**/*.zip", recursive=True)):
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.split("/")[-1] == "pushwoosh.json":
                v = Draft202012Validator(schemas["pushwoosh"])
                found = [f"{e.json_path}: {e.message[:160]}" for e in v.iter_errors(json.loads(z.read(name)))]
                if found: failures.append(f"{path}!{name}: " + "; ".join(found[:3]))
                zips += 1
if zips == 0: failures.append("no pushwoosh.json was found in the bundled ZIPs")
for path in sorted(glob.glob(f"{root}/Resources/personalization/*.json")):
    if os.path.basename(path) == "campaign.json": continue
    found = errors("tags", path)
    if found: failures.append(f"{path}: " + "; ".join(found[:3]))

# 3. Each key set a parser checks is exactly one object's properties in its schema.
def property_sets(node, out):
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict): out.append(set(node["properties"]))
        for v in node.values(): property_sets(v, out)
    elif isinstance(node, list):
        for v in node: property_sets(v, out)
    return out
def src(rel): return open(f"{root}/Sources/PushSimEngine/{rel}").read()
def literal_set(text, name):
    m = re.search(name + r"[^=]*=\s*\[([^\]]*)\]", text)
    return set(re.findall(r'"([^"]+)"', m.group(1)))
layouts = set(re.search(r"enum InAppLayout[^{]*\{\s*case ([^\n]+)", src("InApp/InAppMessage.swift")).group(1).replace(" ", "").split(","))
primer_cases = set()
for l in re.search(r"enum PrimerConfigKey[^{]*\{(.*?)\n\n", src("Primer/PrimerConfigKey.swift"), re.S).group(1).splitlines():
    l = l.strip()
    if l.startswith("case "): primer_cases |= {c.strip() for c in l[5:].split(",")}
inapp = src("InApp/InAppConfigParser.swift") + src("InApp/InAppConfigParser+Shapes.swift")
parser_sets = [
    ("stories", "StoriesPayloadParser.pageKeys", literal_set(src("Stories/StoriesPayloadParser.swift"), "pageKeys")),
    ("banner", "BannerParser.knownKeys", literal_set(src("Banners/BannerParser.swift"), "knownKeys")),
    ("primer", "PrimerConfigKey", primer_cases),
    ("inapp", "InAppConfigParser.rootKeys", literal_set(inapp, "rootKeys") | layouts),
    ("inapp", "InAppConfigParser.cardKeys", literal_set(inapp, "cardKeys")),
]
for m in re.finditer(r'checkSpelling\(\w+, known: \[([^\]]*)\], path: ([^)]*)\)', inapp):
    parser_sets.append(("inapp", f"checkSpelling at {m.group(2)}", set(re.findall(r'"([^"]+)"', m.group(1)))))
if len(parser_sets) < 18: failures.append(f"only {len(parser_sets)} parser key sets found; the parsers changed shape")
for kind, what, keys in parser_sets:
    if keys not in property_sets(schemas[kind], []):
        near = max(property_sets(schemas[kind], []), key=lambda s: len(s & keys))
        failures.append(f"{kind}: {what} reads {sorted(keys)}; no object in the schema has exactly these (nearest lacks {sorted(keys - near)}, adds {sorted(near - keys)})")
required = literal_set(src("Inbox/InboxFeedParser.swift"), "requiredServerKeys")
msg = schemas["inbox"]["$defs"]["message"]
if set(msg["required"]) != required or not required <= set(msg["properties"]):
    failures.append(f"inbox: requiredServerKeys {sorted(required)} differ from the message schema's required {msg['required']}")
# 3b. The readers without a key list (tags files, a ZIP's pushwoosh.json): every key they look up (`o["key"]`) is a
#     property of an object in their schema. `operation` is looked up only to warn that a tag operation is ignored.
all_properties = lambda kind: set().union(*property_sets(schemas[kind], []))
readers = [("tags", "Personalization/TagsFile.swift", {"operation"}), ("pushwoosh", "InApp/InAppLocalizer.swift", set())]
for kind, rel, exempt in readers:
    text = src(rel)
    if kind == "pushwoosh": text = "\n".join(l for l in text.splitlines() if "pushwoosh?[" in l)
    keys = set(re.findall(r'\["([A-Za-z_]+)"\]', text)) - exempt
    if len(keys) < 2: failures.append(f"{kind}: found only {sorted(keys)} looked up in {rel}; the reader changed shape")
    missing = keys - all_properties(kind)
    if missing: failures.append(f"{kind}: {rel} reads {sorted(missing)}, which the {kind} schema does not have")
    parser_sets.append((kind, rel, keys))
# The keys InboxFeedParser reads from a getInboxMessages message are the message schema's properties, no more, no less.
read = set()
for l in src("Inbox/InboxFeedParser.swift").splitlines():
    if ") = (o[" in l: read |= set(re.findall(r'o\["(\w+)"\]', l))
if len(read) < len(required): failures.append(f"inbox: found only {sorted(read)} read from a message; InboxFeedParser changed shape")
elif read != set(msg["properties"]):
    failures.append(f"inbox: InboxFeedParser reads {sorted(read)} from a message; the schema's message has {sorted(msg['properties'])}")
parser_sets.append(("inbox", "InboxFeedParser message keys", read))
# And the shapes TagsFile reads each validate against the tags schema (a bulkSetTags request, a device with its tags).
for doc in [{"request": {"devices": [{"hwid": "a", "tags": {"Name": "Ann"}}, {"tags": {"Name": "Bo"}}]}},
            {"hwid": "a", "tags": {"Name": "Ann"}}, {"response": {"result": {"Name": "Ann"}}}, {"request": {"tags": {"Name": "Ann"}}}]:
    found = [f"{e.json_path}: {e.message[:120]}" for e in Draft202012Validator(schemas["tags"]).iter_errors(doc)]
    if found: failures.append(f"tags: the schema refuses {json.dumps(doc)}, which TagsFile reads: " + "; ".join(found[:2]))
for f in failures: print("FAIL:", f, file=sys.stderr)
print(f"{checked} samples, {clean} clean test files, {len(parser_sets)} parser key sets checked")
sys.exit(1 if failures else 0)
PY
echo ok
