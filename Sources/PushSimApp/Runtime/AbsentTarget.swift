// The one rule for a script step that finds nothing to act on, shared by every experience.

import PushSimEngine

/// A well-formed step whose target is absent — `banner-tap` with no banner, `button` on a story page, inbox card or
/// native message without one, `accept` with no primer on screen — does nothing and writes one `warning` event
/// (`path` empty) naming the step, what it needed and what is on screen instead (a headless run also writes it on
/// standard error); the run goes on, and a headless run
/// still exits 0, as `--headless` promises ("run `--script` …, then exit 0"). What is on screen is the simulated
/// user's business, not the script's grammar: the same script may find a banner on one run and not on another (a
/// throttle, a cap, a store). A malformed step — an unknown name, a missing or bad argument — is a script error
/// instead: one sentence on standard error and exit 2.
public enum AbsentTarget {
    /// `step 3 (banner-tap) needs a banner; no banner is on screen`, with the step's number in `step` (a field the
    /// contract's `warning` does not have: an extension, so a headless run can also say it on standard error).
    public static func warning(_ step: ScriptStep, needs what: String, _ onScreen: String) -> Event {
        Event("warning", ["path": .string(""), "message": .string("step \(step.number) (\(step.description)) needs \(what); \(onScreen)"),
                          "step": .number(Double(step.number))])
    }

    /// The line a headless run writes on standard error for such a warning (nil for any other event), so a script
    /// run without `--events` does not pass over it in silence.
    public static func stderrLine(_ e: Event) -> String? {
        guard e.name == "warning", e["step"] != nil, let m = e["message"]?.stringValue else { return nil }
        return "pushsim: warning: \(m)\n"
    }
}
