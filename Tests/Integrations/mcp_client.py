"""End-to-end check of `pushsim mcp` with the official Python MCP client (PyPI `mcp`): list the tools, call each,
then the bad input a server must survive, spoken as raw JSON-RPC lines. Usage: mcp_client.py PUSHSIM RESOURCES WORK"""
import asyncio, base64, json, os, subprocess, sys, time

BIN, RES, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []
def check(ok, what):
    if not ok: failures.append(what); print("FAIL:", what, file=sys.stderr)

async def with_client():
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    params = StdioServerParameters(command=BIN, args=["mcp"], env={**os.environ, "HOME": WORK, "NO_COLOR": "1"}, cwd=WORK)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            check(set(tools) >= {"validate", "snapshot", "play", "render", "samples"}, f"tools listed: {sorted(tools)}")
            # Each input schema comes from the command line's own options.
            v = tools["validate"].input_schema["properties"]
            check({"format", "strict", "kind", "sdk", "file", "payload"} <= set(v), f"validate's schema: {sorted(v)}")
            check("sarif" in v["format"].get("enum", []), "validate's format enum comes from --format's values")
            check("headless" not in tools["play"].input_schema["properties"], "play withholds --headless")
            check("script" in tools["play"].input_schema["properties"], "play takes --script")

            banner = '{"title": "Hi", "body": "There", "link": "shop.example/sale"}'
            r = await session.call_tool("validate", {"payload": banner})
            findings = json.loads(r.content[0].text)
            check(not r.is_error and findings[0]["path"] == "link" and findings[0]["line"] == 1, f"validate: {r.content}")
            r = await session.call_tool("validate", {"file": [f"{RES}/stories/broken.json"], "format": "sarif"})
            check(json.loads(r.content[0].text)["version"] == "2.1.0", "validate --format sarif over MCP")

            r = await session.call_tool("snapshot", {"experience": "stories", "file": [f"{RES}/stories/spring-sale.json"]})
            images = [c for c in r.content if c.type == "image"]
            check(not r.is_error and images and images[0].mime_type == "image/png"
                  and base64.b64decode(images[0].data)[:8] == b"\x89PNG\r\n\x1a\n", f"snapshot: {[c.type for c in r.content]} {r.content[-1:]}")

            r = await session.call_tool("play", {"experience": "stories", "file": [f"{RES}/stories/spring-sale.json"],
                                                 "script": "wait 1; key right; wait 1", "size": "60x20"})
            check(not r.is_error, f"play: {r.content}")
            if not r.is_error:
                played = json.loads(r.content[0].text)
                check(any(e.get("event") for e in played["events"]) and all("t" in e for e in played["events"]), f"play events: {played['events'][:3]}")
                check(played["final_frame"].startswith("--- t=2"), f"play final frame: {played['final_frame'][:40]!r}")

            # render: what a device without the tag receives from Dynamic Content (the default, as written).
            r = await session.call_tool("render", {"payload": json.dumps({"request": {"notifications": [{"content": "Hi {FirstName|CapitalizeFirst|there}"}]}})})
            check(not r.is_error and "Hi there" in r.content[0].text, f"render: {r.content}")
            r = await session.call_tool("render", {"payload": json.dumps({"content": "{% if %}"})})
            check(r.is_error, f"render of broken Liquid: {r.content}")

            r = await session.call_tool("samples", {})
            samples = json.loads(r.content[0].text)
            check(len(samples) >= 5 and all({"experience", "title", "command"} <= set(s) for s in samples), f"samples: {samples[:1]}")

            # A payload that is not JSON: the tool answers (exit status 2), the server goes on.
            r = await session.call_tool("validate", {"payload": "{not json"})
            check(r.is_error and "not valid JSON" in " ".join(c.text for c in r.content if c.type == "text"), f"validate of broken JSON: {r.content}")
            # Missing and wrong arguments: JSON-RPC errors (invalid params).
            from mcp import MCPError
            for name, args in [("play", {}), ("validate", {"file": [f"{RES}/banners/sale.json"], "strict": "yes"}),
                               ("validate", {"nonsense": 1}), ("snapshot", {"experience": "weather"}), ("no-such-tool", {})]:
                try:
                    r = await session.call_tool(name, args)
                    check(r.is_error, f"{name} {args}: accepted")
                except MCPError as e:
                    check(e.error.code == -32602, f"{name} {args}: error {e.error.code} {e.error.message}")
            r = await session.call_tool("samples", {})
            check(not r.is_error, "the server serves after bad calls")

def raw():
    """Bad input as raw lines: a line that is not JSON, JSON that is not JSON-RPC, an unknown method, a 100 MB argument,
    then standard input closed."""
    p = subprocess.Popen([BIN, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=WORK,
                         env={**os.environ, "HOME": WORK}, text=True)
    def send(obj): p.stdin.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n"); p.stdin.flush()
    def answer(want_id):
        while True:
            line = p.stdout.readline()
            if not line: return None
            msg = json.loads(line)
            if msg.get("id") == want_id or (want_id is None and "error" in msg): return msg
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}})
    check(answer(1) and True, "raw initialize answered")
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send("this is not JSON-RPC at all")
    err = answer(None)
    check(err is not None and err["error"]["code"] == -32700, f"a line that is not JSON-RPC: {err}")
    # JSON that is not JSON-RPC (no jsonrpc, no method), and a method no server has: an error each, by JSON-RPC's codes.
    send({"hello": "world"})
    err = answer(None)
    check(err is not None and err["error"]["code"] in (-32600, -32700), f"JSON that is not JSON-RPC: {err}")
    send({"jsonrpc": "2.0", "id": 7, "method": "no/such/method"})
    err = answer(7)
    check(err is not None and err.get("error", {}).get("code") == -32601, f"an unknown method: {err}")
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "validate", "arguments": {"payload": "x" * (100 * 1024 * 1024)}}})
    big = answer(2)
    check(big is not None and big.get("error", {}).get("code") == -32602, f"a 100 MB argument: {str(big)[:200]}")
    send({"jsonrpc": "2.0", "id": 3, "method": "tools/list"})
    check((answer(3) or {}).get("result", {}).get("tools"), "tools/list after the bad input")
    p.stdin.close()
    try:
        status = p.wait(timeout=20)
        check(status == 0, f"exit status after standard input closed: {status}")
    except subprocess.TimeoutExpired:
        p.kill(); check(False, "the server did not end when standard input closed")

def closed_at_start():
    """Standard input closed before the server starts (`pushsim mcp <&-`): it ends at once, status 0, no traceback."""
    r = subprocess.run(["sh", "-c", 'exec "$0" mcp <&-', BIN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=WORK,
                       env={**os.environ, "HOME": WORK}, text=True, timeout=20)
    check(r.returncode == 0 and "Fatal error" not in r.stderr and len(r.stderr.splitlines()) <= 1,
          f"mcp with standard input closed at start: status {r.returncode}, stderr {r.stderr[:300]!r}")

before = set(os.listdir(WORK))
asyncio.run(with_client())
raw()
closed_at_start()
# Nothing written outside the paths given: the working folder is as it was (the calls' files went to their own temp folders).
check(set(os.listdir(WORK)) == before, f"files left in the working folder: {sorted(set(os.listdir(WORK)) - before)}")
leftover = [n for n in os.listdir(os.environ.get("TMPDIR", "/tmp")) if n.startswith("pushsim-mcp-")]
check(not leftover, f"temporary folders left: {leftover}")
sys.exit(1 if failures else 0)
