// The templates' small transitions as the phone draws them, at chosen moments: the hub's real alpha from 1 to 0.35,
// the reward panel fading in while the card's height follows it, the scratch area's border growing inside its bounds
// from 0 to 2.5 pt, and the video's loading indicator at its step; goldens half way through each.

import Foundation
import PushSimApp
import PushSimEngine
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct InAppTransitionPictureTests {
    let t = InAppPictureTests()

    func sum(_ v: [Int]) -> Int { v.reduce(0, +) }

    // MARK: - The hub

    @Test func theHubsAlphaGoesFromOneToPointThreeFiveOnTheDefaultCurve() throws {
        let rest = t.presentation(InAppFixtures.spinwheel)
        let (cx, cy) = try t.wheelCenter(rest)
        // In the hub's fill, below its label, over the disc.
        func hub(_ fade: Double) throws -> [Int] {
            let pr = t.presentation(InAppFixtures.spinwheel) { $0.wheel.spinning = true; $0.wheel.hubFade = fade }
            return t.pixel(try t.draw([pr], scale: 1), cx, cy + 28)
        }
        let untapped = t.pixel(try t.draw([rest], scale: 1), cx, cy + 28)
        let start = try hub(0), half = try hub(0.5), end = try hub(1)
        #expect(start == untapped, "at the tap the hub is opaque")
        // #FFD60A over the disc: blue rises from 10 as the disc shows through, half of the change at half time
        // (ease-in-out is symmetric), the rest by the end.
        #expect(half[2] > start[2] && end[2] > half[2], "\(start) → \(half) → \(end)")
        let expectedHalf = Double(start[2]) + Double(end[2] - start[2]) * 0.5
        #expect(abs(Double(half[2]) - expectedHalf) <= 3, "alpha 0.675 half way: blue \(half[2]), expected ≈ \(expectedHalf)")
    }

    // MARK: - The reward panel

    /// Stopped on the fixture's winning segment, its panel `fade` of the way in; the prize's title white (the fixture's
    /// is the card's own colour: nothing to see fade).
    func stopped(_ fade: Double) -> InAppPresentation {
        t.presentation(InAppFixtures.spinwheel) { pr in
            if case .spinwheel(var w) = pr.message.content {
                w.segments[1].reward?.title?.color = InAppColor(red: 1, green: 1, blue: 1)
                pr.message.content = .spinwheel(w)
            }
            pr.wheel.stoppedIndex = 1; pr.wheel.wheelFade = 1; pr.rewardVisible = true; pr.rewardFade = fade
        }
    }

    @Test func thePanelFadesInAndTheCardsHeightFollowsItFromTheWheelsSquare() throws {
        guard case .spinwheel(let w) = InAppFixtures.spinwheel.content else { return }
        let d = InAppDrawing(picture: try Picture(width: 10, height: 10, scale: 1), device: InAppPictureTests.device, images: t.images, dark: false)
        let wheel = InAppSpinWheelPicture.layout(t.presentation(InAppFixtures.spinwheel), w, d).card
        let start = InAppSpinWheelPicture.layout(stopped(0), w, d).card
        let half = InAppSpinWheelPicture.layout(stopped(0.5), w, d).card
        let end = InAppSpinWheelPicture.layout(stopped(1), w, d).card
        #expect(abs(start.height - wheel.height) < 1e-9, "the panel starts where the wheel's square was")
        #expect(abs(half.height - (start.height + end.height) / 2) < 1e-9, "half way on the symmetric curve")
        #expect(end.height < start.height && abs(end.midY - start.midY) < 1e-9, "centred: it shrinks at both ends")

        // The panel's ink over the card (#101828) in its frame, wherever the card has moved it: none at the start, half
        // of it half way (alpha 0.5), all of it at the end.
        func ink(_ fade: Double) throws -> Int {
            let pr = stopped(fade)
            let body = InAppSpinWheelPicture.layout(pr, w, d).body
            let p = try t.draw([pr], scale: 1)
            let px = p.rgba()
            var total = 0
            for y in Int(body.y)..<Int(body.y + InAppRewardPicture.height(d, w.resolvedReward, width: body.width)) {
                for x in Int(body.x)..<Int(body.maxX) {
                    let i = (y * p.pixelWidth + x) * 4
                    total += abs(Int(px[i]) - 16) + abs(Int(px[i + 1]) - 24) + abs(Int(px[i + 2]) - 40)
                }
            }
            return total
        }
        let none = try ink(0), halfInk = try ink(0.5), all = try ink(1)
        #expect(all > 10_000 && none < all / 100, "\(none) … \(all)")
        #expect(abs(Double(halfInk) / Double(all) - 0.5) < 0.1, "half way: \(halfInk) of \(all)")
    }

    @Test func goldenHalfWayThroughThePanelsFadeIn() throws {
        try expectGolden(try t.draw([stopped(0.5)]), "inapp-native-spinwheel-panel-fading")
    }

    // MARK: - The scratch card's border

    func revealed(border: Double, foilFade: Double = 1) -> InAppPresentation {
        t.presentation(InAppFixtures.scratchcard) { pr in
            pr.scratch.revealed = true; pr.scratch.foilFade = foilFade; pr.rewardVisible = true; pr.scratch.border = border
        }
    }

    @Test func theBorderGrowsInsideTheAreaFromNothingToTwoAndAHalfPoints() throws {
        guard case .scratchcard(let card) = InAppFixtures.scratchcard.content else { return }
        let d = InAppDrawing(picture: try Picture(width: 10, height: 10, scale: 1), device: InAppPictureTests.device, images: t.images, dark: false)
        let area = InAppScratchCardPicture.layout(card, d).area
        let ticket = [247, 247, 247]
        func yellow(_ px: [Int]) -> Bool { px[0] > 200 && px[1] > 160 && px[2] < 120 }
        // Scale 4: a pixel is a quarter point. Left edge, mid-height: 0.4 pt and 2 pt inside the area.
        func at(_ pr: InAppPresentation) throws -> (edge: [Int], deep: [Int], outside: [Int]) {
            let p = try t.draw([pr], scale: 4)
            return (t.pixel(p, area.x + 0.4, area.midY), t.pixel(p, area.x + 2.1, area.midY), t.pixel(p, area.x - 0.6, area.midY))
        }
        let none = try at(revealed(border: 0))
        #expect(t.close(none.edge, ticket) && t.close(none.deep, ticket), "no border yet: the ticket to the edge")
        let half = try at(revealed(border: 0.5))
        #expect(yellow(half.edge) && t.close(half.deep, ticket), "1.25 pt: yellow at the edge, not 2 pt in (\(half))")
        let whole = try at(revealed(border: 1))
        #expect(yellow(whole.edge) && yellow(whole.deep), "2.5 pt: yellow 2 pt in (\(whole))")
        #expect(!yellow(whole.outside), "a layer's border is drawn inside its bounds (\(whole.outside))")
        let fading = try at(revealed(border: 1, foilFade: 0.5))
        #expect(!yellow(fading.edge), "no border while the foil is still fading")
    }

    @Test func goldenHalfWayThroughTheBordersGrowth() throws {
        try expectGolden(try t.draw([revealed(border: 0.5)]), "inapp-native-scratchcard-border-growing")
    }

    // MARK: - The loading indicator

    @Test func theVideosIndicatorStepsRoundEightSpokesOnItsClock() throws {
        func loading(_ elapsed: Double) throws -> Picture {
            try t.draw([t.presentation(InAppFixtures.video) { $0.player.status = .loading; $0.elapsed = elapsed }], scale: 1)
        }
        let s0 = try loading(0.01), s0b = try loading(0.1), s1 = try loading(0.13), s4 = try loading(0.51), turn = try loading(1.01)
        #expect(s0.rgba() == s0b.rgba(), "within a step the picture holds")
        #expect(s0.rgba() != s1.rgba(), "the next step moves the highlight")
        #expect(s0.rgba() == turn.rgba(), "a turn a second")
        // The spoke at 12 o'clock (large: 18 pt radius) is brightest at step 0 and faint half a turn on.
        let d = InAppPictureTests.device
        let top = (d.width / 2, d.height / 2 - 18 * 0.75)
        #expect(sum(t.pixel(s0, top.0, top.1)) > sum(t.pixel(s4, top.0, top.1)) + 60, "\(t.pixel(s0, top.0, top.1)) vs \(t.pixel(s4, top.0, top.1))")
    }

    @Test func goldenTheVideoLoading() throws {
        try expectGolden(try t.draw([t.presentation(InAppFixtures.video) { $0.player.status = .loading; $0.elapsed = 0.3 }]),
                         "inapp-native-video-loading")
    }

    // MARK: - In a recording

    /// Under Reduce Motion (no confetti to hide them) at 20 frames a second: tapped at 0.5, the wheel stops at 1.2,
    /// rests until 1.6, fades until 1.75 and the panel fades in until 1.9.
    @Test func aRecordingDrawsTheHubThePauseTheWheelsFadeAndThePanelsFadeInFrameByFrame() throws {
        let f = try InAppCelebrationRecordingTests().frames(reduceMotion: true, sample: "spinwheel-daily-bonus.json",
                                                            script: "wait 0.5; spin; wait 1.7", fps: 20)
        #expect(f.count >= 44)
        #expect(f[10] != f[11] && f[11] != f[12], "the hub fades (and the wheel turns) from the tap")
        #expect(f[26] == f[27] && f[27] == f[31], "the still pause: the same picture from 1.3 to 1.55 s")
        #expect(f[33] != f[31] && f[34] != f[33], "the wheel fades from 1.6 s")
        #expect(f[36] != f[35] && f[37] != f[36], "the panel fades in from 1.75 s")
        #expect(f[39] == f[43], "at rest once the panel is in: no celebration under Reduce Motion")
    }
}
