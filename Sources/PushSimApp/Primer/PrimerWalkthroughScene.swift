// The interactive QA walkthrough: one decision-table row at a time on a fresh simulated device; the tester judges it.

import PushSimEngine
import PushSimScreens

public final class PrimerWalkthroughScene: ScriptableScene, Leavable, ClosingMessage {
    public let rows: [WalkthroughRow]
    public let config: PrimerConfig
    let wallClock: Double
    /// Called once with every row's result when the tester finishes (q, or after the last row).
    let onFinish: ([WalkthroughResult]) -> Void
    public private(set) var index = 0
    public private(set) var results: [Int: WalkthroughResult] = [:]
    /// The row being tried: its own phone, sink and clock (its t=0 is `rowStart`).
    public private(set) var row: PrimerScene
    var rowSink = EventSink()
    var rowStart: Double = 0
    var stampBefore: Double?
    /// Text being typed as a comment (nil when not typing).
    public private(set) var comment: String?
    var comments: [Int: String] = [:]
    public private(set) var exitStatus: Int32?
    public var leaveAction = LeaveAction.quit
    public private(set) var helpShown = false
    /// `q` was pressed: the summary (rows tried and not, where the report goes) shows; `q` again finishes.
    public private(set) var confirmingFinish = false
    /// Where `--report` / `--junit` write the results, named in the summary.
    let reportPaths: [String]
    /// The hero image and any other picture the row's primer shows (the same source `pushsim primer` uses).
    let images: ImageSource
    /// One line for whoever started the walkthrough (the home screen shows it): where the report went, or why not.
    public var closingMessage: String?
    var size = Size(width: 80, height: 24)
    var now: Double = 0
    static let headerHeight = 7

    public init(config: PrimerConfig, wallClock: Double, rows: [WalkthroughRow] = PrimerWalkthroughTable.rows,
                reportPaths: [String] = [], images: ImageSource = NoImages(),
                onFinish: @escaping ([WalkthroughResult]) -> Void) {
        self.reportPaths = reportPaths
        self.images = images
        self.config = config
        self.wallClock = wallClock
        self.rows = rows
        self.onFinish = onFinish
        row = PrimerScene(config: config, device: SimulatedDevice(), wallClock: wallClock, store: nil, sink: EventSink(),
                          presentOnStart: false)
        row.leaveAction = .summary
        start(0, at: 0)
    }

    /// Set up row `i`: a fresh device in the row's state, then `present`.
    func start(_ i: Int, at t: Double) {
        index = i
        guard i < rows.count else { return }
        let r = rows[i]
        // The row's clock is the real wall clock, so the panel reads naturally; the stamps are relative to it.
        let s = PrimerWalkthrough.initialState(for: r, config: config, wallClock: wallClock + t)
        rowSink = EventSink()
        rowStart = t
        stampBefore = s.device.lastShownAt
        row = PrimerScene(config: s.config, device: s.device, wallClock: s.wallClockAtStart, store: nil, sink: rowSink,
                          images: images)
        // The walkthrough sets the device itself (s is skip here): the row's panel lists only the keys that reach it.
        row.deviceKeysLocked = true
        // The row's panel names what q does here: the walkthrough's summary, not quitting.
        row.leaveAction = .summary
        row.resize(to: childSize, at: 0)
    }

    var childSize: Size { Size(width: size.width, height: max(1, size.height - Self.headerHeight)) }

    /// What the row's phone has done so far, in the table's terms.
    public var observed: WalkthroughExpectation {
        let events = rowSink.events.map(\.event)
        let outcomes = events.filter { $0.name == "outcome" }
        let pick = rows[min(index, rows.count - 1)].answer == .presentAgain ? outcomes.first : outcomes.last
        let result = pick.map { PrimerWalkthrough.result(of: $0) } ?? PrimerResult(.suppressed)
        return WalkthroughExpectation(shown: events.contains { $0.name == "shown" }, result: result,
                                      systemPrompt: events.contains { $0.name == "system_prompt" },
                                      openSettings: events.contains { $0.name == "open_settings" },
                                      finalStatus: row.state.device.status,
                                      stampWritten: row.state.device.lastShownAt != stampBefore)
    }

    var hasOutcome: Bool { rowSink.events.contains { $0.event.name == "outcome" } }

