#!/usr/bin/env bash
# Every option with fixed values completes them (issue 39: `primer --style <TAB>` offered subcommands, `--sdk <TAB>`
# nothing): the bash completion script swift-argument-parser generates lists each option's values.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-completions.XXXXXX")
trap 'rm -rf "$W"' EXIT
"$BIN" --generate-completion-script bash > "$W/pushsim.bash" || { echo "FAIL: no bash completion script"; exit 1; }
python3 - "$W/pushsim.bash" <<'PY'
import re, sys
text = open(sys.argv[1], encoding='utf-8').read()
def values(option):
    """The words of every `-W` list the script offers after OPTION."""
    out = []
    for m in re.finditer(r"'" + re.escape(option) + r"'\)\n\s*__pushsim_add_completions -W ([^\n]+)", text):
        out.append(set(re.findall(r"'([^']*)'", m.group(1))))
    return out
want = {
    '--style': {'alert', 'sheet'},
    '--position': {'bottom', 'top', 'center'},
    '--status': {'notDetermined', 'denied', 'authorized', 'provisional', 'ephemeral'},
    '--sdk': {'7.2.9', '7.1.3'},
    '--pixels': {'auto', 'kitty', 'iterm', 'sixel', 'off'},
    '--colors': {'truecolor', '256', '8', 'mono'},
    '--symbols': {'half', 'braille', 'ascii'},
    '--foreground-style': {'regular', 'balls'},
    '--device': {'iphone-se', 'iphone-15', 'iphone-15-pro-max'},
    '--format': {'text', 'json', 'junit'},
    '--kind': {'auto', 'stories', 'inbox', 'primer', 'banner', 'inapp'},
}
bad = []
for option, words in want.items():
    found = values(option)
    if not found: bad.append(f"{option}: completes no values"); continue
    for f in found:
        if not words <= f: bad.append(f"{option}: offers {sorted(f)}, missing {sorted(words - f)}")
if bad: print("FAIL:\n" + "\n".join(bad)); sys.exit(1)
print(f"{len(want)} options complete their values")
PY
