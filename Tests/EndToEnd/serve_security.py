# The security cases of test_serve_security.sh, on bare sockets: the token, the Host and Origin checks, only the
# page served, a malformed frame, a 100 MB message, 1,000 connections, a client that never reads, Ctrl-C.
import os, resource, socket, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Server, fail, http, until, ws_closed, ws_frame, ws_open, ws_read

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
s = Server(["stories", os.path.join(ROOT, "Resources/stories/spring-sale.json"), "--port", "0"])


def serving(what):
    if not s.alive():
        fail("the server ended after %s: %s" % (what, s.log()))
    status, _, body = http(s, "/?token=" + s.token)
    if status != 200 or b"<html" not in body:
        fail("the page was not served after %s (HTTP %s)" % (what, status))


def rss_mb():
    with open("/proc/%d/status" % s.p.pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


try:
    if s.host != "127.0.0.1":
        fail("serve should listen on 127.0.0.1 by default, not " + s.host)
    # The token: none, wrong, or right; and nothing but the page, even with it.
    for path in ["/", "/?token=", "/?token=" + "0" * 64, "/ws", "/?token=" + s.token[:-1]]:
        status, _, _ = http(s, path)
        if status != 403:
            fail("GET %s should be refused with 403, got %s" % (path, status))
    status, head, body = http(s, "/?token=" + s.token)
    if status != 200 or b"<html" not in body or "content-security-policy" not in head.lower():
        fail("the page with the token should be served with its Content-Security-Policy (HTTP %s)" % status)
    for path in ["/etc/passwd?token=", "/../../etc/passwd?token=", "/index.html?token=", "/ws/../x?token="]:
        status, _, _ = http(s, path + s.token)
        if status not in (403, 404):
            fail("GET %s should be refused, got %s" % (path, status))
    # A rebinding name: the right token under another host name is refused.
    status, _, _ = http(s, "/?token=" + s.token, host="evil.example:%d" % s.port)
    if status != 403:
        fail("a request for host evil.example should be refused with 403, got %s" % status)
    # The Origin: another page's, none, or a forged one beside the right host: 403, as a wrong token.
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1", "https://" + s.authority]:
        status, sock = ws_open(s, origin=origin)
        sock.close()
        if status != 403:
            fail("a WebSocket from origin %s should be refused with 403, got %s" % (origin, status))
    status, sock = ws_open(s, token="wrong")
    sock.close()
    if status != 403:
        fail("a WebSocket with a wrong token should be refused with 403, got %s" % status)
    if "wrong or missing token (403)" not in s.log():
        fail("a refused WebSocket should be logged in one line: " + s.log())
    # The page's own origin is let in and gets the run's messages and a picture.
    status, sock = ws_open(s)
    if status != 101:
        fail("the page's own WebSocket should be upgraded, got %s" % status)
    got = set()
    end = time.time() + 30
    while time.time() < end and not {1, 2} <= got:
        op, _ = ws_read(sock)
        if op is None:
            fail("the WebSocket closed before a picture came")
        got.add(op)
    sock.close()
    # A malformed frame (an unmasked one with a reserved opcode) and a message that is not the page's.
    for bad, what in [(b"\x83\x05hello", "a malformed frame"), (ws_frame(b"not json"), "a message that is not the page's")]:
        status, sock = ws_open(s)
        sock.sendall(bad)
        if not ws_closed(sock):
            fail("the server should close a socket that sent " + what)
        sock.close()
        serving(what)
    # A 100 MB message: refused from its header, never read into memory.
    status, sock = ws_open(s)
    before = rss_mb()
    sock.sendall(ws_frame(b"", length=100 * 1024 * 1024)[:14])
    try:
        sock.sendall(b"x" * (1024 * 1024))
    except OSError:
        pass
    if not ws_closed(sock):
        fail("the server should close a socket that announces a 100 MB message")
    sock.close()
    serving("a 100 MB message")
    if rss_mb() - before > 50:
        fail("a 100 MB message grew the server by %d MB" % (rss_mb() - before))
    # A client that never reads, while the story plays: its pictures are dropped, the server's memory stays bounded.
    status, lazy = ws_open(s)
    lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    start = rss_mb()
    t0 = time.time()
    while time.time() - t0 < 6:
        lazy.sendall(ws_frame(b'{"type":"key","key":"right"}'))
        time.sleep(0.3)
    serving("a client that never reads")
    if rss_mb() - start > 150:
        fail("a client that never reads grew the server by %d MB" % (rss_mb() - start))
    lazy.close()
    # 1,000 connections at once: the server keeps a bounded number, and serves again once they go.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    many = []
    for _ in range(1000):
        try:
            c = socket.socket()
            c.setblocking(False)
            c.connect_ex((s.host, s.port))
            many.append(c)
        except OSError:
            break
    time.sleep(1)
    if not s.alive():
        fail("the server ended under 1,000 connections: " + s.log())
    for c in many:
        c.close()
    until(lambda: http(s, "/?token=" + s.token)[0] == 200, "the page served again after 1,000 connections closed")
    # Ctrl-C closes the open sockets cleanly (a close frame or EOF) and ends with status 0.
    status, sock = ws_open(s)
    code = s.stop()
    if code != 0:
        fail("serve should exit 0 after Ctrl-C, got %s: %s" % (code, s.log()))
    if not ws_closed(sock, timeout=5):
        fail("Ctrl-C should close an open WebSocket")
    log = s.log()
    for needle in ["wrong or missing token", "origin", "not this server's name"]:
        if needle not in log:
            fail("the log should have a line about %r:\n%s" % (needle, log))
    if "Fatal error" in log or "Stack" in log:
        fail("the log has a crash:\n" + log)
finally:
    if s.alive():
        s.p.kill()
print("ok security")
