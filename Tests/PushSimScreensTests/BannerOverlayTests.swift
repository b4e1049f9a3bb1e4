// Golden frames of the in-app banner over its host app: resting, mid-drop, dragged, CJK, image, narrow.

import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct BannerOverlayTests {
    static let order = Banner(id: "b1", title: "Order #1042 shipped", body: "Arriving Thursday. Track it in Orders any time you like, from the app or the web.")

    func frame(_ banner: Banner?, offset: Double = 0, image: ImageSlot = .none, width: Int = 60, height: Int = 14,
               host: InAppHostState = InAppHostState()) -> (Canvas, Rect) {
        var c = Canvas(width: width, height: height)
        InAppHostScreen.draw(host, appName: "Shop", statusLine: "t tap  s swipe  q quit", on: &c)
        var r = Rect(x: 0, y: 0, width: 0, height: 0)
        if let banner { r = BannerOverlay.draw(banner, image: image, offset: offset, appName: "Shop", on: &c) }
        return (c, r)
    }

    @Test func hostOnly() {
        let (c, _) = frame(nil, host: InAppHostState(selection: 2, scroll: 0))
        assertSnapshot(of: c.plainText, as: .lines, named: "host-only")
        #expect(c.row(3).contains("Order #1040"))
        #expect(c[2, 5].bg == IOSColor.systemBlue, "the selected row is highlighted")
    }

    @Test func bannerShown() {
        let (c, r) = frame(Self.order)
        assertSnapshot(of: c.plainText, as: .lines, named: "banner-shown")
        #expect(r == Rect(x: 1, y: 1, width: 58, height: 6))
        #expect(c.row(3).contains("Order #1042 shipped"))
        #expect(c[3, 3].attrs.contains(.bold), "the title is bold")
        #expect(c.row(4).contains("Arriving Thursday.") && c.row(5).contains("the web."), "the body wraps onto two lines")
    }

    @Test func midDrop() {
        let (c, r) = frame(Self.order, offset: 0.5)
        assertSnapshot(of: c.plainText, as: .lines, named: "mid-drop")
        #expect(r.y == 0 && r.height == 3, "only the lower half is on screen")
    }

    @Test func dragged() {
        let (c, r) = frame(Self.order, offset: 0.3)
        assertSnapshot(of: c.plainText, as: .lines, named: "dragged")
        #expect(r.y == 0 && r.height == 5)
    }

    @Test func offscreenDrawsNothing() {
        let (c, r) = frame(Self.order, offset: 1)
        #expect(r.isEmpty)
        #expect(c == frame(nil).0)
    }

    @Test func cjkAndEmoji() {
        let b = Banner(id: "c", title: "ご注文が発送されました 📦 お届けは明日の午前中を予定しています",
                       body: "配送状況はアプリでいつでも確認できます。明日到着予定です 🚚 ご利用ありがとうございました。")
        let (c, r) = frame(b, width: 40)
        assertSnapshot(of: c.plainText, as: .lines, named: "cjk")
        for y in r.y..<r.maxY { #expect(TextWidth.of(c.row(y)) == 40, "row \(y) keeps the frame aligned") }
        #expect(c.row(r.y + 2).hasSuffix("│ "))
    }

    @Test func imageThumbnail() {
        var img = Canvas(width: 6, height: 3, fill: Cell("▓", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
        img[0, 0] = Cell("#")
        let b = Banner(id: "i", title: "Flash sale: 30% off", body: "Only today. Tap to see the deals in the app.", image: "sale.jpg")
        let (c, r) = frame(b, image: .image(img))
        assertSnapshot(of: c.plainText, as: .lines, named: "image")
        #expect(c[r.maxX - 8, r.y + 2].grapheme == "#", "the thumbnail sits on the right, under the header")
        let (loading, _) = frame(b, image: .loading)
        #expect(loading.row(4).contains("…"))
        let (failed, _) = frame(b, image: .failed("404"))
        #expect(failed.row(4).contains("✕"))
    }

    @Test func narrowTerminal() {
        let (c, r) = frame(Self.order, width: 24, height: 10)
        assertSnapshot(of: c.plainText, as: .lines, named: "narrow-24x10")
        #expect(r.width == 22)
        #expect(c.row(3).contains("Order #1042 shipp…"))
        #expect(c.row(5).hasSuffix("Order… │ "), "a body longer than two lines ends in an ellipsis")
    }

    @Test func hostListScrollsToKeepTheSelection() {
        var h = InAppHostState()
        h.move(by: 15, visible: 10)
        #expect(h.selection == 15 && h.scroll == 6)
        h.move(by: -100, visible: 10)
        #expect(h.selection == 0 && h.scroll == 0)
        h.move(by: 100, visible: 10)
        #expect(h.selection == InAppHostState.rows.count - 1 && h.scroll == InAppHostState.rows.count - 10)
        #expect(InAppHostScreen.row(atY: 3, host: h, size: Size(width: 60, height: 14)) == h.scroll)
        #expect(InAppHostScreen.screenY(ofRow: h.selection, host: h, size: Size(width: 60, height: 14)) == 12)
    }
}
