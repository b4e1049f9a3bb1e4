// `pushsim inapp`'s host app: its screen, the socket, the demo, and the layers over it (banners, foreground pushes,
// native messages), composed in `HostLayers`: time, keys, mouse, steps and socket lines go to the layers top first.

import Foundation
import PushSimEngine
import PushSimScreens
import PushSimStore

public final class InAppScene: ScriptableScene, Leavable, HostLayerContext {
    lazy var banners = BannerLayer(host: self)
    lazy var foregroundPushes = ForegroundPushLayer(host: self)
    /// The native messages' layer, once `attachNative` has put it on top.
    private(set) var nativeLayer: NativeInAppLayer?
    /// The layers over the app: foreground pushes are subviews of the app's window, under the banner's own window;
    /// a line on the socket that neither a later layer nor a foreground push claims is a banner.
    lazy var layers = HostLayers(drawn: [foregroundPushes, banners], advanced: [banners, foregroundPushes],
                                 keyed: [banners, foregroundPushes], pressed: [banners, foregroundPushes],
                                 lines: [foregroundPushes, banners])
    public var presenter: BannerPresenter { banners.presenter }
    /// The SDK's own foreground-push banners (PushwooshForegroundPush), configured by the host.
    public var foreground: ForegroundPushPresenter {
        get { foregroundPushes.presenter }
        set { foregroundPushes.presenter = newValue }
    }
    public private(set) var host = InAppHostState()
    public let sink: EventSink
    let images: ImageSource
    /// The socket banners arrive on; nil when not listening (headless without --socket, the demo sample).
    public let listener: SocketListener?
    public let appName: String
    /// The phone's screen: the column of the terminal the app, its banners and messages are laid out in (PhoneFrame),
    /// so a wide terminal keeps a phone's proportions; the whole terminal up to 80 columns.
    public private(set) var size = Size(width: 80, height: 24)
    /// The terminal's size, and where the phone's column sits in it.
    public private(set) var terminalSize = Size(width: 80, height: 24)
    public private(set) var column = Rect(x: 0, y: 0, width: 80, height: 24)
    public private(set) var exitStatus: Int32?
    public private(set) var showHelp = false
    public var leaveAction = LeaveAction.quit
    /// Every URL a banner's tap opened, in order (the simulator's stand-in for UIApplication.open).
    public var openedURLs: [String] { banners.openedURLs }
    /// The last event, in words, for the status line.
    public private(set) var lastEvent: String?
    /// The URL the last tap opened, shown on the status line until the next banner.
    public private(set) var lastOpened: String?
    var openedAt: Double?
    /// Some layer showed something new after the tap (a banner, a foreground push, a native message).
    var shownSinceOpened = false
    /// The URL a tap opened, while the status line still shows it: until any layer shows something newer, and for at
    /// least `openedURLHold` seconds even then (a banner that was waiting its turn shows right after the tap, and used
    /// to replace it within a second). Once a later message has shown, the line follows the newest event instead:
    /// a message that came and closed after the tap leaves no stale "opened".
    var openedShown: String? {
        guard let lastOpened, let openedAt else { return nil }
        return !shownSinceOpened || now < openedAt + Self.openedURLHold ? lastOpened : nil
    }
    /// When the opened URL gives way to newer news: the status line changes then, with no input to wake for. The
    /// same sum as `openedShown` compares with, so at that instant the hold is over and the deadline is not due again.
    var openedHoldEnds: Double? {
        guard shownSinceOpened, let openedAt, now < openedAt + Self.openedURLHold else { return nil }
        return openedAt + Self.openedURLHold
    }
    /// How long the opened URL keeps the status line against newer banners (seconds).
    static let openedURLHold = 5.0
    var now: Double = 0
    /// A press no layer took: a click on the app if it lets go in place.
    var pressed: (x: Int, y: Int)?
    /// The layer a press went to: its drag and release go there too.
    var pressedLayer: (any HostLayer)?
    /// Demo banners fired in turn every `demoInterval` seconds, from `demoStart`, round and round.
    let demo: [JSONValue]
    let demoStart: Double
    let demoInterval: Double
    var demoFired = 0
    /// Lines answered on the socket so far (a refused banner counts: it was received).
    var received = 0
    /// How many of those `receive` steps have accounted for.
    var accountedFor = 0

    /// The SDK's native in-app messages (PushwooshInApp), when the command turned them on (see `attachNative`).
    public var native: NativeInApp? { nativeLayer?.native }
    public var deviceSwitch: InAppDeviceSwitch?  // `u` (InAppScene+Devices.swift)
    /// No colours (NO_COLOR): the native templates tell their parts apart by shade and glyph.
    public var monochrome = false

