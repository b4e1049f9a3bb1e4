#!/usr/bin/env bash
# make install's script (issue 26): the binary, the samples where the binary finds them, a man page per command and
# completions for bash, zsh and fish, under any DESTDIR/PREFIX; the installed binary runs a bundled sample from
# anywhere; make uninstall's script removes all of it. (make install builds a release binary first; this test
# installs the binary under test, so it needs no release build.)
# Issue 39 item 4, on the same install (one install for both: it is most of either test's time): every installed man
# page renders with `man -l` under LANG=C and under a UTF-8 locale with no groff or mdoc warning (the help's blank
# lines were "Empty input line"s), and keeps every character --help shows: each non-ASCII character of a command's
# --help is in its page under UTF-8 (`←/→`, "0–1", `·`, `…`), and under LANG=C the page is plain ASCII that still says
# them (`<-`, "0-1", `.`, `...`), none dropped.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-install.XXXXXX")
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v man >/dev/null || fail "man is not installed (make test-deps installs man-db)"
D="$W/prefix"
bash "$ROOT/tools/install.sh" "$BIN" "$D" > "$W/out" 2>&1 || fail "install failed: $(cat "$W/out")"
for f in bin/pushsim lib/pushsim/pushsim-server share/pushsim/README.md share/pushsim/stories/spring-sale.json share/man/man1/pushsim.1 \
         share/man/man1/pushsim.stories.1 share/bash-completion/completions/pushsim share/zsh/site-functions/_pushsim \
         share/fish/vendor_completions.d/pushsim.fish; do
  [ -s "$D/$f" ] || fail "$f was not installed: $(cat "$W/out")"
done
grep -q "stories" "$D/share/bash-completion/completions/pushsim" || fail "the bash completion does not know the commands"
grep -q "^\.Nm\|^\.TH\|pushsim" "$D/share/man/man1/pushsim.stories.1" || fail "the man page is empty"
# From another folder, the installed binary finds its samples beside it (../share/pushsim).
(cd "$W" && "$D/bin/pushsim" stories "$D/share/pushsim/stories/spring-sale.json" --headless --script "wait 1" --events -) \
  | grep -q '"event":"start"' || fail "the installed binary did not play a bundled sample"
# serve and mcp run the installed pushsim-server (PREFIX/lib/pushsim), and its children are the installed pushsim.
(cd "$W" && timeout 10 "$D/bin/pushsim" serve stories "$D/share/pushsim/stories/spring-sale.json" > "$W/serve.out" 2> "$W/serve.err" &
  for _ in $(seq 100); do grep -q '^serving http' "$W/serve.out" 2>/dev/null && break; sleep 0.1; done
  pkill -INT -f "^$D/bin/pushsim serve" ; wait)
grep -q '^serving http://127.0.0.1:' "$W/serve.out" || fail "the installed pushsim serve did not serve: $(cat "$W/serve.err")"
{ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
  for _ in $(seq 100); do grep -q '"id":2' "$W/mcp.out" 2>/dev/null && break; sleep 0.1; done; } \
  | (cd "$W" && timeout 20 "$D/bin/pushsim" mcp) > "$W/mcp.out" 2> "$W/mcp.err"
grep -q '"name":"validate"' "$W/mcp.out" || fail "the installed pushsim mcp listed no tools: $(head -c 300 "$W/mcp.out") $(cat "$W/mcp.err")"
# The man pages (issue 39 item 4).
pages=("$D"/share/man/man1/pushsim*.1)
[ "${#pages[@]}" -ge 10 ] || fail "only ${#pages[@]} man pages were installed"
export MANPAGER=cat PAGER=cat MANWIDTH=80
for page in "${pages[@]}"; do
  name=$(basename "$page" .1)
  for loc in C C.UTF-8; do
    LANG=$loc LC_ALL=$loc man -l "$page" > "$W/$name.$loc.txt" 2> "$W/err" || fail "man -l $name under $loc failed: $(cat "$W/err")"
    [ -s "$W/err" ] && fail "man -l $name under $loc warned: $(head -3 "$W/err")"
    [ -s "$W/$name.$loc.txt" ] || fail "man -l $name under $loc rendered nothing"
  done
  LC_ALL=C grep -q -P '[^\x00-\x7f]' "$W/$name.C.txt" && fail "$name under LANG=C is not plain ASCII"
  # The command's own --help (without its list of subcommands, which have pages of their own): each non-ASCII
  # character it shows is in the UTF-8 page.
  read -r -a words <<< "${name//./ }"
  "$BIN" "${words[@]:1}" --help 2>&1 | sed '/^SUBCOMMANDS:/,$d' > "$W/$name.help"
  for ch in $(perl -CSD -ne 'print "$1\n" while /([^\x00-\x7f])/g' "$W/$name.help" | sort -u); do
    grep -qF -- "$ch" "$W/$name.C.UTF-8.txt" || fail "$name lost '$ch' (in --help, not in the man page under UTF-8)"
  done
done
# What the issue saw lost, by name, in both locales.
s="$W/pushsim.stories"
for want in "Enter expand · ←/h back · →/l/space next" "tap X (0–1)"; do
  tr -s ' \n' ' ' < "$s.C.UTF-8.txt" | grep -qF -- "$want" || fail "pushsim.stories under UTF-8 does not say: $want"
done
for want in "Enter expand . <-/h back . ->/l/space next" "tap X (0-1)"; do
  tr -s ' \n' ' ' < "$s.C.txt" | grep -qF -- "$want" || fail "pushsim.stories under LANG=C does not say: $want"
done
grep -l -- '\.\.\.' "$W"/*.C.txt >/dev/null || fail "no page says ... for … under LANG=C"
bash "$ROOT/tools/install.sh" --uninstall "" "$D" > "$W/out2" 2>&1 || fail "uninstall failed: $(cat "$W/out2")"
left=$(find "$D" -type f | wc -l)
[ "$left" -eq 0 ] || fail "uninstall left $left files: $(find "$D" -type f | head -5)"
echo ok
