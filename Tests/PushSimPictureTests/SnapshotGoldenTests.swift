// Golden pictures of each experience, drawn from real scenes at half a point per pixel and compared within a tolerance.

import Foundation
import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens
import Testing
@testable import PushSimPicture

/// Draws `scene` after `script` on the simulated clock, as `pushsim snapshot` does.
func shoot(_ scene: ScriptableScene, script: String, scale: Double = 0.5, device: PictureDevice = .standard,
           draw: (Picture, Double) -> Void) throws -> Picture {
    let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
    try runner.run(Script.parse(script))
    let p = try Picture(width: device.width, height: device.height, scale: scale)
    draw(p, runner.now)
    return p
}

/// Records the comparison's sentence (sizes, mean difference, share of differing pixels) when `p` differs from `name`.
func expectGolden(_ p: Picture, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let why = try PNGComparison().check(p, golden: name) {
        Issue.record("\(name): \(why)\(PictureFont.isInstalled ? "" : "; \(PictureFont.missingWarning)")", sourceLocation: sourceLocation)
    }
}

func images(for payload: String) -> PictureImages {
    PictureImages(payloadFolder: MediaImageSource.folder(of: payload), appGroup: FileManager.default.temporaryDirectory.path)
}

/// The picture tests share pango's process-wide font map; they run one at a time so none races another's layout.
@Suite(.serialized)
struct SnapshotGoldenTests {
    let resources = Resources.locate()

