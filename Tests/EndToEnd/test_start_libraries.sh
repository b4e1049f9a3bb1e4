#!/usr/bin/env bash
# cairo and pango load only when `pushsim snapshot` draws (CPicture/PictureLibraries.c), not at every start; without
# them, snapshot says so in one sentence. gdk-pixbuf and GObject (with GIO, libmount, libselinux…) load only when an
# image or an object needs them (CImaging/PixbufLibrary.c): not for --version, nor for a story of JPEGs.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-libraries.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run"
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }
# glibc's loader lists every library it maps (file=…) on standard error.
picture_libs() { grep -oE 'file=[^ ]*lib(cairo|pango|pangocairo|harfbuzz|gdk_pixbuf|gobject|gio|selinux|mount)[^ ]*' "$1" | sort -u; }

LD_DEBUG=files "$BIN" --version >/dev/null 2>"$W/version.log" || fail "--version exited $?"
grep -q 'file=' "$W/version.log" || fail "LD_DEBUG=files printed nothing: not glibc's loader?"
[ -z "$(picture_libs "$W/version.log")" ] || fail "pushsim --version loaded: $(picture_libs "$W/version.log" | tr '\n' ' ')"
LD_DEBUG=files "$BIN" stories "$R/stories/spring-sale.json" --headless --script "wait 1" --store "$W/s.sqlite" \
  >/dev/null 2>"$W/stories.log" || fail "stories --headless exited $?"
[ -z "$(picture_libs "$W/stories.log")" ] || fail "pushsim stories loaded: $(picture_libs "$W/stories.log" | tr '\n' ' ')"

# libcurl (and the 30 libraries it needs: TLS, Kerberos, LDAP, SSH...) loads only when something fetches over HTTP:
# the static Foundation's URLSession calls it through Sources/CCurlLazy, and images through CImaging's own dlopen. A
# binary with a shared Foundation (the debug build) has it as FoundationNetworking's dependency, so this is the release
# binary's check (.ci/run runs this test on it too).
if ! ldd "$BIN" | grep -q 'libFoundation'; then
  ldd "$BIN" | grep -q 'libcurl' && fail "the binary names libcurl: $(ldd "$BIN" | grep -c '=>') libraries at start"
  # pushsim-server (serve, mcp) has FoundationNetworking, through the MCP library: Sources/CCurlLazy is linked there.
  SERVER=$(dirname "$BIN")/pushsim-server
  [ -x "$SERVER" ] || fail "no pushsim-server beside $BIN"
  ldd "$SERVER" | grep -q 'libcurl' && fail "pushsim-server names libcurl: $(ldd "$SERVER" | grep -c '=>') libraries at start"
  for log in version stories; do
    grep -qE 'file=[^ ]*libcurl' "$W/$log.log" && fail "pushsim $log loaded libcurl at start"
  done
  # tools/link-static.sh leaves out the Swift runtime's -export-dynamic: the dynamic symbol table holds what the shared
  # libraries need and the one SwiftNIO looks up (27 definitions, not 44,000), which every start's dladdr walks and
  # pages in.
  defined=$(readelf --dyn-syms -W "$BIN" | awk 'NR > 3 && $7 != "UND"' | wc -l)
  [ "$defined" -lt 500 ] || fail "the binary exports $defined symbols (was it linked with -export-dynamic?)"
  # An http image still fetches: libcurl is opened when the first one is asked for (a refused connection is enough).
  printf '{"pw_stories":{"pages":[{"image":"http://127.0.0.1:9/x.jpg","duration":1}]}}\n' > "$W/remote.json"
  LD_DEBUG=files "$BIN" stories "$W/remote.json" --headless --script "wait 1" --store "$W/s.sqlite" \
    >/dev/null 2>"$W/remote.log"
  grep -qE 'file=[^ ]*libcurl.* dynamically loaded by' "$W/remote.log" || fail "an http image did not dlopen libcurl"
fi

# snapshot loads them when it draws, and draws.
LD_DEBUG=files "$BIN" snapshot inapp --title "Flash sale" --scale 1 -o "$W/inapp.png" 2>"$W/snapshot.log" \
  || fail "snapshot inapp exited $?: $(grep -v '^ *[0-9]*:' "$W/snapshot.log")"
[ "$(head -c 4 "$W/inapp.png" | od -An -tx1 | tr -d ' \n')" = "89504e47" ] || fail "snapshot inapp wrote no PNG"
grep -q 'file=libpangocairo-1.0.so.0 .*dynamically loaded by' "$W/snapshot.log" || fail "snapshot inapp did not dlopen libpangocairo"
# Its pango objects are released through g_object_unref, which loads GObject's library on first use.
grep -q 'file=libgdk_pixbuf-2.0.so.0 .*dynamically loaded by' "$W/snapshot.log" || fail "snapshot inapp did not dlopen libgdk_pixbuf"

# Without the library: one sentence naming it, no PNG, no crash. A private mount namespace hides it (root only).
path=$(grep -oE 'needed by [^ ]*libpangocairo-1\.0\.so\.0' "$W/snapshot.log" | head -1 | cut -d' ' -f3)
if [ -z "$path" ] || ! unshare -m true 2>/dev/null; then
  echo "SKIP: the missing-library case needs unshare -m (root) and the library's path"
  exit 0
fi
unshare -m sh -c 'mount --bind /dev/null "$1" && exec "$2" snapshot inapp --title T --scale 1 -o "$3"' sh "$path" "$BIN" "$W/none.png" \
  >/dev/null 2>"$W/missing.err"
status=$?
[ "$status" -eq 1 ] || fail "without libpangocairo: exit $status, not 1: $(cat "$W/missing.err")"
[ "$(wc -l <"$W/missing.err")" -eq 1 ] || fail "without libpangocairo: not one line: $(cat "$W/missing.err")"
grep -q "libpangocairo-1.0.so.0 could not be loaded" "$W/missing.err" || fail "the sentence does not name the library: $(cat "$W/missing.err")"
[ ! -s "$W/none.png" ] || fail "without libpangocairo a PNG was written"
exit 0