    /// Record a verdict for the current row and move on (finishing after the last).
    public func judge(_ v: WalkthroughResult.Verdict, at t: Double) {
        guard index < rows.count else { return }
        let r = rows[index]
        var text = comments[index] ?? ""
        if v == .skip, text.isEmpty, let why = r.skipReason(style: config.style) { text = why }
        if v == .fail, text.isEmpty {
            let d = r.expected.differences(from: observed)
            text = d.isEmpty ? "marked failed by the tester" : d.joined(separator: "; ")
        }
        results[index] = WalkthroughResult(row: r, verdict: v, observed: hasOutcome ? observed : nil, comment: text)
        if index + 1 < rows.count { start(index + 1, at: t) } else { finish() }
    }

    /// Ctrl-C (or a closed terminal) keeps what was judged: the reports are written as on `q`, the rest "not tried".
    /// Called after `interrupted` has finished the walkthrough; the terminal is restored by then (Ctrl-C), so it can
    /// say what a `q` would say after the screen closes.
    public var onInterrupted: (() -> Void)?

    public func interrupted(at now: Double) {
        finish()
        onInterrupted?()
    }

    public func finish() {
        guard exitStatus == nil else { return }
        let all = rows.indices.map { i in
            results[i] ?? WalkthroughResult(row: rows[i], verdict: .skip, observed: nil, comment: comments[i] ?? "not tried")
        }
        onFinish(all)
        exitStatus = all.contains { $0.verdict == .fail } ? 1 : 0
    }

    // MARK: Scene

    public func resize(to size: Size, at now: Double) {
        self.size = size
        if !HelpBox.fits(size) { helpShown = false }
        row.resize(to: childSize, at: max(0, now - rowStart))
    }

    public func advance(to t: Double) {
        now = max(now, t)
        row.advance(to: max(0, t - rowStart))
    }

    public func nextDeadline() -> Double? { row.nextDeadline().map { $0 + rowStart } }

