// The native in-app templates drawn as the phone shows them: a golden picture of each, the game moments (mid-scratch,
// mid-spin, revealed) and dark, and the spec's geometry and colours read back from the pixels.

import Foundation
import PushSimApp
import PushSimEngine
import Testing
@testable import PushSimPicture

/// The picture tests share pango's process-wide font map; they run one at a time so none races another's layout.
@Suite(.serialized)
struct InAppPictureTests {
    static let device = PictureDevice.standard
    let images = PictureImages(payloadFolder: InAppFixtures.resources.path("images"),
                               appGroup: FileManager.default.temporaryDirectory.path)

    func presentation(_ m: InAppMessage, _ change: (inout InAppPresentation) -> Void = { _ in }) -> InAppPresentation {
        var pr = InAppPresentation(message: m, screen: InAppSize(width: Self.device.width, height: Self.device.height))
        if case .pip(let pip) = m.content {
            pr.pipCenter = InAppFixtures.restingCenter(pip, on: Self.device)
        }
        change(&pr)
        return pr
    }

    func draw(_ shown: [InAppPresentation], dark: Bool = false, scale: Double = 0.5) throws -> Picture {
        let p = try Picture(width: Self.device.width, height: Self.device.height, scale: scale)
        InAppPicture.draw(shown, on: p, device: Self.device, images: images, dark: dark)
        return p
    }

    func pixel(_ p: Picture, _ x: Double, _ y: Double) -> [Int] {
        let px = p.rgba(), i = (Int(y * p.scale) * p.pixelWidth + Int(x * p.scale)) * 4
        return [Int(px[i]), Int(px[i + 1]), Int(px[i + 2])]
    }

