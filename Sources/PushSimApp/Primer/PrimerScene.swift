// The push primer on a simulated phone: keys, mouse and script steps drive the engine; the store keeps the device.

import Foundation
import PushSimEngine
import PushSimScreens
import PushSimStore

public final class PrimerScene: ScriptableScene, Leavable, TouchArea {
    public private(set) var state: PrimerState
    public let sink: EventSink
    /// Where the device is saved; nil keeps it in memory only (samples, tests).
    let store: Store?
    let images: ImageSource
    public let reduceMotion: Bool
    public let appName: String
    public private(set) var size = Size(width: 80, height: 24)
    public private(set) var exitStatus: Int32?
    public var leaveAction = LeaveAction.quit
    /// Inside the QA walkthrough: the table sets the device, so the status, window and clock keys are not listed.
    public var deviceKeysLocked = false
    /// The iOS release the phone runs (`--ios`) and the app's `UIDesignRequiresCompatibility` (`--app-compat`): the
    /// app's alert and the system's permission prompt take the iOS 26 design from them.
    public var ios = IOSVersion.default
    public var appCompatibility = false
    /// The iOS release as the side panel and the status line name it (they say nothing of it when nil).
    public var phoneStatus: PhoneStatus?
    public private(set) var helpShown = false
    /// Lines of the side panel's log, newest last.
    public private(set) var log: [String] = []
    var now: Double = 0
    var hits = PrimerHitAreas.none
    var promptHits: PrimerAlert?
    var settingsSwitch = Rect(x: 0, y: 0, width: 0, height: 0)
    var pressed: (x: Int, y: Int)?
    var storeFailed = false

    /// Animation frames are drawn at this step (and `nextDeadline` wakes the loop for them, no faster).
    static let frameStep = 0.05

    /// - Parameters:
    ///   - wallClock: the real time when the run starts (Unix seconds), passed in by the command.
    ///   - presentOnStart: call `present` at t=0, as an app does when its screen appears.
    public init(config: PrimerConfig, device: SimulatedDevice, wallClock: Double, store: Store?, sink: EventSink,
                reduceMotion: Bool = false, images: ImageSource = NoImages(), appName: String = "App",
                presentOnStart: Bool = true) {
        state = PrimerState(config: config, device: device, wallClockAtStart: wallClock)
        self.store = store
        self.sink = sink
        self.reduceMotion = reduceMotion
        self.images = images
        self.appName = appName
        if presentOnStart { send(.present, at: 0) }
    }

    // MARK: Scene

    public func resize(to size: Size, at now: Double) {
        if size != self.size { images.terminalResized() }
        self.size = size
        // A help the new size cannot show closes, rather than taking the next key unseen.
        if !HelpBox.fits(size) { helpShown = false }
        advance(to: now)
    }

    public func advance(to t: Double) {
        now = max(now, t)
        if let d = state.nextDeadline, d <= now + 1e-9 { send(.tick, at: max(d, 0)) }
        // The SDK starts loading the hero image when the primer is presented, whether or not a frame is drawn.
        if let p = state.presentation, let ref = PrimerScreen.imageReference(p.config), let sz = PrimerScreen.imageSize(p.config) {
            _ = images.slot(for: ref, size: sz)
        }
        // The SDK ignores a hero image that fails to load; pushsim still says why, once.
        for d in images.takeDiagnostics() {
            sink.emit(.warning(d), at: now)
            note("! \(d.description)", at: now)
        }
    }

    public func nextDeadline() -> Double? {
        var next = state.nextDeadline
        if let (start, duration) = animation(), !reduceMotion {
            let frames = ((now - start) / Self.frameStep + 1e-6).rounded(.down) + 1
            let f = start + frames * Self.frameStep
            if f < start + duration { next = min(next ?? f, f) }
        }
        // While an image loads in the background, wake every frame step to pick it up.
        if state.presentation != nil && images.isBusy { next = min(next ?? now + Self.frameStep, now + Self.frameStep) }
        return next
    }

