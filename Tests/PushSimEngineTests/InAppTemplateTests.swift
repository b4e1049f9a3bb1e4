// Each native template's behaviour over simulated time (PushwooshInApp/Views, 7.2.x): banner timer, stories,
// carousel, video and pip players, scratch card grid, spin wheel and reward panel.

import Testing
@testable import PushSimEngine

@Suite struct InAppTemplateTests {
    typealias F = InAppPlayFixtures

    @Test func bannerAutoDismissCountsFromTheEndOfItsSlideIn() {
        var d = InAppDriver()
        d.arrive(F.banner("40213", auto: 6), at: 0)
        d.wait(until: 10)
        #expect(d.log.last == "6.7 inapp_closed 40213")  // 0.45 slide-in + 6 s, then the 0.25 s slide-out
    }

    @Test func bannerTapRunsItsActionAndASwipeTowardItsEdgeCloses() {
        var d = InAppDriver()
        d.arrive(F.banner("b", auto: 0), at: 0)
        d.gesture(.tap, at: 1)
        d.wait(until: 2)
        #expect(d.log.suffix(2) == ["1 inapp_clicked b https://x.io/b", "1.25 inapp_closed b"])
        d.arrive(F.banner("bottom", auto: 0, position: .bottom), at: 2)
        d.gesture(.swipe(.up), at: 3)
        #expect(d.p.current != nil)
        d.gesture(.swipe(.down), at: 3)
        #expect(d.p.current == nil)
    }

