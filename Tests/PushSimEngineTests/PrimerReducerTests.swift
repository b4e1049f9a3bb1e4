// The primer's decision, outcomes and timing on a simulated clock (spec §2.2).

import Testing
@testable import PushSimEngine

/// A small driver: the state, the events with their run times, and what was persisted.
struct PrimerHarness {
    var state: PrimerState
    var events: [(t: Double, event: Event)] = []
    var persisted: [SimulatedDevice] = []
    var effects: [PrimerEffect] = []

    init(_ config: PrimerConfig = PrimerConfig(), device: SimulatedDevice = SimulatedDevice(), wall: Double = 1_000_000) {
        state = PrimerState(config: config, device: device, wallClockAtStart: wall)
    }

    mutating func send(_ a: PrimerAction, at t: Double) {
        let fx = PrimerReducer.reduce(&state, a, at: t)
        effects += fx
        for e in fx {
            switch e {
            case .emit(let ev): events.append((t, ev))
            case .persist(let d): persisted.append(d)
            default: break
            }
        }
    }

    var names: [String] { events.map(\.event.name) }
    var outcomes: [Event] { events.map(\.event).filter { $0.name == "outcome" } }
    func outcomeTimes() -> [Double] { events.filter { $0.event.name == "outcome" }.map(\.t) }
}

let sheet = PrimerConfig().style(.sheet)

@Suite struct PrimerDecisionTests {
    // spec §2.1: builder defaults.
    @Test func builderDefaults() {
        let c = PrimerConfig()
        #expect(c.style == .alert)
        #expect(c.position == .bottom)
        #expect(c.fallbackToSettings == true)
        #expect(c.minInterval == 0)
        #expect(c.acceptTitle == "Allow")
        #expect(c.declineTitle == "Not now")
        #expect(c.title == nil && c.message == nil && c.backgroundColor == nil && c.acceptButtonColor == nil)
    }

    // spec §2.1: the fluent chain accumulates (testFluentChainAccumulatesConfig).
    @Test func fluentChainAccumulates() {
        let c = PrimerConfig().style(.sheet).position(.center).title("Hi").minInterval(60).fallbackToSettings(false)
        #expect(c.style == .sheet && c.position == .center && c.title == "Hi" && c.minInterval == 60 && !c.fallbackToSettings)
    }

    // spec §2.2 #1.
    @Test func authorizedAndProvisionalSuppress() {
        for (s, r) in [(AuthorizationStatus.authorized, SuppressReason.authorized), (.provisional, .provisional)] {
            #expect(PrimerDecision.decide(status: s, config: PrimerConfig(), lastShownAt: nil, now: 0, onScreen: false) == .suppress(r))
        }
    }

    // spec §2.2 #2: denied shows only with the fallback.
    @Test func deniedWithoutFallbackSuppresses() {
        let off = PrimerConfig().fallbackToSettings(false)
        #expect(PrimerDecision.decide(status: .denied, config: off, lastShownAt: nil, now: 0, onScreen: false) == .suppress(.deniedNoFallback))
        #expect(PrimerDecision.decide(status: .denied, config: PrimerConfig(), lastShownAt: nil, now: 0, onScreen: false) == .show)
    }

    // spec §2.2 "Status handling": ephemeral is not special-cased.
    @Test func ephemeralShows() {
        #expect(PrimerDecision.decide(status: .ephemeral, config: PrimerConfig(), lastShownAt: nil, now: 0, onScreen: false) == .show)
    }

    // spec §2.2 #3: now − lastShown < minInterval is throttled; exactly minInterval shows.
    @Test func throttleBoundaryIsExclusive() {
        let c = PrimerConfig().minInterval(3600)
        #expect(PrimerDecision.decide(status: .notDetermined, config: c, lastShownAt: 1000, now: 1000 + 3599.999, onScreen: false) == .suppress(.throttled))
        #expect(PrimerDecision.decide(status: .notDetermined, config: c, lastShownAt: 1000, now: 1000 + 3600, onScreen: false) == .show)
    }

    // spec §2.2 #3: a last-shown value of 0 (or none) never throttles; minInterval 0 never reads the key.
    @Test func throttleNeedsPositiveStampAndInterval() {
        #expect(PrimerDecision.decide(status: .notDetermined, config: PrimerConfig().minInterval(3600), lastShownAt: 0, now: 10, onScreen: false) == .show)
        #expect(PrimerDecision.decide(status: .notDetermined, config: PrimerConfig(), lastShownAt: 5, now: 10, onScreen: false) == .show)
    }