    func close(_ a: [Int], _ b: [Int], within t: Int = 6) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= t } }

    // MARK: - Goldens

    // spec §6.1–6.10: each template at rest over the host app (video and pip playing, the games untouched).
    @Test(arguments: InAppFixtures.all.map(\.0))
    func template(_ name: String) throws {
        let m = InAppFixtures.all.first { $0.0 == name }!.1
        let pr = presentation(m) { pr in
            if name == "stories" { pr.page = 1; pr.pageProgress = 0.4 }
            if name == "video" || name == "pip" { pr.player.status = .playing }
        }
        try expectGolden(try draw([pr]), "inapp-native-\(name)")
        #expect(images.diagnostics.isEmpty, "\(images.diagnostics.map(\.message))")
    }

    /// Two strokes across the foil, as fractions of the scratch area.
    static let strokes: [[InAppPoint]] = [
        [InAppPoint(x: 0.1, y: 0.3), InAppPoint(x: 0.5, y: 0.45), InAppPoint(x: 0.9, y: 0.3)],
        [InAppPoint(x: 0.2, y: 0.75), InAppPoint(x: 0.7, y: 0.7)],
    ]

    // spec §6.9: part way through: the foil erased along the strokes (46 pt wide), the reward showing through.
    @Test func midScratch() throws {
        let pr = presentation(InAppFixtures.scratchcard) { $0.scratch.strokes = Self.strokes }
        try expectGolden(try draw([pr]), "inapp-native-scratchcard-mid")
    }

    // spec §6.9, §6.11: revealed: the foil gone, the yellow border, the reward panel with "Copied!" after a claim.
    @Test func scratchRevealed() throws {
        let pr = presentation(InAppFixtures.scratchcard) { pr in
            pr.scratch.strokes = Self.strokes
            pr.scratch.revealed = true
            pr.scratch.foilFade = 1
            pr.rewardVisible = true
            pr.copied = true
        }
        try expectGolden(try draw([pr]), "inapp-native-scratchcard-revealed")
    }

    // spec §6.10: mid-spin: the disc turned counter-clockwise, the hub spent (alpha 0.35).
    @Test func midSpin() throws {
        let pr = presentation(InAppFixtures.spinwheel) { pr in
            pr.wheel.spinning = true
            pr.wheel.angle = -2.4
        }
        try expectGolden(try draw([pr]), "inapp-native-spinwheel-mid")
    }

    // spec §6.10: after the stop and the wheel's fade: the winning segment's own reward (SHIPFREE, no button, so the
    // close chip shows), its title in its own colour.
    @Test func spinRevealed() throws {
        let pr = presentation(InAppFixtures.spinwheel) { pr in
            pr.wheel.stoppedIndex = 1
            pr.wheel.wheelFade = 1
            pr.rewardVisible = true
        }
        try expectGolden(try draw([pr]), "inapp-native-spinwheel-revealed")
    }

    // spec §3: the modal's dark overlay over the host app in dark appearance.
    @Test func darkModal() throws {
        try expectGolden(try draw([presentation(InAppFixtures.modalDark)], dark: true), "inapp-native-modal-dark")
    }

    // spec §6.10 in dark appearance: the palette's dark variants and a white pointer.
    @Test func darkWheel() throws {
        try expectGolden(try draw([presentation(InAppFixtures.spinwheel)], dark: true), "inapp-native-spinwheel-dark")
    }

    // MARK: - Geometry and colours from the pixels

    // spec §6.1: the card is 28 pt from each side of a 390 pt phone (334 wide), white on a 60 % black dim.
    @Test func modalCardAndDim() throws {
        let p = try draw([presentation(InAppFixtures.modal)], scale: 1)
        let dimmedHost = [97, 97, 99]  // #F2F2F7 host background under 60 % black
        #expect(close(pixel(p, 10, 300), dimmedHost), "outside the card: the host app dimmed (\(pixel(p, 10, 300)))")
        #expect(close(pixel(p, 30, 422), [255, 255, 255]), "28 pt in: the card's white")
        #expect(!close(pixel(p, 27, 422), [255, 255, 255]), "left of 28 pt: not the card")
        #expect(close(pixel(p, 361, 422), [255, 255, 255]) && !close(pixel(p, 363, 422), [255, 255, 255]))
    }

    // spec §6: the close chip is a 34 pt circle of 40 % black, 20 pt inside the modal's top-right corner, with a white
    // xmark at its centre.
    @Test func closeChip() throws {
        let pr = presentation(InAppFixtures.modal) { pr in
            if case .modal(var c) = pr.message.content { c.image = nil; pr.message.content = .modal(c) }
        }
        let p = try draw([pr], scale: 1)
        // The card's top: find it from the left edge of the chip's column.
        var top = 0.0
        for y in stride(from: 200.0, to: 600, by: 1) where close(pixel(p, 200, y), [255, 255, 255]) { top = y; break }
        #expect(top > 0)
        let cx = 390 - 28 - 20 - 17.0, cy = top + 20 + 17
        #expect(close(pixel(p, cx, cy), [255, 255, 255], within: 40), "the xmark's centre is white")
        #expect(close(pixel(p, cx - 12, cy), [153, 153, 153], within: 4), "the chip: 40 % black over white (\(pixel(p, cx - 12, cy)))")
        #expect(close(pixel(p, cx - 19, cy), [255, 255, 255]), "past the chip's 17 pt radius: the card")
    }

    // spec §6: contract buttons are 52 pt tall, 10 apart, filled with their background (#FF3B30 for the first).
    @Test func contractButtons() throws {
        let pr = presentation(InAppFixtures.modal) { pr in
            if case .modal(var c) = pr.message.content { c.image = nil; pr.message.content = .modal(c) }
        }
        let p = try draw([pr], scale: 1)
        let x = 60.0
        var ys: [Double] = []
        for y in stride(from: 100.0, to: 800, by: 1) where close(pixel(p, x, y), [255, 59, 48]) { ys.append(y) }
        #expect(ys.count >= 49 && ys.count <= 52, "the red button is 52 pt tall less its 1.5 pt border and corner (\(ys.count))")
        if let last = ys.last {
            // The second button's border (#C7C7CC) starts 10 pt below the first.
            let border = stride(from: last + 1, through: last + 20, by: 1).first { close(pixel(p, x, $0), [199, 199, 204], within: 30) }
            #expect(border.map { $0 - last >= 10 && $0 - last <= 13 } == true, "10 pt between the buttons (\(String(describing: border)))")
        }
    }

    /// The disc's centre where the wheel's layout puts it.
    func wheelCenter(_ pr: InAppPresentation) throws -> (Double, Double) {
        guard case .spinwheel(let w) = pr.message.content else { return (0, 0) }
        let d = InAppDrawing(picture: try Picture(width: 10, height: 10, scale: 1), device: Self.device, images: images, dark: false)
        let square = InAppSpinWheelPicture.layout(pr, w, d).body
        return (square.midX, square.midY)
    }

    // spec §6.10: segment 0 starts at 12 o'clock and slices go clockwise; a segment without colour takes palette[3]
    // (system orange); separators are white 35 %.
    @Test func wheelSegments() throws {
        let pr = presentation(InAppFixtures.spinwheel)
        let p = try draw([pr], scale: 1)
        let (cx, cy) = try wheelCenter(pr)
        #expect(close(pixel(p, cx, cy + 28), [255, 214, 10], within: 10), "the hub (#FFD60A) round the disc's centre")
        let r = 60.0  // inside the disc, outside the hub
        func at(_ clockFromTwelve: Double) -> [Int] {
            let a = -Double.pi / 2 + clockFromTwelve
            return pixel(p, cx + cos(a) * r, cy + sin(a) * r)
        }
        #expect(close(at(0.3), [94, 92, 230]), "just clockwise of 12 o'clock: segment 0 (#5E5CE6), got \(at(0.3))")
        #expect(close(at(Double.pi / 2 + 0.3), [255, 55, 95]), "3 o'clock onward: segment 1 (#FF375F)")
        #expect(close(at(Double.pi + 0.3), [100, 210, 255]), "6 o'clock onward: segment 2 (#64D2FF)")
        #expect(close(at(2 * Double.pi - 0.3), [255, 149, 0]), "the last, colourless segment: system orange")
    }

    // spec §6.10: the rotation turns the disc: a quarter turn counter-clockwise brings segment 1 under 12 o'clock.
    @Test func wheelTurns() throws {
        let pr = presentation(InAppFixtures.spinwheel) { $0.wheel.angle = -Double.pi / 2; $0.wheel.spinning = true }
        let p = try draw([pr], scale: 1)
        let (cx, cy) = try wheelCenter(pr)
        let a = -Double.pi / 2 + 0.3
        #expect(close(pixel(p, cx + cos(a) * 80, cy + sin(a) * 80), [255, 55, 95]), "segment 1 is now just clockwise of 12 o'clock")
    }

    // spec §6.9: the foil is opaque until scratched; a stroke erases a 46 pt band showing the ticket (white 0.97)
    // under it; after the reveal the area has a yellow border.
    @Test func foilErasedAndRevealBorder() throws {
        let d = InAppDrawing(picture: try Picture(width: Self.device.width, height: Self.device.height, scale: 1), device: Self.device,
                             images: images, dark: false)
        guard case .scratchcard(let card) = InAppFixtures.scratchcard.content else { return }
        let area = InAppScratchCardPicture.layout(card, d).area
        let ticket = [247, 247, 247]
        // A corner of the area, away from the reward panel's text.
        let probe = (area.x + 8, area.y + 22.0)
        let fresh = try draw([presentation(InAppFixtures.scratchcard)], scale: 1)
        #expect(!close(pixel(fresh, probe.0, probe.1), ticket), "the foil covers the ticket")
        let stroke = [[InAppPoint(x: 0, y: 22 / area.height), InAppPoint(x: 0.2, y: 22 / area.height)]]
        let scratched = try draw([presentation(InAppFixtures.scratchcard) { $0.scratch.strokes = stroke }], scale: 1)
        #expect(close(pixel(scratched, probe.0, probe.1), ticket), "under the stroke: the ticket")
        #expect(close(pixel(scratched, probe.0, probe.1 + 20), ticket), "20 pt off the line: still inside the 46 pt brush")
        #expect(!close(pixel(scratched, probe.0, probe.1 + 26), ticket), "26 pt off the line: the foil again")
        let revealed = try draw([presentation(InAppFixtures.scratchcard) { $0.scratch.revealed = true; $0.scratch.foilFade = 1 }], scale: 1)
        // systemYellow at 85 % over the card's gradient: strongly yellow (red and green high, blue low).
        let edge = pixel(revealed, area.midX, area.y + 1)
        #expect(edge[0] > 200 && edge[1] > 160 && edge[2] < 90, "the reveal border is yellow (\(edge))")
    }

    // spec §6.11: after a claim the chip reads "Copied!" for 1.6 s: the picture differs from the code's.
    @Test func copiedChip() throws {
        let base = presentation(InAppFixtures.scratchcard) { $0.scratch.revealed = true; $0.scratch.foilFade = 1; $0.rewardVisible = true }
        var copied = base
        copied.copied = true
        #expect(try draw([base], scale: 1).rgba() != draw([copied], scale: 1).rgba())
    }

    // spec §6 (animateIn): 10 % into the carousel's entrance the backdrop is lighter than at rest; at the end of the
    // out-animation nothing of the message is left.
    @Test func animationPhases() throws {
        let host = try draw([], scale: 1)
        let rest = try draw([presentation(InAppFixtures.carousel)], scale: 1)
        let early = try draw([presentation(InAppFixtures.carousel) { $0.phase = .entering(0.1) }], scale: 1)
        let gone = try draw([presentation(InAppFixtures.carousel) { $0.phase = .leaving(1) }], scale: 1)
        #expect(pixel(early, 5, 400)[0] > pixel(rest, 5, 400)[0], "the 80 % dim is still fading in")
        #expect(gone.rgba() == host.rgba(), "after the out-animation the host app is all that shows")
    }

    // spec §6.8: the pip rests 14 pt inside the safe area's bottom-right corner, 40 % of the width, 16:9.
    @Test func pipCorner() throws {
        let p = try draw([presentation(InAppFixtures.pip) { $0.player.status = .playing }], scale: 1)
        let w = 390 * 0.4, h = w * 0.5625
        let right = 390 - 14.0, bottom = 844 - 34 - 14.0
        #expect(!close(pixel(p, right - w / 2, bottom - h / 2), [255, 255, 255]), "the card")
        #expect(pixel(p, right - w - 20, bottom - h / 2).allSatisfy { $0 > 200 }, "20 pt left of it: the host app's list")
        #expect(pixel(p, right - w / 2, bottom - h - 4).allSatisfy { $0 > 200 }, "4 pt above it: the host app (its shadow falls below)")
        #expect(pixel(p, right - w + 2, bottom - h / 2).allSatisfy { $0 < 40 }, "its left edge, 2 pt in: the black card")
    }

    // spec §6.5: a bottom banner sits 10 pt above the safe area's bottom.
    @Test func bannerBottom() throws {
        var m = InAppFixtures.banner
        if case .banner(var b) = m.content { b.position = .bottom; m.content = .banner(b) }
        let p = try draw([presentation(m)], scale: 1)
        let bottom = 844 - 34 - 10.0
        #expect(close(pixel(p, 195, bottom - 3), [28, 28, 30]), "the bar's #1C1C1E just above its bottom edge")
        #expect(!close(pixel(p, 195, bottom + 3), [28, 28, 30]), "below it: not the bar")
    }

    // spec §6.4: in-app stories use the push stories' bar: earlier tracks full, the current at its progress.
    @Test func storiesBar() throws {
        let p = try draw([presentation(InAppFixtures.stories) { $0.page = 1; $0.pageProgress = 0.5 }], scale: 1)
        let y = Self.device.safeTop + 14 + 1.5
        let seg = (390 - 24 - 8) / 3.0
        #expect(close(pixel(p, 12 + seg / 2, y), [255, 255, 255]), "page 0 full")
        #expect(close(pixel(p, 12 + seg + 4 + seg * 0.25, y), [255, 255, 255]), "page 1 half played")
        #expect(!close(pixel(p, 12 + seg + 4 + seg * 0.75, y), [255, 255, 255]), "past its progress: the track")
    }

    // The foil's sheen and shade keep the colour's hue (UIColor's HSB brightness ±).
    @Test func foilBrightness() {
        let c = InAppScratchCardPicture.brightened(InAppColor(red: 0.5, green: 0.25, blue: 0), by: 0.12)
        #expect(abs(c.r - 0.62) < 1e-9 && abs(c.g - 0.31) < 1e-9 && c.b == 0)
        let grey = InAppScratchCardPicture.brightened(InAppColor(red: 0.05, green: 0.05, blue: 0.05), by: -0.10)
        #expect(grey.r == 0 && grey.g == 0 && grey.b == 0)
    }

    // The spring settles on its value by the end and overshoots little at damping 0.8.
    @Test func springCurve() {
        #expect(InAppMotion.spring(0, damping: 0.8) == 0)
        #expect(InAppMotion.spring(1, damping: 0.8) == 1)
        let samples = stride(from: 0.0, through: 1, by: 0.01).map { InAppMotion.spring($0, damping: 0.8) }
        #expect(samples.max()! < 1.05)
        #expect(InAppMotion.spring(0.5, damping: 0.8) > 0.8)
    }
}