    /// The running animation's start and length, if one is running now.
    func animation() -> (Double, Double)? {
        guard let p = state.presentation else { return nil }
        if let d = p.dismissal { return (d.startedAt, PrimerConfig.sheetDismissDuration) }
        let dur = p.config.appearDuration
        if dur > 0 && now < p.shownAt + dur { return (p.shownAt, dur) }
        return nil
    }

    public func handle(_ input: InputEvent, at t: Double) {
        advance(to: t)
        switch input {
        case .resize(let s): size = s
        case .key(let k): key(k, at: t)
        case .mouse(let m): mouse(m, at: t)
        }
    }

    func key(_ k: Key, at t: Double) {
        if helpShown { helpShown = false; return }  // any key closes help, q included (one level at a time)
        // The help opens only where it shows: one too small to draw would take the next key (q) unseen.
        if k == .char("?") { helpShown = HelpBox.fits(size); return }
        if state.settingsOpen {
            switch k {
            case .space, .enter: send(.settingsNotifications(on: !state.device.notificationsOnInSettings), at: t)
            case .esc, .char("o"), .left, .backspace: send(.closeSettings, at: t)
            case .char("q"): exitStatus = 0  // Esc keeps its own meaning here (back from Settings, a tap outside)
            default: common(k, at: t)
            }
            return
        }
        switch k {
        case .tab, .backTab, .left, .right, .up, .down: send(.toggleFocus, at: t)
        case .enter, .space: send(.pressFocused, at: t)
        case .char("a"): send(state.systemPrompt != nil ? .answerPrompt(allow: true) : .accept, at: t)
        case .char("d"): send(state.systemPrompt != nil ? .answerPrompt(allow: false) : .decline, at: t)
        case .esc: if state.systemPrompt == nil { send(.tapOutside, at: t) }
        case .char("o"): send(.openSettings, at: t)
        case .char("q"): exitStatus = 0  // Esc keeps its own meaning here (back from Settings, a tap outside)
        default: common(k, at: t)
        }
    }

    /// Keys that work everywhere: the device and clock controls of the side panel.
    func common(_ k: Key, at t: Double) {
        switch k {
        case .char("n"): send(.present, at: t)
        case .char("s"): send(.setStatus(state.device.status.next), at: t)
        case .char("w"): setWindowScene(!state.device.hasWindowScene, at: t)
        case .char("]"): advanceClock(3_600, at: t)
        case .char("}"): advanceClock(86_400, at: t)
        default: break
        }
    }

    func setWindowScene(_ connected: Bool, at t: Double) {
        send(.setWindowScene(connected), at: t)
        note(connected ? "app in front (scene connected)" : "app in background (no scene)", at: t)
    }

    func advanceClock(_ seconds: Double, at t: Double) {
        send(.advanceClock(seconds: seconds), at: t)
        note("clock +\(Self.duration(seconds)) → \(Self.clock(state.wallClock(at: t)))", at: t)
    }

    func mouse(_ m: MouseEvent, at t: Double) {
        if helpShown {
            if m.kind == .release { helpShown = false }
            return
        }
        switch m.kind {
        case .press: pressed = (m.x, m.y)
        case .release:
            defer { pressed = nil }
            // A tap is a press and a release on the same target; act on the release like UIKit does.
            if let p = pressed, !(abs(p.x - m.x) <= 1 && p.y == m.y) { return }
            click(x: m.x, y: m.y, at: t)
        default: break
        }
    }

