// The QA walkthrough's decision table: every status × fallbackToSettings × throttle state × answer, and what must happen.

/// The throttle situations a row sets up (minInterval is 1 day whenever throttling is on).
public enum WalkthroughThrottle: String, CaseIterable, Sendable {
    /// minInterval 0, with a stale last-shown time 1 h old that must be neither read nor rewritten.
    case off
    /// minInterval 1 d, never shown before.
    case never
    /// minInterval 1 d, shown 1 h ago: inside the window.
    case within
    /// minInterval 1 d, shown exactly 1 d ago: the window has just closed (now − lastShown == minInterval shows).
    case elapsed

    public static let interval: Double = 86_400

    public var minInterval: Double { self == .off ? 0 : Self.interval }

    /// The stored last-shown time, relative to now.
    public func lastShownAt(now: Double) -> Double? {
        switch self {
        case .off: return now - 3_600
        case .never: return nil
        case .within: return now - 3_600
        case .elapsed: return now - Self.interval
        }
    }

    /// The row's throttle in a tester's words (the raw names off/never/within/elapsed stay in row names).
    public var label: String {
        switch self {
        case .off: return "no throttle"
        case .never: return "never shown before"
        case .within: return "shown 1 h ago (inside the 1 d minimum interval)"
        case .elapsed: return "shown 1 d ago (the 1 d minimum interval has just passed)"
        }
    }

    public var summary: String {
        switch self {
        case .off: return "minInterval 0: no throttle (a stale last-shown time 1 h ago is ignored)"
        case .never: return "minInterval 1 d, never shown before"
        case .within: return "minInterval 1 d, last shown 1 h ago"
        case .elapsed: return "minInterval 1 d, last shown exactly 1 d ago"
        }
    }
}

/// What the tester (or the headless run) does once the row's state is set and `present` was called.
public enum WalkthroughAnswer: String, CaseIterable, Sendable {
    /// Nothing: the primer is expected not to show.
    case none
    case accept
    /// Accept, then Allow in iOS's prompt.
    case acceptAllow = "accept+allow"
    /// Accept, then Don't Allow in iOS's prompt.
    case acceptDeny = "accept+deny"
    case decline
    case tapOutside
    /// Call present again while the first primer is still up (then decline the first).
    case presentAgain
    /// Accept on a device whose prompt iOS already showed once (no second prompt).
    case acceptAsked
    /// `present` while the app is in the background (no connected scene), then present again: the first primer counts
    /// as shown but sits in a window no one sees or can tap, so it keeps the on-screen flag.
    case noWindow

    public var instruction: String {
        switch self {
        case .none: return "nothing to press: the primer should not appear"
        case .accept: return "press the accept button"
        case .acceptAllow: return "press the accept button, then Allow in the system prompt"
        case .acceptDeny: return "press the accept button, then Don't Allow in the system prompt"
        case .decline: return "press the decline button"
        case .tapOutside: return "tap outside the card (Esc, or click the dimmed backdrop)"
        case .presentAgain: return "call present again (n) while the primer is up, then decline it"
        case .acceptAsked: return "press the accept button (iOS already asked on this device)"
        case .noWindow: return "no scene (app in background): nothing appears; present again (n)"
        }
    }
}

/// What a row must produce. Compared field by field with what the engine (or the tester) observed.
public struct WalkthroughExpectation: Equatable, Sendable {
    public var shown: Bool
    public var result: PrimerResult
    public var systemPrompt: Bool
    public var openSettings: Bool
    public var finalStatus: AuthorizationStatus
    /// The last-shown time was rewritten to now (true) or left as it was (false).
    public var stampWritten: Bool

    public init(shown: Bool, result: PrimerResult, systemPrompt: Bool, openSettings: Bool, finalStatus: AuthorizationStatus, stampWritten: Bool) {
        self.shown = shown
        self.result = result
        self.systemPrompt = systemPrompt
        self.openSettings = openSettings
        self.finalStatus = finalStatus
        self.stampWritten = stampWritten
    }

    /// What the SDK will do, in one sentence for the tester.
    public var summary: String {
        var parts: [String] = []
        if !shown { parts.append("no primer") }
        if systemPrompt { parts.append("iOS shows its permission prompt") }
        if openSettings { parts.append("Settings opens") }
        parts.append("outcome \(result)")
        parts.append("status ends \(finalStatus.rawValue)")
        parts.append(stampWritten ? "last-shown time rewritten" : "last-shown time unchanged")
        return parts.joined(separator: "; ")
    }

