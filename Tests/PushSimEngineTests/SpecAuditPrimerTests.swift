// Spec audit of the Push Primer (spec §2.1–2.4, §5.1–5.3): rules the older suites did not pin yet, one test each.

import Testing
@testable import PushSimEngine

@Suite struct SpecAuditPrimerTests {
    // spec §2.1 "A fresh builder on every access … Configuration is not shared between calls" and "Each call creates a new
    // PWPushPrimerPresenter": the primer on screen keeps the builder it was presented with; the next present uses the new one.
    @Test func eachPresentSnapshotsItsOwnBuilder() {
        var h = PrimerHarness(sheet.title("First"))
        h.send(.present, at: 0)
        h.state.config = PrimerConfig().style(.sheet).position(.top).title("Second")
        #expect(h.state.presentation?.config.title == "First")
        #expect(h.state.presentation?.config.position == .bottom)
        h.send(.decline, at: 1)
        h.send(.tick, at: 1.26)
        h.send(.present, at: 2)
        #expect(h.state.presentation?.config.title == "Second")
        #expect(h.events.last?.event == Event("shown", ["style": "sheet", "position": "top"]))
    }

    // spec §2.1 Enums: the SDK's cases in raw-value order (style 0,1; position 0,1,2; outcome 0…3; status 0…4).
    @Test func enumCasesInTheSDKsRawValueOrder() {
        #expect(PrimerStyle.allCases == [.alert, .sheet])
        #expect(PrimerPosition.allCases == [.bottom, .top, .center])
        #expect(PrimerOutcome.allCases == [.accepted, .declined, .suppressed, .redirectedToSettings])
        #expect(AuthorizationStatus.allCases.map(\.rawCode) == [0, 1, 2, 3, 4])
        #expect(AuthorizationStatus.allCases == [.notDetermined, .denied, .authorized, .provisional, .ephemeral])
    }

    // spec §2.2 "Accept in not-determined or ephemeral state": the alert's action handler registers (which asks iOS) and
    // reports `.accepted` at the tap.
    @Test func ephemeralAcceptRegistersAndIsAccepted() {
        var h = PrimerHarness(device: SimulatedDevice(status: .ephemeral))
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        #expect(h.effects.contains(.registerForPush))
        #expect(!h.effects.contains(.openSettingsURL))
        #expect(h.outcomes == [Event("outcome", ["outcome": "accepted"])])
        #expect(h.outcomeTimes() == [1])
    }

    // spec §2.2 "Inside onAccept, registerForPushNotifications is called, and the completion fires": in that order, after
    // the primer is dismissed.
    @Test func acceptRegistersBeforeTheOutcome() {
        var h = PrimerHarness()
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        let register = h.effects.firstIndex(of: .registerForPush)!
        let outcome = h.effects.firstIndex(of: .emit(Event("outcome", ["outcome": "accepted"])))!
        #expect(register < outcome)
        #expect(h.state.presentation == nil)
    }

    // spec §2.2 "Accept in denied state": "1. Dismisses; from the dismiss completion 2. opens … Settings 3. Outcome
    // .redirectedToSettings" — no registration, and (§5.2) the generic app-settings page, the only Settings target pushsim has.
    @Test func deniedAcceptOpensSettingsBeforeTheOutcomeAndDoesNotRegister() {
        var h = PrimerHarness(device: SimulatedDevice(status: .denied))
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        let open = h.effects.firstIndex(of: .openSettingsURL)!
        let outcome = h.effects.firstIndex(of: .emit(Event("outcome", ["outcome": "redirectedToSettings"])))!
        #expect(open < outcome)
        #expect(!h.effects.contains(.registerForPush))
        #expect(!h.names.contains("system_prompt"))
    }

    // spec §2.2 "Being in the denied state only changes what accept does": decline and the backdrop still decline.
    @Test func deniedStateLeavesDeclineAlone() {
        var a = PrimerHarness(device: SimulatedDevice(status: .denied))
        a.send(.present, at: 0)
        a.send(.decline, at: 1)
        #expect(a.outcomes == [Event("outcome", ["outcome": "declined"])])
        var s = PrimerHarness(sheet, device: SimulatedDevice(status: .denied))
        s.send(.present, at: 0)
        s.send(.tapOutside, at: 1)
        s.send(.tick, at: 2)
        #expect(s.outcomes == [Event("outcome", ["outcome": "declined"])])
        #expect(!s.effects.contains(.openSettingsURL))
    }

    // spec §2.2 row 1 / "Throttle persistence … Written when the primer is shown": a suppressed present shows nothing and
    // writes nothing, even with throttling on.
    @Test func suppressedPresentShowsNothingAndStampsNothing() {
        for status in [AuthorizationStatus.authorized, .provisional] {
            var h = PrimerHarness(sheet.minInterval(60), device: SimulatedDevice(status: status))
            h.send(.present, at: 0)
            #expect(h.state.presentation == nil)
            #expect(h.state.device.lastShownAt == nil)
            #expect(h.persisted.isEmpty)
            #expect(!h.names.contains("shown"))
        }
    }

