// Runs walkthrough rows on the engine (the headless QA run) and writes the results as Markdown and JUnit XML.

/// One row's verdict.
public struct WalkthroughResult: Equatable, Sendable {
    public enum Verdict: String, Sendable { case pass, fail, skip }
    public var row: WalkthroughRow
    public var verdict: Verdict
    /// What happened (nil when skipped before trying).
    public var observed: WalkthroughExpectation?
    /// Why it failed or was skipped, or the tester's comment.
    public var comment: String

    public init(row: WalkthroughRow, verdict: Verdict, observed: WalkthroughExpectation?, comment: String) {
        self.row = row
        self.verdict = verdict
        self.observed = observed
        self.comment = comment
    }
}

public enum PrimerWalkthrough {
    /// A fixed wall clock for the headless matrix, so reports do not change from run to run.
    public static let wallClock: Double = 1_800_000_000

    /// The state a row starts from: the base config with the row's fallback and throttle, the row's device.
    public static func initialState(for row: WalkthroughRow, config: PrimerConfig, wallClock: Double = wallClock) -> PrimerState {
        var c = config
        c.fallbackToSettings = row.fallbackToSettings
        c.minInterval = row.throttle.minInterval
        let device = SimulatedDevice(status: row.status, systemPromptShown: row.answer == .acceptAsked,
                                     lastShownAt: row.throttle.lastShownAt(now: wallClock), hasWindowScene: row.answer != .noWindow)
        return PrimerState(config: c, device: device, wallClockAtStart: wallClock)
    }

    /// Play a row on the reducer: present at t=0, answer at t=1, let every animation finish (iOS's prompt comes at the
    /// end of the sheet's dismiss), then answer the prompt at t=2.
    public static func observe(_ row: WalkthroughRow, config: PrimerConfig) -> WalkthroughExpectation {
        var s = initialState(for: row, config: config)
        let stampBefore = s.device.lastShownAt
        var events: [Event] = []
        func run(_ a: PrimerAction, _ t: Double) {
            for e in PrimerReducer.reduce(&s, a, at: t) { if case .emit(let ev) = e { events.append(ev) } }
        }
        run(.present, 0)
        let shown = events.contains { $0.name == "shown" }
        switch row.answer {
        case .none: break
        case .accept, .acceptAsked, .acceptAllow, .acceptDeny: run(.accept, 1)
        case .decline: run(.decline, 1)
        case .tapOutside: run(.tapOutside, 1)
        case .presentAgain, .noWindow: run(.present, 1)
        }
        run(.tick, 2)
        if row.answer == .acceptAllow || row.answer == .acceptDeny { run(.answerPrompt(allow: row.answer == .acceptAllow), 2) }
        let outcomes = events.filter { $0.name == "outcome" }
        // The row is about the answer's outcome; for presentAgain, the second present's own completion.
        let last = row.answer == .presentAgain ? outcomes.first : outcomes.last
        let result = last.map(result(of:)) ?? PrimerResult(.suppressed, reason: nil)
        if row.answer == .presentAgain { run(.decline, 3); run(.tick, 4) }
        return WalkthroughExpectation(shown: shown, result: result,
                                      systemPrompt: events.contains { $0.name == "system_prompt" },
                                      openSettings: events.contains { $0.name == "open_settings" },
                                      finalStatus: s.device.status,
                                      stampWritten: s.device.lastShownAt != stampBefore)
    }

    public static func result(of e: Event) -> PrimerResult {
        let outcome = e["outcome"]?.stringValue.flatMap(PrimerOutcome.init(rawValue:)) ?? .suppressed
        return PrimerResult(outcome, reason: e["reason"]?.stringValue.flatMap(SuppressReason.init(rawValue:)))
    }

    /// Every row on the engine, checked against the literal table.
    public static func runHeadless(config: PrimerConfig, rows: [WalkthroughRow] = PrimerWalkthroughTable.rows) -> [WalkthroughResult] {
        rows.map { row in
            if let why = row.skipReason(style: config.style) {
                return WalkthroughResult(row: row, verdict: .skip, observed: nil, comment: why)
            }
            let seen = observe(row, config: config)
            let diffs = row.expected.differences(from: seen)
            return WalkthroughResult(row: row, verdict: diffs.isEmpty ? .pass : .fail, observed: seen,
                                     comment: diffs.joined(separator: "; "))
        }
    }
}

/// What makes a walkthrough report a record another tester can reproduce: when, with what, on which SDK rules.
public struct WalkthroughReportContext: Sendable, Equatable {
    /// When the walkthrough ended, ISO 8601 (UTC).
    public var date: String
    public var pushsimVersion: String
    /// The SDK release whose rules the table follows.
    public var sdkVersion: String
    /// The config the rows ran with: the file given (or "built-in defaults") and the command line to run it again.
    public var configSource: String
    public var command: String

