// The native templates' small transitions on the simulated clock (Pushwoosh/pushwoosh-ios-sdk 7.2,
// PushwooshInApp/Views): the spin wheel's hub fading to 0.35 on the tap (`spinTapped`), the wheel's fade and the
// reward panel's fade-in after the still pause (`spinFinished`, `collapseWheelIntoReward`), the scratch card's border
// growing once the foil has gone (`glowScratchArea`), each with Reduce Motion; the spinner's steps; and that nothing
// asks for frames when nothing moves.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InAppTransitionTests {
    typealias F = InAppPlayFixtures

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    // MARK: - The spin wheel

    @Test(arguments: [false, true])
    func theHubFadesForPointTwoSecondsFromTheTapWithOrWithoutReduceMotion(_ reduceMotion: Bool) {
        var d = InAppDriver(InAppPresenterOptions(reduceMotion: reduceMotion))
        d.arrive(F.wheel("w"), at: 0)
        let before = d.p.presentations(at: 0.9).last!
        #expect(!before.wheel.spinning && before.wheel.stoppedIndex == nil, "untapped: the hub at rest")
        d.gesture(.spin, at: 1)
        let hub = { (t: Double) in d.p.presentations(at: t).last!.wheel.hubFade }
        #expect(near(hub(1), 0))
        #expect(near(hub(1.1), 0.5))
        #expect(near(hub(1.2), 1) && near(hub(3), 1))
        #expect(InAppWheelSpin.spentHubAlpha == 0.35)
    }

    @Test func afterTheStopTheWheelRestsOneSecondFadesAQuarterThenThePanelFadesInPointThree() {
        var d = InAppDriver()
        d.arrive(F.wheel("w"), at: 0)
        d.gesture(.spin, at: 1)
        let at = { (t: Double) in d.p.presentations(at: t).last! }
        // The turn ends at 5.2; the wheel is still until 6.2.
        #expect(at(5.2).wheel.stoppedIndex != nil && near(at(6.2).wheel.wheelFade, 0))
        #expect(near(at(6.325).wheel.wheelFade, 0.5) && !at(6.325).rewardVisible)
        // The wheel is gone at 6.45 and the panel starts from alpha 0 there.
        #expect(at(6.45).rewardVisible && near(at(6.45).rewardFade, 0))
        #expect(near(at(6.6).rewardFade, 0.5))
        #expect(near(at(6.75).rewardFade, 1) && near(at(9).rewardFade, 1))
    }

    @Test func underReduceMotionThePauseIsPointFourAndBothFadesPointOneFive() {
        var d = InAppDriver(InAppPresenterOptions(reduceMotion: true))
        d.arrive(F.wheel("w"), at: 0)
        d.gesture(.spin, at: 1)
        let at = { (t: Double) in d.p.presentations(at: t).last! }
        // 0.7 s turn: stop at 1.7, fade from 2.1 to 2.25, the panel to 2.4.
        #expect(near(at(2.1).wheel.wheelFade, 0) && near(at(2.175).wheel.wheelFade, 0.5))
        #expect(!at(2.24).rewardVisible && at(2.25).rewardVisible && near(at(2.25).rewardFade, 0))
        #expect(near(at(2.325).rewardFade, 0.5) && near(at(2.4).rewardFade, 1))
    }

    @Test func theStillPauseAsksForNoFramesOnlyForItsEnd() {
        // Reduce Motion: no confetti falls during the pause, so nothing moves between the stop and the fade.
        var d = InAppDriver(InAppPresenterOptions(reduceMotion: true))
        d.arrive(F.wheel("w"), at: 0)
        d.gesture(.spin, at: 1)
        #expect(d.p.isMoving(at: 1.69))
        #expect(!d.p.isMoving(at: 1.8) && !d.p.isMoving(at: 2.09))
        #expect(d.p.nextTick(after: 1.8).map { near($0, 2.1) } == true, "the loop sleeps until the fade starts")
        #expect(d.p.isMoving(at: 2.1) && d.p.isMoving(at: 2.39))
        #expect(!d.p.isMoving(at: 2.41) && d.p.nextTick(after: 2.41) == nil, "the panel at rest: nothing to wake for")
    }

    // MARK: - The scratch card's border

    @Test(arguments: [(false, 0.45, 0.4), (true, 0.2, 0.15)])
    func theBorderGrowsLinearlyOnceTheFoilHasGone(_ reduceMotion: Bool, _ foil: Double, _ grow: Double) {
        var d = InAppDriver(InAppPresenterOptions(reduceMotion: reduceMotion))
        d.arrive(F.scratch("s"), at: 0)
        d.gesture(.reveal, at: 1)
        let at = { (t: Double) in d.p.presentations(at: t).last!.scratch }
        #expect(at(1 + foil - 0.01).foilFade < 1, "the foil is still fading")
        #expect(near(at(1 + foil).border, 0) && near(at(1 + foil).foilFade, 1))
        #expect(near(at(1 + foil + grow / 4).border, 0.25), "linear: a CABasicAnimation with no timing function")
        #expect(near(at(1 + foil + grow).border, 1))
        if reduceMotion {
            #expect(d.p.isMoving(at: 1 + foil + grow - 0.01))
            #expect(!d.p.isMoving(at: 1 + foil + grow + 0.01), "whole: the card sleeps")
        }
    }

    @Test func anUnrevealedCardsBorderHasNotStarted() {
        var d = InAppDriver()
        d.arrive(F.scratch("s"), at: 0)
        let s = d.p.presentations(at: 3).last!.scratch
        #expect(!s.revealed && s.foilFade == 0)
        #expect(!d.p.isMoving(at: 3))
    }

    // MARK: - The spinner

    @Test func theSpinnerStepsRoundEightSpokesEightTimesASecond() {
        #expect(InAppSpinner.spokes == 8)
        #expect((0..<16).map { InAppSpinner.step(at: Double($0) / 8 + 0.01) } == Array(0..<8) + Array(0..<8))
        #expect(InAppSpinner.step(at: 0) == 0 && InAppSpinner.step(at: -3) == 0 && InAppSpinner.step(at: .nan) == 0)
        #expect(near(InAppSpinner.nextStep(after: 0), 0.125))
        #expect(near(InAppSpinner.nextStep(after: 0.125), 0.25), "on a step: the next one, never the same moment")
        #expect(near(InAppSpinner.nextStep(after: 10.2), 10.25))
        // A long run keeps stepping: a day in, the steps are still an eighth of a second apart.
        let day = 86_400.0 + 0.01
        #expect(near(InAppSpinner.nextStep(after: day) - day, 0.115))
    }

    @Test func aVideosPresentationCountsTheSecondsSinceItAppeared() {
        var d = InAppDriver()
        d.arrive(F.video("v"), at: 2)
        let p = d.p.presentations(at: 2.3).last!
        #expect(p.player.status == .loading && near(p.elapsed, 0.3))
        #expect(InAppSpinner.step(at: p.elapsed) == 2)
    }
}
