// The stories player on a simulated clock: every playback, gesture, CTA and fallback rule of spec §1.4–1.9.

import Testing
@testable import PushSimEngine

/// Drives the reducer like the runtime does: actions at the current time, `wait` fires timers at their exact times.
struct StoriesSim {
    var state: StoriesState
    var now = 0.0
    var log: [(t: Double, event: Event)] = []
    var effects: [StoriesEffect] = []

    init(_ durations: [Double] = [5, 5, 5], options: StoriesOptions = StoriesOptions(), ctaOn: Set<Int> = []) {
        let pages = durations.enumerated().map { i, d in
            StoryPage(image: "https://x/\(i).jpg", duration: d, link: ctaOn.contains(i) ? "app://p\(i)" : nil,
                      buttonTitle: ctaOn.contains(i) ? "Go" : nil)
        }
        state = StoriesState(pages: pages, body: "Body", options: options)
    }

    mutating func send(_ a: StoriesAction) {
        record(StoriesPlayer.reduce(&state, a))
    }

    mutating func record(_ e: [StoriesEffect]) {
        effects += e
        for ev in e.events { log.append((now, ev)) }
    }

    mutating func wait(_ seconds: Double) {
        let target = now + seconds
        while let d = state.nextDeadline, d <= target {
            now = d
            record(StoriesPlayer.advance(&state, to: d))
        }
        now = target
    }

    mutating func start() { send(.start(at: now)) }
    mutating func tapLeft() { send(.tap(x: 10, width: 90, at: now)) }
    mutating func tapRight() { send(.tap(x: 80, width: 90, at: now)) }
    mutating func tapMiddle() { send(.tap(x: 45, width: 90, at: now)) }
    mutating func hold(_ seconds: Double, x: Double = 45) {
        send(.fingerDown(x: x, width: 90, at: now))
        wait(seconds)
        send(.fingerUp(at: now))
    }

    var names: [String] { log.map(\.event.name) }
    var shows: [Int] { log.filter { $0.event.name == "show" }.compactMap { $0.event["index"]?.numberValue }.map { Int($0) } }
    func times(_ name: String) -> [Double] { log.filter { $0.event.name == name }.map(\.t) }
}

@Suite struct StoriesPlayerTests {
    // MARK: spec §1.4 start

    @Test func startsOnFirstPage() {
        var s = StoriesSim()
        s.start()
        #expect(s.names == ["start", "show"])
        #expect(s.log[0].event == Event("start", ["pageCount": 3]))
        #expect(s.state.index == 0)
        #expect(s.state.timer?.fireAt == 5)
    }

    @Test func emptyPayloadShowsFallbackWithBody() {
        var s = StoriesSim([])
        s.start()
        #expect(s.log.map(\.event) == [Event("fallback", ["body": "Body"])])
        #expect(s.state.phase == .fallback)
    }

    @Test func startLoadsFirstImageThenPrefetchesTheRest() {
        var s = StoriesSim()
        s.start()
        #expect(s.effects.filter { $0.event == nil } == [.loadImage("https://x/0.jpg"), .prefetch(["https://x/1.jpg", "https://x/2.jpg"])])
    }

    // MARK: spec §1.4 timer

    @Test func timerAdvancesAtEachPageDuration() {
        var s = StoriesSim([2, 3, 4])
        s.start()
        s.wait(5)
        #expect(s.shows == [0, 1, 2])
        #expect(s.times("show") == [0, 2, 5])
    }

    @Test func completionFiresOnce() {
        var s = StoriesSim([1, 1])
        s.start()
        s.wait(10)
        #expect(s.names == ["start", "show", "show", "finish"])
        #expect(s.times("finish") == [2])
        #expect(s.state.phase == .completed)
        #expect(s.state.timer == nil)
    }

    @Test func singlePageCompletesOnFirstTick() {
        var s = StoriesSim([3])
        s.start()
        s.wait(3)
        #expect(s.names == ["start", "show", "finish"])
    }