    // spec §1.5, §1.7: page 1 half played: the photo aspect-filled, the first segment half full, title and subtitle
    // over the scrim.
    @Test func storyPage() throws {
        let path = resources.path("stories/spring-sale.json")
        let scene = StoriesScene(input: try StoriesScene.load(path: path), sink: EventSink())
        let imgs = images(for: path)
        let p = try shoot(scene, script: "wait 2.5") { p, t in StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) }
        #expect(imgs.diagnostics.isEmpty)
        try expectGolden(p, "stories-spring-sale-p1")
    }

    // spec §1.7: the last page has a link and a button title, so the white pill shows under the text.
    @Test func storyPageWithButton() throws {
        let path = resources.path("stories/spring-sale.json")
        let scene = StoriesScene(input: try StoriesScene.load(path: path), sink: EventSink())
        let imgs = images(for: path)
        let p = try shoot(scene, script: "tap right; tap right; tap right; tap right; wait 1") { p, t in
            StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs)
        }
        #expect(scene.state.index == 4)
        try expectGolden(p, "stories-spring-sale-p5")
    }

    // spec §1.7: with crossfade on, 0.15 s into the 0.3 s dissolve each pixel of the photo is halfway between the
    // two pages' pictures; with it off, the new page is there at once.
    @Test func crossfadeBlendsHalfway() throws {
        let path = resources.path("stories/spring-sale.json")
        let imgs = images(for: path)
        func shot(_ script: String, crossfade: Bool) throws -> Picture {
            let scene = StoriesScene(input: try StoriesScene.load(path: path),
                                     configuration: .init(options: StoriesOptions(crossfade: crossfade)), sink: EventSink())
            return try shoot(scene, script: script, scale: 1) { p, t in StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) }
        }
        let first = try shot("wait 1", crossfade: false).rgba(), second = try shot("wait 1; tap right; wait 1", crossfade: false).rgba()
        let mid = try shot("wait 1; tap right; wait 0.15", crossfade: true).rgba()
        let cut = try shot("wait 1; tap right; wait 0.15", crossfade: false).rgba()
        var compared = 0
        // Points of the photo above the text and below the bar, in the 390-point-wide picture.
        for (x, y) in [(60, 150), (195, 200), (330, 260), (120, 330), (260, 420), (195, 470)] {
            let i = (y * 390 + x) * 4
            for ch in 0..<3 {
                let a = Int(first[i + ch]), b = Int(second[i + ch])
                guard abs(a - b) > 40 else { continue }
                compared += 1
                #expect(abs(Int(mid[i + ch]) - (a + b) / 2) <= 16, "(\(x), \(y)) channel \(ch): \(mid[i + ch]) is not halfway between \(a) and \(b)")
                #expect(abs(Int(cut[i + ch]) - b) <= 2, "without crossfade the new page shows at once")
            }
        }
        #expect(compared >= 4, "the two pages should differ at the sampled points")
    }

    static let sheet = PrimerConfig().style(.sheet).title("Never miss a drop").message("We'll tell you when your size is back in stock.")

    // spec §2.4 `.bottom`: pinned to the bottom, top corners 28, the grabber, the bell badge, Allow and Not now.
    @Test func primerSheetBottom() throws {
        let p = try primer(Self.sheet, script: "wait 1")
        try expectGolden(p, "primer-sheet-bottom")
    }

    // spec §2.4 `.center` with a gradient and a green accept button (the sample app's configuration).
    @Test func primerSheetCenter() throws {
        let c = Self.sheet.position(.center).backgroundGradient([PrimerColor(hex: "#1B2A4A")!, PrimerColor(hex: "#3A5BA0")!])
            .titleColor(PrimerColor(hex: "#FFFFFF")).messageColor(PrimerColor(hex: "#D0D8F0"))
            .acceptButtonColor(PrimerColor(hex: "#34C759")).cornerRadius(24).buttonCornerRadius(14)
        let p = try primer(c, script: "wait 1")
        try expectGolden(p, "primer-sheet-center")
    }

    // spec §2.4 `.top`: a banner 8 pt under the safe area with [Not now, Allow] side by side.
    @Test func primerSheetTop() throws {
        let p = try primer(Self.sheet.position(.top), script: "wait 1")
        try expectGolden(p, "primer-sheet-top")
    }

    // spec §2.3: a system alert with the configured title and message, "Not now" (cancel) then "Allow".
    @Test func primerAlert() throws {
        let p = try primer(PrimerConfig().title("Stay in the loop").message("Allow notifications for order updates."), script: "")
        try expectGolden(p, "primer-alert")
    }

    // spec §2.2: accepting with notDetermined asks iOS: its own alert over the app once the sheet has gone.
    @Test func primerSystemPrompt() throws {
        let p = try primer(Self.sheet, script: "wait 1; accept; wait 0.5")
        try expectGolden(p, "primer-system-prompt")
    }

    // spec §2.2: accepting when the status is denied (fallbackToSettings on) sends the user to Settings.
    @Test func primerSettings() throws {
        var scene: PrimerScene?
        let p = try primer(Self.sheet, device: SimulatedDevice(status: .denied, systemPromptShown: true), script: "wait 1; accept; wait 1") { scene = $0 }
        #expect(scene?.state.settingsOpen == true)
        try expectGolden(p, "primer-settings")
    }

    func primer(_ c: PrimerConfig, device: SimulatedDevice = SimulatedDevice(), script: String,
                inspect: (PrimerScene) -> Void = { _ in }) throws -> Picture {
        let scene = PrimerScene(config: c, device: device, wallClock: 1_769_850_000, store: nil, sink: EventSink(), appName: "Shop")
        defer { inspect(scene) }
        let imgs = images(for: resources.path("primer/alert.json"))
        return try shoot(scene, script: script) { p, t in PrimerPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) }
    }

    // spec §3.5: the mixed feed's first cards (banner, captioned, classic…) with unread dots, dates and buttons.
    @Test func inboxFeed() throws {
        let path = resources.path("inbox/mixed.json")
        let now = ISO8601DateFormatter().date(from: "2026-01-31T09:00:00Z")!
        // On iOS 18, as the golden was drawn (the cells' iOS 26 branches: LiquidGlassGoldenTests).
        var attributes = InboxAttributes(sdk: .v7_1_3)
        attributes.ios = .v18
        let scene = try InboxScene(files: [path], attributes: attributes, now: now, timeZone: TimeZone(identifier: "UTC")!, store: nil, sink: EventSink())
        let imgs = images(for: path)
        let p = try shoot(scene, script: "") { p, t in InboxPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) }
        try expectGolden(p, "inbox-mixed")
    }

    // spec §3.9: part way through a swipe to delete, the first card has slid left over the red Delete action; after
    // it, the card is gone. A refresh shows the refresh control's spinner above the first card, pushing it down.
    @Test func inboxSwipeAndRefresh() throws {
        let path = resources.path("inbox/mixed.json")
        let now = ISO8601DateFormatter().date(from: "2026-01-31T09:00:00Z")!
        var light = InboxAttributes(sdk: .v7_1_3)
        light.enableDarkTheme = false
        let imgs = images(for: path)
        func shot(_ script: String) throws -> (Picture, InboxScene) {
            let scene = try InboxScene(files: [path], attributes: light, now: now, timeZone: TimeZone(identifier: "UTC")!, store: nil, sink: EventSink())
            return (try shoot(scene, script: script, scale: 1) { p, t in InboxPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) }, scene)
        }
        func pixel(_ p: Picture, _ x: Int, _ y: Int) -> [UInt8] { let px = p.rgba(), i = (y * 390 + x) * 4; return Array(px[i..<(i + 3)]) }
        let red = [UInt8](arrayLiteral: 255, 59, 48)  // the light theme's destructive colour
        let (rest, _) = try shot("")
        let (swiping, _) = try shot("key d; wait 0.2")
        let (done, scene) = try shot("key d; wait 0.5")
        // The first card's right end, at mid height of its first text line.
        #expect(pixel(rest, 360, 150) != red)
        #expect(pixel(swiping, 360, 150) == red)
        #expect(pixel(done, 360, 150) != red)
        #expect(scene.feed.rows.count == 9)
        let (refreshing, _) = try shot("key r; wait 0.2")
        // Where the first card's top edge was, the page shows through: the card moved down under the spinner.
        #expect(pixel(rest, 195, 125) == [255, 255, 255])
        #expect(pixel(refreshing, 195, 125) == [242, 242, 247])
    }

    // A banner at rest under the status bar, over the host app's list, its thumbnail inside the card.
    @Test func inAppBanner() throws {
        let scene = InAppScene(sink: EventSink(), appName: "Shop")
        let imgs = images(for: resources.path("banners/sale.json"))
        let thumb = resources.path("images/avatar-1.png")
        let p = try shoot(scene, script: "notify {\"title\":\"Flash sale\",\"body\":\"Two hours only: 30 % off everything in the app.\",\"image\":\"\(thumb)\"}; wait 1") { p, t in
            BannerPicture.draw(scene, at: t, on: p, device: .standard, images: imgs)
        }
        #expect(scene.presenter.current != nil)
        try expectGolden(p, "inapp-banner")
    }

    // PushwooshForegroundPush (PushwooshForegroundPushImplementation.swift, 7.1.3): 90 % wide, 65 pt from the top, the
    // default blue → green gradient behind the wave-shaped mask, the icon, the title and whole body, the attachment
    // aspect-fit under them; an in-app banner would be drawn above it.
    @Test func foregroundPush() throws {
        let scene = InAppScene(sink: EventSink(), appName: "Shop")
        let imgs = images(for: resources.path("banners/sale.json"))
        let photo = resources.path("images/avatar-1.png")
        let p = try shoot(scene, script: "foreground-push {\"aps\":{\"alert\":{\"title\":\"Flash sale\",\"body\":\"Two hours only: 30 % off everything in the app and in stores.\"}},\"attachment\":\"\(photo)\"}; wait 1") { p, t in
            BannerPicture.draw(scene, at: t, on: p, device: .standard, images: imgs)
        }
        #expect(scene.foreground.shown.count == 1 && scene.foreground.shown[0].hasImage)
        try expectGolden(p, "inapp-foreground-push")
    }
}
