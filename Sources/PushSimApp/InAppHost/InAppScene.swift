// In-app banners over a host app: keys, mouse, script steps and the socket feed the presenter; it draws them.

import Foundation
import PushSimEngine
import PushSimScreens
import PushSimStore

public final class InAppScene: ScriptableScene, Leavable {
    public private(set) var presenter = BannerPresenter()
    /// The SDK's own foreground-push banners (PushwooshForegroundPush), configured by the host.
    public var foreground = ForegroundPushPresenter()
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
    /// Every URL a tap opened, in order (the simulator's stand-in for UIApplication.open).
    public private(set) var openedURLs: [String] = []
    /// The last event, in words, for the status line.
    public private(set) var lastEvent: String?
    /// The URL the last tap opened, shown on the status line until the next banner.
    public private(set) var lastOpened: String?
    var openedAt: Double?
    var bannerSinceOpened = false
    /// The URL a tap opened, while the status line still shows it: until a newer banner shows, and for at least
    /// `openedURLHold` seconds even then (a banner that was waiting its turn shows right after the tap, and used to
    /// replace it within a second).
    var openedShown: String? {
        guard let lastOpened, let openedAt else { return nil }
        return !bannerSinceOpened || now - openedAt < Self.openedURLHold ? lastOpened : nil
    }
    /// How long the opened URL keeps the status line against newer banners (seconds).
    static let openedURLHold = 5.0
    var now: Double = 0
    var pressed: (x: Int, y: Int, onBanner: Bool)?
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
    public private(set) var native: NativeInApp?
    /// Where a click the native messages let through landed (`host_click`'s cell).
    var passThroughAt: (x: Int, y: Int)?
    /// The mouse button went down on a native message.
    var nativePressed = false
    /// No colours (NO_COLOR): the native templates tell their parts apart by shade and glyph.
    public var monochrome = false
    /// The last frame drew a native message's spinner.
    var nativeSpinning = false

    /// Animation frames are drawn at this step, and no faster.
    static let frameStep = 0.05

    public init(sink: EventSink, images: ImageSource = NoImages(), listener: SocketListener? = nil, appName: String = "Shop",
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
        // Fire every timer and demo arrival due by `t`, each at its own time and in time order.
        while true {
            let timer = presenter.timer
            let d = nextDemo
            if let timer, timer.at <= t + 1e-9, d.map({ timer.at <= $0 }) ?? true {
                now = max(now, timer.at)
                apply(presenter.reduce(.timerFired(generation: timer.generation), at: timer.at))
            } else if let d, d <= t + 1e-9 {
                now = max(now, d)
                let json = demo[demoFired % demo.count]
                demoFired += 1
                _ = notify(json, at: d)
            } else {
                break
            }
        }
        advanceForegroundPushes(to: t)
        now = max(now, t)
        native?.advance(to: t)
        if let listener {
            for m in listener.poll() {
                received += 1
                if let native, let d = InAppDelivery(socketLine: m.line) {
                    listener.reply(m, native.deliver(d, at: now).reply)
                    continue
                }
                switch receiveForegroundPush(m.line, at: now) ?? notify(text: m.line, at: now) {
                case .success(let id): listener.reply(m, "ok \(id)")
                case .failure(let e): listener.reply(m, "error \(e.sentence)")
                }
            }
        }
        if let img = presenter.current?.banner.image { _ = images.slot(for: img, size: BannerOverlay.thumbnail) }
        for d in images.takeDiagnostics() { emit(.warning(d), at: now) }
    }

