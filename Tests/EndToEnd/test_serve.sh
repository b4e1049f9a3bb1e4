#!/usr/bin/env bash
# pushsim serve in headless Chromium (Selenium): a story clicked through (a click is a tap, a held press a hold),
# the phone picker, two tabs with their own runs, a FILE changed and broken under the page; the primer answered;
# an inbox row deleted on a copy of the store; Ctrl-C ends the server with status 0.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/clean_env.sh"
command -v chromium >/dev/null && command -v chromedriver >/dev/null || { echo "SKIP test_serve: chromium and chromium-driver are not installed (make test-deps)"; exit 0; }
python3 -c 'import selenium' 2>/dev/null || { echo "SKIP test_serve: selenium is not installed (make test-deps)"; exit 0; }
export BIN
for flow in stories primer inbox; do
  python3 "$HERE/serve_browser.py" "$flow" || exit 1
done
