// Golden frames of the primer in every style and position, the system prompt and Settings (spec §2.3–2.4).

import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct PrimerScreenTests {
    static let stayInTheLoop = PrimerConfig()
        .title("Stay in the loop")
        .message("Turn on notifications to hear when your order is ready.")

    func frame(_ v: PrimerView, width: Int = 46, height: Int = 24) -> (Canvas, PrimerHitAreas) {
        var c = Canvas(width: width, height: height)
        let area = c.bounds
        PrimerHostApp.draw(in: area, on: &c)
        let hits = PrimerScreen.draw(v, in: area, on: &c)
        return (c, hits)
    }

    // spec §2.3: the system alert, Not now | Allow, title and message as given.
    @Test func alert() {
        let (c, hits) = frame(PrimerView(config: Self.stayInTheLoop))
        assertSnapshot(of: c.plainText, as: .lines, named: "alert")
        #expect(c.row(hits.decline.y).contains("Not now"))
        #expect(hits.decline.x < hits.accept.x, "UIAlertController puts the cancel action first")
    }

    // spec §2.3: an unconfigured alert has no title or text, only the two default actions.
    @Test func alertUnconfigured() {
        let (c, _) = frame(PrimerView(config: PrimerConfig(), focus: nil))
        assertSnapshot(of: c.plainText, as: .lines, named: "alert-unconfigured")
    }

    // spec §2.4 bottom: grabber, badge, title, message, accept then decline, top corners only.
    @Test func sheetBottom() {
        let (c, hits) = frame(PrimerView(config: Self.stayInTheLoop.style(.sheet)))
        assertSnapshot(of: c.plainText, as: .lines, named: "sheet-bottom")
        #expect(hits.card.maxY == 24)
        #expect(hits.accept.y < hits.decline.y)
        #expect(c.row(hits.card.y + 1).contains("━━━━"))
    }

    // spec §2.4 top: icon, title, "now", message, [decline, accept] in a row.
    @Test func sheetTop() {
        let (c, hits) = frame(PrimerView(config: Self.stayInTheLoop.style(.sheet).position(.top)))
        assertSnapshot(of: c.plainText, as: .lines, named: "sheet-top")
        #expect(hits.decline.y == hits.accept.y && hits.decline.x < hits.accept.x)
        #expect(c.row(hits.card.y + 1).hasSuffix("now  │") || c.row(hits.card.y + 1).contains("now"))
    }

    // spec §2.4 center with the sample app's look: navy gradient, green accept, radii 24 and 14, borders.
    @Test func sheetCenterSampleApp() throws {
        let cfg = Self.stayInTheLoop.style(.sheet).position(.center)
            .backgroundGradient([PrimerColor(hex: "#0B1F4D")!, PrimerColor(hex: "#1E3A8A")!])
            .titleColor(PrimerColor(hex: "#FFFFFF")).messageColor(PrimerColor(hex: "#C7D2FE"))
            .acceptButtonColor(PrimerColor(hex: "#22C55E")).declineButtonTextColor(PrimerColor(hex: "#E0E7FF"))
            .cornerRadius(24).buttonCornerRadius(14).buttonBorderColor(PrimerColor(hex: "#93C5FD"))
        let (c, hits) = frame(PrimerView(config: cfg))
        assertSnapshot(of: c.plainText, as: .lines, named: "sheet-center-sample")
        // The gradient runs from the top-left to the bottom-right corner of the card.
        let tl = c[hits.card.x + 1, hits.card.y + 1].bg, br = c[hits.card.maxX - 2, hits.card.maxY - 2].bg
        #expect(tl.rgbComponents!.b < br.rgbComponents!.b)
        #expect(c[hits.accept.x + 1, hits.accept.y + 1].bg == .rgb(0x22, 0xC5, 0x5E))
        #expect(c[hits.accept.x, hits.accept.y].grapheme == "╭", "a button radius above 0 draws rounded corners")
    }

    // cornerRadius 0 gives square corners; the backdrop is black at 50 %.
    @Test func squareCornersAndBackdrop() {
        let cfg = Self.stayInTheLoop.style(.sheet).position(.center).cornerRadius(0)
        let (c, hits) = frame(PrimerView(config: cfg))
        #expect(c[hits.card.x, hits.card.y].grapheme == "┌")
        #expect(c[0, 12].bg == IOSColor.groupedBackground.darkened(0.5))
        assertSnapshot(of: c.plainText, as: .lines, named: "sheet-center-square")
    }

    @Test func colorsFromConfig() {
        let cfg = Self.stayInTheLoop.style(.sheet).backgroundColor(PrimerColor(hex: "#102030"))
            .titleColor(PrimerColor(hex: "#FFEE00")).acceptButtonTextColor(PrimerColor(hex: "#000000"))
        let (c, hits) = frame(PrimerView(config: cfg))
        #expect(c[hits.card.x + 2, hits.card.y + 2].bg == .rgb(0x10, 0x20, 0x30))
        let titleRow = (hits.card.y..<hits.card.maxY).first { c.row($0).contains("Stay in the loop") }!
        let tx = c.row(titleRow).distance(from: c.row(titleRow).startIndex, to: c.row(titleRow).range(of: "Stay")!.lowerBound)
        #expect(c[tx, titleRow].fg == .rgb(0xFF, 0xEE, 0x00))
        #expect(c[tx, titleRow].attrs.contains(.bold))
        #expect(c[hits.accept.x + hits.accept.width / 2, hits.accept.y].fg == .black)
    }

    // Text from a config may be CJK or emoji: measured by width, never overflowing the card.
    @Test func wideText() {
        let cfg = PrimerConfig().style(.sheet).title("通知をオンにしてください 🔔").message("新しいメッセージが届いたらすぐにお知らせします。")
            .acceptButton("許可").declineButton("後で")
        let (c, _) = frame(PrimerView(config: cfg))
        assertSnapshot(of: c.plainText, as: .lines, named: "sheet-bottom-cjk")
        for y in 0..<c.height { #expect(TextWidth.of(c.row(y)) == 46) }
    }

    // iOS's permission prompt after an accept in notDetermined.
    @Test func systemPrompt() {
        var c = Canvas(width: 46, height: 24)
        PrimerHostApp.draw(in: c.bounds, on: &c)
        PrimerScreen.dim(c.bounds, on: &c, amount: 0.3)
        let a = PrimerAlert.draw(title: PrimerAlert.promptTitle(appName: "App"), message: PrimerAlert.promptMessage,
                                 left: "Don't Allow", right: "Allow", boldLeft: false, focusLeft: false, in: c.bounds, on: &c)
        assertSnapshot(of: c.plainText, as: .lines, named: "system-prompt")
        #expect(c.row(a.left.y).contains("Don't Allow"))
    }

    @Test func settingsPage() {
        var c = Canvas(width: 46, height: 12)
        PrimerHostApp.drawSettings(in: c.bounds, on: &c, notificationsOn: false)
        assertSnapshot(of: c.plainText, as: .lines, named: "settings-off")
        #expect(c.plainText.contains("○ OFF"))
        PrimerHostApp.drawSettings(in: c.bounds, on: &c, notificationsOn: true)
        #expect(c.plainText.contains("ON ●"))
    }

    // The sheet slides up from its own height; the backdrop darkens with it.
    @Test func bottomSheetSlidesIn() {
        let cfg = Self.stayInTheLoop.style(.sheet)
        let (full, hits) = frame(PrimerView(config: cfg, progress: 1))
        let (half, halfHits) = frame(PrimerView(config: cfg, progress: 0.5))
        let (gone, _) = frame(PrimerView(config: cfg, progress: 0))
        #expect(halfHits.card.y > hits.card.y)
        #expect(half[0, 2].bg == IOSColor.groupedBackground.darkened(0.25))
        #expect(!gone.plainText.contains("Allow"))
        #expect(full.plainText.contains("Allow"))
        assertSnapshot(of: half.plainText, as: .lines, named: "sheet-bottom-half-in")
    }

    @Test func bannerDropsDown() {
        let cfg = Self.stayInTheLoop.style(.sheet).position(.top)
        let (_, hits) = frame(PrimerView(config: cfg, progress: 1))
        let (_, half) = frame(PrimerView(config: cfg, progress: 0.5))
        #expect(half.card.y < hits.card.y)
    }

    @Test func heroImageFromMediaLayer() {
        var hero = Canvas(width: 10, height: 5, fill: Cell("▀", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
        hero[0, 0] = Cell("▄", fg: .white, bg: .black)
        let cfg = Self.stayInTheLoop.style(.sheet).imageURL("https://example.com/hero.png")
        #expect(PrimerScreen.imageSize(cfg) == Size(width: 10, height: 5))
        let (c, _) = frame(PrimerView(config: cfg, image: .image(hero)))
        #expect(c.plainText.contains("▄▀▀▀▀▀▀▀▀▀"))
        // The top banner ignores imageURL (spec §2.4).
        #expect(PrimerScreen.imageReference(cfg.position(.top)) == nil)
        #expect(PrimerScreen.imageReference(cfg.image("local.png")) == "local.png")
    }
}

@Suite struct PrimerCenterAnimationTests {
    // spec §2.4 center: 0.3 s ease-out, scale 0.92 → 1 and fade in (approximated: narrower, then blended).
    @Test func centerGrowsAndFadesIn() {
        let cfg = PrimerScreenTests.stayInTheLoop.style(.sheet).position(.center)
        func frame(_ p: Double) -> (Canvas, PrimerHitAreas) {
            var c = Canvas(width: 46, height: 24)
            PrimerHostApp.draw(in: c.bounds, on: &c)
            let h = PrimerScreen.draw(PrimerView(config: cfg, progress: p), in: c.bounds, on: &c)
            return (c, h)
        }
        let (early, small) = frame(0.3)
        let (_, full) = frame(1)
        #expect(small.card.width == full.card.width - 2)
        #expect(!early.plainText.contains("Stay in the loop"), "text is not drawn while the card is mostly transparent")
        let inside = early[small.card.x + 3, small.card.y + 1].bg
        #expect(inside != IOSColor.systemBackground && inside != IOSColor.groupedBackground.darkened(0.15))
    }
}
