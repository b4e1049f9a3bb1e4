#!/usr/bin/env bash
# `pushsim mcp` end to end with the official Python MCP client: tools listed and each called (validate, snapshot's
# PNG, play's events and final frame, samples), then bad input (a payload that is not JSON, missing and wrong
# arguments, a line that is not JSON-RPC, a 100 MB argument, standard input closed): an error each, the server
# serving on, nothing left behind. Tests/Integrations/mcp_client.py does the talking.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export LANG=C NO_COLOR=1
python3 -c 'import mcp' 2>/dev/null || { echo "SKIP: the Python mcp package is not installed (make test-deps installs it)"; exit 0; }
mkdir -p "$WORK/cwd" "$WORK/tmp"
TMPDIR="$WORK/tmp" timeout 300 python3 "$ROOT/Tests/Integrations/mcp_client.py" "$BIN" "$ROOT/Resources" "$WORK/cwd" || exit 1
echo ok
