#!/usr/bin/env bash
# Today's phones and --ios (issue 35): every phone of the table is a --device, sized and cut by its own screen; --ios
# 18|26|27 changes the system's surfaces (27 as 26) in pictures and in the terminal; --app-compat keeps only the app's
# own alert in the earlier design; bad values are one sentence and exit 2.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-ios.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run"
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }
S="$R/stories/spring-sale.json"

# --help lists the phones and says which insets are not published.
help=$("$BIN" snapshot stories --help 2>&1)
for p in iphone-16 iphone-16e iphone-17-pro-max iphone-air iphone-18-pro-max; do
  echo "$help" | tr -s ' \n' ' ' | grep -q -- "$p" || fail "snapshot stories --help does not list $p"
done
echo "$help" | tr -s ' \n' ' ' | grep -q "not published" || fail "--help does not say the 18 Pro insets are not published"
"$BIN" validate --help 2>&1 | tr -s ' \n' ' ' | grep -q "iphone-17e" || fail "validate --help does not list iphone-17e"

# Each new phone's picture has its own screen (points × the scale).
for pair in "iphone-air 420x912" "iphone-16-pro-max 440x956" "iphone-16e 390x844"; do
  set -- $pair
  "$BIN" snapshot stories "$S" --collapsed --device "$1" --scale 1 -o "$W/$1.png" 2>"$W/err" || fail "snapshot --device $1: $(cat "$W/err")"
  grep -q "(${2/x/×})" "$W/err" || fail "--device $1 is not $2: $(cat "$W/err")"
done
"$BIN" snapshot stories "$S" --collapsed --device iphone-17-pro -o "$W/p3.png" 2>"$W/err" || fail "snapshot at the native scale: $(cat "$W/err")"
grep -q "(1206×2622)" "$W/err" || fail "iphone-17-pro at its native 3x is not 1206×2622: $(cat "$W/err")"

# --ios: 18 and 26 differ on the lock screen, 27 is 26; the default is 26.
for v in 18 26 27; do
  "$BIN" snapshot stories "$S" --collapsed --ios "$v" --scale 1 -o "$W/l$v.png" 2>"$W/err" || fail "snapshot --ios $v: $(cat "$W/err")"
done
"$BIN" snapshot stories "$S" --collapsed --scale 1 -o "$W/ldef.png" 2>/dev/null || fail "snapshot with the default --ios"
cmp -s "$W/l18.png" "$W/l26.png" && fail "--ios 18 and --ios 26 draw the same lock screen"
cmp -s "$W/l26.png" "$W/l27.png" || fail "--ios 27 does not draw as 26"
cmp -s "$W/l26.png" "$W/ldef.png" || fail "the default is not --ios 26"

# Bad values: one sentence, exit 2, no picture.
out=$("$BIN" snapshot stories "$S" --ios 19 -o "$W/bad.png" 2>&1); s=$?
[ $s -eq 2 ] || fail "--ios 19 exits $s"
[ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "unknown iOS release '19'" || fail "--ios 19 says: $out"
[ ! -e "$W/bad.png" ] || fail "--ios 19 wrote a picture"
out=$("$BIN" snapshot stories "$S" --matrix ios=18,19 -o "$W/bad.png" 2>&1); s=$?
# (a usage error, as every --matrix key's: ArgumentParser's exit 64 with the usage line)
[ $s -ne 0 ] && echo "$out" | grep -q "matrix ios: '19' is not one of 18, 26, 27" || fail "--matrix ios=18,19: exit $s: $out"

# The contact sheet multiplies ios by device.
"$BIN" snapshot stories "$S" --collapsed --matrix ios=18,26 --matrix device=iphone-16e,iphone-air --report "$W/r.json" -o "$W/m.png" 2>"$W/err" \
  || fail "--matrix ios=18,26 device=…: $(cat "$W/err")"
python3 -c "import json,sys; c=json.load(open('$W/r.json'))['cells']; assert len(c)==4, c; assert {x['ios'] for x in c}=={'18','26'}, c" \
  || fail "the report's cells are not ios × device: $(cat "$W/r.json")"

# The terminal: the app's alert is the iOS 26 alert (left-aligned, capsules, no separators) unless --app-compat;
# iOS 18 keeps the separators.
frames() { "$BIN" primer run --config "$R/primer/alert.json" --headless --size 60x24 --script "wait 1" --frames - "$@" 2>/dev/null; }
f26=$(frames); f18=$(frames --ios 18); fcompat=$(frames --app-compat)
echo "$f26" | grep -q "( Not now )" || fail "--ios 26's alert has no capsule buttons: $f26"
echo "$f26" | grep -q "├" && fail "--ios 26's alert still has separators"
echo "$f18" | grep -q "├" || fail "--ios 18's alert lost its separators: $f18"
# (the panel's iOS row names the release each runs, so it is left out of the comparison)
[ "$(echo "$fcompat" | grep -v 'iOS ')" = "$(echo "$f18" | grep -v 'iOS ')" ] || fail "--app-compat does not keep the app's alert as on iOS 18"
# The permission prompt is the system's: glass even with --app-compat.
prompt=$("$BIN" primer run --config "$R/primer/sheet-center.json" --headless --size 60x24 --app-compat --script "wait 1; accept; wait 1" --frames - 2>/dev/null)
echo "$prompt" | grep -q "( Don't Allow )" || fail "the permission prompt with --app-compat is not the iOS 26 alert: $prompt"

# The status line names the phone and the release when there is room, and drops them on a narrow terminal.
st=$("$BIN" stories "$S" --headless --size 100x30 --device iphone-17-pro --ios 18 --script "wait 1" --frames - 2>/dev/null)
echo "$st" | grep -q "iPhone 17 Pro · iOS 18" || fail "the stories status line does not name the phone and release: $(echo "$st" | tail -3)"
st=$("$BIN" inapp --headless --size 80x24 --device iphone-air --script "wait 1" --frames - 2>/dev/null)
echo "$st" | grep -q "iPhone Air · iOS 26" || fail "the inapp status line does not name the phone and release: $(echo "$st" | tail -3)"
st=$("$BIN" primer run --config "$R/primer/alert.json" --headless --size 40x20 --script "wait 1" --frames - 2>/dev/null)
echo "$st" | grep -q "iPhone" && fail "a 40-column primer names a phone it does not draw: $st"

# The foreground push with useLiquidView: iOS 26 is the shipped SDK's blurred card, iOS 18 the classic one.
FP='foreground-push {"aps":{"alert":{"title":"Flash sale","body":"Two hours only"}}}; wait 1'
for v in 18 26; do
  "$BIN" snapshot inapp --script "$FP" --foreground-liquid-view --ios $v --scale 1 -o "$W/fp$v.png" 2>"$W/err" || fail "snapshot inapp --foreground-liquid-view --ios $v: $(cat "$W/err")"
done
"$BIN" snapshot inapp --script "$FP" --ios 26 --scale 1 -o "$W/fpclassic.png" 2>/dev/null || fail "snapshot inapp with a foreground push"
cmp -s "$W/fp26.png" "$W/fpclassic.png" && fail "--foreground-liquid-view on iOS 26 draws the classic card"
cmp -s "$W/fp18.png" "$W/fpclassic.png" || fail "--foreground-liquid-view on iOS 18 is not the classic card"

# validate cuts at the new phones' widths and takes --ios.
"$BIN" validate "$S" --device iphone-16e --ios 26 >/dev/null 2>"$W/err" || fail "validate --device iphone-16e --ios 26: $(cat "$W/err")"
echo ok