/// The command's path: configs through the SDK's parser into `pushsim inapp`'s scene, played on the simulated clock,
/// drawn from the scene's presentations.
@Suite(.serialized)
struct InAppScenePictureTests {
    let resources = Resources.locate()

    func shot(_ files: [String], script: String, dark: Bool = false) throws -> (Picture, EventSink) {
        let sink = EventSink()
        let scene = InAppScene(sink: sink, appName: "Shop")
        let intake = InAppIntake.sdk()
        let device = PictureDevice.standard
        let options = InAppPresenterOptions(device: InAppDevice(screen: InAppSize(width: device.width, height: device.height),
                                                                safeTop: device.safeTop, safeBottom: device.safeBottom),
                                            wallStart: 1_795_000_000)
        let native = scene.attachNative(intake: intake, options: options, capsEnabled: false, isDark: dark, store: nil)
        for f in files { native.deliver(try intake.read(resources.path("inapp/" + f)), at: 0) }
        let imgs = PictureImages(payloadFolder: resources.path("inapp"), appGroup: FileManager.default.temporaryDirectory.path)
        let p = try shoot(scene, script: script) { p, t in
            InAppPicture.draw(native.presentations(at: t), on: p, device: device, images: imgs, dark: dark)
        }
        #expect(imgs.diagnostics.isEmpty, "\(imgs.diagnostics.map(\.message))")
        return (p, sink)
    }

