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
    /// `present` while the app is in the background with no window scene: nothing to press.
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
        case .noWindow: return "nothing to press: the app is in the background (no window scene), the primer should not appear"
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
    /// Settings opened, final status, last-shown stamp (new = rewritten to now, kept = unchanged).
    public static let text = """
      # status          fb   throttle answer         shown  outcome                      prompt  settings  final          stamp
        notDetermined   on   off      accept+allow   yes    accepted                     yes     no        authorized     kept
        notDetermined   on   off      accept+deny    yes    accepted                     yes     no        denied         kept
        notDetermined   on   off      decline        yes    declined                     no      no        notDetermined  kept
        notDetermined   on   off      tapOutside     yes    declined                     no      no        notDetermined  kept
        notDetermined   on   never    accept+allow   yes    accepted                     yes     no        authorized     new
        notDetermined   on   never    accept+deny    yes    accepted                     yes     no        denied         new
        notDetermined   on   never    decline        yes    declined                     no      no        notDetermined  new
        notDetermined   on   never    tapOutside     yes    declined                     no      no        notDetermined  new
        notDetermined   on   within   none           no     suppressed:throttled         no      no        notDetermined  kept
        notDetermined   on   elapsed  accept+allow   yes    accepted                     yes     no        authorized     new
        notDetermined   on   elapsed  accept+deny    yes    accepted                     yes     no        denied         new
        notDetermined   on   elapsed  decline        yes    declined                     no      no        notDetermined  new
        notDetermined   on   elapsed  tapOutside     yes    declined                     no      no        notDetermined  new
        notDetermined   off  off      accept+allow   yes    accepted                     yes     no        authorized     kept
        notDetermined   off  off      accept+deny    yes    accepted                     yes     no        denied         kept
        notDetermined   off  off      decline        yes    declined                     no      no        notDetermined  kept
        notDetermined   off  off      tapOutside     yes    declined                     no      no        notDetermined  kept
        notDetermined   off  never    accept+allow   yes    accepted                     yes     no        authorized     new
        notDetermined   off  never    accept+deny    yes    accepted                     yes     no        denied         new
        notDetermined   off  never    decline        yes    declined                     no      no        notDetermined  new
        notDetermined   off  never    tapOutside     yes    declined                     no      no        notDetermined  new
        notDetermined   off  within   none           no     suppressed:throttled         no      no        notDetermined  kept
        notDetermined   off  elapsed  accept+allow   yes    accepted                     yes     no        authorized     new
        notDetermined   off  elapsed  accept+deny    yes    accepted                     yes     no        denied         new
        notDetermined   off  elapsed  decline        yes    declined                     no      no        notDetermined  new
        notDetermined   off  elapsed  tapOutside     yes    declined                     no      no        notDetermined  new
        ephemeral       on   off      accept+allow   yes    accepted                     yes     no        authorized     kept
        ephemeral       on   off      accept+deny    yes    accepted                     yes     no        denied         kept
        ephemeral       on   off      decline        yes    declined                     no      no        ephemeral      kept
        ephemeral       on   off      tapOutside     yes    declined                     no      no        ephemeral      kept
        ephemeral       on   never    accept+allow   yes    accepted                     yes     no        authorized     new
        ephemeral       on   never    accept+deny    yes    accepted                     yes     no        denied         new
        ephemeral       on   never    decline        yes    declined                     no      no        ephemeral      new
        ephemeral       on   never    tapOutside     yes    declined                     no      no        ephemeral      new
        ephemeral       on   within   none           no     suppressed:throttled         no      no        ephemeral      kept
        ephemeral       on   elapsed  accept+allow   yes    accepted                     yes     no        authorized     new
        ephemeral       on   elapsed  accept+deny    yes    accepted                     yes     no        denied         new
        ephemeral       on   elapsed  decline        yes    declined                     no      no        ephemeral      new
        ephemeral       on   elapsed  tapOutside     yes    declined                     no      no        ephemeral      new
        ephemeral       off  off      accept+allow   yes    accepted                     yes     no        authorized     kept
        ephemeral       off  off      accept+deny    yes    accepted                     yes     no        denied         kept
        ephemeral       off  off      decline        yes    declined                     no      no        ephemeral      kept
        ephemeral       off  off      tapOutside     yes    declined                     no      no        ephemeral      kept
        ephemeral       off  never    accept+allow   yes    accepted                     yes     no        authorized     new
        ephemeral       off  never    accept+deny    yes    accepted                     yes     no        denied         new
        ephemeral       off  never    decline        yes    declined                     no      no        ephemeral      new
        ephemeral       off  never    tapOutside     yes    declined                     no      no        ephemeral      new
        ephemeral       off  within   none           no     suppressed:throttled         no      no        ephemeral      kept
        ephemeral       off  elapsed  accept+allow   yes    accepted                     yes     no        authorized     new
        ephemeral       off  elapsed  accept+deny    yes    accepted                     yes     no        denied         new
        ephemeral       off  elapsed  decline        yes    declined                     no      no        ephemeral      new
        ephemeral       off  elapsed  tapOutside     yes    declined                     no      no        ephemeral      new
        denied          on   off      accept         yes    redirectedToSettings         no      yes       denied         kept
        denied          on   off      decline        yes    declined                     no      no        denied         kept
        denied          on   off      tapOutside     yes    declined                     no      no        denied         kept
        denied          on   never    accept         yes    redirectedToSettings         no      yes       denied         new
        denied          on   never    decline        yes    declined                     no      no        denied         new
        denied          on   never    tapOutside     yes    declined                     no      no        denied         new
        denied          on   within   none           no     suppressed:throttled         no      no        denied         kept
        denied          on   elapsed  accept         yes    redirectedToSettings         no      yes       denied         new
        denied          on   elapsed  decline        yes    declined                     no      no        denied         new
        denied          on   elapsed  tapOutside     yes    declined                     no      no        denied         new
        denied          off  off      none           no     suppressed:deniedNoFallback  no      no        denied         kept
        denied          off  never    none           no     suppressed:deniedNoFallback  no      no        denied         kept
        denied          off  within   none           no     suppressed:deniedNoFallback  no      no        denied         kept
        denied          off  elapsed  none           no     suppressed:deniedNoFallback  no      no        denied         kept
        authorized      on   off      none           no     suppressed:authorized        no      no        authorized     kept
        authorized      on   never    none           no     suppressed:authorized        no      no        authorized     kept
        authorized      on   within   none           no     suppressed:authorized        no      no        authorized     kept
        authorized      on   elapsed  none           no     suppressed:authorized        no      no        authorized     kept
        authorized      off  off      none           no     suppressed:authorized        no      no        authorized     kept
        authorized      off  never    none           no     suppressed:authorized        no      no        authorized     kept
        authorized      off  within   none           no     suppressed:authorized        no      no        authorized     kept
        authorized      off  elapsed  none           no     suppressed:authorized        no      no        authorized     kept
        provisional     on   off      none           no     suppressed:provisional       no      no        provisional    kept
        provisional     on   never    none           no     suppressed:provisional       no      no        provisional    kept
        provisional     on   within   none           no     suppressed:provisional       no      no        provisional    kept
        provisional     on   elapsed  none           no     suppressed:provisional       no      no        provisional    kept
        provisional     off  off      none           no     suppressed:provisional       no      no        provisional    kept
        provisional     off  never    none           no     suppressed:provisional       no      no        provisional    kept
        provisional     off  within   none           no     suppressed:provisional       no      no        provisional    kept
        provisional     off  elapsed  none           no     suppressed:provisional       no      no        provisional    kept
        notDetermined   on   off      presentAgain   yes    suppressed:onScreen          no      no        notDetermined  kept
        ephemeral       on   off      acceptAsked    yes    accepted                     no      no        ephemeral      kept
        notDetermined   on   never    noWindow       no     suppressed:noWindow          no      no        notDetermined  kept
        denied          on   elapsed  noWindow       no     suppressed:noWindow          no      no        denied         kept
        notDetermined   on   within   noWindow       no     suppressed:throttled         no      no        notDetermined  kept
        authorized      on   off      noWindow       no     suppressed:authorized        no      no        authorized     kept
    """

    /// The table parsed into rows; a malformed line is a programming error caught by the tests.
    public static let rows: [WalkthroughRow] = {
        var out: [WalkthroughRow] = []
        for line in text.split(separator: "\n") {
            let cols = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = cols.first, !first.hasPrefix("#"), cols.count == 10 else { continue }
            let outcomeParts = cols[5].split(separator: ":").map(String.init)
            guard let status = AuthorizationStatus(rawValue: cols[0]),
                  let throttle = WalkthroughThrottle(rawValue: cols[2]),
                  let answer = WalkthroughAnswer(rawValue: cols[3]),
                  let outcome = PrimerOutcome(rawValue: outcomeParts[0]),
                  let final = AuthorizationStatus(rawValue: cols[8]) else { continue }
            let reason = outcomeParts.count > 1 ? SuppressReason(rawValue: outcomeParts[1]) : nil
            let expected = WalkthroughExpectation(shown: cols[4] == "yes", result: PrimerResult(outcome, reason: reason),
                                                  systemPrompt: cols[6] == "yes", openSettings: cols[7] == "yes",
                                                  finalStatus: final, stampWritten: cols[9] == "new")
            out.append(WalkthroughRow(number: out.count + 1, status: status, fallbackToSettings: cols[1] == "on",
                                      throttle: throttle, answer: answer, expected: expected))
        }
        return out
    }()

    /// Lines of `text` that are rows (not comments or blank), for the test that every line parsed.
    public static var rowLineCount: Int {
        text.split(separator: "\n").filter { !$0.trimmingPrefixSpaces().hasPrefix("#") && !$0.trimmingPrefixSpaces().isEmpty }.count
    }
}

private extension Substring {
    func trimmingPrefixSpaces() -> Substring { drop(while: { $0 == " " }) }
}
