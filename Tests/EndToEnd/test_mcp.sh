#!/usr/bin/env bash
# `pushsim mcp` end to end with the official Python MCP client: tools listed and each called (validate, snapshot's
# PNG, play's events and final frame, samples), then bad input (a payload that is not JSON, missing and wrong
# arguments, a line that is not JSON-RPC, a 100 MB argument, standard input closed): an error each, the server
# serving on, nothing left behind. Tests/Integrations/mcp_client.py does the talking. Then requests written all at
# once with standard input closed right after: every one answered before the server ends (it ended with the input).
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export LANG=C NO_COLOR=1
python3 -c 'import mcp' 2>/dev/null || { echo "SKIP: the Python mcp package is not installed (make test-deps installs it)"; exit 0; }
mkdir -p "$WORK/cwd" "$WORK/tmp"
TMPDIR="$WORK/tmp" timeout 300 python3 "$ROOT/Tests/Integrations/mcp_client.py" "$BIN" "$ROOT/Resources" "$WORK/cwd" || exit 1
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
  '{"jsonrpc":"2.0","id":"v","method":"tools/call","params":{"name":"validate","arguments":{"payload":"{\"pw_stories\":{}}"}}}' \
  '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"play","arguments":{"experience":"primer","size":"40x20"}}}' \
  | (cd "$WORK/cwd" && TMPDIR="$WORK/tmp" timeout 60 "$BIN" mcp) > "$WORK/closed.out" 2> "$WORK/closed.err"
for id in 1 2 '"v"' 4; do
  grep -q "^{\"id\":$id," "$WORK/closed.out" || { echo "FAIL: with standard input closed after the requests, $id was not answered: $(cut -c1-80 "$WORK/closed.out") $(cat "$WORK/closed.err")"; exit 1; }
done
echo ok
