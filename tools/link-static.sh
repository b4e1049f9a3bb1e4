#!/usr/bin/env bash
# The linker of `make release` (through .build/release-toolset.json): ld.gold, with the C libraries a story's first
# frame needs taken from their static archives instead of their shared objects, and chafa's sixel palette sorting
# by counting (see below).
#
# Each shared library costs every start a file to map, its relocations and its constructors; libstdc++'s are the
# most (its locale set-up). With the Swift runtime already static (--static-swift-stdlib), linking chafa, libjpeg,
# libpng, giflib, libwebp, SQLite, ncurses (with its tinfo), zlib and libstdc++ in as well leaves glib, PCRE2, libm,
# libgcc_s and libc to load (`ldd`: 17 entries -> 8); docs/performance.md has what it saved. The archives come with
# the -dev packages `make deps` installs (libstdc++'s with the compiler's libstdc++-12-dev).
#
# SwiftPM cannot say this itself: the `-l` options come from module maps (GRDB's `link "sqlite3"`), pkg-config files
# (chafa, zlib) and the Swift runtime's own link file, all ahead of any flag a package may add, and gold records every
# shared object it is given. So `-lNAME` becomes `-l:libNAME.a` here, for the names below whose archive is in one
# of the link's -L folders; a name without its archive stays shared (the binary works as before, only slower to
# start) and is reported. Their symbols stay hidden (the Swift runtime's link file passes --exclude-libs ALL), so the
# libraries dlopen brings later (gdk-pixbuf, cairo, pango and theirs) bind to their own shared copies.
set -euo pipefail
STATIC=(chafa jpeg png16 gif webp sqlite3 ncursesw tinfo z stdc++)
LINKER=${PUSHSIM_LD:-ld.gold}

