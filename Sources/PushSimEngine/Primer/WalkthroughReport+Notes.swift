// What a walkthrough says besides its rows: the two config settings every row replaces, and the line after a failure.

extension WalkthroughReport {
    /// The SDK source the notes cite: the presenter whose checks the rows try (unchanged 7.1.1–7.2.9).
    static let presenterSource = "PWPushPrimerPresenter.m, Pushwoosh iOS SDK 7.1.1–7.2.9"

    /// One line per config setting the rows replace with their own, and why: the SDK's `present` reads
    /// `fallbackToSettings` only for a denied device and `minInterval` only to throttle
    /// (`iOS_SDK/Pushwoosh/PushwooshCore/PushPrimer/PWPushPrimerPresenter.m`), so the table tries every value that
    /// changes the decision instead of the one the config gives. For the report and the headless run.
    public static func replacedSettings(_ config: PrimerConfig) -> [String] {
        [
            "fallbackToSettings (the config's \(config.fallbackToSettings)) is not used: each row sets it on or off, because "
                + "the SDK reads it only for a denied device (off suppresses, on sends accept to Settings; \(presenterSource)).",
            "minInterval (the config's \(seconds(config.minInterval))) is not used: each row sets 0 or 1 d, because the SDK "
                + "reads it only to throttle (0 never throttles; the rows try off, never shown, within and just elapsed; "
                + "\(presenterSource)).",
        ]
    }

    /// The same two facts in the width of a help box (74 columns), for the walkthrough's screen.
    public static let replacedSettingsShort = [
        "fallbackToSettings: the row's, not the config's (SDK: read when denied)",
        "minInterval: the row's (0 or 1 d), not the config's (SDK: the throttle)",
    ]

    /// The line that goes with exit status 1: how many rows failed and where they are written; nil when none failed.
    public static func failureLine(_ results: [WalkthroughResult], reports: [String]) -> String? {
        let failed = counts(results).fail
        guard failed > 0 else { return nil }
        let rows = failed == 1 ? "1 row" : "\(failed) rows"
        let files = reports.filter { $0 != "-" }
        let whereTo = files.isEmpty
            ? (reports.isEmpty ? "no report was asked for (--report FILE.md keeps one)" : "the report is on standard output")
            : "the report is \(files.joined(separator: " and "))"
        return "\(rows) of \(results.count) failed, so the exit status is 1; \(whereTo)"
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() && abs(s) < 1e15 ? "\(Int(s)) s" : "\(s) s"
    }
}
