// The reward's celebration on the simulated clock (`PWInAppRewardView.celebrate`, `PWInAppConfetti.burst`), the sheet's
// drag thresholds on each side (`PWSheetInAppView.handlePan`) and the scratch card's reveal on the move that crosses
// the threshold (`PWScratchCardInAppView.scratchPan`, `.changed`).

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InAppCelebrationTests {
    typealias F = InAppPlayFixtures

    // MARK: - Confetti

    @Test func aBurstEmitsEightPerColourASecondForPointSevenSecondsAndEachPieceLivesThreePointTwo() {
        let b = InAppConfettiBurst(anchor: .card, age: 0.69, seed: 42)
        let all = b.particles(width: 334)
        // Five default colours, births 1/8 s apart from a phase in [0, 1/8): 5 or 6 pieces each by 0.69 s.
        for c in 0..<5 {
            let n = all.filter { $0.color == c }.count
            #expect(n == 5 || n == 6, "colour \(c): \(n)")
        }
        // Nobody is born after 0.7 s: at 1 s the same pieces, each 0.31 s older.
        let later = InAppConfettiBurst(anchor: .card, age: 1.0, seed: 42).particles(width: 334)
        #expect(later.count == all.count)
        for (a, b) in zip(all, later) { #expect(abs(b.age - a.age - 0.31) < 1e-9) }
        // The last piece dies 3.2 s after its birth, before 3.9 s.
        #expect(!InAppConfettiBurst(anchor: .card, age: 3.0, seed: 42).particles(width: 334).isEmpty)
        #expect(InAppConfettiBurst(anchor: .card, age: InAppConfetti.visibleFor, seed: 42).particles(width: 334).isEmpty)
        for p in InAppConfettiBurst(anchor: .card, age: 3.5, seed: 42).particles(width: 334) { #expect(p.age < 3.2) }
    }

    @Test func piecesStartOnALineEightPointsAboveTheViewAndFlyLeftAsGravityBendsThemDown() {
        let w = 334.0
        let born = InAppConfettiBurst(anchor: .card, age: 0.001, seed: 7).particles(width: w)
        for p in born where p.age < 0.002 {
            #expect(abs(p.y - InAppConfetti.lineY) < 1)
            #expect(p.x >= w * 0.1 - 1 && p.x <= w * 0.9 + 1)   // 80 % of the width, centred
        }
        // Longitude π within a π/5 cone at 120…260 pt/s: after a second each piece has moved left 98…260 pt and
        // fallen by at most sin(π/10) × 260 + 55.
        let first = InAppConfettiBurst(anchor: .card, age: 0.7, seed: 7).particles(width: w)
        let then = InAppConfettiBurst(anchor: .card, age: 1.7, seed: 7).particles(width: w)
        for (a, b) in zip(first, then) {
            let dx = b.x - a.x
            #expect(dx < -(120 * cos(Double.pi / 10)) + 1e-6 && dx > -260 - 1e-6)
            #expect(b.scale >= 0.35 - 1e-9 && b.scale <= 1.05 + 1e-9)
        }
    }

    @Test func theSameSeedGivesTheSamePiecesAnotherSeedOthers() {
        let a = InAppConfettiBurst(anchor: .card, age: 1.2, seed: 1).particles(width: 300)
        #expect(a == InAppConfettiBurst(anchor: .card, age: 1.2, seed: 1).particles(width: 300))
        #expect(a != InAppConfettiBurst(anchor: .card, age: 1.2, seed: 2).particles(width: 300))
        // Given colours: one emitter cell per colour.
        let two = InAppConfettiBurst(anchor: .card, age: 0.69, colors: [.white, .black], seed: 1).particles(width: 300)
        #expect(Set(two.map(\.color)) == [0, 1])
    }

    @Test func theWheelsVolleyTakesTheSegmentColoursThatWereGiven() {
        var m = F.wheel("w")
        if case .spinwheel(var w) = m.content {
            w.segments[0].color = InAppColor(red: 1, green: 0, blue: 0)
            w.segments[2].color = InAppColor(red: 0, green: 0, blue: 1)
            m.content = .spinwheel(w)
        }
        var d = InAppDriver()
        d.arrive(m, at: 0)
        d.gesture(.spin, at: 1)
        #expect(d.p.presentations(at: 5.19).last!.confetti.isEmpty)
        let burst = d.p.presentations(at: 5.5).last!.confetti
        #expect(burst.count == 1 && burst[0].anchor == .card && abs(burst[0].age - 0.3) < 1e-9)
        #expect(burst[0].colors == [InAppColor(red: 1, green: 0, blue: 0), InAppColor(red: 0, green: 0, blue: 1)])
    }

    // MARK: - The scratch card's celebration

    @Test func aRevealBurstsAtOnceAndCelebratesOnceTheFoilHasFaded() {
        var d = InAppDriver()
        d.arrive(F.scratch("s"), at: 0)
        d.gesture(.reveal, at: 2)
        let at = { (t: Double) in d.p.presentations(at: t).last! }
        #expect(at(2).confetti.count == 1 && at(2).confetti[0].anchor == .card && at(2).confetti[0].colors.isEmpty)
        // celebrate() after the 0.45 s fade: the band's first sweep, then the pulse from 0.1 s later.
        #expect(at(2.44).celebration.isIdle)
        #expect(at(2.45).celebration.shimmer.map { abs($0 + 0.3) < 1e-9 } == true)
        #expect(at(2.45 + 0.45).celebration.shimmer.map { abs($0 - 0.5) < 1e-9 } == true)   // mid-sweep, centred
        #expect(at(2.45 + 0.92).celebration.shimmer.map { $0 < -0.29 } == true)    // the second sweep has begun
        #expect(at(2.45 + 1.79).celebration.shimmer.map { $0 > 1.29 } == true)
        #expect(at(2.45 + 1.81).celebration.shimmer == nil)
        #expect(at(2.45 + 0.1 + 0.36).celebration.pulse == 1.05)
        #expect(abs(at(2.45 + 0.1 + 0.63).celebration.pulse - 1.025) < 1e-9)
        #expect(at(2.45 + 1.0).celebration.pulse == 1)
        // The picture moves until the last piece has fallen (3.9 s after the reveal), then never again.
        #expect(d.p.isMoving(at: 5.89))
        #expect(!d.p.isMoving(at: 5.91))
        #expect(at(5.91).confetti.isEmpty)
    }

    @Test func eachClaimBurstsOverThePanelItsOwnVolley() {
        var d = InAppDriver()
        d.arrive(F.scratch("s"), at: 0)
        d.gesture(.reveal, at: 1)
        d.gesture(.claim, at: 6)
        d.gesture(.claim, at: 7)
        let c = d.p.presentations(at: 7.5).last!.confetti
        #expect(c.map(\.anchor) == [.rewardPanel, .rewardPanel])
        #expect(c[0].seed != c[1].seed)
        // A volley keeps its pieces whatever comes after it; the one from 6 s has fallen by 9.9 s.
        d.gesture(.claim, at: 10.5)
        let now = d.p.presentations(at: 10.6).last!.confetti
        #expect(now.count == 2 && now[0].seed == c[1].seed)
        #expect(d.p.isMoving(at: 14.39) && !d.p.isMoving(at: 14.41))
    }

    @Test func underReduceMotionNoConfettiNoShimmerNoPulse() {
        var d = InAppDriver(InAppPresenterOptions(reduceMotion: true))
        d.arrive(F.scratch("s"), at: 0)
        d.gesture(.reveal, at: 1)
        d.gesture(.claim, at: 2)
        for t in stride(from: 1.0, through: 6, by: 0.05) {
            let p = d.p.presentations(at: t).last!
            #expect(p.confetti.isEmpty && p.celebration.isIdle)
        }
        // Only the 0.2 s fade and then the border's 0.15 s growth moved.
        #expect(d.p.isMoving(at: 1.3))
        #expect(!d.p.isMoving(at: 1.36))
    }

    @Test func theWheelCelebratesOnceThePanelHasFadedIn() {
        var d = InAppDriver()
        d.arrive(F.wheel("w"), at: 0)
        d.gesture(.spin, at: 1)
        // Stop at 5.2, 1.0 s pause, 0.25 s fade, 0.3 s panel fade: celebrate() at 6.75.
        #expect(d.p.presentations(at: 6.74).last!.celebration.isIdle)
        #expect(d.p.presentations(at: 6.75).last!.celebration.shimmer != nil)
        #expect(d.p.isMoving(at: 9.09) && !d.p.isMoving(at: 9.11))   // the stop's volley, 3.9 s
    }

    // MARK: - The sheet's drag (PWSheetInAppView.handlePan)

    @Test(arguments: [(90.0, 0.0, false), (90.01, 0.0, true), (40.0, 900.0, false), (40.0, 900.01, true), (0.0, 5_000.0, true),
                      (-200.0, -5_000.0, false)])
    func aSheetDragClosesPast90PointsOrFasterThan900(distance: Double, velocity: Double, closes: Bool) {
        var d = InAppDriver()
        d.arrive(F.sheet("s"), at: 0)
        d.gesture(.drag(distance), at: 1)
        d.gesture(.release(distance, velocity: velocity), at: 1)
        d.wait(until: 3)
        #expect((d.log.last == "1.25 inapp_closed s") == closes)
        if !closes {
            // It springs back over 0.35 s.
            #expect(d.p.presentations(at: 1.35).last!.dragOffset == 0)
            #expect(d.p.current != nil)
        }
    }

    // MARK: - Scratching move by move

    @Test func theRevealComesOnTheMoveThatCrossesTheThresholdWithTheFingerStillDown() {
        var d = InAppDriver()
        d.arrive(F.scratch("s", threshold: 0.3), at: 0)
        d.gesture(.scratchDown(InAppPoint(x: 0, y: 0.5)), at: 1)
        #expect(d.log.count == 2)                                   // touch-down: no check, no event
        d.gesture(.scratchMove(InAppPoint(x: 0.5, y: 0.5)), at: 1.1)
        let f = d.p.presentations(at: 1.1).last!.scratch.fraction
        #expect(f < 0.3 && d.log.count == 2)
        d.gesture(.scratchMove(InAppPoint(x: 1, y: 0.5)), at: 1.2)
        #expect(d.log.last == "1.2 reward_revealed s SAVE20")
        // Later moves do nothing; the finger up reports the stroke.
        d.gesture(.scratchMove(InAppPoint(x: 1, y: 0)), at: 1.3)
        #expect(d.log.last == "1.2 reward_revealed s SAVE20")
        d.gesture(.scratchUp, at: 1.4)
        #expect(d.log.last == "1.4 scratch s 0.4")
        // The foil shows the stroke as drawn so far, point by point.
        #expect(d.p.presentations(at: 1.4).last!.scratch.strokes == [[InAppPoint(x: 0, y: 0.5), InAppPoint(x: 0.5, y: 0.5), InAppPoint(x: 1, y: 0.5)]])
    }

    @Test func aMoveWithoutATouchDownBeginsTheStrokeThere() {
        var d = InAppDriver()
        d.arrive(F.scratch("s", threshold: 0.1), at: 0)
        d.gesture(.scratchMove(InAppPoint(x: 0.5, y: 0.5)), at: 1)
        #expect(d.log.count == 2)
        d.gesture(.scratchUp, at: 1)
        #expect(d.log.last == "1 scratch s 0.1")
        let upAgain = d.gesture(.scratchUp, at: 2)                  // no stroke open: nothing to report
        #expect(upAgain && d.log.last == "1 scratch s 0.1")
    }
}