    /// The fields that differ from `other`, as `name: expected X, got Y`.
    public func differences(from other: WalkthroughExpectation) -> [String] {
        var d: [String] = []
        if shown != other.shown { d.append("shown: expected \(shown), got \(other.shown)") }
        if result != other.result { d.append("outcome: expected \(result), got \(other.result)") }
        if systemPrompt != other.systemPrompt { d.append("system prompt: expected \(systemPrompt), got \(other.systemPrompt)") }
        if openSettings != other.openSettings { d.append("open settings: expected \(openSettings), got \(other.openSettings)") }
        if finalStatus != other.finalStatus { d.append("final status: expected \(finalStatus.rawValue), got \(other.finalStatus.rawValue)") }
        if stampWritten != other.stampWritten { d.append("last-shown written: expected \(stampWritten), got \(other.stampWritten)") }
        return d
    }
}

public struct WalkthroughRow: Equatable, Sendable {
    /// 1-based, in table order.
    public var number: Int
    public var status: AuthorizationStatus
    public var fallbackToSettings: Bool
    public var throttle: WalkthroughThrottle
    public var answer: WalkthroughAnswer
    public var expected: WalkthroughExpectation

    /// A stable test name: `row 07: notDetermined, fallback on, throttle never, decline`.
    public var name: String {
        let n = number < 10 ? "0\(number)" : "\(number)"
        return "row \(n): \(status.rawValue), fallback \(fallbackToSettings ? "on" : "off"), throttle \(throttle.rawValue), \(answer.rawValue)"
    }

    /// Whether the row can be tried with this style: alerts have no backdrop to tap.
    public func skipReason(style: PrimerStyle) -> String? {
        if style == .alert && answer == .tapOutside { return "an alert has no tap outside (spec §2.2: only the sheet's backdrop declines)" }
        return nil
    }
}

public enum PrimerWalkthroughTable {
    /// The expected behaviour, written by hand from spec §2.2 (not computed by the decision code, so the two check
    /// each other). Columns: status, fallbackToSettings, throttle, answer, shown, outcome[:reason], system prompt,
    /// Settings opened, final status (`same` = the status the row starts with), last-shown stamp (new = rewritten to
    /// now, kept = unchanged).
    ///
    /// A line stands for every combination of its first four columns: `*` is every value of the column and `a,b`
    /// lists values, so rows that expect the same thing are written once. Row numbers are stable: the matrix (the
    /// lines before `# extra rows`) is numbered by status in the order the statuses first appear, then fallback on
    /// before off, then throttle off, never, within, elapsed, then the answer in `WalkthroughAnswer` order; the extra
    /// rows follow in the order written.
    public static let text = """
      # status                   fb   throttle       answer              shown  outcome                      prompt  settings  final          stamp
        notDetermined,ephemeral  *    off            accept+allow        yes    accepted                     yes     no        authorized     kept
        notDetermined,ephemeral  *    off            accept+deny         yes    accepted                     yes     no        denied         kept
        notDetermined,ephemeral  *    off            decline,tapOutside  yes    declined                     no      no        same           kept
        notDetermined,ephemeral  *    never,elapsed  accept+allow        yes    accepted                     yes     no        authorized     new
        notDetermined,ephemeral  *    never,elapsed  accept+deny         yes    accepted                     yes     no        denied         new
        notDetermined,ephemeral  *    never,elapsed  decline,tapOutside  yes    declined                     no      no        same           new
        notDetermined,ephemeral  *    within         none                no     suppressed:throttled         no      no        same           kept
        denied                   on   off            accept              yes    redirectedToSettings         no      yes       denied         kept
        denied                   on   off            decline,tapOutside  yes    declined                     no      no        denied         kept
        denied                   on   never,elapsed  accept              yes    redirectedToSettings         no      yes       denied         new
        denied                   on   never,elapsed  decline,tapOutside  yes    declined                     no      no        denied         new
        denied                   on   within         none                no     suppressed:throttled         no      no        denied         kept
        denied                   off  *              none                no     suppressed:deniedNoFallback  no      no        denied         kept
        authorized               *    *              none                no     suppressed:authorized        no      no        authorized     kept
        provisional              *    *              none                no     suppressed:provisional       no      no        provisional    kept
      # extra rows
        notDetermined            on   off            presentAgain        yes    suppressed:onScreen          no      no        notDetermined  kept
        ephemeral                on   off            acceptAsked         yes    accepted                     no      no        ephemeral      kept
        notDetermined            on   never          noWindow            yes    suppressed:throttled         no      no        notDetermined  new
        denied                   on   off            noWindow            yes    suppressed:onScreen          no      no        denied         kept
        notDetermined            on   within         noWindow            no     suppressed:throttled         no      no        notDetermined  kept
        authorized               on   off            noWindow            no     suppressed:authorized        no      no        authorized     kept
    """

    /// One line of `text`: the values each of its first four columns stands for, and what every such row expects.
    struct Line {
        var statuses: [AuthorizationStatus]
        var fallbacks: [Bool]
        var throttles: [WalkthroughThrottle]
        var answers: [WalkthroughAnswer]
        /// Its `finalStatus` is the row's own status when the column says `same`.
        var expected: WalkthroughExpectation
        var finalIsSame: Bool

