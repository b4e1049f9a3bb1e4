#!/usr/bin/env bash
# `pushsim serve` and `pushsim mcp` run in a second executable, pushsim-server (Sources/pushsim/ServerExecutable.swift):
# the HTTP, WebSocket and MCP libraries are not in `pushsim`, whose every start scans a third fewer conformance records.
# Checked here: pushsim has none of their code and the server has it; both commands' help, errors and validation
# come from pushsim itself; serve becomes pushsim-server in the same process, still named pushsim in ps/pgrep, with
# the same arguments; without a pushsim-server beside it (or in ../lib/pushsim), one line says what to do.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clean_env.sh"
BIN=${BIN:-$(readlink -f .build/debug/pushsim)}
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
R=$(cd "$HERE/../../Resources" && pwd)
SERVER=$(dirname "$BIN")/pushsim-server
W=$(mktemp -d "${TMPDIR:-/tmp}/pushsim-server-exe.XXXXXX")
trap 'pkill -P $$ 2>/dev/null; rm -rf "$W"' EXIT
export XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache" XDG_RUNTIME_DIR="$W/run"
mkdir -p "$XDG_RUNTIME_DIR"
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$SERVER" ] || fail "no pushsim-server beside $BIN"

# Swift symbols of the server libraries' modules (MCP, Hummingbird, HummingbirdWebSocket, NIOCore, NIOPosix).
server_symbols() { nm "$1" 2>/dev/null | grep -cE '\$s(3MCP|11Hummingbird|20HummingbirdWebSocket|7NIOCore|8NIOPosix)[0-9]'; }
n=$(server_symbols "$BIN")
[ "$n" -eq 0 ] || fail "pushsim has $n symbols of the server libraries: $(nm "$BIN" | grep -E '\$s(3MCP|11Hummingbird|7NIOCore)[0-9]' | head -2)"
[ "$(server_symbols "$SERVER")" -gt 1000 ] || fail "pushsim-server lacks the server libraries' code"
records() { echo $(( 0x$(readelf -S -W "$1" | awk '/ swift5_protocol_conformances / { for (i = 1; i < NF; i++) if ($i == "PROGBITS") print $(i + 3) }') / 4 )); }
[ "$(records "$BIN")" -lt "$(records "$SERVER")" ] || fail "pushsim has $(records "$BIN") conformance records, the server $(records "$SERVER")"

# Help, usage errors and validation are pushsim's own, the same as before the split.
"$BIN" serve --help | grep -q "Serve an experience to a web browser" || fail "pushsim serve --help"
"$BIN" serve stories --help | grep -q -- "--port" || fail "pushsim serve stories --help lacks --port"
"$BIN" mcp --help | grep -q "Model Context Protocol" || fail "pushsim mcp --help"
"$BIN" serve stories "$R/stories/spring-sale.json" --port 70000 > "$W/out" 2> "$W/err"; status=$?
[ "$status" -eq 64 ] || fail "--port 70000: exit $status, not 64: $(cat "$W/err")"
grep -q -- "--port must be from 0 to 65535" "$W/err" || fail "--port 70000 did not say why: $(cat "$W/err")"

# serve: the same process becomes pushsim-server, named pushsim, with the arguments it was given.
"$BIN" serve stories "$R/stories/spring-sale.json" --port 0 > "$W/serve.out" 2> "$W/serve.err" &
pid=$!
for _ in $(seq 100); do grep -q '^serving http' "$W/serve.out" 2>/dev/null && break; sleep 0.1; done
grep -q '^serving http://127.0.0.1:' "$W/serve.out" || fail "serve did not serve: $(cat "$W/serve.err")"
[ "$(readlink -f /proc/$pid/exe)" = "$(readlink -f "$SERVER")" ] || fail "the serving process runs $(readlink -f /proc/$pid/exe), not pushsim-server"
[ "$(cat /proc/$pid/comm)" = pushsim ] || fail "the serving process is called '$(cat /proc/$pid/comm)' in ps, not pushsim"
tr '\0' ' ' < /proc/$pid/cmdline | grep -qF "$BIN serve stories $R/stories/spring-sale.json --port 0" \
  || fail "the serving process's arguments are '$(tr '\0' ' ' < /proc/$pid/cmdline)'"
kill -INT $pid; wait $pid; status=$?
[ "$status" -eq 0 ] || fail "Ctrl-C ended serve with $status, not 0: $(cat "$W/serve.err")"

# mcp: answers, from the server.
{ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
  for _ in $(seq 100); do grep -q '"id":2' "$W/mcp.out" 2>/dev/null && break; sleep 0.1; done; } | "$BIN" mcp > "$W/mcp.out" 2> "$W/mcp.err"
grep -q '"name":"snapshot"' "$W/mcp.out" || fail "mcp listed no tools: $(head -c 300 "$W/mcp.out") $(cat "$W/mcp.err")"

# Without pushsim-server: one line that says what to do, status 1, nothing served.
mkdir "$W/alone"
cp "$BIN" "$W/alone/pushsim"
for cmd in "serve stories $R/stories/spring-sale.json" "mcp"; do
  # shellcheck disable=SC2086
  "$W/alone/pushsim" $cmd < /dev/null > "$W/out" 2> "$W/err"; status=$?
  [ "$status" -eq 1 ] || fail "$cmd without pushsim-server: exit $status, not 1: $(cat "$W/err")"
  [ "$(wc -l < "$W/err")" -eq 1 ] || fail "$cmd without pushsim-server: not one line: $(cat "$W/err")"
  grep -q "runs pushsim-server, which could not be started from $W/alone/pushsim-server (No such file or directory)" "$W/err" \
    || fail "$cmd without pushsim-server said: $(cat "$W/err")"
  grep -q "make install" "$W/err" || fail "$cmd without pushsim-server does not say how to get it: $(cat "$W/err")"
  [ ! -s "$W/out" ] || fail "$cmd without pushsim-server wrote: $(head -c 200 "$W/out")"
done
# The other commands do not need it.
"$W/alone/pushsim" stories "$R/stories/spring-sale.json" --headless --script "wait 1" --events - --store "$W/s.sqlite" \
  | grep -q '"event":"start"' || fail "pushsim alone did not play a story"
echo ok