# clang hands a long command line over in a response file (@FILE, one quoted argument after another): read it.
all=()
for a in "$@"; do
  if [[ $a == @* && -f ${a#@} ]]; then
    mapfile -t more < <(xargs -a "${a#@}" printf '%s\n')
    all+=("${more[@]}")
  else
    all+=("$a")
  fi
done

folders=()
for a in "${all[@]}"; do
  case $a in -L?*) folders+=("${a#-L}") ;; esac
done
archive() {
  local f
  for f in "${folders[@]}"; do [ -f "$f/lib$1.a" ] && return 0; done
  return 1
}

args=() used=() skip=
for a in "${all[@]}"; do
  [ -n "$skip" ] && { skip=; continue; }
  # The Swift driver asks for RUNPATH $ORIGIN (any -rpath is left out), where a binary linked against the runtime's
  # shared libraries finds them. Every Swift library here is static, so the entry only made the loader look for libm,
  # glib, libgcc_s and libc in the binary's own folder and its eleven hardware-capability subfolders before the
  # system's cache: 44 failed opens a start (strace). Left out, the loader goes to its cache at once.
  case $a in
    -rpath|--rpath) skip=1; continue ;;
    -rpath=*|--rpath=*) continue ;;
  esac
  # Foundation's URLSession module map names libcurl (`-lcurl`): left out here, it is named once more at the end under
  # --as-needed, where Sources/CCurlLazy's definitions leave it unneeded (see the end).
  [ "$a" = -lcurl ] && continue
  # The Swift runtime's static link file asks for -export-dynamic: every symbol of the binary (44,679) in its dynamic
  # symbol table. Nothing looks pushsim's own symbols up by name (each dlsym here has a library's handle), and the
  # table cost every start: the runtime's start-up dladdr walks it (1.5 M instructions), and its 4 MB are paged in.
  # It also let the libraries dlopen brings (pango, cairo, gdk-pixbuf, libcurl) bind to the binary's lazy wrappers of
  # their own functions. Left out, the table has the 686 entries the shared libraries need (27 of them defined here), and a story's cold first
  # frame is about 1 ms sooner (docs/performance.md). PUSHSIM_EXPORT_DYNAMIC=1 keeps it, to compare.
  case $a in -export-dynamic|--export-dynamic) [ -n "${PUSHSIM_EXPORT_DYNAMIC:-}" ] || continue ;; esac
  name=${a#-l}
  if [ "$a" != "$name" ] && [[ " ${STATIC[*]} " == *" $name "* ]]; then
    if archive "$name"; then
      args+=("-l:lib$name.a")
      # ncurses' archive leaves terminfo to libtinfo (its shared object names it as a dependency instead).
      [ "$name" = ncursesw ] && archive tinfo && args+=("-l:libtinfo.a")
      [[ " ${used[*]} " == *" $name "* ]] || used+=("$name")
      continue
    fi
    echo "tools/link-static.sh: no lib$name.a in the link's library folders; lib$name stays a shared library" >&2
  fi
  args+=("$a")
done
# chafa's palette object calls pushsim_palette_qsort (Sources/CImaging/PaletteSort.c) instead of qsort: the same
# order, and so the same picture, by counting instead of ~60 million comparator calls (a fifth of a sixel story's
# start; docs/performance.md). A copy of the archive beside the output (OUTPUT.chafa/), that one member changed, comes first.
# If anything here fails, chafa's own archive is linked as it is, with a line saying so.
out=
for ((i = 0; i < ${#all[@]}; i++)); do [ "${all[i]}" = -o ] && out=${all[i + 1]:-}; done
if [[ " ${used[*]} " == *" chafa "* ]]; then
  copy=${out:-pushsim}.chafa
  source=
  for f in "${folders[@]}"; do [ -f "$f/libchafa.a" ] && { source=$f/libchafa.a; break; }; done
  member=$(ar t "$source" | grep -E '(^|-)chafa-palette\.o$' || true)
  if rm -rf "$copy" && mkdir -p "$copy" && cp "$source" "$copy/libchafa.a" && [ -n "$member" ] \
    && (cd "$copy" && ar x libchafa.a "$member" && nm "$member" | grep -qE ' U qsort$' \
        && objcopy --redefine-sym qsort=pushsim_palette_qsort "$member" && ar r libchafa.a "$member" && rm "$member"); then
    args=("-L$copy" "${args[@]}")
  else
    echo "tools/link-static.sh: chafa's palette member of $source was not found or not changed; it keeps qsort" >&2
  fi
fi
# Once more at the end, as a group: an archive pulled in late (libpng) may need one listed before it (zlib).
if [ ${#used[@]} -gt 0 ]; then
  args+=(--start-group)
  for name in "${used[@]}"; do args+=("-l:lib$name.a"); done
  args+=(--end-group)
fi
# The static Foundation's URLSession (FoundationNetworking, which the MCP library's HTTP code brings in) calls libcurl,
# which the Swift toolchain leaves to the system. Sources/CCurlLazy defines those functions (loading libcurl when one is
# first called), so with --as-needed Debian's shared libcurl and its 30 dependencies are not named by the binary; the
# library stays on the line for a build without that target.
args+=(--as-needed -l:libcurl.so.4 --no-as-needed)
# The one symbol of the binary something looks up by name: SwiftNIO finds Swift concurrency's global-executor hook with
# dlsym(dlopen(NULL), "swift_task_enqueueGlobal_hook") to run tasks on its event loops (`pushsim serve`: without it,
# tasks start libdispatch's worker pool, whose monitor wakes an idle server every second; test_serve_idle). The Swift
# runtime's link file hides every symbol that comes from an archive (--exclude-libs ALL), so neither -export-dynamic
# nor --export-dynamic-symbol could export it: the archive member that defines it is linked as a plain object (a copy
# beside the output, OUTPUT.hooks/), and that one symbol is exported. If the member is not found, the binary works as
# before, with the idle server's wake-up, and a line says so.
hooks=${out:-pushsim}.hooks
concurrency=
for f in "${folders[@]}"; do [ -f "$f/libswift_Concurrency.a" ] && { concurrency=$f/libswift_Concurrency.a; break; }; done
member=
[ -n "$concurrency" ] && member=$(nm -A --defined-only "$concurrency" 2>/dev/null \
  | sed -n 's/^[^:]*:\([^:]*\):[0-9a-f]* [BD] swift_task_enqueueGlobal_hook$/\1/p' | head -1)
if [ -n "$member" ] && rm -rf "$hooks" && mkdir -p "$hooks" && (cd "$hooks" && ar x "$concurrency" "$member"); then
  args=("$hooks/$member" "${args[@]}" --export-dynamic-symbol=swift_task_enqueueGlobal_hook)
elif [ -n "$concurrency" ]; then
  echo "tools/link-static.sh: swift_task_enqueueGlobal_hook was not found in $concurrency; pushsim serve's tasks use libdispatch's pool" >&2
fi
exec "$LINKER" "${args[@]}"