    // spec §2.2 row 3: a throttled present is not a show, so it does not move PWPushPrimerLastShownAt forward.
    @Test func throttledPresentKeepsTheOldStamp() {
        var h = PrimerHarness(sheet.minInterval(600), device: SimulatedDevice(lastShownAt: 9_900), wall: 10_000)
        h.send(.present, at: 0)
        #expect(h.outcomes == [Event("outcome", ["outcome": "suppressed", "reason": "throttled"])])
        #expect(h.state.device.lastShownAt == 9_900)
        #expect(h.persisted.isEmpty)
        h.send(.present, at: 500)  // wall 10_500 = 9_900 + 600: exactly minInterval later
        #expect(h.names.last == "shown")
        #expect(h.state.device.lastShownAt == 10_500)
    }

    // spec §2.2 row 3 "minInterval > 0": a negative interval (which `--config` refuses as a likely typo, but a builder
    // could set) throttles nothing and stamps nothing, exactly like 0.
    @Test func negativeIntervalIsNoThrottle() {
        let c = PrimerConfig().minInterval(-60)
        #expect(PrimerDecision.decide(status: .notDetermined, config: c, lastShownAt: 100, now: 101, onScreen: false) == .show)
        var h = PrimerHarness(c, device: SimulatedDevice(lastShownAt: 100))
        h.send(.present, at: 0)
        #expect(h.names == ["shown"])
        #expect(h.state.device.lastShownAt == 100)
        #expect(h.persisted.isEmpty)
    }

    // spec §2.2 "Written when the primer is shown (before the user answers)": answering does not restamp.
    @Test func answeringDoesNotRestamp() {
        var h = PrimerHarness(sheet.minInterval(60), wall: 5_000)
        h.send(.present, at: 2)
        h.send(.accept, at: 40)
        h.send(.tick, at: 41)
        #expect(h.state.device.lastShownAt == 5_002)
        #expect(h.persisted.allSatisfy { $0.lastShownAt == 5_002 })
    }

    // spec §2.2 "Order matters: the throttle check (#3) comes before the on-screen check (#4)" — with throttling on, the
    // stamp written by the visible primer makes a second present report `throttled`, not `onScreen`.
    @Test func secondPresentWithThrottlingReportsThrottled() {
        var h = PrimerHarness(sheet.minInterval(60))
        h.send(.present, at: 0)
        h.send(.present, at: 1)
        #expect(h.outcomes == [Event("outcome", ["outcome": "suppressed", "reason": "throttled"])])
        #expect(h.state.presentation?.isDismissing == false, "the visible primer is untouched")
    }

    // spec §2.2 "The presenter keeps itself alive until dismissal" / row 4: a primer is on screen for its whole out
    // animation, and a present right after the outcome shows again (minInterval 0 never throttles).
    @Test func onScreenUntilTheOutcomeThenFree() {
        var h = PrimerHarness(sheet.position(.center))
        h.send(.present, at: 0)
        h.send(.accept, at: 1)
        h.send(.present, at: 1.25)
        #expect(h.outcomes.last == Event("outcome", ["outcome": "suppressed", "reason": "onScreen"]))
        h.send(.present, at: 1.26)
        #expect(h.outcomes.map { $0["outcome"]?.stringValue } == ["suppressed", "accepted"])
        #expect(h.names.last == "shown")
    }

    // spec §2.2 "No Reduce Motion handling in the primer" and "Completion timing": the sheet reports 0.26 s after the answer
    // in every position; the in animations are 0.5 s (bottom, top) and 0.3 s (center); the alert has none.
    @Test func timingIsTheSameForEveryPositionAndHasNoReduceMotionInput() {
        for position in PrimerPosition.allCases {
            var h = PrimerHarness(sheet.position(position))
            h.send(.present, at: 0)
            h.send(.decline, at: 0.1)
            h.send(.tick, at: 0.36)
            #expect(h.outcomeTimes() == [0.36], "\(position)")
        }
        #expect(sheet.position(.bottom).appearDuration == 0.5)
        #expect(sheet.position(.top).appearDuration == 0.5)
        #expect(sheet.position(.center).appearDuration == 0.3)
        #expect(PrimerConfig().position(.center).appearDuration == 0)
    }

    // spec §2.2 "The completion is optional": pushsim always reports the outcome as an event; a present with nothing to
    // show still reports (`suppressed`) exactly once.
    @Test func everyPresentReportsExactlyOnce() {
        var h = PrimerHarness(sheet)
        h.send(.present, at: 0)
        h.send(.present, at: 0.5)
        h.send(.decline, at: 1)
        h.send(.tick, at: 2)
        h.send(.setStatus(.authorized), at: 3)
        h.send(.present, at: 3)
        #expect(h.outcomes.count == 3)
    }

    // spec §2.4 "Default texts: accept "Allow", decline "Not now" in every position"; the builder's texts override them.
    @Test func defaultButtonTextsInEveryPosition() {
        for position in PrimerPosition.allCases {
            let c = sheet.position(position)
            #expect(c.acceptTitle == "Allow" && c.declineTitle == "Not now")
            #expect(c.acceptButton("Yes").declineButton("No").acceptTitle == "Yes")
        }
    }

    // spec §2.4 per-position table: card radius 28 / 24 / 22 and button radius 16 / 16 / 12; the overrides win.
    @Test func radiusDefaultsAndOverrides() {
        #expect(PrimerPosition.allCases.map { sheet.position($0).effectiveCornerRadius } == [28, 22, 24])
        #expect(PrimerPosition.allCases.map { sheet.position($0).effectiveButtonCornerRadius } == [16, 12, 16])
        #expect(sheet.position(.top).cornerRadius(0).effectiveCornerRadius == 0)
        #expect(sheet.position(.top).buttonCornerRadius(30).effectiveButtonCornerRadius == 30)
    }
}
