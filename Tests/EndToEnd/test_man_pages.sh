#!/usr/bin/env bash
# Issue 39 item 4: every installed man page renders with `man -l` under LANG=C and under a UTF-8 locale with no
# groff or mdoc warning (the help's blank lines were "Empty input line"s), and keeps every character --help shows:
# each non-ASCII character of a command's --help is in its page under UTF-8 (`←/→`, "0–1", `·`, `…`), and under
# LANG=C the page is plain ASCII that still says them (`<-`, "0-1", `.`, `...`), none dropped.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-man.XXXXXX")
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v man >/dev/null || fail "man is not installed (make test-deps installs man-db)"
bash "$ROOT/tools/install.sh" "$BIN" "$W/prefix" > "$W/out" 2>&1 || fail "install failed: $(cat "$W/out")"
pages=("$W"/prefix/share/man/man1/pushsim*.1)
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
echo ok