    @Test func staleTimerTickIsIgnored() {
        var s = StoriesSim()
        s.start()
        let old = s.state.timer!.generation
        s.wait(1)
        s.tapRight()  // reschedules with a new generation
        s.send(.timerFired(generation: old, at: 5))
        #expect(s.state.index == 1)
        #expect(s.shows == [0, 1])
    }

    // MARK: spec §1.6 tap zones

    @Test func leftThirdGoesBack() {
        var s = StoriesSim()
        s.start()
        s.tapRight()
        s.tapLeft()
        #expect(s.shows == [0, 1, 0])
    }

    @Test func leftThirdOnFirstPageRestartsPageZero() {
        var s = StoriesSim()
        s.start()
        s.wait(3)
        s.tapLeft()
        #expect(s.shows == [0, 0])
        #expect(s.state.timer?.fireAt == 8)
        #expect(s.state.fraction(at: 3) == 0)
    }

    @Test func boundaryAtOneThirdGoesForward() {
        var s = StoriesSim()
        s.start()
        s.send(.tap(x: 30, width: 90, at: 0))
        #expect(s.state.index == 1)
        s.send(.tap(x: 29.99, width: 90, at: 0))
        #expect(s.state.index == 0)
    }

    @Test func middleAndRightGoForward() {
        var s = StoriesSim()
        s.start()
        s.tapMiddle()
        s.tapRight()
        #expect(s.shows == [0, 1, 2])
    }

    @Test func forwardTapOnLastPageIsIgnored() {
        var s = StoriesSim([5, 5], options: StoriesOptions(haptics: true))
        s.start()
        s.tapRight()
        s.wait(2)
        s.tapRight()
        #expect(s.names == ["start", "show", "haptic", "show"])
        s.wait(3)
        #expect(s.names.last == "finish")
        #expect(s.times("finish") == [5])
    }

    @Test func forwardTapOnLastPageWhileLoopingRestartsWithHapticAndNoFinish() {
        var s = StoriesSim([5, 5], options: StoriesOptions(haptics: true, loop: true))
        s.start()
        s.tapRight()
        s.tapRight()
        #expect(s.names == ["start", "show", "haptic", "show", "haptic", "show"])
        #expect(s.shows == [0, 1, 0])
        #expect(!s.names.contains("finish"))
    }

    @Test func tapNavigationTimerRestartsTheFullDuration() {
        var s = StoriesSim([4, 6, 5])
        s.start()
        s.wait(1)
        s.tapRight()
        #expect(s.state.timer?.fireAt == 7)
    }

    // MARK: spec §1.4 after completion

    @Test func navigationWorksAfterCompletion() {
        var s = StoriesSim([1, 1])
        s.start()
        s.wait(2)
        s.tapLeft()
        #expect(s.shows == [0, 1, 0])
        #expect(s.state.phase == .playing)
    }

    @Test func backAfterCompletionReplaysAndFinishesAgain() {
        var s = StoriesSim([1, 1])
        s.start()
        s.wait(2)
        s.tapLeft()
        s.wait(5)
        #expect(s.names == ["start", "show", "show", "finish", "show", "show", "finish"])
        #expect(s.times("finish") == [2, 4])
    }

    @Test func forwardAfterCompletionDoesNothing() {
        var s = StoriesSim([1, 1])
        s.start()
        s.wait(2)
        s.tapRight()
        #expect(s.names.last == "finish")
        #expect(s.state.phase == .completed)
    }

    // MARK: spec §1.7 loop

    @Test func loopRestartsAfterFinishWithoutSecondStart() {
        var s = StoriesSim([1, 2], options: StoriesOptions(loop: true))
        s.start()
        s.wait(3)
        #expect(s.names == ["start", "show", "show", "finish", "show"])
        #expect(s.shows == [0, 1, 0])
        #expect(s.state.phase == .playing)
    }

