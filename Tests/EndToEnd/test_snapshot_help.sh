#!/usr/bin/env bash
# pushsim snapshot SUBCOMMAND --help lists only what decides the picture: the experience's own options, never the
# terminal's (--pixels, --symbols, --size…), which a snapshot refuses by name; the experience commands still list
# every option they always did, the terminal's under "Terminal options".
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-snapshot-help.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run"
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

# `pushsim ARGS --help`, run once per ARGS (a debug build spends about 0.3 s making a help text; several checks below
# read the same one): its standard output and error, kept in $W/help/.
mkdir -p "$W/help"
help_run() {
  local key; key=$(printf '%s_' "$@" | tr -c 'a-z0-9_-' '_')
  [ -e "$W/help/$key.out" ] || "$BIN" "$@" --help > "$W/help/$key.out" 2> "$W/help/$key.err"
  echo "$W/help/$key"
}
help_out() { cat "$(help_run "$@").out"; }
help_all() { local f; f=$(help_run "$@"); cat "$f.out" "$f.err"; }
# The options a help text lists, sorted, one line.
options() { help_all "$@" | grep -oE '^  (-[a-z], )?--[a-z0-9-]+' | sed 's/^ *//; s/^-[a-z], //' | sort | tr '\n' ' '; }
TERMINAL="--headless --size --frames --symbols --colors --record --pixels --watch --events-pane --bell --socket --dump --demo"
COMMON="--image-timeout --image-max-mb --script --script-file --events --store --sdk --ios --app-compat --version --help"
sorted() { printf '%s\n' "$@" | sort | tr '\n' ' '; }
# The personalisation options (docs/personalization.md): every experience whose payloads the server or device fills.
PERSONAL="--tags --device-index --raw-placeholders"

# What each experience command listed before the split (order aside): nothing lost.
# shellcheck disable=SC2086
{
want_stories=$(sorted --app-name --aspect-ratio --haptics --long-press-pause --crossfade --loop --reduce-motion --app-group --notification --collapsed \
  --image-delay --extension-category --allow-http --no-service-extension --language $PERSONAL $COMMON)
want_primer=$(sorted --config --style --position --title --message --accept --decline --image --image-url --background-color \
  --background-gradient --title-color --message-color --accept-color --accept-text-color --decline-color --decline-text-color \
  --button-border-color --corner-radius --button-corner-radius --fallback-to-settings --min-interval --status --now \
  --last-shown-ago --app-name --no-window --reduce-motion $COMMON)
want_inbox=$(sorted --force-cell-kind --no-pinning --no-pin-indicator --no-swipe-to-delete --no-read-on-disappear --no-pull-to-refresh \
  --no-buttons --light --empty-message --error-message --now --no-read-on-display --decline $PERSONAL $COMMON)
want_inapp=$(sorted --app-name --foreground-liquid-view --foreground-style --foreground-duration --foreground-vibration --foreground-gradient \
  --foreground-background --foreground-title-color --foreground-message-color --foreground-no-wave --foreground-no-delegate $COMMON)
# The native in-app templates' settings (pushsim inapp adds its own --device; a snapshot's --device is the picture's).
NATIVE="--dark --frequency-caps --language --now --reduce-motion --decline $PERSONAL"
terminal_stories="--headless --size --frames --symbols --colors --record --pixels --watch --events-pane --bell --device"
terminal_primer="--headless --size --frames --symbols --colors --record --pixels"
terminal_inbox="--headless --size --frames --symbols --colors --record --pixels --socket --watch --dump"
terminal_inapp="--headless --size --frames --symbols --colors --record --pixels --socket --demo"
[ "$(options stories)" = "$(sorted $want_stories $terminal_stories)" ] || fail "stories --help lists: $(options stories)"
[ "$(options primer run)" = "$(sorted $want_primer $terminal_primer)" ] || fail "primer run --help lists: $(options primer run)"
[ "$(options inbox)" = "$(sorted $want_inbox $terminal_inbox)" ] || fail "inbox --help lists: $(options inbox)"
[ "$(options inapp)" = "$(sorted $want_inapp $terminal_inapp $NATIVE --device)" ] || fail "inapp --help lists: $(options inapp)"
# The snapshot subcommands: the experience's options and the picture's own, none of the terminal's.
PICTURE="--output --device --scale --matrix --report"
[ "$(options snapshot stories)" = "$(sorted $want_stories $PICTURE --dark)" ] || fail "snapshot stories --help lists: $(options snapshot stories)"
[ "$(options snapshot primer)" = "$(sorted $want_primer $PICTURE --dark)" ] || fail "snapshot primer --help lists: $(options snapshot primer)"
[ "$(options snapshot inbox)" = "$(sorted $want_inbox $PICTURE --dark)" ] || fail "snapshot inbox --help lists: $(options snapshot inbox)"
[ "$(options snapshot inapp)" = "$(sorted $want_inapp $PICTURE $NATIVE --title --body --link --image)" ] || fail "snapshot inapp --help lists: $(options snapshot inapp)"
}
RECORDING="--fps --tail --touches --quality --lossless --max-seconds"
[ "$(options record stories)" = "$(sorted $want_stories $PICTURE --dark $RECORDING)" ] || fail "record stories --help lists: $(options record stories)"
[ "$(options record primer)" = "$(sorted $want_primer $PICTURE --dark $RECORDING)" ] || fail "record primer --help lists: $(options record primer)"
[ "$(options record inbox)" = "$(sorted $want_inbox $PICTURE --dark $RECORDING)" ] || fail "record inbox --help lists: $(options record inbox)"
[ "$(options record inapp)" = "$(sorted $want_inapp $PICTURE $NATIVE $RECORDING --title --body --link --image)" ] || fail "record inapp --help lists: $(options record inapp)"
for c in stories "primer run" inbox inapp; do
  # shellcheck disable=SC2086
  help_out $c | grep -q '^TERMINAL OPTIONS:' || fail "$c --help has no Terminal options section"