    func click(x: Int, y: Int, at t: Double) {
        let phone = phoneRect
        guard phone.contains(x: x, y: y) else { return }
        // Hit areas come from the layout of what is on screen now (headless runs may never have drawn it).
        _ = render(at: now)
        if state.settingsOpen {
            if settingsSwitch.contains(x: x, y: y) { send(.settingsNotifications(on: !state.device.notificationsOnInSettings), at: t) }
            else if y == phone.y + 1 { send(.closeSettings, at: t) }
            return
        }
        if let prompt = promptHits, state.systemPrompt != nil {
            if prompt.left.contains(x: x, y: y) { send(.answerPrompt(allow: false), at: t) }
            else if prompt.right.contains(x: x, y: y) { send(.answerPrompt(allow: true), at: t) }
            return
        }
        guard let p = state.presentation, p.isAnswerable else { return }
        if hits.accept.contains(x: x, y: y) { send(.accept, at: t) }
        else if hits.decline.contains(x: x, y: y) { send(.decline, at: t) }
        else if !hits.card.contains(x: x, y: y) { send(.tapOutside, at: t) }
    }

    // MARK: Steps

    /// The phone's cells (not the panel beside it): a recording's touches map from them.
    public var touchArea: Rect { phoneRect }

    /// Where a scripted `accept`, `decline`, `tap-outside`, `allow` or `deny` touches: the middle of its button on the
    /// layout on screen now; outside the card, its top-left corner of the phone.
    func touchCell(_ step: String) -> (x: Int, y: Int)? {
        _ = render(at: now)
        switch step {
        case "accept": return hits.accept.centerCell
        case "decline": return hits.decline.centerCell
        case "allow": return promptHits?.right.centerCell
        case "deny": return promptHits?.left.centerCell
        default:
            let phone = phoneRect
            let above = (x: phone.x + phone.width / 2, y: phone.y + 1)
            return hits.card.contains(x: above.x, y: above.y) ? (phone.x + 1, phone.y + 1) : above
        }
    }

