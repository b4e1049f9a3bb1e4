#!/usr/bin/env bash
# Every example in the README and docs/*.md that shows a pushsim command and its output (a fenced block whose first
# line starts with "$ ", one of its commands pushsim; a here-document is part of its command) is run, and what it prints is compared with what the page shows: a shown line "…"
# stands for any number of lines, every other line must match exactly. A block the page marks with
# "<!-- example: not run (why) -->" on the line before it (a file of the reader's own, an interactive screen) is
# skipped and counted. Each block runs in a fresh folder (the repository's Resources/ linked in), with a fresh state
# folder, so one page's example never sees another's store.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-examples.XXXXXX")
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/bin" && ln -s "$BIN" "$W/bin/pushsim"
python3 - "$ROOT" "$W" <<'PY'
import glob, os, re, subprocess, sys
root, work = sys.argv[1], sys.argv[2]

def blocks(path):
    """(line number, commands, expected output lines) of each runnable example; None in place of the commands of a
    block marked not run."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        if lines[i].startswith('```') and i + 1 < len(lines) and lines[i + 1].startswith('$ '):
            start = i + 1
            j = start
            while j < len(lines) and not lines[j].startswith('```'): j += 1
            body = lines[start:j]
            if not any(l.startswith('$ ') and 'pushsim' in l for l in body):
                i = j + 1; continue
            prev = next((l for l in reversed(lines[:i]) if l.strip()), '')
            if prev.startswith('<!-- example: not run'):
                yield start + 1, None, None
            else:
                steps, k = [], 0
                while k < len(body):
                    if body[k].startswith('$ '):
                        cmd = body[k][2:]
                        while cmd.endswith('\\') and k + 1 < len(body):
                            k += 1
                            cmd = cmd[:-1] + ' ' + body[k].strip()
                        here = re.search(r"<<-?'?([A-Z]+)'?", cmd)
                        if here:
                            while k + 1 < len(body):
                                k += 1
                                cmd += '\n' + body[k]
                                if body[k] == here.group(1): break
                        out = []
                        k += 1
                        while k < len(body) and not body[k].startswith('$ '):
                            out.append(body[k]); k += 1
                        steps.append((cmd, out))
                    else:
                        k += 1
                yield start + 1, steps, None
            i = j + 1
        else:
            i += 1

def matches(expected, got):
    """`…` on a line of its own matches any run of lines (none too)."""
    e = [l.rstrip() for l in expected]
    while e and e[-1] == '': e.pop()
    g = [l.rstrip() for l in got]
    while g and g[-1] == '': g.pop()
    memo = {}
    def m(a, b):
        if (a, b) in memo: return memo[(a, b)]
        if a == len(e): r = b == len(g)
        elif e[a] == '…': r = m(a + 1, b) or (b < len(g) and m(a, b + 1))
        else: r = b < len(g) and e[a] == g[b] and m(a + 1, b + 1)
        memo[(a, b)] = r
        return r
    return m(0, 0)

files = [os.path.join(root, 'README.md')] + sorted(glob.glob(os.path.join(root, 'docs', '*.md')))
ran = skipped = 0
bad = []
for f in files:
    name = os.path.relpath(f, root)
    for n, (line, steps, _) in enumerate(blocks(f)):
        if steps is None:
            skipped += 1; continue
        folder = os.path.join(work, f'{os.path.basename(f)}-{line}')
        os.makedirs(folder)
        os.symlink(os.path.join(root, 'Resources'), os.path.join(folder, 'Resources'))
        env = dict(os.environ, PATH=os.path.join(work, 'bin') + ':' + os.environ['PATH'], HOME=folder,
                   XDG_DATA_HOME=os.path.join(folder, '.data'), XDG_CACHE_HOME=os.path.join(folder, '.cache'),
                   XDG_RUNTIME_DIR=os.path.join(folder, '.run'))
        os.makedirs(env['XDG_RUNTIME_DIR'], mode=0o700)
        for cmd, expected in steps:
            ran += 1
            try:
                p = subprocess.run(['bash', '-c', '{ ' + cmd + '\n} 2>&1'], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                                   capture_output=True, timeout=120)
                got = p.stdout.decode('utf-8', 'replace').split('\n')
            except subprocess.TimeoutExpired:
                got = ['(timed out after 120 s)']
            if not matches(expected, got):
                bad.append(f"{name}:{line}: $ {cmd}\n  shown:\n" + '\n'.join('    ' + l for l in expected) +
                           "\n  printed:\n" + '\n'.join('    ' + l for l in got))
if bad:
    print("FAIL: an example prints something else than its page shows\n" + '\n'.join(bad)); sys.exit(1)
print(f"{ran} example commands printed what their pages show; {skipped} blocks marked not run")
PY