done

# They still parse what decides the picture (and the experience commands what they always took).
"$BIN" snapshot stories "$R/stories/spring-sale.json" --aspect-ratio 1.2 --loop --crossfade --notification 0 --image-timeout 5 \
  --image-max-mb 4 --script "wait 1" --events "$W/s.jsonl" --store "$W/s.sqlite" --scale 1 -o "$W/s.png" 2>"$W/err" \
  || fail "snapshot stories with its options: $(cat "$W/err")"
grep -q '"event":"start"' "$W/s.jsonl" || fail "snapshot stories --events wrote no start event"
"$BIN" snapshot primer --style sheet --position top --status denied --now 2026-01-31T09:00:00Z --last-shown-ago 5 --app-name Shop \
  --no-window --reduce-motion --store "$W/s.sqlite" --script "window on; present; wait 1" --scale 1 -o "$W/p.png" 2>"$W/err" \
  || fail "snapshot primer with its options: $(cat "$W/err")"
"$BIN" snapshot inbox "$R/inbox/mixed.json" --now 2026-11-23T09:30:00Z --light --no-buttons --force-cell-kind classic \
  --store "$W/s.sqlite" --script "down" --scale 1 -o "$W/i.png" 2>"$W/err" || fail "snapshot inbox with its options: $(cat "$W/err")"
printf "wait 1\n" > "$W/steps"
"$BIN" snapshot inapp --app-name Acme --title T --script-file "$W/steps" --image-timeout 3 --scale 1 -o "$W/a.png" 2>"$W/err" \
  || fail "snapshot inapp with its options: $(cat "$W/err")"
"$BIN" stories "$R/stories/spring-sale.json" --headless --size 60x20 --symbols block --colors 256 --script "wait 1" --frames "$W/f.txt" \
  >/dev/null 2>&1 || fail "stories no longer takes its terminal options headless"
grep -q -- '--- t=1' "$W/f.txt" || fail "stories --frames wrote no frame at t=1"

# A terminal option given to a snapshot is refused by name, with no stack trace and no picture.
for c in "stories $R/stories/spring-sale.json" primer "inbox $R/inbox/mixed.json" inapp; do
  for opt in "--pixels off" "--size 40x20" "--symbols block" "--record $W/r.cast" "--headless" "--frames -"; do
    # shellcheck disable=SC2086
    out=$("$BIN" snapshot $c $opt --store "$W/s.sqlite" -o "$W/bad.png" 2>&1) && fail "snapshot ${c%% *} accepted $opt"
    echo "$out" | head -1 | grep -q "^Error: Unknown option '${opt%% *}'" || fail "snapshot ${c%% *} $opt: $out"
    [ ! -e "$W/bad.png" ] || fail "snapshot ${c%% *} $opt wrote a picture"
  done
done
# No usage line reads as if an option were required: with more than 12 optional options the library's generated
# line is `pushsim inapp <options>`; every command's options are optional, so the line says `[<options>]`.
for c in "" stories primer "primer run" "primer walkthrough" inbox inapp notify validate prefetch reset home \
         snapshot "snapshot stories" "snapshot primer" "snapshot inbox" "snapshot inapp"; do
  # shellcheck disable=SC2086
  usage=$(help_all $c | grep -A1 '^USAGE:' | tr '\n' ' ')
  [ -n "$usage" ] || fail "pushsim $c --help printed no usage line"
  echo "$usage" | grep -qE '(^|[^[])<options>' && fail "pushsim $c --help: $usage"
done
echo "ok: snapshot help lists no terminal option; experience commands list all they did; no usage implies a required option"
