#!/usr/bin/env bash
# pushsim record (animated WebP and GIF) and snapshot --matrix/--report, end to end: the files, the same bytes on a
# second run, the `wrote` line, bad input in one line; and snapshot primer after a run left the store authorized.
set -u
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-record-picture.XXXXXX")
trap 'rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run" LANG=C
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

# A WebP of a story: RIFF/WEBP with an animation, the wrote line with frames, seconds and bytes.
"$BIN" record stories "$R/stories/spring-sale.json" --script "wait 1; tap right; wait 1" --scale 1 --fps 10 -o "$W/a.webp" 2>"$W/err" \
  || fail "record stories exited $?: $(cat "$W/err")"
[ "$(head -c 4 "$W/a.webp")" = RIFF ] && [ "$(tail -c +9 "$W/a.webp" | head -c 4)" = WEBP ] || fail "a.webp is not a WebP"
grep -q ANIM "$W/a.webp" || fail "a.webp is not animated"
bytes=$(stat -c %s "$W/a.webp")
grep -qx "pushsim: wrote $W/a.webp (30 frames, 3 s, $bytes bytes)" "$W/err" || fail "the wrote line: $(cat "$W/err")"
# The same input gives the same bytes.
"$BIN" record stories "$R/stories/spring-sale.json" --script "wait 1; tap right; wait 1" --scale 1 --fps 10 -o "$W/b.webp" 2>/dev/null
cmp -s "$W/a.webp" "$W/b.webp" || fail "two recordings of the same run differ"
# A GIF, with touch marks, twice.
for f in c d; do
  "$BIN" record primer --style sheet --script "wait 1; accept; wait 0.5; allow" --touches --scale 1 --fps 10 -o "$W/$f.gif" 2>"$W/err" \
    || fail "record primer .gif exited $?: $(cat "$W/err")"
done
[ "$(head -c 6 "$W/c.gif")" = GIF89a ] || fail "c.gif is not a GIF"
cmp -s "$W/c.gif" "$W/d.gif" || fail "two GIFs of the same run differ"
# Nothing half-written is left beside the output.
[ -z "$(find "$W" -maxdepth 1 -name '.*partial')" ] || fail "a partial file was left: $(ls -a "$W")"

# Bad input: one line, non-zero, no file.
"$BIN" record stories "$R/stories/spring-sale.json" -o "$W/x.png" 2>"$W/err"; s=$?
[ $s -ne 0 ] && grep -q "must name a .webp or .gif" "$W/err" || fail "-o x.png: exit $s: $(cat "$W/err")"
"$BIN" record stories "$R/stories/spring-sale.json" --fps 0 -o "$W/x.webp" 2>"$W/err"; s=$?
[ $s -ne 0 ] && grep -q -- "--fps must be" "$W/err" || fail "--fps 0: exit $s: $(cat "$W/err")"
"$BIN" record stories "$R/stories/spring-sale.json" -o "$W/no/such/x.webp" 2>"$W/err"; s=$?
[ $s -eq 1 ] && [ "$(wc -l <"$W/err")" -eq 1 ] || fail "a folder that does not exist: exit $s: $(cat "$W/err")"
[ ! -e "$W/x.webp" ] || fail "a refused recording left a file"

# snapshot primer after a run left the default store authorized: a fresh simulated device still shows the primer.
"$BIN" primer --headless --script "present; wait 1; accept; wait 0.5; allow" >/dev/null 2>&1 || fail "primer --headless failed"
"$BIN" snapshot primer --style sheet --scale 1 -o "$W/p.png" 2>"$W/err" || fail "snapshot primer after an authorized run: $(cat "$W/err")"
# With that store named, the primer is suppressed: said on stderr, exit 1, no picture.
"$BIN" snapshot primer --style sheet --scale 1 --store "$XDG_DATA_HOME/pushsim/state.sqlite" -o "$W/q.png" 2>"$W/err"; s=$?
[ $s -eq 1 ] || fail "snapshot primer on an authorized store: exit $s, not 1"
grep -q "the primer did not appear (authorized" "$W/err" || fail "no sentence for the suppressed primer: $(cat "$W/err")"
[ ! -e "$W/q.png" ] || fail "a picture of the bare app was written"

# A contact sheet with its report.
"$BIN" snapshot stories "$R/stories/spring-sale.json" --script "wait 1" --scale 1 --matrix device=iphone-se,iphone-15 \
  --matrix appearance=light,dark --report "$W/r.json" -o "$W/m.png" 2>"$W/err" || fail "snapshot --matrix: $(cat "$W/err")"
grep -q "wrote $W/m.png (.*4 cells)" "$W/err" || fail "the matrix's wrote line: $(cat "$W/err")"
python3 - "$W/r.json" <<'PY' || fail "the report: $(cat "$W/r.json")"
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert [(c["device"], c["appearance"]) for c in cells] == [("iphone-se", "light"), ("iphone-se", "dark"), ("iphone-15", "light"), ("iphone-15", "dark")], cells
assert all(isinstance(c["cut"], list) and isinstance(c["warnings"], list) for c in cells)
PY
"$BIN" snapshot inbox "$R/inbox/mixed.json" --matrix "colour=red" -o "$W/n.png" 2>"$W/err"; s=$?
[ $s -ne 0 ] && grep -q "unknown key 'colour'" "$W/err" || fail "--matrix colour=red: exit $s: $(cat "$W/err")"
"$BIN" snapshot inbox "$R/inbox/mixed.json" --report "$W/r.md" -o "$W/n.png" 2>"$W/err"; s=$?
[ $s -ne 0 ] && grep -q "give --matrix too" "$W/err" || fail "--report without --matrix: exit $s: $(cat "$W/err")"
exit 0
