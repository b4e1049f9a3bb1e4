#!/usr/bin/env bash
# Writes one man page per command with swift-argument-parser's generate-manual, keeping what --help says.
# Usage: man-pages.sh GENERATE_MANUAL BINARY OUTDIR
# generate-manual drops every non-ASCII character (String+Escaping.swift keeps `where character.isASCII`), so
# `←/→`, "0–1" and `·` vanished from the pages, and it writes the help's blank lines as empty input lines, which
# groff's mdoc warns of ("Empty input line"). So the binary's --experimental-dump-help goes through a wrapper that
# spells each non-ASCII character as an ASCII token, and the pages come back with groff's escape for it
# (\[u2190]: groff draws ← on a UTF-8 terminal and its own ASCII fallback, <-, under LANG=C), a `.fchar` for the few
# characters groff's ASCII device lacks, and `.Pp` (a paragraph break) for each empty line.
set -euo pipefail
gm=$1 bin=$2 out=$3
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# The token: PSU + the code point in hex + Z (letters and digits only, so generate-manual copies it as it is).
cat > "$work/pushsim" <<WRAP
#!/bin/sh
"$bin" "\$@" | perl -CSD -pe 's/([^\\x00-\\x7f])/sprintf("PSU%04XZ", ord(\$1))/ge'
WRAP
chmod +x "$work/pushsim"
mkdir "$work/pages"
"$gm" "$work/pushsim" --multi-page --authors "pushsim" --output-directory "$work/pages" >/dev/null
# Fallbacks for -Tascii where groff has no glyph of its own (it has <-, ->, ^, v, -, --, ., x, / for the others).
cat > "$work/fchar" <<'FCHAR'
.fchar \[u2026] ...
.fchar \[u25B8] >
.fchar \[u2022] *
.fchar \[u25CF] *
.fchar \[u2713] v
FCHAR
for f in "$work/pages"/*.1; do
  perl -pe 's/PSU([0-9A-F]{4,6})Z/\\[u$1]/g; $_ = ".Pp\n" if /^\s*$/;' "$f" |
    FCHAR="$work/fchar" perl -e 'open(my $h, "<", $ENV{FCHAR}) or die; my $x = join("", <$h>); my $seen = 0;
      while (<STDIN>) { print; if (!$seen && /^\.Dd/) { print $x; $seen = 1 } }' > "$out/$(basename "$f")"
done