    // spec §6.10 on the clock: 2 s into the 4.2 s spin the wheel is part way round; after the stop, the 1 s pause and
    // the wheel's fade, the winning segment's reward panel.
    @Test func spinOnTheClock() throws {
        let (mid, _) = try shot(["spinwheel-daily-bonus.json"], script: "wait 1; spin; wait 2")
        try expectGolden(mid, "inapp-scene-spinwheel-mid")
        let (won, sink) = try shot(["spinwheel-daily-bonus.json"], script: "wait 1; spin; wait 6")
        #expect(sink.events.contains { $0.event.name == "spin_stop" })
        try expectGolden(won, "inapp-scene-spinwheel-won")
    }

    // spec §6.9 on the clock: a stroke through the scratch step, then past the threshold the reveal.
    @Test func scratchOnTheClock() throws {
        let (p, sink) = try shot(["scratchcard-black-friday.json"], script: "wait 1; scratch 0.05,0.25 0.5,0.5 0.95,0.3")
        #expect(sink.events.contains { $0.event.name == "scratch" })
        try expectGolden(p, "inapp-scene-scratchcard-stroke")
    }

    // spec §5.3, §5.4: a pip and a modal on screen together: the pip below, dimmed with the app by the modal's backdrop.
    @Test func pipUnderAModal() throws {
        let (p, _) = try shot(["pip-live-match.json", "modal-welcome-dark.json"], script: "wait 1")
        try expectGolden(p, "inapp-scene-pip-and-modal")
    }
}

