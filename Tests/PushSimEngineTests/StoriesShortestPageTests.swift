// A page shorter than one display frame (`duration: 1e-300` with `loop`): bounded to 60 pages a second (issue 38).

import Testing
@testable import PushSimEngine

/// The SDK schedules each page's one-shot `Timer` for the page's duration with no minimum (PushwooshInApp/Views/
/// PWStoriesInAppView.swift `scheduleAutoAdvance`, pushwoosh-ios-sdk 7.2.0; push stories' `StoriesPlayer`, 7.1.3), so a
/// page lasts one run-loop pass at least and is seen at most once a display refresh. pushsim shows each page for one
/// 60 Hz frame at least (`StoriesState.shortestPage`).
@Suite struct StoriesShortestPageTests {
    typealias F = InAppPlayFixtures

    @Test func aLoopingStoryOfNearZeroPagesTurnsOncePerFrameNotForEverAtOneInstant_PWStoriesInAppView_7_2_0() {
        var s = StoriesSim([1e-300, 1e-300], options: StoriesOptions(loop: true))
        s.start()
        s.wait(1)
        // t = 0, 1/60, …, 60/60: one page a frame (the last may fall a rounding either side of 1 s).
        #expect((60...61).contains(s.shows.count))
        // A loop finishes after its second page: the last one may still be due when the wait ends.
        #expect((s.shows.count / 2 - 1 ... s.shows.count / 2).contains(s.times("finish").count))
        let gaps = zip(s.times("show").dropFirst(), s.times("show")).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= StoriesState.shortestPage * (1 - 1e-9) })
        #expect(s.state.pages.map(\.duration) == [1e-300, 1e-300], "the pages keep the SDK's value; only the timer is bounded")
    }

    @Test func aPageOverOneFrameKeepsItsOwnDuration() {
        var s = StoriesSim([0.02, 5])
        s.start()
        #expect(s.state.timer?.fireAt == 0.02)
        s.wait(0.02)
        #expect(s.shows == [0, 1])
    }

    @Test func aResumedTinyPageEndsWithinItsFrame() {
        var s = StoriesSim([1e-300, 5], options: StoriesOptions(longPressPause: true))
        s.start()
        s.hold(0.3)  // a long press at 0.25 s: the first page's timer (1/60 s) already fired
        #expect(s.shows == [0, 1])
        var p = StoriesSim([1e-300, 5], options: StoriesOptions(longPressPause: true))
        p.start()
        p.send(.fingerDown(x: 45, width: 90, at: 0))
        p.send(.longPressThreshold(generation: p.state.finger!.generation, at: 0.001))
        p.now = 0.5
        p.send(.fingerUp(at: 0.5))
        // Paused 0.001 s into the page: the rest of its frame, not 1e-300 s.
        let fire = p.state.timer?.fireAt ?? 0
        #expect(abs(fire - (0.5 + StoriesState.shortestPage - 0.001)) < 1e-12)
    }

    @Test func aTimerAlwaysLiesAfterNowEvenWhereAFrameNoLongerAddsToTheClock() {
        var s = StoriesSim([1e-300], options: StoriesOptions(loop: true))
        s.now = 1e300
        s.start()
        #expect((s.state.timer?.fireAt ?? 0) > 1e300)
    }

    @Test func aLoopingNativeStoryOfNearZeroPagesEndsItsAdvanceWithBoundedEvents_PWStoriesInAppView_7_2_0() {
        var d = InAppDriver()
        d.arrive(F.stories("s1", durations: [1e-300, 1e-300, 1e-300], loop: true), at: 0)
        d.wait(until: 2)
        let pages = d.log.filter { $0.contains(" inapp_page ") }.count
        // Playback starts after the 0.25 s fade-in; then one page a frame.
        #expect(pages > 90 && pages <= Int(2 * 60) + 1)
        d.gesture(.swipe(.down), at: 2)
        d.wait(until: 3)
        #expect(d.log.last?.hasSuffix("inapp_closed s1") == true)
    }
}
