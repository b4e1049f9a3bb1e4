# Helpers for the browser tests (test_serve*.sh): start `pushsim serve`, a headless Chromium driven by Selenium,
# and a bare-socket HTTP/WebSocket client for the security cases. Polls for conditions; never sleeps as an assertion.
import base64, json, os, signal, socket, struct, subprocess, sys, tempfile, time

TIMEOUT = float(os.environ.get("E2E_TIMEOUT", "30"))


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def until(cond, what, timeout=TIMEOUT):
    end = time.time() + timeout
    while time.time() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.05)
    fail("timed out waiting for " + what)


class Server:
    """`pushsim serve ARGS` in the background; `url` is the one line it printed."""

    def __init__(self, args, env=None):
        self.err = tempfile.TemporaryFile()
        e = dict(os.environ)
        e.update(env or {})
        self.p = subprocess.Popen([os.environ["BIN"], "serve"] + args, stdout=subprocess.PIPE, stderr=self.err, env=e)
        line = self.p.stdout.readline().decode()
        if not line.startswith("serving http://"):
            fail("serve printed %r, not its URL (stderr: %s)" % (line, self.log()))
        self.url = line.split(" ", 1)[1].strip()
        rest = self.url[len("http://"):]
        self.authority, query = rest.split("/", 1)
        self.host, port = self.authority.rsplit(":", 1)
        self.port = int(port)
        self.token = query.split("token=", 1)[1]

    def log(self):
        self.err.seek(0)
        return self.err.read().decode(errors="replace")

    def alive(self):
        return self.p.poll() is None

    def stop(self):
        if self.alive():
            self.p.send_signal(signal.SIGINT)
            try:
                return self.p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.p.kill()
                fail("serve did not end within 15 s of Ctrl-C; it said:\n" + self.log())
        return self.p.returncode


def http(server, path, host=None, headers=None):
    """A GET on a fresh socket: (status, headers text, body bytes)."""
    s = socket.create_connection((server.host, server.port), timeout=10)
    h = "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n" % (path, host or server.authority)
    for k, v in (headers or {}).items():
        h += "%s: %s\r\n" % (k, v)
    s.sendall((h + "\r\n").encode())
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head else 0
    return status, head.decode(errors="replace"), body


def ws_open(server, origin=None, token=None, host=None):
    """A WebSocket handshake on a bare socket: (status, socket)."""
    s = socket.create_connection((server.host, server.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    origin = origin if origin is not None else "http://" + server.authority
    req = ("GET /ws?token=%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nOrigin: %s\r\n\r\n"
           % (token if token is not None else server.token, host or server.authority, key, origin))
    s.sendall(req.encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(1)
        if not chunk:
            break
        head += chunk
    status = int(head.split(b" ", 2)[1]) if head else 0
    return status, s


def ws_frame(payload, opcode=1, length=None):
    """A masked client frame; `length` may claim more than is sent."""
    n = len(payload) if length is None else length
    b = bytes([0x80 | opcode])
    if n < 126:
        b += bytes([0x80 | n])
    elif n < 65536:
        b += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        b += bytes([0x80 | 127]) + struct.pack(">Q", n)
    mask = os.urandom(4)
    return b + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(payload))


def ws_read(s, timeout=10):
    """One server frame: (opcode, payload), or (None, b'') when the socket closed."""
    s.settimeout(timeout)

    def exact(n):
        out = b""
        while len(out) < n:
            c = s.recv(n - len(out))
            if not c:
                raise EOFError
            out += c
        return out
    try:
        b0, b1 = exact(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", exact(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", exact(8))[0]
        return b0 & 0x0F, exact(n)
    except (EOFError, ConnectionResetError):
        return None, b""


def ws_closed(s, timeout=10):
    """Whether the server closes the socket (a close frame or EOF) within `timeout`."""
    end = time.time() + timeout
    while time.time() < end:
        op, _ = ws_read(s, timeout=max(0.1, end - time.time()))
        if op is None or op == 8:
            return True
    return False


def chromium(tmp):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    o = Options()
    o.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1000",
              "--user-data-dir=" + os.path.join(tmp, "chromium")]:
        o.add_argument(a)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def page_events(d):
    return d.execute_script("return [...document.querySelectorAll('#events li')].map(li => JSON.parse(li.textContent));")


def frames(d):
    return int(d.execute_script("return document.getElementById('phone').dataset.frames") or 0)


def picture_colours(d):
    """How many distinct colours a 16x16 grid of the shown picture has (a blank picture has one)."""
    return d.execute_script("""
        const img = document.getElementById('phone');
        if (!img.naturalWidth) return 0;
        const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
        const g = c.getContext('2d'); g.drawImage(img, 0, 0);
        const seen = new Set();
        for (let i = 0; i < 16; i++) for (let j = 0; j < 16; j++) {
          const p = g.getImageData(Math.floor((i + 0.5) * c.width / 16), Math.floor((j + 0.5) * c.height / 16), 1, 1).data;
          seen.add(p[0] + ',' + p[1] + ',' + p[2]);
        }
        return seen.size;""")


def click_phone(d, fx, fy, hold=0.0):
    """A click (or a press held `hold` seconds) at a fraction of the phone picture's width and height."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    img = d.find_element(By.ID, "phone")
    w, h = img.size["width"], img.size["height"]
    a = ActionChains(d).move_to_element_with_offset(img, int((fx - 0.5) * w), int((fy - 0.5) * h))
    if hold:
        a.click_and_hold().pause(hold).release().perform()
    else:
        a.click().perform()