    public init(date: String, pushsimVersion: String, sdkVersion: String, configSource: String, command: String) {
        self.date = date; self.pushsimVersion = pushsimVersion; self.sdkVersion = sdkVersion
        self.configSource = configSource; self.command = command
    }
}

/// Markdown and JUnit renderings of a walkthrough.
public enum WalkthroughReport {
    public static func counts(_ results: [WalkthroughResult]) -> (pass: Int, fail: Int, skip: Int) {
        (results.filter { $0.verdict == .pass }.count, results.filter { $0.verdict == .fail }.count,
         results.filter { $0.verdict == .skip }.count)
    }

    /// One line: `84 rows: 80 passed, 0 failed, 4 skipped`.
    public static func summary(_ results: [WalkthroughResult]) -> String {
        let c = counts(results)
        return "\(results.count) rows: \(c.pass) passed, \(c.fail) failed, \(c.skip) skipped"
    }

    public static func markdown(_ results: [WalkthroughResult], config: PrimerConfig, mode: String,
                                context: WalkthroughReportContext? = nil) -> String {
        var out = "# Push primer walkthrough\n\n"
        if let context {
            out += "| | |\n|---|---|\n"
            out += "| Date | \(mdCell(context.date)) |\n"
            out += "| pushsim | \(mdCell(context.pushsimVersion)) |\n"
            out += "| SDK rules | Pushwoosh iOS SDK \(mdCell(context.sdkVersion)) (`PWPushPrimerPresenter.m`) |\n"
            out += "| Mode | \(mdCell(mode)) |\n"
            out += "| Config | \(mdCell(context.configSource)) |\n"
            out += "| Run it again | `\(context.command.replacingAll("`", with: "'"))` |\n\n"
        } else {
            out += "Mode: \(mode). "
        }
        out += "Style: \(config.style.rawValue)"
        if config.style == .sheet { out += ", position \(config.position.rawValue)" }
        out += "; accept \"\(config.acceptTitle)\", decline \"\(config.declineTitle)\""
        out += config.image != nil || config.imageURL != nil ? "; with a hero image" : ""
        out += ". Each row starts on a fresh simulated iPhone set up as its Setup column says, calls `present`, then "
        out += "does what its Steps column says.\n\n"
        out += replacedSettings(config).map { "- " + $0 + "\n" }.joined() + "\n"
        out += summary(results) + ".\n\n"
        out += "| # | Status | Fallback | Setup | Steps | Expected | Observed | Result | Comment |\n"
        out += "|---|---|---|---|---|---|---|---|---|\n"
        for r in results {
            let row = r.row
            let observed = r.observed.map { $0.result.description + ", ends " + $0.finalStatus.rawValue } ?? "—"
            let cells = ["\(row.number)", row.status.rawValue, row.fallbackToSettings ? "on" : "off", row.throttle.summary,
                         "present, then " + row.answer.instruction,
                         row.expected.result.description + ", ends " + row.expected.finalStatus.rawValue,
                         observed, r.verdict.rawValue.uppercased(), r.comment]
            out += "| " + cells.map(mdCell).joined(separator: " | ") + " |\n"
        }
        return out
    }

    static func mdCell(_ s: String) -> String {
        s.replacingAll("|", with: "\\|").replacingAll("\n", with: " ")
    }

    /// JUnit XML: one testcase per row, named after the row; failures carry the differences.
    public static func junit(_ results: [WalkthroughResult], config: PrimerConfig) -> String {
        let c = counts(results)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"pushsim primer walkthrough\" tests=\"\(results.count)\" failures=\"\(c.fail)\" skipped=\"\(c.skip)\">\n"
        out += "  <testsuite name=\"primer.walkthrough.\(config.style.rawValue)\" tests=\"\(results.count)\" failures=\"\(c.fail)\" errors=\"0\" skipped=\"\(c.skip)\" time=\"0\">\n"
        for r in results {
            out += "    <testcase classname=\"primer.walkthrough\" name=\"\(XMLText.escape(r.row.name))\" time=\"0\""
            switch r.verdict {
            case .pass:
                out += "/>\n"
            case .fail:
                out += ">\n      <failure message=\"\(XMLText.escape(r.comment))\">expected: \(XMLText.escape(r.row.expected.summary))</failure>\n    </testcase>\n"
            case .skip:
                out += ">\n      <skipped message=\"\(XMLText.escape(r.comment))\"/>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}

private extension String {
    func replacingAll(_ a: String, with b: String) -> String { split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b) }
}