    /// Animation frames are drawn at this step, and no faster.
    static let frameStep = 0.05

    public init(sink: EventSink, images: ImageSource = NoImages(), listener: SocketListener? = nil, appName: String = InAppHostContent.defaultAppName,
                demo: [JSONValue] = [], demoStart: Double = 1, demoInterval: Double = 6) {
        self.sink = sink
        self.images = images
        self.listener = listener
        self.appName = appName
        self.demo = demo
        self.demoStart = demoStart
        self.demoInterval = demoInterval
    }

    // MARK: Scene

    public func resize(to size: Size, at now: Double) {
        if size != terminalSize { images.terminalResized() }
        terminalSize = size
        column = PhoneFrame.column(in: size)
        self.size = Size(width: column.width, height: column.height)
        host.keepVisible(InAppHostScreen.listRect(in: self.size).height)
        advance(to: now)
    }

    var nextDemo: Double? { demo.isEmpty ? nil : demoStart + Double(demoFired) * demoInterval }

    public func advance(to t: Double) {
        // Every demo arrival due by `t`, each at its own time, after the banners' timers due by then.
        while let d = nextDemo, d <= t + 1e-9 {
            banners.fireTimers(until: d)
            now = max(now, d)
            let json = demo[demoFired % demo.count]
            demoFired += 1
            _ = notify(json, at: d)
        }
        for layer in layers.advanced { layer.advance(to: t) }
        now = max(now, t)
        if let listener {
            for m in listener.poll() {
                received += 1
                listener.reply(m, receive(m.line))
            }
        }
        for layer in layers.drawn { layer.prefetch() }
        for d in images.takeDiagnostics() { emit(.warning(d), at: now) }
    }

    /// A line from the socket, answered by the topmost layer that reads it (a line no layer reads is a banner's).
    func receive(_ line: String) -> String {
        for layer in layers.lines { if let reply = layer.receive(line, at: now) { return reply } }
        return "error not shown: no surface of this app reads that line"
    }

    /// The soonest of the demo's next banner and every layer's own deadline.
    public func nextDeadline() -> Double? {
        ([nextDemo, openedHoldEnds] + layers.drawn.map { $0.nextDeadline(now: now) }).compactMap { $0 }.min()
    }

    /// The run loop sleeps on the socket and wakes only when a banner comes (no polling deadline).
    public var wakeDescriptors: [Int32] { listener?.descriptors ?? [] }

    public func handle(_ input: InputEvent, at t: Double) {
        advance(to: t)
        switch input {
        case .resize(let s): resize(to: s, at: t)
        case .key(let k): key(k, at: t)
        case .mouse(let m):
            // Into the column's cells, where everything is laid out (a click in a margin lands left or right of it).
            var inside = m
            inside.x -= column.x
            inside.y -= column.y
            mouse(inside, at: t)
        }
    }

    func key(_ k: Key, at t: Double) {
        if showHelp {
            showHelp = false  // any key closes help, q included: q backs out one level at a time
            return
        }
        if k == .char("u"), switchDevice(at: t) { return }
        for layer in layers.keyed where layer.key(k, at: t) { return }
        let visible = InAppHostScreen.listRect(in: size).height
        switch k {
        case .up: host.move(by: -1, visible: visible)
        case .down: host.move(by: 1, visible: visible)
        case .pageUp: host.move(by: -max(1, visible - 1), visible: visible)
        case .pageDown: host.move(by: max(1, visible - 1), visible: visible)
        case .home: host.move(by: -InAppHostState.rows.count, visible: visible)
        case .end: host.move(by: InAppHostState.rows.count, visible: visible)
        case .enter, .space:
            let y = InAppHostScreen.screenY(ofRow: host.selection, host: host, size: size) ?? InAppHostScreen.listRect(in: size).y
            hostClick(x: 2, y: y, at: t)
        case .char("?"): showHelp = true
        case _ where leaveAction.leaves(on: k): quit()
        default: break
        }
    }

    func quit() {
        listener?.close()
        exitStatus = 0
    }

    /// SIGINT, SIGTERM or SIGHUP: the process ends by the signal right after this, so the socket file goes now
    /// (a file left behind would be taken for a live instance's until the next start).
    public func interrupted(at now: Double) { listener?.close() }

