#!/usr/bin/env bash
# pushsim report: one self-contained HTML file for several payloads (a valid story, a broken one, an inbox feed, a
# primer config, a native in-app message), opened from disk in headless Chromium: each file's kind, findings with
# their JSON paths, the contact sheet and the animated WebP decoded; a file that cannot be read has its sentence.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/clean_env.sh"
command -v chromium >/dev/null && command -v chromedriver >/dev/null || { echo "SKIP test_serve_report: chromium and chromium-driver are not installed (make test-deps)"; exit 0; }
python3 -c 'import selenium' 2>/dev/null || { echo "SKIP test_serve_report: selenium is not installed (make test-deps)"; exit 0; }
ROOT=$(cd "$HERE/../.." && pwd)
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
R=$ROOT/Resources
files=("$R/stories/spring-sale.json" "$R/stories/broken.json" "$R/inbox/mixed.json" "$R/primer/sheet-bottom.json" "$R/inapp/modal-welcome-dark.json")
"$BIN" report "${files[@]}" -o "$WORK/report.html" 2>"$WORK/err" || { echo "FAIL: report exited $?"; cat "$WORK/err"; exit 1; }
grep -q "wrote $WORK/report.html" "$WORK/err" || { echo "FAIL: report should say what it wrote"; cat "$WORK/err"; exit 1; }
python3 "$HERE/serve_report.py" "$WORK/report.html" "${files[@]}" || exit 1
# A missing file: the report is still written, its section says why.
"$BIN" report "$WORK/missing.json" -o "$WORK/missing.html" 2>"$WORK/err2"
grep -q "missing.json" "$WORK/missing.html" || { echo "FAIL: the missing file's section should name it"; exit 1; }
grep -qi "no such file\|cannot be read\|not found\|could not" "$WORK/missing.html" || { echo "FAIL: the missing file's section should say why"; cat "$WORK/missing.html" | head -40; exit 1; }
# Bad options: one line, exit 2.
"$BIN" report "${files[0]}" --matrix nosuch=1 -o "$WORK/x.html" 2>"$WORK/err3"
[ $? -ne 0 ] || { echo "FAIL: a bad --matrix should fail"; exit 1; }
[ "$(wc -l <"$WORK/err3")" -ge 1 ] && grep -q "matrix" "$WORK/err3" || { echo "FAIL: a bad --matrix should say so"; cat "$WORK/err3"; exit 1; }
[ ! -e "$WORK/x.html" ] || { echo "FAIL: a bad --matrix should write nothing"; exit 1; }