/// Whatever the presentation holds, every template draws a whole picture: no crash, and cairo never stops drawing.
@Suite(.serialized)
struct InAppPictureRobustnessTests {
    @Test(arguments: InAppFixtures.all.map(\.0))
    func awkwardStates(_ name: String) throws {
        let m = InAppFixtures.all.first { $0.0 == name }!.1
        let images = PictureImages(payloadFolder: "/nonexistent", appGroup: FileManager.default.temporaryDirectory.path)
        for device in [PictureDevice.standard, PictureDevice(parsing: "200x300")!, PictureDevice(parsing: "2000x3000")!] {
            var pr = InAppPresentation(message: m, phase: .entering(.nan), screen: InAppSize(width: .infinity, height: -1))
            pr.page = 99
            pr.pageProgress = .infinity
            pr.dragOffset = -.infinity
            pr.scratch.strokes = [[InAppPoint(x: .nan, y: 0.5), InAppPoint(x: 1e300, y: -1e300)], [], Array(repeating: InAppPoint(x: 0.5, y: 0.5), count: 3)]
            pr.scratch.foilFade = .nan
            pr.wheel.angle = 1e300
            pr.wheel.wheelFade = -.infinity
            pr.pipCenter = InAppPoint(x: .nan, y: .infinity)
            pr.rewardVisible = true
            pr.confetti = [InAppConfettiBurst(anchor: .card, age: .nan, seed: 1), InAppConfettiBurst(anchor: .rewardPanel, age: 1, seed: 2),
                           InAppConfettiBurst(anchor: .card, age: 2, colors: [InAppColor(red: .nan, green: 2, blue: -1)], seed: 3)]
            pr.celebration = InAppCelebration(shimmer: .nan, pulse: .infinity)
            let p = try Picture(width: device.width, height: device.height, scale: 0.5)
            InAppPicture.draw([pr], on: p, device: device, images: images, dark: true)
            // A last mark in the bottom-right corner: still drawn, so cairo never went into its error state.
            p.fill(PictureRect(x: device.width - 8, y: device.height - 8, width: 8, height: 8), PictureColor(255, 0, 255))
            let px = p.rgba(), i = ((p.pixelHeight - 1) * p.pixelWidth + p.pixelWidth - 1) * 4
            #expect(Array(px[i..<(i + 3)]) == [255, 0, 255], "\(name) on \(device.name)")
        }
    }

    // Lists the parser never leaves empty, drawn empty: a carousel or stories with nothing to show draws nothing over
    // the app; a wheel without segments still draws its card, hub and pointer.
    @Test func emptyLists() throws {
        let images = PictureImages(payloadFolder: "/nonexistent", appGroup: FileManager.default.temporaryDirectory.path)
        func draw(_ content: InAppContent?) throws -> [UInt8] {
            let p = try Picture(width: 390, height: 844, scale: 0.5)
            let shown = content.map { [InAppPresentation(message: InAppMessage(content: $0))] } ?? []
            InAppPicture.draw(shown, on: p, device: .standard, images: images, dark: false)
            return p.rgba()
        }
        let host = try draw(nil)
        #expect(try draw(.carousel(InAppCarousel(showClose: true, items: []))) == host)
        #expect(try draw(.stories(InAppStories(showClose: true, loop: false, items: []))) == host)
        let wheel = InAppSpinWheel(segments: [], winIndex: 0, background: .solid(.black),
                                   spinButton: InAppFixtures.button("SPIN", "#000000", "#FFFFFF"), reward: InAppReward(code: "X"), showClose: true)
        #expect(try draw(.spinwheel(wheel)) != host)
    }
}
