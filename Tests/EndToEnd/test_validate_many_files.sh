#!/usr/bin/env bash
# `pushsim validate` with hundreds of files (a shell glob): the same report, file for file and in order, as the files
# checked in small groups; options among the files keep their values; a refusal reads as it does on a short line.
set -u
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-validate-many.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" LANG=C NO_COLOR=1
fail() { echo "FAIL: $*" >&2; exit 1; }

python3 - "$R/inapp" "$W" <<'PY'
import json, os, sys
src, dst = sys.argv[1:]
samples = [json.load(open(os.path.join(src, f))) for f in sorted(os.listdir(src)) if f.endswith(".json")]
for i in range(300):
    c = dict(samples[i % len(samples)]); c["inAppId"] = f"many-{i}"
    with open(os.path.join(dst, f"c{i:03}.json"), "w") as f: json.dump(c, f)
PY
cd "$W"
files=(c*.json)
[ "${#files[@]}" = 300 ] || fail "expected 300 files"

# Every file, in order, as the files checked 50 at a time report them (the totals line aside).
"$BIN" validate --now 2026-11-27T09:00:00Z "${files[@]}" > all.txt; st=$?
[ "$st" = 1 ] || fail "exit status $st (the invalid samples are errors)"
: > parts.txt
for k in 0 50 100 150 200 250; do
  "$BIN" validate --now 2026-11-27T09:00:00Z "${files[@]:$k:50}" | sed '$d' >> parts.txt
done
sed '$d' all.txt | cmp -s - parts.txt || fail "the long line's report differs: $(sed '$d' all.txt | diff - parts.txt | head -5)"
tail -1 all.txt | grep -q '^300 files checked: ' || fail "totals: $(tail -1 all.txt)"

# Options among the files: --format's value is taken, --kind's too, and `--` makes the rest files.
"$BIN" validate "${files[@]:0:100}" --format json "${files[@]:100:100}" --kind inapp "${files[@]:200:97}" "${files[@]:298:2}" -- "${files[297]}" > all.json
python3 - all.json all.txt <<'PY' || fail "JSON output with options among the files"
import json, re, sys
found = json.load(open(sys.argv[1]))
assert all(f["kind"] == "inapp" for f in found), "a file was not checked as --kind inapp"
# The same files have findings as in the text report of the same files (c297.json, after `--`, among them).
text = {m.group(1) for m in re.finditer(r"^(c\d{3}\.json): (error|warning): ", open(sys.argv[2]).read(), re.M)}
assert {f["file"] for f in found} == text, sorted({f["file"] for f in found} ^ text)[:5]
assert "c297.json" in text
PY
# A refusal on a long line reads as it does on a short one (the usage is validate's).
long=$("$BIN" validate - "${files[@]}" - 2>&1); st=$?
short=$("$BIN" validate - c000.json - 2>&1)
[ "$st" = 64 ] || fail "two '-' on a long line: exit $st"
[ "$long" = "$short" ] || fail "the refusal differs: $long"
echo ok