    // spec §2.2 "Order matters": the throttle is checked before the on-screen flag.
    @Test func throttleComesBeforeOnScreen() {
        let c = PrimerConfig().minInterval(3600)
        #expect(PrimerDecision.decide(status: .notDetermined, config: c, lastShownAt: 100, now: 200, onScreen: true) == .suppress(.throttled))
        #expect(PrimerDecision.decide(status: .notDetermined, config: PrimerConfig(), lastShownAt: nil, now: 200, onScreen: true) == .suppress(.onScreen))
    }

    // spec §2.2: authorized wins over the throttle and the fallback (first match wins).
    @Test func statusIsCheckedFirst() {
        let c = PrimerConfig().minInterval(3600).fallbackToSettings(false)
        #expect(PrimerDecision.decide(status: .authorized, config: c, lastShownAt: 100, now: 200, onScreen: true) == .suppress(.authorized))
        #expect(PrimerDecision.decide(status: .denied, config: c, lastShownAt: 100, now: 200, onScreen: true) == .suppress(.deniedNoFallback))
    }
}

@Suite struct PrimerReducerTests {
    // spec §2.2 "Completion timing": the sheet reports after its 0.26 s out animation.
    @Test func sheetOutcomeAfterDismissAnimation() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.decline, at: 2)
        #expect(h.outcomes.isEmpty)
        #expect(h.state.nextDeadline == 2.26)
        h.send(.tick, at: 2.259)
        #expect(h.outcomes.isEmpty)
        h.send(.tick, at: 2.26)
        #expect(h.outcomes.map { $0["outcome"]?.stringValue } == ["declined"])
        #expect(h.outcomeTimes() == [2.26])
        #expect(h.state.presentation == nil)
    }

    // spec §2.2: the alert reports in the action handler, at once.
    @Test func alertOutcomeImmediately() {
        var h = PrimerHarness()
        h.send(.present, at: 0)
        h.send(.decline, at: 1.5)
        #expect(h.outcomeTimes() == [1.5])
        #expect(h.state.presentation == nil)
    }

    // spec §2.2 / §5.3: accepted is reported when registration is requested, not after the system prompt's answer.
    @Test func acceptedDoesNotWaitForSystemAnswer() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        h.send(.tick, at: 1.26)
        #expect(h.effects.contains(.registerForPush))
        #expect(h.names.contains("system_prompt"))
        #expect(h.outcomes.first?["outcome"] == "accepted")
        #expect(h.state.systemPrompt != nil, "the prompt is still waiting for an answer")
        #expect(h.state.device.status == .notDetermined)
        h.send(.answerPrompt(allow: true), at: 5)
        #expect(h.state.device.status == .authorized)
        #expect(h.events.last?.event == Event("authorization", ["status": "authorized"]))
        #expect(h.persisted.last?.status == .authorized)
    }

    @Test func dontAllowDenies() {
        var h = PrimerHarness()
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        h.send(.answerPrompt(allow: false), at: 2)
        #expect(h.state.device.status == .denied)
        #expect(h.names == ["shown", "system_prompt", "outcome", "authorization"])
    }

    // iOS asks once: a second registration after the prompt was shown does not prompt again.
    @Test func systemPromptIsOneShot() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        h.send(.tick, at: 2)
        #expect(h.state.device.systemPromptShown)
        h.send(.present, at: 3)  // the prompt is still unanswered; status is still notDetermined
        h.send(.accept, at: 4)
        h.send(.tick, at: 5)
        #expect(h.names.filter { $0 == "system_prompt" }.count == 1)
        #expect(h.outcomes.map { $0["outcome"]?.stringValue } == ["accepted", "accepted"])
    }

    // spec §2.2 "Accept in denied state": Settings opens, outcome redirectedToSettings, no prompt.
    @Test func acceptWhenDeniedRedirectsToSettings() {
        var h = PrimerHarness(sheet, device: SimulatedDevice(status: .denied))
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        h.send(.tick, at: 1.26)
        #expect(h.effects.contains(.openSettingsURL))
        #expect(h.state.settingsOpen)
        #expect(h.names == ["shown", "open_settings", "outcome"])
        #expect(h.outcomes.first?["outcome"] == "redirectedToSettings")
        h.send(.settingsNotifications(on: true), at: 3)
        #expect(h.state.device.status == .authorized)
    }

    // spec §2.2 "Decline": a tap on the sheet's backdrop declines; an alert has no outside tap.
    @Test func tapOutsideDeclinesSheetOnly() {
        var h = PrimerHarness(sheet.position(.center))
        h.send(.present, at: 0)
        h.send(.tapOutside, at: 1)
        h.send(.tick, at: 1.26)
        #expect(h.outcomes.first?["outcome"] == "declined")

        var a = PrimerHarness()
        a.send(.present, at: 0)
        a.send(.tapOutside, at: 1)
        #expect(a.outcomes.isEmpty)
        #expect(a.state.presentation != nil)
        #expect(a.effects.contains(.ignored("an alert ignores taps outside it")))
    }

    // spec §2.2 "Second present while one is showing": suppressed, the visible one untouched.
    @Test func secondPresentIsSuppressedWithoutTouchingTheVisibleOne() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.toggleFocus, at: 0.5)
        let before = h.state.presentation
        h.send(.present, at: 1)
        #expect(h.outcomes == [Event("outcome", ["outcome": "suppressed", "reason": "onScreen"])])
        #expect(h.state.presentation == before)
        // Still on screen while its out animation runs.
        h.send(.decline, at: 2)
        h.send(.present, at: 2.1)
        #expect(h.outcomes.last?["reason"] == "onScreen")
        h.send(.tick, at: 2.26)
        h.send(.present, at: 3)
        #expect(h.names.last == "shown")
    }

    // spec §2.2 #5 (corrected): makeWindow always returns a window; with no connected scene the primer is still shown
    // (event, throttle stamp, on-screen flag) in a window attached to none, which no one sees or can tap.
    @Test func appWithoutASceneStillShowsThePrimerInvisibly() {
        var h = PrimerHarness(sheet.minInterval(3600), wall: 10_000)
        h.send(.setWindowScene(false), at: 0)
        h.send(.present, at: 0)
        #expect(h.events.map(\.event) == [Event("shown", ["style": "sheet", "position": "bottom", "visible": false])])
        #expect(h.state.presentation?.attachedToScene == false)
        #expect(h.state.device.lastShownAt == 10_000, "PWPushPrimerLastShownAt is written on show, scene or not")
        #expect(h.persisted.last?.lastShownAt == 10_000)
        for a in [PrimerAction.accept, .decline, .tapOutside, .pressFocused] { h.send(a, at: 1) }
        h.send(.tick, at: 5)
        #expect(h.outcomes.isEmpty, "nothing can tap a window that belongs to no scene")
        #expect(h.effects.filter { $0 == .ignored(PrimerReducer.sceneless) }.count == 4)
        // Coming to the front does not attach the existing window: the flag stays held, so later presents are suppressed
        // (here the throttle, checked first, already stops them).
        h.send(.setWindowScene(true), at: 6)
        h.send(.present, at: 6)
        #expect(h.outcomes.last?["reason"] == "throttled")

        var z = PrimerHarness(sheet, device: SimulatedDevice(hasWindowScene: false))
        z.send(.present, at: 0)
        z.send(.setWindowScene(true), at: 1)
        z.send(.present, at: 1)
        #expect(z.outcomes == [Event("outcome", ["outcome": "suppressed", "reason": "onScreen"])])
        #expect(z.state.presentation?.attachedToScene == false)
        // The decision has no window rule left: every status decides as with a scene.
        for status in AuthorizationStatus.allCases {
            var a = PrimerHarness(device: SimulatedDevice(status: status, hasWindowScene: false))
            var b = PrimerHarness(device: SimulatedDevice(status: status))
            a.send(.present, at: 0)
            b.send(.present, at: 0)
            #expect(a.names == b.names, "\(status)")
            #expect(a.outcomes == b.outcomes, "\(status)")
        }
    }

    // Going to the background does not take away a primer already attached to a scene; it can still be answered.
    @Test func goingToTheBackgroundKeepsAVisiblePrimer() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.setWindowScene(false), at: 1)
        #expect(h.state.presentation?.attachedToScene == true)
        h.send(.decline, at: 2)
        h.send(.tick, at: 2.26)
        #expect(h.outcomes == [Event("outcome", ["outcome": "declined"])])
    }

    // spec §2.2 "Throttle persistence": written on show, before the answer, only with minInterval > 0.
    @Test func lastShownWrittenOnShowOnlyWithInterval() {
        var h = PrimerHarness(sheet.minInterval(600), wall: 5_000)
        h.send(.present, at: 2)
        #expect(h.state.device.lastShownAt == 5_002)
        #expect(h.persisted.first?.lastShownAt == 5_002)

        var z = PrimerHarness(sheet, device: SimulatedDevice(lastShownAt: 42), wall: 5_000)
        z.send(.present, at: 2)
        #expect(z.state.device.lastShownAt == 42)
        #expect(z.persisted.isEmpty)
    }

    // The wall clock moves with run time and `advance`; the throttle opens exactly at minInterval.
    @Test func throttleOnSimulatedClock() {
        var h = PrimerHarness(PrimerConfig().minInterval(3600), wall: 10_000)
        h.send(.present, at: 0)
        h.send(.decline, at: 1)
        h.send(.present, at: 2)
        #expect(h.outcomes.last == Event("outcome", ["outcome": "suppressed", "reason": "throttled"]))
        #expect(h.state.throttleEnds() == 13_600)
        h.send(.advanceClock(seconds: 3_597), at: 2)  // wall = 10_000 + 2 + 3_597 = 13_599
        h.send(.present, at: 2)
        #expect(h.outcomes.last?["reason"] == "throttled")
        h.send(.present, at: 3)  // wall = 13_600: exactly minInterval later
        #expect(h.names.last == "shown")
    }

    @Test func keyboardFocusAndPress() {
        var h = PrimerHarness()
        h.send(.present, at: 0)
        #expect(h.state.presentation?.focus == .accept)
        h.send(.toggleFocus, at: 0)
        h.send(.pressFocused, at: 0)
        #expect(h.outcomes.first?["outcome"] == "declined")
        var p = PrimerHarness()
        p.send(.present, at: 0)
        p.send(.pressFocused, at: 0)
        #expect(p.state.systemPrompt?.focus == .accept)
        p.send(.toggleFocus, at: 0)
        p.send(.pressFocused, at: 0)
        #expect(p.state.device.status == .denied)
    }

    @Test func answersWhileClosingAreIgnored() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.decline, at: 1)
        h.send(.accept, at: 1.1)
        h.send(.tick, at: 2)
        #expect(h.outcomes.map { $0["outcome"]?.stringValue } == ["declined"])
        #expect(!h.names.contains("system_prompt"))
    }

    @Test func settingsSwitch() {
        var h = PrimerHarness(device: SimulatedDevice(status: .authorized))
        h.send(.settingsNotifications(on: false), at: 0)
        #expect(h.state.device.status == .denied)
        h.send(.settingsNotifications(on: true), at: 0)
        #expect(h.state.device.status == .authorized)
        #expect(h.names == ["authorization", "authorization"])
    }

    @Test func choosingNotDeterminedForgetsThePrompt() {
        var h = PrimerHarness(device: SimulatedDevice(status: .denied, systemPromptShown: true))
        h.send(.setStatus(.notDetermined), at: 0)
        #expect(!h.state.device.systemPromptShown)
        #expect(AuthorizationStatus.provisional.next == .ephemeral)
        #expect(AuthorizationStatus.ephemeral.next == .notDetermined)
    }

    @Test func shownEventCarriesStyleAndPosition() {
        var h = PrimerHarness(sheet.position(.top))
        h.send(.present, at: 0)
        #expect(h.events.first?.event == Event("shown", ["style": "sheet", "position": "top"]))
    }
}

