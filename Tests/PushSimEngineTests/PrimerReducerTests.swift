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
        #expect(h.effects.contains(.registerForPush))
        #expect(h.names.contains("system_prompt"))
        h.send(.tick, at: 1.26)
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
        #expect(h.effects.contains(.openSettingsURL))
        #expect(h.state.settingsOpen)
        h.send(.tick, at: 1.26)
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

    // spec §2.2 #5: no window can be created (no foreground window scene) → suppressed, after every earlier check.
    @Test func noWindowSuppressesAfterTheEarlierChecks() {
        func decide(_ s: AuthorizationStatus, _ c: PrimerConfig = PrimerConfig(), last: Double? = nil, onScreen: Bool = false) -> PrimerDecision {
            PrimerDecision.decide(status: s, config: c, lastShownAt: last, now: 200, onScreen: onScreen, windowScene: false)
        }
        #expect(decide(.notDetermined) == .suppress(.noWindow))
        #expect(decide(.ephemeral) == .suppress(.noWindow))
        #expect(decide(.denied) == .suppress(.noWindow), "denied with the fallback would show")
        #expect(decide(.authorized) == .suppress(.authorized))
        #expect(decide(.denied, PrimerConfig().fallbackToSettings(false)) == .suppress(.deniedNoFallback))
        #expect(decide(.notDetermined, PrimerConfig().minInterval(3600), last: 100) == .suppress(.throttled))
        #expect(decide(.notDetermined, onScreen: true) == .suppress(.onScreen))
    }

    @Test func backgroundAppIsSuppressedAndNothingIsStamped() {
        var h = PrimerHarness(PrimerConfig().minInterval(3600))
        h.send(.setWindowScene(false), at: 0)
        h.send(.present, at: 0)
        #expect(h.outcomes == [Event("outcome", ["outcome": "suppressed", "reason": "noWindow"])])
        #expect(h.state.presentation == nil && h.state.device.lastShownAt == nil, "not shown, so PWPushPrimerLastShownAt is not written")
        h.send(.setWindowScene(true), at: 1)
        h.send(.present, at: 1)
        #expect(h.names.last == "shown")
        // Going to the background does not take away a primer already on screen.
        h.send(.setWindowScene(false), at: 2)
        #expect(h.state.presentation != nil)
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