        /// What a row with `status` expects.
        func expected(for status: AuthorizationStatus) -> WalkthroughExpectation {
            var e = expected
            if finalIsSame { e.finalStatus = status }
            return e
        }
    }

    /// A column's values: `*` is all of them, else a comma-separated list; nil when a value is unknown.
    static func values<T>(_ col: String, all: [T], parse: (String) -> T?) -> [T]? {
        if col == "*" { return all }
        let parsed = col.split(separator: ",").map { parse(String($0)) }
        return parsed.contains { $0 == nil } || parsed.isEmpty ? nil : parsed.compactMap { $0 }
    }

    /// A row line parsed; nil for a comment, a blank line or a malformed line (the tests count every row line).
    static func parse(_ line: Substring) -> Line? {
        let cols = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = cols.first, !first.hasPrefix("#"), cols.count == 10 else { return nil }
        let outcomeParts = cols[5].split(separator: ":").map(String.init)
        guard let statuses = values(cols[0], all: AuthorizationStatus.allCases, parse: AuthorizationStatus.init(rawValue:)),
              let fallbacks = values(cols[1], all: [true, false], parse: { ["on": true, "off": false][$0] }),
              let throttles = values(cols[2], all: WalkthroughThrottle.allCases, parse: WalkthroughThrottle.init(rawValue:)),
              let answers = values(cols[3], all: WalkthroughAnswer.allCases, parse: WalkthroughAnswer.init(rawValue:)),
              let outcome = PrimerOutcome(rawValue: outcomeParts[0]),
              let final = cols[8] == "same" ? statuses[0] : AuthorizationStatus(rawValue: cols[8]) else { return nil }
        let reason = outcomeParts.count > 1 ? SuppressReason(rawValue: outcomeParts[1]) : nil
        let expected = WalkthroughExpectation(shown: cols[4] == "yes", result: PrimerResult(outcome, reason: reason),
                                              systemPrompt: cols[6] == "yes", openSettings: cols[7] == "yes",
                                              finalStatus: final, stampWritten: cols[9] == "new")
        return Line(statuses: statuses, fallbacks: fallbacks, throttles: throttles, answers: answers, expected: expected,
                    finalIsSame: cols[8] == "same")
    }

    /// The table expanded and numbered (see `text` for the order); a malformed line is a programming error caught by
    /// the tests.
    public static let rows: [WalkthroughRow] = {
        var matrix: [WalkthroughRow] = [], extra: [WalkthroughRow] = []
        var statusOrder: [AuthorizationStatus] = []
        var inExtra = false
        for line in text.split(separator: "\n") {
            if line.trimmingPrefixSpaces().hasPrefix("# extra rows") { inExtra = true; continue }
            guard let l = parse(line) else { continue }
            for status in l.statuses {
                if !statusOrder.contains(status) && !inExtra { statusOrder.append(status) }
                for fb in l.fallbacks { for th in l.throttles { for answer in l.answers {
                    let row = WalkthroughRow(number: 0, status: status, fallbackToSettings: fb, throttle: th, answer: answer,
                                             expected: l.expected(for: status))
                    if inExtra { extra.append(row) } else { matrix.append(row) }
                } } }
            }
        }
        func key(_ r: WalkthroughRow) -> [Int] {
            [statusOrder.firstIndex(of: r.status) ?? 0, r.fallbackToSettings ? 0 : 1,
             WalkthroughThrottle.allCases.firstIndex(of: r.throttle) ?? 0, WalkthroughAnswer.allCases.firstIndex(of: r.answer) ?? 0]
        }
        let ordered = matrix.enumerated().sorted { a, b in
            key(a.element).lexicographicallyPrecedes(key(b.element)) || (key(a.element) == key(b.element) && a.offset < b.offset)
        }.map(\.element) + extra
        return ordered.enumerated().map { i, r in
            var r = r
            r.number = i + 1
            return r
        }
    }()

    /// How many rows the row lines of `text` stand for (comments and blank lines aside), for the test that every line
    /// parsed.
    public static var expandedLineCount: Int {
        text.split(separator: "\n").reduce(0) { n, line in
            let cols = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = cols.first, !first.hasPrefix("#"), cols.count >= 4 else { return n }
            // Count the combinations from the text alone, so a line that fails to parse is missed by `rows` only.
            func count(_ c: String, all: Int) -> Int { c == "*" ? all : c.split(separator: ",").count }
            return n + count(cols[0], all: AuthorizationStatus.allCases.count) * count(cols[1], all: 2)
                * count(cols[2], all: WalkthroughThrottle.allCases.count) * count(cols[3], all: WalkthroughAnswer.allCases.count)
        }
    }
}

private extension Substring {
    func trimmingPrefixSpaces() -> Substring { drop(while: { $0 == " " }) }
}