/// Every accept path, on the clock: what comes at the tap and what at the end of the dismiss (spec §2.2, corrected).
@Suite struct PrimerAcceptTimingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var style: PrimerStyle
        var status: AuthorizationStatus
        var fallback = true
        /// The events of present at 0 and accept at 1, with their run times.
        var expected: [(Double, String)]
        var testDescription: String { "\(style.rawValue), \(status.rawValue), fallback \(fallback ? "on" : "off")" }
    }

    static let cases: [Case] = [
        // Sheet: onAccept runs from the completion of the 0.26 s dismiss, so the prompt or Settings and the outcome
        // come together at 1.26, never at the tap.
        Case(style: .sheet, status: .notDetermined, expected: [(0, "shown"), (1.26, "system_prompt"), (1.26, "outcome accepted")]),
        Case(style: .sheet, status: .ephemeral, expected: [(0, "shown"), (1.26, "system_prompt"), (1.26, "outcome accepted")]),
        Case(style: .sheet, status: .denied, expected: [(0, "shown"), (1.26, "open_settings"), (1.26, "outcome redirectedToSettings")]),
        // Alert: onAccept runs in the UIAlertAction handler, at the tap.
        Case(style: .alert, status: .notDetermined, expected: [(0, "shown"), (1, "system_prompt"), (1, "outcome accepted")]),
        Case(style: .alert, status: .ephemeral, expected: [(0, "shown"), (1, "system_prompt"), (1, "outcome accepted")]),
        Case(style: .alert, status: .denied, expected: [(0, "shown"), (1, "open_settings"), (1, "outcome redirectedToSettings")]),
        // Nothing shows, so there is nothing to accept: only present's own completion, at once.
        Case(style: .sheet, status: .denied, fallback: false, expected: [(0, "outcome suppressed")]),
        Case(style: .alert, status: .denied, fallback: false, expected: [(0, "outcome suppressed")]),
        Case(style: .sheet, status: .authorized, expected: [(0, "outcome suppressed")]),
        Case(style: .alert, status: .authorized, expected: [(0, "outcome suppressed")]),
        Case(style: .sheet, status: .provisional, expected: [(0, "outcome suppressed")]),
    ]

    @Test(arguments: cases)
    func acceptPath(_ c: Case) {
        var h = PrimerHarness(PrimerConfig().style(c.style).fallbackToSettings(c.fallback), device: SimulatedDevice(status: c.status))
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        if c.style == .sheet && h.state.presentation != nil {
            // During the dismiss: no prompt, no Settings, no registration, no outcome yet.
            h.send(.tick, at: 1.25)
            #expect(h.state.systemPrompt == nil && !h.state.settingsOpen)
            #expect(!h.effects.contains(.registerForPush) && !h.effects.contains(.openSettingsURL))
            #expect(h.names == ["shown"])
            h.send(.tick, at: 1.26)
        }
        h.send(.tick, at: 3)
        let seen = h.events.map { e in (e.t, e.event.name + (e.event["outcome"]?.stringValue.map { " " + $0 } ?? "")) }
        #expect(seen.map(\.0) == c.expected.map(\.0))
        #expect(seen.map(\.1) == c.expected.map(\.1))
        // The system prompt and Settings are there from the moment their events are.
        #expect((h.state.systemPrompt != nil) == h.names.contains("system_prompt"))
        #expect(h.state.settingsOpen == h.names.contains("open_settings"))
        if let prompt = h.state.systemPrompt { #expect(prompt.shownAt == c.expected[1].0) }
    }

    // spec §2.2 "The denied state is the one read when present ran": Settings turned on while a denied primer is up
    // still sends accept to Settings; a device denied while a notDetermined primer is up still registers (no prompt:
    // iOS has decided).
    @Test func acceptUsesTheStatusReadAtPresent() {
        var d = PrimerHarness(sheet, device: SimulatedDevice(status: .denied))
        d.send(.present, at: 0)
        d.send(.settingsNotifications(on: true), at: 0.5)
        d.send(.accept, at: 1)
        d.send(.tick, at: 1.26)
        #expect(d.outcomes.last == Event("outcome", ["outcome": "redirectedToSettings"]))
        #expect(d.effects.contains(.openSettingsURL) && !d.effects.contains(.registerForPush))

        var n = PrimerHarness(sheet)
        n.send(.present, at: 0)
        n.send(.setStatus(.denied), at: 0.5)
        n.send(.accept, at: 1)
        n.send(.tick, at: 1.26)
        #expect(n.outcomes.last == Event("outcome", ["outcome": "accepted"]))
        #expect(n.effects.contains(.registerForPush) && !n.effects.contains(.openSettingsURL))
        #expect(!n.names.contains("system_prompt"))
    }

    // A status changed during the dismiss is what iOS sees when registration is requested at its end.
    @Test func thePromptDependsOnTheStatusAtTheEndOfTheDismiss() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        h.send(.setStatus(.authorized), at: 1.1)
        h.send(.tick, at: 1.26)
        #expect(h.outcomes == [Event("outcome", ["outcome": "accepted"])])
        #expect(!h.names.contains("system_prompt") && h.state.systemPrompt == nil)
    }
}