    @Test func loopSendsOneFinishPerPass() {
        var s = StoriesSim([1, 1], options: StoriesOptions(loop: true))
        s.start()
        s.wait(6.5)
        #expect(s.times("finish") == [2, 4, 6])
        #expect(s.names.filter { $0 == "start" }.count == 1)
    }

    @Test func progressBarResetsOnLoop() {
        var s = StoriesSim([1, 1], options: StoriesOptions(loop: true))
        s.start()
        s.wait(1.5)
        #expect(s.state.segmentFractions(at: 1.5) == [1, 0.5])
        s.wait(0.5)
        #expect(s.state.segmentFractions(at: 2) == [0, 0])
        #expect(s.state.segmentFractions(at: 2.25) == [0.25, 0])
    }

    // MARK: spec §1.5 progress bar

    @Test func barFractionMath() {
        var s = StoriesSim([4, 8, 2])
        s.start()
        #expect(s.state.segmentFractions(at: 1) == [0.25, 0, 0])
        s.wait(6)
        #expect(s.state.segmentFractions(at: 6) == [1, 0.25, 0])
        #expect(s.state.timeLeft(at: 6) == 6)
        #expect(s.state.segmentFractions(at: 100) == [1, 1, 0])  // capped at 1 between ticks
    }

    @Test func barIsFullAndFrozenAfterCompletion() {
        var s = StoriesSim([1, 1])
        s.start()
        s.wait(2)
        #expect(s.state.segmentFractions(at: 50) == [1, 1])
    }

    @Test func tinyDurationFractionUsesTheMinimumDivisor() {
        var st = StoriesState(pages: [StoryPage(image: "a:b", duration: 0.001)])
        _ = StoriesPlayer.reduce(&st, .start(at: 0))
        #expect(st.fraction(at: 0.005) == 0.5)
    }

    // MARK: spec §1.6 long press

    @Test func longPressPausesAfterQuarterSecondAndResumesForTheRest() {
        var s = StoriesSim([5, 5], options: StoriesOptions(longPressPause: true))
        s.start()
        s.wait(1)
        s.send(.fingerDown(x: 45, width: 90, at: s.now))
        s.wait(0.2)
        #expect(!s.state.paused)
        s.wait(0.05)
        #expect(s.state.paused)
        #expect(s.times("pause") == [1.25])
        s.wait(10)
        #expect(s.state.index == 0)  // the timer is stopped while paused
        #expect(s.state.fraction(at: s.now) == 0.25)
        s.send(.fingerUp(at: s.now))
        #expect(s.log.last?.event == Event("resume", ["index": 0]))
        #expect(s.state.timer?.fireAt == 11.25 + 3.75)
        s.wait(3.75)
        #expect(s.shows == [0, 1])
    }

