// The one page `pushsim serve` serves: the phone's picture, the pickers, the events; a thin client of the socket.

enum BrowserPage {
    /// The page, its style and script inline (the server serves nothing else). `title` is escaped for HTML.
    static func html(title: String) -> String {
        let t = escape(title)
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" href="data:,">
        <title>pushsim · \(t)</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #e5e5ea; color: #1c1c1e; display: flex; gap: 24px; padding: 24px; }
        #phone-box { flex: none; }
        #phone { display: block; height: calc(100vh - 96px); max-height: 900px; border-radius: 36px; background: #000; touch-action: none;
                 user-select: none; -webkit-user-drag: none; cursor: pointer; outline: none; }
        #phone:focus-visible { box-shadow: 0 0 0 3px #0a84ff; }
        #side { flex: 1; min-width: 260px; display: flex; flex-direction: column; gap: 12px; max-height: calc(100vh - 48px); }
        h1 { font-size: 18px; margin: 0; }
        #pickers { display: flex; flex-wrap: wrap; gap: 8px 16px; }
        label { display: flex; gap: 6px; align-items: center; }
        #status { color: #636366; }
        #status.problem { color: #d70015; }
        #events { flex: 1; overflow: auto; margin: 0; padding: 8px 8px 8px 36px; background: #fff; border-radius: 8px;
                  font: 12px/1.5 ui-monospace, monospace; }
        #events li { white-space: pre-wrap; word-break: break-all; }
        .hint { color: #636366; font-size: 12px; }
        </style></head>
        <body>
        <div id="phone-box"><img id="phone" alt="the phone, as pushsim snapshot draws it" tabindex="0" draggable="false" data-frames="0"></div>
        <div id="side">
          <h1>pushsim · \(t)</h1>
          <div id="status" role="status">connecting…</div>
          <div id="pickers"></div>
          <div><button id="restart" type="button">Start again</button>
            <span class="hint">Click to tap, hold to hold, drag to swipe; keys as in the terminal (click the phone first).</span></div>
          <ol id="events" aria-label="events"></ol>
        </div>
        <noscript><p>This page needs JavaScript: it shows a live run. <code>pushsim report</code> writes a page that does not.</p></noscript>
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const phone = document.getElementById("phone"), status = document.getElementById("status");
        const events = document.getElementById("events"), pickers = document.getElementById("pickers");
        let size = { width: 393, height: 852 }, frames = 0, runs = 0, down = false, lastMove = 0, shown = null;
        const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?token=" + encodeURIComponent(token));
        ws.binaryType = "blob";
        const send = (m) => { if (ws.readyState === 1) ws.send(JSON.stringify(m)); };
        const say = (text, problem) => { status.textContent = text; status.className = problem ? "problem" : ""; };
        ws.onopen = () => say("connected");
        ws.onclose = () => say("disconnected: the server ended or refused this page (reload to try again)", true);
        ws.onmessage = (e) => {
          if (typeof e.data !== "string") {
            const url = URL.createObjectURL(e.data), old = shown;
            phone.onload = () => { if (old) URL.revokeObjectURL(old); phone.dataset.frames = String(++frames); };
            shown = url; phone.src = url;
            return;
          }
          const m = JSON.parse(e.data);
          if (m.type === "event") {
            const li = document.createElement("li");
            li.textContent = JSON.stringify(m.event);
            li.dataset.event = m.event.event || "";
            events.appendChild(li);
            while (events.children.length > 500) events.removeChild(events.firstChild);
            events.scrollTop = events.scrollHeight;
          } else if (m.type === "run") {
            size = { width: m.width, height: m.height };
            events.textContent = "";
            document.body.dataset.runs = String(++runs);
            buildPickers(m.pickers);
            say("running");
          } else if (m.type === "ended") {
            say("the run ended (exit status " + m.status + "): Start again plays it anew");
          } else if (m.type === "problem") {
            say(m.message, true);
          }
        };
        function buildPickers(list) {
          pickers.textContent = "";
          for (const p of list) {
            const label = document.createElement("label"), select = document.createElement("select");
            label.textContent = p.label;
            select.name = p.name;
            for (const v of p.values) { const o = document.createElement("option"); o.value = o.textContent = v; select.appendChild(o); }
            select.value = p.value;
            select.onchange = () => send({ type: "pick", name: p.name, value: select.value });
            label.appendChild(select);
            pickers.appendChild(label);
          }
        }
        function point(e) {
          const r = phone.getBoundingClientRect();
          return { x: (e.clientX - r.left) / r.width * size.width, y: (e.clientY - r.top) / r.height * size.height };
        }
        phone.addEventListener("pointerdown", (e) => {
          if (e.button !== 0) return;
          phone.focus(); phone.setPointerCapture(e.pointerId); down = true;
          send(Object.assign({ type: "down" }, point(e))); e.preventDefault();
        });
        phone.addEventListener("pointermove", (e) => {
          if (!down || e.timeStamp - lastMove < 16) return;
          lastMove = e.timeStamp; send(Object.assign({ type: "move" }, point(e)));
        });
        const up = (e) => { if (!down) return; down = false; send(Object.assign({ type: "up" }, point(e))); };
        phone.addEventListener("pointerup", up);
        phone.addEventListener("pointercancel", up);
        const names = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down", Enter: "enter", " ": "space",
                        Escape: "esc", Tab: "tab", Backspace: "backspace", Delete: "delete", PageUp: "pageup", PageDown: "pagedown",
                        Home: "home", End: "end" };
        document.addEventListener("keydown", (e) => {
          if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLButtonElement || e.altKey || e.metaKey) return;
          let key = names[e.key];
          if (e.key === "Tab" && e.shiftKey) key = "backtab";
          else if (!key && e.ctrlKey && /^[a-z]$/i.test(e.key)) key = "ctrl-" + e.key.toLowerCase();
          else if (!key && e.key.length === 1 && !e.ctrlKey) key = e.key;
          if (!key) return;
          e.preventDefault();
          send({ type: "key", key: key });
        });
        document.getElementById("restart").onclick = () => send({ type: "restart" });
        </script>
        </body></html>

        """
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