    func mouse(_ m: MouseEvent, at t: Double) {
        switch m.kind {
        case .press:
            pressed = nil
            pressedLayer = nil
            for layer in layers.pressed where layer.press(x: m.x, y: m.y, at: t) { pressedLayer = layer; return }
            pressed = (m.x, m.y)
        case .drag:
            pressedLayer?.drag(x: m.x, y: m.y, at: t)
        case .release:
            if let layer = pressedLayer {
                pressedLayer = nil
                layer.release(x: m.x, y: m.y, at: t)
                return
            }
            guard let p = pressed else { return }
            pressed = nil
            // Down and up in place: a click, on the topmost layer there, else on the app.
            guard abs(p.x - m.x) <= 1 && p.y == m.y else { return }
            for layer in layers.keyed where layer.click(x: m.x, y: m.y, at: t) { return }
            hostClick(x: m.x, y: m.y, at: t)
        case .wheelUp: host.move(by: -1, visible: InAppHostScreen.listRect(in: size).height)
        case .wheelDown: host.move(by: 1, visible: InAppHostScreen.listRect(in: size).height)
        }
    }

    func hostClick(x: Int, y: Int, at t: Double) {
        if let i = InAppHostScreen.row(atY: y, host: host, size: size) { host.selection = i }
        // The terminal's cell, as the click named it.
        emit(Event("host_click", ["x": .number(Double(x + column.x)), "y": .number(Double(y + column.y))]), at: t)
    }

    // MARK: Layers

    public struct Refusal: Error, Equatable {
        public var sentence: String
    }

    /// A banner arrives as JSON text (the socket, `notify`): shown or queued; the result is its id.
    public func notify(text: String, at t: Double) -> Result<String, Refusal> { banners.notify(text: text, at: t) }

    public func notify(_ json: JSONValue, at t: Double) -> Result<String, Refusal> { banners.notify(json, at: t) }

    /// A push arrives (`showForegroundPush(userInfo:)`): its id, or why it cannot be shown. Warnings are emitted.
    public func foregroundPush(_ payload: JSONValue, file: String = "push", at t: Double) -> Result<String, Refusal> {
        foregroundPushes.push(payload, file: file, at: t)
    }

    /// A line from the socket that is a foreground push: answered here; nil for any other line.
    func receiveForegroundPush(_ line: String, at t: Double) -> Result<String, Refusal>? { foregroundPushes.receivePush(line, at: t) }

    /// The middle of the topmost foreground banner, where `foreground-tap` touches; nil when none shows.
    var foregroundCell: (x: Int, y: Int)? { foregroundPushes.cell }

    /// A tap at a cell: true when it landed on a foreground banner (the topmost one there takes it).
    func tapForegroundPush(x: Int, y: Int, at t: Double) -> Bool { foregroundPushes.click(x: x, y: y, at: t) }

    /// Put a surface over everything (see `HostLayers.putOnTop`).
    func putOnTop(_ layer: any HostLayer) { layers.putOnTop(layer) }

    /// The native messages' layer: over everything, but a press on a banner stays the banner's (its window is tried
    /// first, as `pushsim inapp` has always done).
    func setNative(_ layer: NativeInAppLayer) {
        if let old = nativeLayer { layers.remove(old) }
        nativeLayer = layer
        layers.putOnTop(layer, pressesAfter: banners)
    }

    /// Emit an event and remember it for the status line, so an interactive user sees what a script would.
    func emit(_ e: Event, at t: Double) {
        sink.emit(e, at: t)
        let values = e.fields.keys.compactMap { k -> String? in
            guard let v = e.fields[k] else { return nil }
            return v.stringValue ?? v.jsonText()
        }
        lastEvent = ([e.name] + (e.name == "banner_show" ? Array(values.prefix(1)) : values)).joined(separator: " ")
        if e.name == "open_url" { lastOpened = e["url"]?.stringValue; openedAt = t; shownSinceOpened = false }
        else if lastOpened != nil, layers.drawn.contains(where: { $0.isShowing(e) }) { shownSinceOpened = true }
    }