    @Test func pauseKeepsIndex() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.tapRight()
        s.hold(2)
        #expect(s.state.index == 1)
        #expect(s.log.filter { $0.event.name == "pause" || $0.event.name == "resume" }.map(\.event) == [Event("pause", ["index": 1]), Event("resume", ["index": 1])])
    }

    @Test func shortPressIsATap() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.hold(0.2)
        #expect(s.shows == [0, 1])
        #expect(!s.names.contains("pause"))
    }

    @Test func holdNeverNavigatesEvenWithPauseDisabled() {
        var s = StoriesSim()
        s.start()
        s.hold(0.25)
        s.hold(1, x: 5)
        #expect(s.shows == [0])
        #expect(!s.names.contains("pause"))
        #expect(s.state.timer?.fireAt == 5)  // the timer kept running
    }

    @Test func longPressCannotPauseAfterCompletion() {
        var s = StoriesSim([1], options: StoriesOptions(longPressPause: true))
        s.start()
        s.wait(1)
        s.hold(1)
        #expect(s.names == ["start", "show", "finish"])
    }

    @Test func resumeAfterCompletionIsANoOp() {
        var s = StoriesSim([1], options: StoriesOptions(longPressPause: true))
        s.start()
        s.wait(0.9)
        s.send(.fingerDown(x: 45, width: 90, at: s.now))
        s.wait(0.5)  // completes at 1.0 before the 0.25 s threshold at 1.15
        s.send(.fingerUp(at: s.now))
        #expect(s.names == ["start", "show", "finish"])
        #expect(s.state.phase == .completed)
    }

    @Test func releaseWithoutThresholdTickStillCountsAsLongPress() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.send(.fingerDown(x: 45, width: 90, at: 0))
        s.send(.fingerUp(at: 0.3))
        #expect(s.shows == [0])
        #expect(s.names.suffix(2) == ["pause", "resume"])
    }

    @Test func staleLongPressTickIsIgnored() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.send(.fingerDown(x: 45, width: 90, at: 0))
        let g = s.state.finger!.generation
        s.send(.fingerUp(at: 0.1))
        s.send(.fingerDown(x: 45, width: 90, at: 0.2))
        s.send(.longPressThreshold(generation: g, at: 0.35))
        #expect(!s.state.paused)
    }

    // MARK: spec §1.7 CTA

    @Test func ctaTapSendsActionThenOpensThenDismissesAndFreezesTheBar() {
        var s = StoriesSim([5, 5], ctaOn: [1])
        s.start()
        s.tapRight()
        s.wait(2)
        s.send(.button(at: s.now))
        #expect(s.log.suffix(3).map(\.event) == [Event("action", ["index": 1, "link": "app://p1"]),
                                                 Event("open_url", ["url": "app://p1"]), Event("dismiss")])
        #expect(s.effects.contains(.openURL("app://p1")))
        #expect(s.state.phase == .dismissed)
        #expect(s.state.fraction(at: 100) == 0.4)
        s.wait(10)
        #expect(s.shows == [0, 1])
    }

    @Test func buttonWithoutCallToActionDoesNothing() {
        var s = StoriesSim([5, 5], ctaOn: [1])
        s.start()
        s.send(.button(at: 0))
        #expect(s.names == ["start", "show"])
    }

    // MARK: spec §1.7 haptics

    @Test func hapticsOnlyOnTapNavigation() {
        var s = StoriesSim([1, 1, 5], options: StoriesOptions(haptics: true, longPressPause: true), ctaOn: [2])
        s.start()
        s.wait(1)  // auto-advance: no haptic
        s.tapLeft()
        s.hold(1)  // long press: no haptic
        s.tapRight()
        s.send(.button(at: s.now))
        #expect(s.names.filter { $0 == "haptic" }.count == 2)
    }

    @Test func noHapticsWhenDisabled() {
        var s = StoriesSim()
        s.start()
        s.tapRight()
        s.tapLeft()
        #expect(!s.names.contains("haptic"))
        #expect(!s.effects.contains(.haptic))
    }

    // MARK: spec §1.8 fallback

    @Test func fallbackTapsDoNothing() {
        var s = StoriesSim([])
        s.start()
        s.tapRight()
        s.tapLeft()
        s.hold(1)
        s.send(.button(at: s.now))
        #expect(s.names == ["fallback"])
    }

    // MARK: dismiss and host suspension

    @Test func dismissStopsEverything() {
        var s = StoriesSim()
        s.start()
        s.send(.dismiss(at: 1))
        s.wait(20)
        s.tapRight()
        #expect(s.names == ["start", "show", "dismiss"])
    }

    @Test func suspendFreezesWithoutEventsAndUnsuspendContinues() {
        var s = StoriesSim([4, 4])
        s.start()
        s.wait(1)
        s.send(.suspend(at: 1))
        s.wait(10)
        #expect(s.state.fraction(at: s.now) == 0.25)
        s.send(.unsuspend(at: s.now))
        #expect(s.state.timer?.fireAt == 14)
        #expect(s.names == ["start", "show"])
    }

    @Test func startTwiceIsIgnored() {
        var s = StoriesSim()
        s.start()
        s.start()
        #expect(s.names == ["start", "show"])
    }
}