    @Test func storiesStartAfterTheFadeInRunEachPageAndCloseAfterTheLast() {
        var d = InAppDriver()
        d.arrive(F.stories("s"), at: 0)
        d.wait(until: 60)
        #expect(Array(d.log.dropFirst(2)) == ["0.25 inapp_page s 0", "5.25 inapp_page s 1", "12.75 inapp_page s 2",
                                              "42.95 inapp_closed s"])
    }

    @Test func storiesLoopRestartsAtPageZero() {
        var d = InAppDriver()
        d.arrive(F.stories("s", durations: [1, 1], loop: true), at: 0)
        d.wait(until: 2.5)
        #expect(Array(d.log.dropFirst(2)) == ["0.25 inapp_page s 0", "1.25 inapp_page s 1", "2.25 inapp_page s 0"])
    }

    @Test func storiesTapZonesHoldAndTheLastPageTap() {
        var d = InAppDriver()
        d.arrive(F.stories("s", durations: [5, 5]), at: 0)
        d.wait(until: 1)
        d.gesture(.tapAt(0.1), at: 1)        // back on page 0 restarts it
        d.gesture(.tapAt(0.5), at: 2)        // forward
        #expect(d.log.suffix(2) == ["1 inapp_page s 0", "2 inapp_page s 1"])
        // A hold pauses the page; its remaining time runs after the release.
        d.gesture(.fingerDown, at: 3)
        d.wait(until: 13)
        d.gesture(.fingerUp, at: 13)
        #expect(d.p.current != nil)
        d.wait(until: 20)
        // The hold is recognised at 3.25, 1.25 s into page 1; 3.75 s are left after the release at 13.
        #expect(d.log.last == "16.95 inapp_closed s")
    }

    @Test func storiesForwardTapOnTheLastPageWithoutLoopClosesAndSwipeDownCloses() {
        var d = InAppDriver()
        d.arrive(F.stories("s", durations: [5]), at: 0)
        d.wait(until: 1)
        d.gesture(.tapAt(0.9), at: 1)
        #expect(d.p.current == nil)
        d.arrive(F.stories("t", durations: [5, 5]), at: 2)
        d.gesture(.swipe(.down), at: 3)
        #expect(d.p.current == nil)
    }

    @Test func storiesButtonIsThePagesOwn() {
        var d = InAppDriver()
        d.arrive(F.stories("s", durations: [5, 5]), at: 0)
        d.wait(until: 1)
        let took1 = d.gesture(.button(0), at: 1)  // page 0 has no buttons
        #expect(!took1)
        d.gesture(.tapAt(0.5), at: 2)
        d.gesture(.button(0), at: 3)
        #expect(d.log.contains("3 inapp_clicked s https://x.io/cook"))
    }

    @Test func carouselPagesByHandWithoutWrapping() {
        var d = InAppDriver()
        d.arrive(F.carousel("c"), at: 0)
        #expect(d.log.last == "0 inapp_page c 0")
        d.gesture(.swipe(.right), at: 1)
        d.gesture(.swipe(.left), at: 2)
        d.gesture(.swipe(.left), at: 3)
        d.gesture(.swipe(.left), at: 4)
        #expect(d.log.filter { $0.contains("inapp_page") } == ["0 inapp_page c 0", "2 inapp_page c 1", "3 inapp_page c 2"])
        d.gesture(.tap, at: 5)                // slide 2 has no action: nothing
        #expect(d.p.current != nil)
        d.gesture(.tapOutside, at: 6)         // the 80 % scrim closes
        #expect(d.p.current == nil)
    }

    @Test func videoIsReadyAfterHalfASecondAndFailsToItsFallbackOrCloses() {
        var d = InAppDriver()
        d.arrive(F.video("v", fallback: "file:///f.png"), at: 0)
        #expect(d.p.presentations(at: 0.4).last?.player.status == .loading)
        #expect(d.p.presentations(at: 0.6).last?.player.status == .playing)
        d.gesture(.videoFail, at: 1)
        #expect(d.p.presentations(at: 1).last?.player.status == .fallback)
        d.p.dismissAll(at: 2); d.wait(until: 3)
        d.arrive(F.video("w"), at: 3)
        d.gesture(.videoFail, at: 3.2)
        d.wait(until: 4)
        #expect(d.log.last == "3.42 inapp_closed w")
    }

    @Test func videoEndLoopsOrStaysOnTheLastFrameAndMuteToggles() {
        var d = InAppDriver()
        d.arrive(F.video("v", loop: false), at: 0)
        d.gesture(.videoReady, at: 0.1)
        d.gesture(.mute, at: 1)
        d.gesture(.videoEnd, at: 2)
        let p = d.p.presentations(at: 3).last!
        #expect(p.player.status == .ended && !p.player.muted)
        #expect(abs(p.player.position - 1.9) < 1e-9)
        #expect(d.p.current != nil)
    }

    @Test func pipSitsInItsCornerSnapsToTheNearestAndTogglesExpand() {
        var d = InAppDriver()
        d.arrive(F.pip("p"), at: 0)
        let p0 = d.p.presentations(at: 1).last!
        // iPhone 15 (393 × 852 pt): 393 × 0.4 = 157.2 wide, 88.425 high; 14 pt inside the safe area (insets 59 and 34).
        func near(_ a: InAppPoint, _ b: InAppPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }
        #expect(near(p0.pipCenter, InAppPoint(x: 393 - 14 - 78.6, y: 852 - 34 - 14 - 88.425 / 2)))
        d.gesture(.pipDrag(InAppPoint(x: 0.2, y: 0.3)), at: 2)
        #expect(near(d.p.presentations(at: 2.35).last!.pipCenter, InAppPoint(x: 14 + 78.6, y: 59 + 14 + 88.425 / 2)))
        d.gesture(.tap, at: 3)
        #expect(d.p.presentations(at: 3).last!.pipExpanded)
        d.gesture(.expand, at: 4)
        #expect(!d.p.presentations(at: 4).last!.pipExpanded)
    }

    @Test func pipTapWithAnActionClicksAndFadesOut() {
        var d = InAppDriver()
        d.arrive(F.pip("p", action: .url("https://x.io/live")), at: 0)
        d.gesture(.tap, at: 1)
        d.wait(until: 2)
        #expect(d.log.suffix(2) == ["1 inapp_clicked p https://x.io/live", "1.22 inapp_closed p"])
    }

    @Test func scratchGridMeasuresTheBrushOnTheDevicesPoints() {
        // iPhone 15 (393 pt): card 337, area 289 × 179.18; one cell 18.0625 × 17.918.
        let area = InAppScratchGrid.areaSize(on: .iPhone15)
        #expect(area.width == 289 && abs(area.height - 179.18) < 1e-9)
        var g = InAppScratchState().grid
        InAppScratchGrid.mark(&g, at: InAppPoint(x: 0, y: 0), area: area)
        // The square reaches 23 pt: columns 0 and 1, rows 0 and 1.
        #expect(g.enumerated().filter(\.element).map(\.offset) == [0, 1, 16, 17])
    }

    @Test func aStrokeRevealsOnAMoveAtTheThresholdThenReportsItsFraction() {
        var d = InAppDriver()
        d.arrive(F.scratch("s", threshold: 0.1), at: 0)
        d.gesture(.scratch([InAppPoint(x: 0.5, y: 0.5)]), at: 1)  // a touch-down alone never reveals
        #expect(d.log.last == "1 scratch s 0.1")
        d.gesture(.scratch([InAppPoint(x: 0, y: 0.5), InAppPoint(x: 1, y: 0.5)]), at: 2)
        #expect(d.log.suffix(2) == ["2 reward_revealed s SAVE20", "2 scratch s 0.4"])
        d.gesture(.claim, at: 3)
        #expect(d.log.last == "3 reward_claimed s SAVE20")
        #expect(d.p.presentations(at: 4.5).last!.copied)
        #expect(!d.p.presentations(at: 4.7).last!.copied)
        d.gesture(.button(0), at: 5)
        #expect(d.log.last == "5 inapp_clicked s https://x.io/shop")
    }

    @Test func theGeneratedFoilAbsorbsTapsAnImageFoilLetsThemThrough() {
        var d = InAppDriver()
        d.arrive(F.scratch("s"), at: 0)
        let took2 = d.gesture(.claim, at: 1)
        #expect(!took2)
        d.gesture(.reveal, at: 2)
        #expect(d.log.last == "2 reward_revealed s SAVE20")
        #expect(d.p.presentations(at: 2.2).last!.scratch.foilFade < 1)
        #expect(d.p.presentations(at: 2.45).last!.scratch.foilFade == 1)
        d.p.dismissAll(at: 3); d.wait(until: 4)
        d.arrive(F.scratch("i", image: "file:///foil.png"), at: 4)
        let took3 = d.gesture(.claim, at: 5)
        #expect(took3)
    }

    @Test func theWheelStopsOnWinIndexAfterItsRunThenShowsThePanel() {
        var d = InAppDriver()
        d.arrive(F.wheel("w"), at: 0)
        d.gesture(.spin, at: 1)
        d.gesture(.spin, at: 2)                 // the hub is disabled
        d.wait(until: 5.19)
        #expect(!d.log.contains { $0.contains("spin_stop") })
        d.wait(until: 5.2)
        #expect(d.log.suffix(2) == ["5.2 spin_stop w 1", "5.2 reward_revealed w SHIPFREE"])
        let took4 = d.gesture(.claim, at: 6)  // the panel comes 1.25 s after the stop
        #expect(!took4)
        let took5 = d.gesture(.claim, at: 6.45)
        #expect(took5)
        let p = d.p.presentations(at: 6.45).last!
        #expect(p.rewardVisible && p.wheel.wheelFade > 0.999 && p.wheel.stoppedIndex == 1)
        // The segment's reward has no button: the close chip is forced and no `button 1`.
        let took6 = d.gesture(.button(0), at: 7)
        #expect(!took6)
        let took7 = d.gesture(.close, at: 7)
        #expect(took7)
    }

    @Test func theWheelsAngleFollowsTheCurveAndItsJitterIsTheSameForTheSameId() {
        let a = InAppWheelSpin(segments: 4, winIndex: 1, id: "w", reduceMotion: false)
        let b = InAppWheelSpin(segments: 4, winIndex: 1, id: "w", reduceMotion: false)
        #expect(a == b)
        let slice = Double.pi / 2
        #expect(abs(a.endAngle - (-10 * Double.pi - 1.5 * slice)) <= 0.3 * slice + 1e-9)
        #expect(a.angle(after: 0) == 0 && a.angle(after: 4.2) == a.endAngle)
        // Fast start, long deceleration: more than half the way after a quarter of the time.
        #expect(a.angle(after: 1.05) / a.endAngle > 0.5)
        let rm = InAppWheelSpin(segments: 4, winIndex: 1, id: "w", reduceMotion: true)
        #expect(rm.duration == 0.7 && rm.endAngle > -2 * Double.pi - 2 * slice)
        #expect(InAppWheelSpin.jitter(id: "a") != InAppWheelSpin.jitter(id: "b"))
    }

    @Test func reduceMotionShortensTheAnimations() {
        var d = InAppDriver(InAppPresenterOptions(reduceMotion: true))
        d.arrive(F.wheel("w"), at: 0)
        d.gesture(.spin, at: 0)
        d.wait(until: 0.7)
        #expect(d.log.last == "0.7 reward_revealed w SHIPFREE")
        d.gesture(.close, at: 2)
        d.wait(until: 3)
        #expect(d.log.last == "2.15 inapp_closed w")
    }

    @Test func aVideoPausesInTheBackgroundAndItsReadoutTicksOncePerSecond() {
        var d = InAppDriver()
        d.arrive(F.video("v"), at: 0)
        d.gesture(.videoReady, at: 0)
        #expect(d.p.nextTick(after: 0.2) == 1)
        #expect(!d.p.isMoving(at: 0.5))  // past its 0.3 s fade, only the clock changes
        d.p.setBackground(true, at: 2)
        #expect(d.p.nextTick(after: 3) == nil)
        d.p.setBackground(false, at: 10)
        #expect(abs(d.p.presentations(at: 11).last!.player.position - 3) < 1e-9)
    }

    @Test func aFingerDownThenUpIsATapInItsThirdAndAMoveAwayCancelsIt() {
        var d = InAppDriver()
        d.arrive(F.stories("s", durations: [5, 5]), at: 0)
        d.wait(until: 1)
        d.gesture(.fingerDownAt(0.9), at: 1)
        d.gesture(.fingerUp, at: 1.1)        // a quick tap in the right third: forward
        #expect(d.log.last == "1.1 inapp_page s 1")
        d.gesture(.fingerDownAt(0.1), at: 2)
        d.gesture(.fingerCancel, at: 2.1)    // moved away (a swipe): no tap
        #expect(d.log.last == "1.1 inapp_page s 1")
        d.gesture(.fingerDownAt(0.9), at: 3)
        d.gesture(.fingerUp, at: 3.1)        // forward on the last page without loop: the message closes
        #expect(d.p.current == nil)
    }
}