    public func handle(_ input: InputEvent, at t: Double) {
        advance(to: t)
        let local = max(0, t - rowStart)
        if var text = comment {
            if case .key(let k) = input {
                switch k {
                case .enter: comments[index] = text; comment = nil
                case .esc: comment = nil
                case .backspace: if !text.isEmpty { text.removeLast() }; comment = text
                case .space: comment = text + " "
                case .char(let c): comment = text + String(c)
                default: break
                }
            }
            return
        }
        if helpShown || confirmingFinish {
            // Any key closes help or the summary (q on the summary finishes); a click does too.
            var close = false
            if case .key(let k) = input {
                close = true
                if confirmingFinish && k == .char("q") { finish() }
            }
            if case .mouse(let m) = input, m.kind == .release { close = true }
            if close { helpShown = false; confirmingFinish = false }
            if case .resize(let s) = input { resize(to: s, at: t) }
            return
        }
        switch input {
        // The help opens only where it shows: one too small to draw would take the next key (q) unseen.
        case .key(.char("?")): helpShown = HelpBox.fits(size)
        case .key(.char("p")): judge(.pass, at: t)
        case .key(.char("f")): judge(.fail, at: t)
        case .key(.char("s")): judge(.skip, at: t)
        case .key(.char("c")): comment = comments[index] ?? ""
        case .key(.char("q")): confirmingFinish = true
        case .key(.pageDown): if index + 1 < rows.count { start(index + 1, at: t) }
        case .key(.pageUp): if index > 0 { start(index - 1, at: t) }
        case .key(.char("r")): start(index, at: t)
        case .key(.char("o")): row.handle(input, at: local)
        case .key(let k):
            // The row's device is set by the table: only the primer's own keys (and present again) reach it.
            switch k {
            case .char("a"), .char("d"), .char("n"), .tab, .backTab, .left, .right, .up, .down, .enter, .space, .esc:
                row.handle(input, at: local)
            default: break
            }
        case .mouse(var m):
            m.y -= Self.headerHeight
            if m.y >= 0 { row.handle(.mouse(m), at: local) }
        case .resize(let s): resize(to: s, at: t)
        }
    }

    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "pass", "fail", "skip":
            let v = WalkthroughResult.Verdict(rawValue: step.name)!
            return [.call { [unowned self] t in judge(v, at: t) }]
        case "comment":
            let text = step.argument
            return [.call { [unowned self] _ in comments[index] = text }]
        default:
            return try row.expand(step).map { prims in
                prims.map { p in
                    if case .call(let f) = p { return .call { [unowned self] t in f(max(0, t - rowStart)) } }
                    return p
                }
            }
        }
    }

    public func render(at t: Double) -> Canvas {
        var c = Canvas(size: size)
        let w = size.width
        if index < rows.count {
            let r = rows[index]
            let head = "Row \(index + 1)/\(rows.count) · \(r.status.rawValue) · fallback \(r.fallbackToSettings ? "on" : "off") · \(r.throttle.label)"
            c.fill(Rect(x: 0, y: 0, width: w, height: 1), with: Cell(" ", bg: .rgb(30, 41, 82)))
            c.text(TextWidth.truncate(head, to: w), x: 0, y: 0, style: Style(fg: .white, attrs: [.bold]))
            c.text(TextWidth.truncate("Setup: " + r.throttle.summary, to: w), x: 0, y: 1)
            c.text(TextWidth.truncate("Try:   " + r.answer.instruction, to: w), x: 0, y: 2)
            let skip = r.skipReason(style: config.style)
            let sdkStyle = Style(fg: skip == nil ? .rgb(120, 200, 255) : .rgb(230, 180, 60))
            c.text(skip == nil ? "SDK:" : "Skip:", x: 0, y: 3, style: sdkStyle)
            for (i, l) in TextWidth.wrap(skip ?? r.expected.summary, width: max(1, w - 7), maxLines: 2).enumerated() {
                c.text(l, x: 7, y: 3 + i, style: sdkStyle)
            }
            let seen: String
            if hasOutcome {
                let d = r.expected.differences(from: observed)
                seen = "Seen:  \(observed.result) · status \(observed.finalStatus.rawValue) · " + (d.isEmpty ? "as expected ✓" : "differs: " + d.joined(separator: "; "))
            } else {
                seen = "Seen:  no outcome yet"
            }
            c.text(TextWidth.truncate(seen, to: w), x: 0, y: 5)
            let footer: String
            if let comment { footer = "Comment: \(comment)▏ (enter keep · esc cancel)" }
            else { footer = "p pass  f fail  s skip  c comment  r retry  pgup/dn  ? help  q done  [\(results.count)/\(rows.count)]" }
            c.text(TextWidth.truncate(footer, to: w), x: 0, y: 6, style: Style(fg: .rgb(150, 150, 160)))
        }
        c.blit(row.render(at: max(0, t - rowStart)), x: 0, y: Self.headerHeight)
        if helpShown { HelpBox.draw(helpLines, title: "Walkthrough keys", into: &c) }
        if confirmingFinish { HelpBox.draw(summaryLines, title: "Finish the walkthrough?", into: &c) }
        return c
    }

    var helpLines: [String] {
        [
            "p  f  s      pass / fail / skip this row (then the next)",
            "c            type a comment (Enter keeps, Esc cancels)",
            "r            try the row again from the start",
            "PgUp PgDn    previous / next row, without judging",
            "a d n Esc …  the primer's own keys, on the row's phone",
            "q            summary, then q again: \(leaveAction == .quit ? "finish" : "finish and go back")",
            "",
        ] + WalkthroughReport.replacedSettingsShort
    }

    /// What `q` shows before finishing: how many rows were judged and how, how many were not tried, and where the
    /// results go.
    public var summaryLines: [String] {
        let judged = results.values
        let pass = judged.filter { $0.verdict == .pass }.count, fail = judged.filter { $0.verdict == .fail }.count
        let skip = judged.count - pass - fail
        var lines = [
            "\(judged.count) of \(rows.count) rows tried: \(pass) passed, \(fail) failed, \(skip) skipped",
            "\(rows.count - judged.count) not tried (reported as skipped, \"not tried\")",
            "",
        ]
        if reportPaths.isEmpty {
            lines.append("No report is written: run pushsim primer walkthrough")
            lines.append("--report FILE.md (or --junit FILE.xml) to keep one.")
        } else {
            lines += reportPaths.map { "Results go to \($0)" }
        }
        lines += [""] + WalkthroughReport.replacedSettingsShort
        lines += ["", "q finish · any other key goes back to the rows"]
        return lines
    }
}
