#!/usr/bin/env bash
# make install / make uninstall. Usage: install.sh BINARY DEST   or   install.sh --uninstall "" DEST
# DEST is $(DESTDIR)$(PREFIX). What goes where:
#   DEST/bin/pushsim                                  the release binary
#   DEST/lib/pushsim/pushsim-server                   the binary `pushsim serve` and `pushsim mcp` run (built beside
#                                                     BINARY; Sources/pushsim/ServerExecutable.swift says why)
#   DEST/share/pushsim/                               the bundled samples (the binary finds them at ../share/pushsim)
#   DEST/share/man/man1/pushsim*.1                    one man page per command (swift-argument-parser's generate-manual)
#   DEST/share/bash-completion/completions/pushsim    bash completion  (all three from pushsim
#   DEST/share/zsh/site-functions/_pushsim            zsh completion    --generate-completion-script,
#   DEST/share/fish/vendor_completions.d/pushsim.fish fish completion   swift-argument-parser's)
set -euo pipefail
cd "$(dirname "$0")/.."

files_of() {
  local dest=$1
  echo "$dest/bin/pushsim"
  echo "$dest/lib/pushsim/pushsim-server"
  echo "$dest/share/bash-completion/completions/pushsim"
  echo "$dest/share/zsh/site-functions/_pushsim"
  echo "$dest/share/fish/vendor_completions.d/pushsim.fish"
}

if [ "${1:-}" = "--uninstall" ]; then
  dest=$3
  for f in $(files_of "$dest"); do [ -e "$f" ] && rm -f "$f" && echo "removed $f"; done
  rm -f "$dest"/share/man/man1/pushsim.1 "$dest"/share/man/man1/pushsim.*.1
  echo "removed $dest/share/man/man1/pushsim*.1"
  if [ -d "$dest/share/pushsim" ]; then rm -rf "$dest/share/pushsim"; echo "removed $dest/share/pushsim"; fi
  rmdir "$dest/lib/pushsim" 2>/dev/null || true
  exit 0
fi

bin=$1 dest=$2
server=$(dirname "$bin")/pushsim-server
[ -x "$bin" ] || { echo "install: $bin is not built (run make release)" >&2; exit 1; }
[ -x "$server" ] || { echo "install: $server is not built (run make release)" >&2; exit 1; }

install -d "$dest/bin" "$dest/lib/pushsim" "$dest/share/pushsim" "$dest/share/man/man1" "$dest/share/bash-completion/completions" \
  "$dest/share/zsh/site-functions" "$dest/share/fish/vendor_completions.d"
install -m 0755 "$bin" "$dest/bin/pushsim"
echo "installed $dest/bin/pushsim"
install -m 0755 "$server" "$dest/lib/pushsim/pushsim-server"
echo "installed $dest/lib/pushsim/pushsim-server (pushsim serve, pushsim mcp)"

# The samples, as in the source tree (payloads refer to their images by relative file: URLs).
rm -rf "$dest/share/pushsim"
cp -R Resources "$dest/share/pushsim"
find "$dest/share/pushsim" -type d -exec chmod 0755 {} +
find "$dest/share/pushsim" -type f -exec chmod 0644 {} +
echo "installed $dest/share/pushsim (bundled samples)"

# Completions: the binary writes them itself.
"$bin" --generate-completion-script bash > "$dest/share/bash-completion/completions/pushsim"
"$bin" --generate-completion-script zsh > "$dest/share/zsh/site-functions/_pushsim"
"$bin" --generate-completion-script fish > "$dest/share/fish/vendor_completions.d/pushsim.fish"
echo "installed completions for bash, zsh and fish"

# Man pages: swift-argument-parser's generate-manual reads the binary's --experimental-dump-help. The tool is a product
# of the argument-parser dependency, built once into the project's own debug build (.build/debug), where `make run`
# and `make test` have already compiled the argument parser: the tool then takes a few seconds (without that build,
# this compiles the debug argument parser first, about 25 s). A debug build of the tool: it runs for a second per
# install, and writes the same pages byte for byte as a release one. Two installs at once (the end-to-end suite's)
# wait for one build: SwiftPM locks .build.
gm=$("${SWIFT:-swift}" build -c debug --show-bin-path)/generate-manual
[ -x "$gm" ] || bash tools/swift-quiet.sh build -c debug --product generate-manual >/dev/null
[ -x "$gm" ] || { echo "install: generate-manual was not built ($gm)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/pages"
bash tools/man-pages.sh "$gm" "$dest/bin/pushsim" "$tmp/pages"
install -m 0644 "$tmp/pages"/*.1 "$dest/share/man/man1/"
echo "installed $(ls "$tmp/pages" | wc -l) man pages in $dest/share/man/man1 (man pushsim)"