    // MARK: Steps

    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        for layer in layers.keyed { if let r = try layer.expand(step) { return r } }
        switch step.name {
        case "receive":
            guard let listener else {
                throw ScriptError(step, "this run is not listening; give --socket PATH to receive banners from pushsim notify")
            }
            let limit = step.argument.isEmpty ? 5 : try Script.seconds(step)
            return [.call { [unowned self] t in receive(from: listener, within: limit, at: t) }]
        default:
            return nil
        }
    }

    /// Headless `receive`: wait in real time (the simulated clock stands still) for one banner on the socket. Each
    /// `receive` accounts for one received line, so a banner that came before the step (say, while the run started)
    /// is not waited for again.
    func receive(from listener: SocketListener, within limit: Double, at t: Double) {
        if listener.wait(within: limit, until: { received > accountedFor }, drain: { advance(to: t) }) {
            accountedFor += 1
        } else {
            emit(.warning(Diagnostic(path: "", "no banner arrived on \(listener.path) within \(JSONValue.formatNumber(limit)) s")), at: t)
        }
    }

    // MARK: Drawing

    /// The bottom line: key hints, the last event (and the URL a tap opened) and where banners come from. The hints
    /// are the keys that do something now: the app's, and each layer's while it has something on screen (`t tap  s
    /// swipe` only while a banner shows). A layer's keys stay while it shows: when the line does not fit, the last
    /// event is shortened first, then the app's hints, and the socket path (needed for `pushsim notify --socket`)
    /// stays readable.
    func hostStatusLine(width: Int) -> String {
        let q = leaveAction.hint
        let layerKeys = layers.keyed.compactMap { $0.liveKeys() }
        let long = (["↑↓ scroll  ⏎ click"] + layerKeys + ["? help  \(q)"]).joined(separator: "  ")
        let mid = (layerKeys + ["? help  \(q)"]).joined(separator: "  "), short = "? help  \(q)"

        var source: String?
        if let listener { source = "listening on \(listener.path)" }
        else if !demo.isEmpty { source = "demo banners every \(JSONValue.formatNumber(demoInterval)) s" }
        // After a tap, what it opened is the news (until the next banner), worth more than where banners come from.
        let opened = openedShown.map { "▸ opened " + TextWidth.sanitized($0) }
        let last = opened ?? lastEvent.map { "▸ " + TextWidth.sanitized($0) }
        func join(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " · ") }
        var candidates: [[String?]] = [[long, last, source], [mid, last, source]]
        if opened != nil { candidates.append([mid, opened]) }
        if let keys = layers.keyed.lazy.compactMap({ $0.keyHints(leave: self.leaveAction) }).first {
            // A layer with the keyboard (a native message) puts its keys first; what it did and where messages come
            // from follow when they fit.
            let h = keys.hints, waiting = keys.note
            for parts in [[h, waiting, last, source], [h, waiting, last], [h, waiting, source], [h, waiting], [h]]
            where TextWidth.of(join(parts)) <= width { return join(parts) }
            return TextWidth.truncate(h, to: width)
        }
        for parts in candidates where TextWidth.of(join(parts)) <= width { return join(parts) }
        let room = width - TextWidth.of(join([mid, source])) - 3
        if let last, room >= 12 { return join([mid, TextWidth.truncate(last, to: room), source]) }
        for parts in [[mid, source], [short, source], [mid], [source], [short]] where TextWidth.of(join(parts)) <= width {
            return join(parts)
        }
        return source ?? short
    }

    public var statusLine: String { statusLine(width: .max) }

    /// The phone (`--device`) and iOS release (`--ios`) the status line ends with when there is room; nil says nothing.
    public var phoneStatus: PhoneStatus?

    public func render(at t: Double) -> Canvas {
        var c = Canvas(size: size)
        let line = statusLine(width: size.width - 2)
        InAppHostScreen.draw(host, appName: appName, statusLine: phoneStatus?.appended(to: line, width: size.width - 2) ?? line, on: &c)
        for layer in layers.drawn { layer.draw(at: t, on: &c) }
        if showHelp { drawHelp(on: &c) }
        guard size != terminalSize else { return c }
        var whole = Canvas(size: terminalSize)
        whole.blit(c, x: column.x, y: column.y)
        return whole
    }

    func drawHelp(on c: inout Canvas) {
        let lines: [String] = [
            "↑ ↓ pgup pgdn   move through the list",
            "⏎ or a click    click the app (host_click)",
            "t or a click    tap the banner (opens its link)",
            "f or a click    tap the foreground push",
            "s or x          swipe the banner away",
            "drag it up      past half its height: away;",
            "                less: it settles, timer restarts",
            "q               \(leaveAction.word)",
            "",
            "Send banners:  pushsim notify --title T --body B",
        ]
        if let h = layers.keyed.lazy.compactMap({ $0.help(leave: self.leaveAction) }).first {
            HelpBox.draw(h.lines, title: h.title, into: &c)
            return
        }
        HelpBox.draw(lines, title: "In-app banners", into: &c)
    }

    /// The part of the banner on screen at `t`, from the layout (a headless run may never have drawn a frame).
    public func bannerRect(at t: Double) -> Rect { banners.rect(at: t) }
}

extension Result where Success == String, Failure == InAppScene.Refusal {
    /// The socket's answer: `ok ID`, or `error` and why.
    var socketReply: String {
        switch self {
        case .success(let id): return "ok \(id)"
        case .failure(let e): return "error \(e.sentence)"
        }
    }
}
