#!/usr/bin/env bash
# Every option the README and docs/*.md mention is one some pushsim command takes (as its --help lists it, read
# from the binary's --experimental-dump-help: every command and subcommand), except the few that belong to other
# tools, each listed below with the file that mentions it. A documented option that does not exist fails here.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-docs.XXXXXX")
trap 'rm -rf "$W"' EXIT
"$BIN" --experimental-dump-help > "$W/dump.json" || { echo "FAIL: --experimental-dump-help failed"; exit 1; }
python3 - "$W/dump.json" "$ROOT" <<'PY'
import json, re, sys, glob, os
dump, root = sys.argv[1], sys.argv[2]
names = set()
def walk(c):
    for a in c.get('arguments') or []:
        for n in a.get('names') or []:
            if n['kind'] == 'long': names.add('--' + n['name'])
    for s in c.get('subcommands') or []: walk(s)
walk(json.load(open(dump))['command'])
# Options of other tools that the docs quote: (file, option): whose it is.
others = {
    ('terminal.md', '--dither'): 'chafa (what chafa -f sixels does at its defaults)',
    ('snapshot.md', '--filter'): 'swift test',
    ('performance.md', '--separate-threads'): 'valgrind',
    ('performance.md', '--seccomp-bpf'): 'strace',
    ('performance.md', '--tool'): 'valgrind',
    ('performance.md', '--dump-before'): 'valgrind',
    ('performance.md', '--dump-instr'): 'valgrind',
    ('integrations.md', '--builtin-schema'): 'check-jsonschema',
    ('integrations.md', '--offline'): 'zizmor',
    ('performance.md', '--generate-completion-script'): 'swift-argument-parser (every command has it)',
    ('performance.md', '--experimental-dump-help'): 'swift-argument-parser (every command has it)',
    ('performance.md', '--as-needed'): 'ld, the linker',
    ('performance.md', '--exclude-libs'): 'ld, the linker',
    ('performance.md', '--strip-debug'): 'strip (binutils)',
    ('performance.md', '--redefine-sym'): 'objcopy (binutils)',
    ('README.md', '--static-swift-stdlib'): 'swift build',
    ('performance.md', '--static-swift-stdlib'): 'swift build',
    ('README.md', '--disable-xctest'): 'swift test',
    ('architecture.md', '--disable-xctest'): 'swift test',
    ('building.md', '--static-swift-stdlib'): 'swift build',
    ('building.md', '--disable-xctest'): 'swift test',
    ('building.md', '--filter'): 'swift test',
    ('liquid.md', '--disable-xctest'): 'swift test',
    ('liquid.md', '--filter'): 'swift test',
}
bad = []
files = [os.path.join(root, 'README.md')] + sorted(glob.glob(os.path.join(root, 'docs', '*.md')))
for f in files:
    text = open(f, encoding='utf-8').read()
    base = os.path.basename(f)
    for no, line in enumerate(text.split('\n'), 1):
        for m in re.finditer(r'(?<![\w/-])--[a-z][a-z0-9-]*', line):
            opt = m.group(0)
            if opt in names or (base, opt) in others: continue
            bad.append(f"{base}:{no}: {opt} is documented but no pushsim command takes it")
if bad:
    print("FAIL:\n" + "\n".join(bad)); sys.exit(1)
print(f"{len(names)} options; every one the docs mention exists")
PY
