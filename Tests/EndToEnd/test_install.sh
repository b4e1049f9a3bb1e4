#!/usr/bin/env bash
# make install's script (issue 26): the binary, the samples where the binary finds them, a man page per command and
# completions for bash, zsh and fish, under any DESTDIR/PREFIX; the installed binary runs a bundled sample from
# anywhere; make uninstall's script removes all of it. (make install builds a release binary first; this test
# installs the binary under test, so it needs no release build.)
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-install.XXXXXX")
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
D="$W/prefix"
bash "$ROOT/tools/install.sh" "$BIN" "$D" > "$W/out" 2>&1 || fail "install failed: $(cat "$W/out")"
for f in bin/pushsim share/pushsim/README.md share/pushsim/stories/spring-sale.json share/man/man1/pushsim.1 \
         share/man/man1/pushsim.stories.1 share/bash-completion/completions/pushsim share/zsh/site-functions/_pushsim \
         share/fish/vendor_completions.d/pushsim.fish; do
  [ -s "$D/$f" ] || fail "$f was not installed: $(cat "$W/out")"
done
grep -q "stories" "$D/share/bash-completion/completions/pushsim" || fail "the bash completion does not know the commands"
grep -q "^\.Nm\|^\.TH\|pushsim" "$D/share/man/man1/pushsim.stories.1" || fail "the man page is empty"
# From another folder, the installed binary finds its samples beside it (../share/pushsim).
(cd "$W" && "$D/bin/pushsim" stories "$D/share/pushsim/stories/spring-sale.json" --headless --script "wait 1" --events -) \
  | grep -q '"event":"start"' || fail "the installed binary did not play a bundled sample"
bash "$ROOT/tools/install.sh" --uninstall "" "$D" > "$W/out2" 2>&1 || fail "uninstall failed: $(cat "$W/out2")"
left=$(find "$D" -type f | wc -l)
[ "$left" -eq 0 ] || fail "uninstall left $left files: $(find "$D" -type f | head -5)"
echo ok