    public func nextDeadline() -> Double? {
        var next = [presenter.nextDeadline, nextDemo].compactMap { $0 }.min()
        func wake(_ at: Double) { next = min(next ?? at, at) }
        if let end = presenter.animationEnd(at: now) { wake(min(end, now + Self.frameStep)) }
        if presenter.current?.banner.image != nil && images.isBusy { wake(now + Self.frameStep) }
        if let f = foregroundDeadline(now: now) { wake(f) }
        if let native {
            if let d = native.nextDeadline { wake(d) }
            if native.presenter.isMoving(at: now) { wake(now + Self.frameStep) }
            if let tick = native.presenter.nextTick(after: now) { wake(tick) }
            // A spinner on the last frame (an image or a video loading) turns a step at a time, 8 a second; an image
            // that lands wakes the loop through its pipe, and the frame after it has no spinner: nothing to wake for.
            if nativeSpinning { wake(InAppSpinner.nextStep(after: now)) }
        }
        return next
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
        if let native, native.key(k, at: t) { return }
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
        case .char("t"): apply(presenter.reduce(.tap, at: t))
        case .char("f"): tapForegroundPush(at: t)
        case .char("s"), .char("x"): apply(presenter.reduce(.swipe, at: t))
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
            let onBanner = presenter.current.map { !$0.isLeaving } == true && bannerRect(at: t).contains(x: m.x, y: m.y)
            // A native message above the app takes the press first (the SDK's window sits over the app's).
            if !onBanner, let native, native.press(x: m.x, y: m.y, in: size, at: t) { nativePressed = true; return }
            pressed = (m.x, m.y, onBanner)
        case .drag:
            if nativePressed { native?.drag(x: m.x, y: m.y, in: size, at: t); return }
            guard let p = pressed, p.onBanner else { return }
            apply(presenter.reduce(.drag(fraction: fraction(from: p.y, to: m.y)), at: t))
        case .release:
            if nativePressed {
                nativePressed = false
                passThroughAt = (m.x, m.y)
                native?.release(x: m.x, y: m.y, in: size, at: t)
                passThroughAt = nil
                return
            }
            guard let p = pressed else { return }
            pressed = nil
            if p.onBanner {
                let f = fraction(from: p.y, to: m.y)
                let dragged: Bool
                if case .dragging = presenter.current?.phase { dragged = true } else { dragged = false }
                // Moved up: a drag decided on release. Not moved: a tap. Pulled down: it settles back.
                if f > 0 || dragged { apply(presenter.reduce(.release(fraction: f), at: t)) }
                else if m.y == p.y { apply(presenter.reduce(.tap, at: t)) }
                return
            }
            if abs(p.x - m.x) <= 1 && p.y == m.y && !tapForegroundPush(x: m.x, y: m.y, at: t) { hostClick(x: m.x, y: m.y, at: t) }
        case .wheelUp: host.move(by: -1, visible: InAppHostScreen.listRect(in: size).height)
        case .wheelDown: host.move(by: 1, visible: InAppHostScreen.listRect(in: size).height)
        }
    }

    /// How far up a drag from row `y0` to row `y1` moved the banner, as a fraction of its height.
    func fraction(from y0: Int, to y1: Int) -> Double {
        max(0, Double(y0 - y1) / Double(BannerOverlay.height))
    }

    func hostClick(x: Int, y: Int, at t: Double) {
        if let i = InAppHostScreen.row(atY: y, host: host, size: size) { host.selection = i }
        // The terminal's cell, as the click named it.
        emit(Event("host_click", ["x": .number(Double(x + column.x)), "y": .number(Double(y + column.y))]), at: t)
    }

    // MARK: Banners

    public struct Refusal: Error, Equatable {
        public var sentence: String
    }

    /// A banner arrives as JSON text (the socket, `notify`): shown or queued; the result is its id.
    public func notify(text: String, at t: Double) -> Result<String, Refusal> {
        let (banner, diags) = BannerParser.parse(text: text, defaultID: presenter.nextGeneratedID)
        return arrive(banner, diags, at: t)
    }

    public func notify(_ json: JSONValue, at t: Double) -> Result<String, Refusal> {
        let (banner, diags) = BannerParser.parse(json, defaultID: presenter.nextGeneratedID)
        return arrive(banner, diags, at: t)
    }

    func arrive(_ banner: Banner?, _ diags: [Diagnostic], at t: Double) -> Result<String, Refusal> {
        guard let banner else {
            let e = diags.first { $0.severity == .error } ?? Diagnostic(.error, path: "", "not a banner")
            return .failure(Refusal(sentence: e.description))
        }
        for d in diags { emit(.warning(d), at: t) }
        // A banner the presenter drops (its queue is full) is refused, so the sender hears it was not shown.
        let refusal = presenter.refusal(of: banner)
        apply(presenter.reduce(.arrive(banner), at: t))
        if let refusal { return .failure(Refusal(sentence: refusal)) }
        return .success(banner.id)
    }

    /// Emit an event and remember it for the status line, so an interactive user sees what a script would.
    func emit(_ e: Event, at t: Double) {
        sink.emit(e, at: t)
        let values = e.fields.keys.compactMap { k -> String? in
            guard let v = e.fields[k] else { return nil }
            return v.stringValue ?? v.jsonText()
        }
        lastEvent = ([e.name] + (e.name == "banner_show" ? Array(values.prefix(1)) : values)).joined(separator: " ")
        if e.name == "open_url" { lastOpened = e["url"]?.stringValue; openedAt = t; bannerSinceOpened = false }
        if e.name == "banner_show" { bannerSinceOpened = true }
    }

    func apply(_ effects: [BannerEffect]) {
        for e in effects {
            switch e {
            case .emit(let ev): emit(ev, at: now)
            case .openURL(let url):
                openedURLs.append(url)
                emit(Event("open_url", ["url": .string(url)]), at: now)
            }
        }
    }

    // MARK: Steps

    /// A native step with its finger's touches, at the elements it names on this screen.
    func nativeTouches(_ step: ScriptStep, _ prims: [PrimitiveStep], _ native: NativeInApp) -> [PrimitiveStep] {
        native.touches(for: step, prims, size: { [unowned self] in size })
    }

    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        if let native, let r = try native.expand(step) { return nativeTouches(step, r, native) }
        switch step.name {
        case "notify":
            guard !step.argument.isEmpty else { throw ScriptError(step, "expected a banner as JSON, such as notify {\"title\":\"Hi\",\"body\":\"There\"}") }
            let (banner, diags) = BannerParser.parse(text: step.argument, defaultID: presenter.nextGeneratedID)
            if banner == nil {
                let e = diags.first { $0.severity == .error }?.description ?? "not a banner"
                throw ScriptError(step, e)
            }
            return [.call { [unowned self] t in advance(to: t); _ = arrive(banner, diags, at: t) }]
        case "banner-tap", "banner-swipe":
            try requireBanner(step)
            let action: BannerAction = step.name == "banner-tap" ? .tap : .swipe
            let call: [PrimitiveStep] = [.call { [unowned self] t in advance(to: t); apply(presenter.reduce(action, at: t)) }]
            let banner = { [unowned self] in bannerRect(at: now).centerCell }
            return action == .tap ? PrimitiveStep.tap(at: banner, call) : PrimitiveStep.swipe(from: banner, by: 0, -4, call)
        case "banner-drag":
            guard let f = Double(step.argument), f.isFinite, f >= 0, f <= 1 else {
                throw ScriptError(step, "expected a fraction of the banner's height from 0 to 1, such as banner-drag 0.3")
            }
            try requireBanner(step)
            let banner = { [unowned self] in bannerRect(at: now).centerCell }
            let rows = -Int((f * Double(max(1, BannerOverlay.rect(in: size, offset: 0).height))).rounded())
            return PrimitiveStep.swipe(from: banner, by: 0, rows, [.call { [unowned self] t in
                advance(to: t)
                apply(presenter.reduce(.drag(fraction: f), at: t))
                apply(presenter.reduce(.release(fraction: f), at: t))
            }])
        case "receive":
            guard let listener else {
                throw ScriptError(step, "this run is not listening; give --socket PATH to receive banners from pushsim notify")
            }
            let limit = step.argument.isEmpty ? 5 : try Script.seconds(step)
            return [.call { [unowned self] t in receive(from: listener, within: limit, at: t) }]
        default:
            return try expandForegroundStep(step)
        }
    }

    func requireBanner(_ step: ScriptStep) throws {
        guard let cur = presenter.current else { throw ScriptError(step, "no banner is on screen; send one first with notify {…}") }
        if cur.isLeaving { throw ScriptError(step, "banner \(cur.banner.id) is already leaving") }
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

    /// The bottom line: key hints, the last event (and the URL a tap opened) and where banners come from. The banner's
    /// keys stay while a banner shows: when the line does not fit, the last event is shortened first, then the hints,
    /// and the socket path (needed for `pushsim notify --socket`) stays readable.
    public func statusLine(width: Int) -> String {
        let q = leaveAction.hint
        let long = "↑↓ scroll  ⏎ click  t tap  s swipe  ? help  \(q)", mid = "t tap  s swipe  ? help  \(q)", short = "? help  \(q)"

        var source: String?
        if let listener { source = "listening on \(listener.path)" }
        else if !demo.isEmpty { source = "demo banners every \(JSONValue.formatNumber(demoInterval)) s" }
        // After a tap, what it opened is the news (until the next banner), worth more than where banners come from.
        let opened = openedShown.map { "▸ opened " + TextWidth.sanitized($0) }
        let last = opened ?? lastEvent.map { "▸ " + TextWidth.sanitized($0) }
        func join(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " · ") }
        var candidates: [[String?]] = [[long, last, source], [mid, last, source]]
        if opened != nil { candidates.append([mid, opened]) }
        if let native, native.focused != nil {
            // A native message's keys come first; what it did and where messages come from follow when they fit.
            let h = InAppKeys.hints(for: native.presentations(at: now), leave: leaveAction)
            // A flood says how many wait behind the message on screen.
            let n = native.presenter.queue.count
            let waiting: String? = n > 0 ? "\(n) waiting" : nil
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

    public func render(at t: Double) -> Canvas {
        var c = Canvas(size: size)
        InAppHostScreen.draw(host, appName: appName, statusLine: statusLine(width: size.width - 2), on: &c)
        drawForegroundPushes(at: t, on: &c)  // a subview of the app's window: under the banner's own window
        if let cur = presenter.current {
            let slot = cur.banner.image.map { images.slot(for: $0, size: BannerOverlay.thumbnail) } ?? .none
            BannerOverlay.draw(cur.banner, image: slot, offset: presenter.offset(at: max(t, now)), appName: appName, on: &c)
        }
        if let native {
            let images = self.images
            let maps = InAppScreen.draw(native.presentations(at: max(t, now)), images: { u, s in images.slot(for: u, size: s) }, at: t,
                                        options: InAppDrawOptions(monochrome: monochrome), on: &c)
            nativeSpinning = maps.contains { $0.spinning }
            if let notice = native.notice, c.width > 4 {
                // The SDK only logs why it refused a config; the tester reads it here until the next one arrives.
                let line = " " + TextWidth.truncate(TextWidth.sanitized(notice), to: c.width - 4) + " "
                c.text(line, x: 1, y: 1, style: Style(fg: .white, bg: .rgb(160, 40, 40), attrs: .bold))
            }
        }
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
        if let native, native.focused != nil {
            HelpBox.draw(InAppKeys.helpLines(for: native.presentations(at: now), leave: leaveAction) + ["", "Send one:  pushsim notify --inapp FILE"],
                         title: "Native in-app", into: &c)
            return
        }
        HelpBox.draw(lines, title: "In-app banners", into: &c)
    }

    /// The part of the banner on screen at `t`, from the layout (a headless run may never have drawn a frame).
    public func bannerRect(at t: Double) -> Rect {
        guard presenter.current != nil else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return BannerOverlay.rect(in: size, offset: presenter.offset(at: t)).intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}

extension InAppScene {
    /// Turn on the native in-app messages: their events go through this scene's event log and status line, and a tap
    /// they let through reaches the host app as `host_click`.
    public func attachNative(intake: InAppIntake, options: InAppPresenterOptions, capsEnabled: Bool, isDark: Bool,
                             store: Store?) -> NativeInApp {
        let n = NativeInApp(intake: intake, options: options, capsEnabled: capsEnabled, isDark: isDark, store: store) { [unowned self] e, t in
            self.emit(e, at: t)
        }
        n.onPassThrough = { [unowned self] t in
            // A step's tap-outside lands beside the message: the middle of the app's list, left edge.
            let at = passThroughAt ?? (2, InAppHostScreen.listRect(in: size).y + InAppHostScreen.listRect(in: size).height / 2)
            hostClick(x: at.x, y: at.y, at: t)
        }
        n.onUnavailableImages = { [images] unavailable in
            for (url, why) in unavailable { images.markUnavailable(url, reason: why) }
        }
        native = n
        return n
    }
}
