// The reward's celebration as the phone draws it: goldens mid-confetti and mid-shimmer, and from the pixels: the 8 × 5
// pt pieces in the palette's colours, the band lighter than the panel beside it, the pulse wider, a gradient card that
// clips its volley, the same input the same picture.

import Foundation
import PushSimApp
import PushSimEngine
import PushSimScreens
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct InAppCelebrationPictureTests {
    let t = InAppPictureTests()

    func revealed(_ m: InAppMessage = InAppFixtures.scratchcard, _ change: (inout InAppPresentation) -> Void = { _ in }) -> InAppPresentation {
        t.presentation(m) { pr in
            pr.scratch.revealed = true
            pr.scratch.foilFade = 1
            pr.rewardVisible = true
            change(&pr)
        }
    }

    // spec §6.9, §6.11: 0.8 s after the reveal the volley is falling over the card (the gradient card clips it).
    @Test func midConfetti() throws {
        let pr = revealed { $0.confetti = [InAppConfettiBurst(anchor: .card, age: 0.8, seed: 5)] }
        let p = try t.draw([pr])
        try expectGolden(p, "inapp-native-scratchcard-confetti")
        #expect(try t.draw([pr]).rgba() == p.rgba(), "the same input draws the same picture")
        #expect(p.rgba() != (try t.draw([revealed()])).rgba())
    }

    // spec §6.11: half-way through the first sweep the band is centred on the panel, and the panel pulses.
    @Test func midShimmer() throws {
        let pr = revealed { $0.celebration = InAppCelebration(elapsed: 0.45) }
        try expectGolden(try t.draw([pr]), "inapp-native-scratchcard-shimmer")
    }

    @Test func theBandIsLighterThanThePanelBesideIt() throws {
        let d = InAppDrawing(picture: try Picture(width: InAppPictureTests.device.width, height: InAppPictureTests.device.height, scale: 1),
                             device: InAppPictureTests.device, images: t.images, dark: false)
        guard case .scratchcard(let card) = InAppFixtures.scratchcard.content else { return }
        let area = InAppScratchCardPicture.layout(card, d).area
        let calm = try t.draw([revealed()], scale: 1)
        let band = try t.draw([revealed { $0.celebration = InAppCelebration(shimmer: 0.5) }], scale: 1)
        // In the ticket's margin at mid-height, at the band's centre and well left of it.
        let y = area.midY, mid = area.midX, left = area.x + 4
        func sum(_ v: [Int]) -> Int { v.reduce(0, +) }
        let under = t.pixel(band, mid, y), before = t.pixel(calm, mid, y)
        #expect(sum(under) >= sum(before), "white 40 % over the ticket is no darker (\(before) → \(under))")
        #expect(t.pixel(band, left, y) == t.pixel(calm, left, y), "beside the band the panel is untouched")
    }

    @Test func atThePulsesPeakThePanelIsWider() throws {
        let calm = try t.draw([revealed()], scale: 1)
        let peak = try t.draw([revealed { $0.celebration = InAppCelebration(pulse: 1.05) }], scale: 1)
        #expect(calm.rgba() != peak.rgba())
    }

    @Test func piecesAreThePalettesColoursAndASolidCardLetsThemFallPastItsEdge() throws {
        // The wheel's card is solid: its volley is not clipped. Segment colours that were given colour it.
        guard case .spinwheel(let w) = InAppFixtures.spinwheel.content else { return }
        let colours = w.segments.compactMap(\.color)
        let pr = t.presentation(InAppFixtures.spinwheel) { pr in
            pr.wheel.stoppedIndex = 1; pr.wheel.wheelFade = 1; pr.rewardVisible = true
            pr.confetti = [InAppConfettiBurst(anchor: .card, age: 1.5, colors: colours, seed: 9)]
        }
        var calm = pr
        calm.confetti = []
        let a = try t.draw([calm], scale: 1), b = try t.draw([pr], scale: 1)
        #expect(a.rgba() != b.rgba())
        // At least one piece left of the card (x < 28 pt): the solid card does not clip.
        let pa = a.rgba(), pb = b.rgba()
        var outside = false
        for y in 100..<800 { for x in 1..<27 where pa[(y * a.pixelWidth + x) * 4] != pb[(y * b.pixelWidth + x) * 4] { outside = true } }
        #expect(outside, "pieces fly left past the solid card's edge")
    }
}

/// A recording of the scratch card's reveal: the confetti and the band frame by frame on the simulated clock, the same
/// bytes every time (the pieces are seeded), nothing of it under Reduce Motion.
@Suite(.serialized)
struct InAppCelebrationRecordingTests {
    let resources = Resources.locate()

    /// Every frame's pixels of `script` over `sample` at `fps` frames a second (by default the scratch card's reveal,
    /// "wait 0.5; reveal; wait 2.4" at 5).
    func frames(reduceMotion: Bool = false, sample: String = "scratchcard-black-friday.json",
                script: String = "wait 0.5; reveal; wait 2.4", fps: Double = 5) throws -> [[UInt8]] {
        let scene = InAppScene(sink: EventSink(), appName: "Shop")
        let intake = InAppIntake.sdk()
        let device = PictureDevice.standard
        let options = InAppPresenterOptions(device: InAppDevice(screen: InAppSize(width: device.width, height: device.height),
                                                                safeTop: device.safeTop, safeBottom: device.safeBottom),
                                            reduceMotion: reduceMotion, wallStart: 1_795_000_000)
        let native = scene.attachNative(intake: intake, options: options, capsEnabled: false, isDark: false, store: nil)
        native.deliver(try intake.read(resources.path("inapp/\(sample)")), at: 0)
        let imgs = PictureImages(payloadFolder: resources.path("inapp"), appGroup: FileManager.default.temporaryDirectory.path)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        var out: [[UInt8]] = []
        _ = try Recording.run(runner, steps: Script.parse(script), fps: fps, tail: 0, device: device, scale: 0.25,
                              draw: { p, t in InAppPicture.draw(native.presentations(at: t), on: p, device: device, images: imgs, dark: false) },
                              frame: { p, _, _ throws(PictureError) in out.append(p.rgba()) })
        return out
    }

    @Test func theRevealsConfettiMovesFrameByFrameTheSameEveryTime() throws {
        let a = try frames(), b = try frames()
        #expect(a == b, "two recordings of the same reveal differ")
        // 0.5 s after the reveal (frames 5 and 6, 0.2 s apart) the pieces have moved; under Reduce Motion those two
        // frames are the same still picture (the 0.2 s fade is over).
        #expect(a.count == 15 && a[5] != a[6])
        let still = try frames(reduceMotion: true)
        #expect(still[5] == still[6])
        #expect(still[6] != a[6])
    }
}