    /// A step with nothing to act on: the absent-target warning (`AbsentTarget`) when it is reached.
    func absent(_ step: ScriptStep, _ onScreen: String, needs what: String = "the primer") -> [PrimitiveStep] {
        [.call { [unowned self] t in sink.emit(AbsentTarget.warning(step, needs: what, onScreen), at: t) }]
    }

    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "present":
            return [.call { [unowned self] t in send(.present, at: t) }]
        case "accept", "decline", "tap-outside":
            guard let p = state.presentation else {
                return absent(step, "no primer is on screen" + (state.lastResult.map { " (the last present ended \($0))" } ?? ""))
            }
            if p.isDismissing { return absent(step, "the primer is already closing") }
            if !p.attachedToScene { throw ScriptError(step, PrimerReducer.sceneless) }
            let action: PrimerAction = step.name == "accept" ? .accept : step.name == "decline" ? .decline : .tapOutside
            return PrimitiveStep.tap(at: { [unowned self] in touchCell(step.name) }, [.call { [unowned self] t in send(action, at: t) }])
        case "allow", "deny":
            guard state.systemPrompt != nil else {
                if state.presentation?.dismissal?.outcome == .accepted {
                    return absent(step, "iOS's prompt appears when the sheet's 0.26 s dismiss ends, not at the tap: wait 0.3 before \(step.name)", needs: "the system prompt")
                }
                return absent(step, "no system prompt is showing; iOS shows it once, after an accept on a notDetermined or ephemeral device", needs: "the system prompt")
            }
            let allow = step.name == "allow"
            return PrimitiveStep.tap(at: { [unowned self] in touchCell(step.name) }, [.call { [unowned self] t in send(.answerPrompt(allow: allow), at: t) }])
        case "advance":
            let s = try Script.seconds(step)
            return [.call { [unowned self] t in advanceClock(s, at: t) }]
        case "settings":
            guard step.argument == "on" || step.argument == "off" else { throw ScriptError(step, "expected settings on or settings off") }
            let on = step.argument == "on"
            return [.call { [unowned self] t in send(.settingsNotifications(on: on), at: t) }]
        case "window":
            guard step.argument == "on" || step.argument == "off" else { throw ScriptError(step, "expected window on or window off") }
            let on = step.argument == "on"
            return [.call { [unowned self] t in setWindowScene(on, at: t) }]
        default:
            return nil
        }
    }

    // MARK: Engine

    /// Run an action through the reducer and perform its effects.
    public func send(_ action: PrimerAction, at t: Double) {
        // Log the tap itself: a sheet's outcome, and the prompt or Settings with it, come 0.26 s later.
        if let tap = Self.tap(action, state: state) { note(tap, at: t) }
        let effects = PrimerReducer.reduce(&state, action, at: t)
        for e in effects {
            switch e {
            case .emit(let ev):
                sink.emit(ev, at: t)
                note(Self.describe(ev), at: t)
            case .persist(let device):
                persist(device, at: t)
            case .registerForPush:
                note("register for push", at: t)
            case .openSettingsURL:
                break
            case .ignored(let why):
                note("· \(why)", at: t)
            }
        }
    }

    func persist(_ d: SimulatedDevice, at t: Double) {
        guard let store, !storeFailed else { return }
        do { try store.saveDevice(d) } catch {
            storeFailed = true  // say it once; the run goes on in memory
            sink.emit(Event("warning", ["path": .string(store.path), "message": .string(error.message)]), at: t)
            note("! \(error.message)", at: t)
        }
    }

    /// The log line for an answer that reaches the primer on screen (nil for anything else).
    static func tap(_ action: PrimerAction, state: PrimerState) -> String? {
        guard let p = state.presentation, p.isAnswerable else { return nil }
        switch action {
        case .accept: return "tap accept"
        case .decline: return "tap decline"
        case .tapOutside: return "tap outside"
        case .pressFocused where state.systemPrompt == nil: return "tap \(p.focus.rawValue)"
        default: return nil
        }
    }

    public func note(_ s: String, at t: Double) {
        log.append("\(Self.time(state.wallClock(at: t))) \(s)")
        if log.count > 200 { log.removeFirst(log.count - 200) }
    }

    static func describe(_ e: Event) -> String {
        switch e.name {
        case "outcome":
            let o = e["outcome"]?.stringValue ?? ""
            return e["reason"]?.stringValue.map { "outcome \(o) (\($0))" } ?? "outcome \(o)"
        case "shown":
            // An alert has no position (the SDK ignores it for UIAlertController); the event still carries it.
            let style = e["style"]?.stringValue ?? ""
            let unseen = e["visible"]?.boolValue == false ? " (unseen: no scene)" : ""
            return (style == "alert" ? "shown alert" : "shown \(style) \(e["position"]?.stringValue ?? "")") + unseen
        case "authorization": return "status → \(e["status"]?.stringValue ?? "")"
        case "system_prompt": return "iOS prompt"
        case "open_settings": return "open Settings"
        default: return e.description
        }
    }

    // MARK: Drawing

    /// The phone's width beside the panel (46 to 56 columns).
    var phoneWidth: Int { min(56, max(46, size.width - 40)) }

    var panelWidth: Int {
        guard size.width >= 46 + PrimerPanel.minWidth else { return 0 }
        return min(size.width - phoneWidth, PrimerPanel.maxWidth)
    }

    /// The phone: beside the panel, the two centred together when the terminal is wider than they are (a dialog on a
    /// phone does not stretch across 200 columns), or above the status line when there is no room for the panel.
    var phoneRect: Rect {
        if panelWidth > 0 {
            return Rect(x: (size.width - phoneWidth - panelWidth) / 2, y: 0, width: phoneWidth, height: size.height)
        }
        let statusLine = size.height >= 3 ? 1 : 0
        return Rect(x: 0, y: 0, width: size.width, height: size.height - statusLine)
    }

    /// 0…1: how far in the primer is (1 with reduce motion, except that it vanishes as soon as it is answered).
    public func progress(_ p: PrimerPresentation, at t: Double) -> Double {
        func frame(_ x: Double, _ duration: Double) -> Double {
            let stepped = (x / Self.frameStep + 1e-9).rounded(.down) * Self.frameStep
            return min(max(stepped / duration, 0), 1)
        }
        if let d = p.dismissal {
            if reduceMotion { return 0 }
            let x = frame(t - d.startedAt, PrimerConfig.sheetDismissDuration)
            return 1 - x * x  // ease-in back to hidden
        }
        let dur = p.config.appearDuration
        if reduceMotion || dur == 0 { return 1 }
        let x = frame(t - p.shownAt, dur)
        return 1 - pow(1 - x, 3)  // the spring / ease-out, without its small overshoot
    }

    public func render(at t: Double) -> Canvas {
        var c = Canvas(size: size)
        let phone = phoneRect
        promptHits = nil
        hits = .none
        if state.settingsOpen {
            settingsSwitch = PrimerHostApp.drawSettings(in: phone, on: &c, appName: appName,
                                                        notificationsOn: state.device.notificationsOnInSettings)
        } else {
            PrimerHostApp.draw(in: phone, on: &c, appName: appName)
            // A primer whose window has no scene is up in the SDK's sense, but nothing of it is on the phone.
            if let p = state.presentation, p.attachedToScene {
                var image = ImageSlot.none
                if let ref = PrimerScreen.imageReference(p.config), let sz = PrimerScreen.imageSize(p.config) {
                    image = images.slot(for: ref, size: sz)
                }
                let focus: PrimerButton? = state.systemPrompt == nil && !p.isDismissing ? p.focus : nil
                hits = PrimerScreen.draw(PrimerView(config: p.config, focus: focus, progress: progress(p, at: t), image: image),
                                         in: phone, on: &c, glass: ios.appAlertIsGlass(compatibility: appCompatibility))
            }
            if let prompt = state.systemPrompt {
                PrimerScreen.dim(phone, on: &c, amount: 0.3)
                promptHits = PrimerAlert.draw(title: PrimerAlert.promptTitle(appName: appName), message: PrimerAlert.promptMessage,
                                              left: "Don't Allow", right: "Allow", boldLeft: false,
                                              focusLeft: prompt.focus == .decline, in: phone, on: &c, glass: ios.liquidGlass)
            }
        }
        if panelWidth > 0 {
            panel(at: t).draw(in: Rect(x: phone.maxX, y: 0, width: panelWidth, height: size.height), on: &c)
        } else if size.height >= 3 {
            // The keys stay whole; the device's state is cut first when the line is short.
            let keys = "? help · \(leaveAction.hint)"
            let state = TextWidth.truncate("\(state.device.status.rawValue) · \(state.lastResult?.description ?? "—")",
                                           to: max(0, size.width - TextWidth.of(keys) - 3))
            var line = state.isEmpty ? keys : state + " · " + keys
            if let phoneStatus { line = phoneStatus.appended(to: line, width: size.width) }
            let r = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
            c.fill(r, with: Cell(" ", fg: .white, bg: .rgb(40, 40, 48)))
            c.text(TextWidth.truncate(line, to: size.width), x: 0, y: r.y, style: Style(fg: .white))
        }
        if helpShown { HelpBox.draw(helpLines, title: "Push primer keys", into: &c) }
        return c
    }

    func panel(at t: Double) -> PrimerPanel {
        let wall = state.wallClock(at: t)
        let c = state.config
        var facts: [(String, String)] = [
            ("Status", state.device.status.rawValue),
        ]
        if let phoneStatus { facts.append(("iOS", phoneStatus.label + (appCompatibility ? " (app: compat)" : ""))) }
        facts += [
            ("Asked", state.device.systemPromptShown ? "iOS has asked" : "not yet"),
            ("Clock", Self.clock(wall)),
            // The SDK stores the last-shown time only when minInterval > 0, so with 0 nothing is written, not "never".
            ("Shown", state.device.lastShownAt.map(Self.clock) ?? (c.minInterval > 0 ? "never" : "not stored (min 0)")),
        ]
        if c.minInterval <= 0 {
            facts.append(("Throttle", "off (minInterval 0)"))
        } else if let ends = state.throttleEnds(), ends > wall {
            facts.append(("Throttle", "until \(Self.clock(ends))"))
        } else {
            facts.append(("Throttle", "open (min \(Self.duration(c.minInterval)))"))
        }
        facts.append(("Primer", c.style == .alert ? "alert" : "sheet \(c.position.rawValue)"))
        facts.append(("Fallback", c.fallbackToSettings ? "to Settings" : "off"))
        facts.append(("Window", state.device.hasWindowScene ? "scene connected" : "no scene (background)"))
        if let p = state.presentation, !p.attachedToScene { facts.append(("Unseen", "primer holds the flag")) }
        facts.append(("Result", state.lastResult?.description ?? "—"))
        let keys: [String]
        if state.settingsOpen {
            keys = ["space switch · o/esc back", "? help · \(leaveAction.hint)"]
        } else if deviceKeysLocked {
            keys = ["tab/arrows focus · enter press", "a accept · d decline", "esc tap outside · n present",
                    "o Settings · \(leaveAction.hint)"]
        } else {
            keys = ["tab/arrows focus · enter press", "a accept · d decline", "esc tap outside · n present",
                    "s status · w window", "o Settings · ? help", "] +1 h · } +1 d · \(leaveAction.hint)"]
        }
        return PrimerPanel(facts: facts, log: log, keys: keys)
    }

    /// The `?` box: the primer's keys, then the simulated device's.
    var helpLines: [String] {
        [
            "Tab ← → ↑ ↓   move the focus between the buttons",
            "Enter Space   press the focused button",
            "a  d          accept / decline (the prompt: Allow / Don't)",
            "Esc           tap outside (a sheet declines)",
            "n             call present again",
            "s             next authorization status",
            "w             app to the background and back",
            "]  }          wall clock +1 hour / +1 day (throttle)",
            "o             Settings (Space toggles notifications)",
            "q             \(leaveAction.word)",
        ]
    }

    /// Panel times are UTC so frames read the same on every machine.
    static func utcFormatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = format
        return f
    }

    static let utc = utcFormatter("yyyy-MM-dd HH:mm")
    static let utcTime = utcFormatter("HH:mm:ss")

    /// Wall-clock time as `yyyy-MM-dd HH:mm` UTC.
    static func clock(_ unix: Double) -> String {
        // A clock advanced (or a throttle set) by 1e308 s is past any calendar: said, never formatted or converted.
        guard unix.isFinite, abs(unix) < latestClock else { return unix < 0 ? "before year 1" : "after year 9999" }
        return utc.string(from: Date(timeIntervalSince1970: unix))
    }
    /// 9999-12-31T23:59:59Z, the last moment the clock shows as a date.
    static let latestClock: Double = 253_402_300_799
    /// `HH:mm:ss.cc` UTC: hundredths, so the log shows the sheet's 0.26 s between a tap and what follows it.
    static func time(_ unix: Double) -> String {
        guard unix.isFinite, abs(unix) < latestClock else { return clock(unix) }
        let hundredths = Int((unix * 100).rounded())
        let seconds = Double(hundredths.quotientAndRemainder(dividingBy: 100).quotient)
        return utcTime.string(from: Date(timeIntervalSince1970: seconds)) + String(format: ".%02d", abs(hundredths % 100))
    }

    /// `1 h`, `1 d`, `5 min`, `90 s`.
    static func duration(_ s: Double) -> String {
        // Checked before the conversion: `--min-interval 1e308` trapped here ("cannot be converted to Int").
        guard s.isFinite, abs(s) < 1e15 else { return "\(JSONValue.formatNumber(s)) s" }
        let total = Int(s.rounded())
        if total % 86_400 == 0 && total > 0 { return "\(total / 86_400) d" }
        if total % 3_600 == 0 && total > 0 { return "\(total / 3_600) h" }
        if total % 60 == 0 && total > 0 { return "\(total / 60) min" }
        return "\(JSONValue.formatNumber(s)) s"
    }
}
