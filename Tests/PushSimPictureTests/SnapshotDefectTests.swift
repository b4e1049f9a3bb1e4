// Snapshots to trust: each phone's own status bar, the banner's app name, the CJK title's weight, and the inbox's
// carousel, video and wallet cards drawn as the SDK's cells draw them, a failed image with its reason.

import Foundation
import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct SnapshotDefectTests {
    let resources = Resources.locate()

    /// Dark pixels (ink of black text on white) in rows y0..<y1 of `p`, and the columns they span.
    func ink(_ p: Picture, rows: Range<Int>) -> (count: Int, minX: Int, maxX: Int) {
        let px = p.rgba(), w = p.pixelWidth
        var n = 0, lo = Int.max, hi = -1
        for y in rows { for x in 0..<w where px[(y * w + x) * 4] < 128 { n += 1; lo = min(lo, x); hi = max(hi, x) } }
        return (n, lo, hi)
    }

    // The SE has a 20 pt status bar with the clock centred; nothing may touch its top edge.
    @Test func touchIDPhoneHasItsOwnStatusBar() throws {
        let se = try #require(PictureDevice(parsing: "iphone-se"))
        let p = try Picture(width: se.width, height: 40, scale: 2)
        p.fill(PictureRect(x: 0, y: 0, width: se.width, height: 40), .white)
        StatusBar.draw(on: p, device: se, color: .black)
        #expect(ink(p, rows: 0..<2).count == 0, "the status bar touches the top edge")
        #expect(ink(p, rows: 40..<80).count == 0, "nothing below the 20 pt bar")
        // The clock's ink, between the signal bars and the battery, is centred.
        let clock = ink(p, rows: 2..<40)
        let middle = ink(p, rows: 6..<30)
        #expect(clock.count > 0)
        let centre = Double(p.pixelWidth) / 2
        var lo = Int.max, hi = -1
        let px = p.rgba()
        for y in 6..<30 { for x in 120..<(p.pixelWidth - 120) where px[(y * p.pixelWidth + x) * 4] < 128 { lo = min(lo, x); hi = max(hi, x) } }
        #expect(middle.count > 0 && hi > lo)
        #expect(abs(Double(lo + hi) / 2 - centre) < 8, "the clock is centred on a Touch ID phone")
        #expect(StatusBar.Layout(safeTop: se.safeTop) == .classic)
        #expect(StatusBar.Layout(safeTop: PictureDevice.standard.safeTop) == .ears)
    }

    // The banner shows the app's name above the title, as the terminal's banner does.
    @Test func bannerShowsTheAppName() throws {
        func card(_ app: String) throws -> [UInt8] {
            let p = try Picture(width: 390, height: 140, scale: 1)
            p.fill(PictureRect(x: 0, y: 0, width: 390, height: 140), .white)
            NotificationCard.draw(on: p, in: PictureRect(x: 8, y: 8, width: 374, height: 120), appName: app, title: "Shipped",
                                  body: "Arrives Thursday", thumbnail: nil)
            return p.rgba()
        }
        #expect(try card("Acme") != card("Globex Outfitters"))
    }

    // A CJK title is as heavy as iOS draws it: semibold is bolder than regular for Han characters too.
    @Test func cjkTitleKeepsItsWeight() throws {
        func inkOf(_ weight: PictureFont.Weight) throws -> Int {
            let p = try Picture(width: 200, height: 40, scale: 2)
            p.fill(PictureRect(x: 0, y: 0, width: 200, height: 40), .white)
            p.text("春季大促销开始", x: 4, y: 8, font: PictureFont(17, weight), color: .black, maxLines: 1)
            return ink(p, rows: 0..<80).count
        }
        let regular = try inkOf(.regular), semibold = try inkOf(.semibold)
        #expect(Double(semibold) > Double(regular) * 1.08, "semibold \(semibold) dark pixels, regular \(regular)")
    }

    func inboxScene(_ script: String = "") throws -> (Picture, InboxScene, PictureImages) {
        let path = resources.path("inbox/mixed.json")
        let now = ISO8601DateFormatter().date(from: "2026-01-31T09:00:00Z")!
        var light = InboxAttributes()
        light.enableDarkTheme = false
        let scene = try InboxScene(files: [path], attributes: light, now: now, timeZone: TimeZone(identifier: "UTC")!, store: nil, sink: EventSink())
        let imgs = images(for: path)
        // A tall phone, so the rich cards further down the feed are on it.
        let tall = PictureDevice(name: "tall", width: 390, height: 3000)
        let p = try shoot(scene, script: script, scale: 1, device: tall) { p, t in InboxPicture.draw(scene, at: t, on: p, device: tall, images: imgs) }
        return (p, scene, imgs)
    }

    /// One card of `kind` drawn alone at the top of a 390 × 400 pt picture (16 pt sides, as in the feed); its height.
    func card(_ kind: InboxCellKind, _ scene: InboxScene, _ imgs: PictureImages) throws -> (Picture, Double) {
        let m = scene.displayModel(at: 0)
        let row = try #require(m.feed.rows.first { $0.kind == kind })
        let p = try Picture(width: 390, height: 400, scale: 1)
        p.fill(PictureRect(x: 0, y: 0, width: 390, height: 400), PictureColor(242, 242, 247))
        let h = InboxPicture.card(row, on: p, x: 16, y: 0, width: 358, colors: InboxPicture.Colors(t: m.context.theme),
                                  context: m.context, images: InboxPicture.ResolvingImages(images: imgs, resolve: scene.resolve))
        return (p, h)
    }

    func pixel(_ p: Picture, _ x: Int, _ y: Int) -> [UInt8] { let px = p.rgba(), i = (y * p.pixelWidth + x) * 4; return Array(px[i..<(i + 3)]) }

    // The carousel's slides page: its picture differs between slide 1 and slide 2 (and so does the whole feed's);
    // the video card has the white play badge at its poster's centre; the wallet card the black Add to Apple Wallet
    // button 16 pt above its bottom.
    @Test func richCardsAreDrawnAsTheSDKDrawsThem() throws {
        let (first, scene, imgs) = try inboxScene()
        let carousel = try #require(scene.model.feed.rows.firstIndex { $0.kind == .carousel })
        let (paged, pagedScene, _) = try inboxScene(String(repeating: "down;", count: carousel) + "key right")
        #expect(first.rgba() != paged.rgba(), "paging the carousel changes the feed's picture")
        let (slide1, ch) = try card(.carousel, scene, imgs)
        let (slide2, _) = try card(.carousel, pagedScene, imgs)
        #expect(slide1.rgba() != slide2.rgba())
        // 190 pt gallery inset 5.5 pt, then the title and two lines of body.
        #expect(ch > 190 + 5.5 + 14 + 18)
        let (video, vh) = try card(.video, scene, imgs)
        // Inside the white disc, above the dark triangle at its centre.
        #expect(pixel(video, 195, 80) == [255, 255, 255])
        #expect(vh > 190)
        let (wallet, wh) = try card(.wallet, scene, imgs)
        #expect(pixel(wallet, 60, Int(wh) - 16 - 23) == [0, 0, 0])
    }

    // A failed image says why, under "No image", as the stories picture does.
    @Test func failedInboxImageShowsItsReason() throws {
        let p1 = try Picture(width: 300, height: 200, scale: 1), p2 = try Picture(width: 300, height: 200, scale: 1)
        let c = InboxPicture.Colors(t: InboxTheme.for(dark: false))
        InboxPicture.drawImage(.failed("no such file"), in: PictureRect(x: 0, y: 0, width: 300, height: 200), radius: 8, colors: c, on: p1)
        InboxPicture.drawImage(nil, in: PictureRect(x: 0, y: 0, width: 300, height: 200), radius: 8, colors: c, on: p2)
        #expect(p1.rgba() != p2.rgba())
    }
}
