// Spec audit of the primer drawing rules (spec §2.3, §2.4, §5.1) the older screen tests did not pin yet.

import Testing
@testable import PushSimEngine
@testable import PushSimScreens

private let text = PrimerConfig().title("Stay in the loop").message("Turn on notifications to hear when your order is ready.")

private func frame(_ c: PrimerConfig, progress: Double = 1, focus: PrimerButton? = nil, width: Int = 46, height: Int = 24) -> (Canvas, PrimerHitAreas) {
    var canvas = Canvas(width: width, height: height)
    PrimerHostApp.draw(in: canvas.bounds, on: &canvas)
    let hits = PrimerScreen.draw(PrimerView(config: c, focus: focus, progress: progress), in: canvas.bounds, on: &canvas)
    return (canvas, hits)
}

/// The cells of row `y` between the card's side edges, as text.
private func cardRow(_ c: Canvas, _ card: Rect, _ y: Int) -> String {
    (card.x..<card.maxX).map { c[$0, y].grapheme }.joined()
}

/// The x of the first cell where the ASCII `needle` starts on row `y` (cell by cell, so wide glyphs before it count right).
private func column(of needle: String, in c: Canvas, row y: Int) -> Int? {
    let chars = needle.map(String.init)
    guard c.width >= chars.count else { return nil }
    return (0...(c.width - chars.count)).first { x in chars.indices.allSatisfy { c[x + $0, y].grapheme == chars[$0] } }
}

@Suite struct SpecAuditPrimerScreenTests {
    // spec §2.3 "Image, colours, radius and position are ignored": every look setting leaves the alert cell-for-cell the same.
    @Test func alertIgnoresEveryLookSetting() {
        let dressed = text.image("hero.png").imageURL("https://x/y.png").position(.top)
            .backgroundColor(PrimerColor(hex: "#FF0000")).backgroundGradient([PrimerColor(hex: "#000000")!, PrimerColor(hex: "#FFFFFF")!])
            .titleColor(PrimerColor(hex: "#00FF00")).messageColor(PrimerColor(hex: "#0000FF"))
            .acceptButtonColor(PrimerColor(hex: "#123456")).acceptButtonTextColor(PrimerColor(hex: "#654321"))
            .declineButtonColor(PrimerColor(hex: "#ABCDEF")).declineButtonTextColor(PrimerColor(hex: "#FEDCBA"))
            .cornerRadius(0).buttonCornerRadius(0).buttonBorderColor(PrimerColor(hex: "#FFFF00"))
        #expect(frame(dressed).0 == frame(text).0)
        #expect(PrimerScreen.imageReference(dressed) == nil, "the alert asks the media layer for nothing")
    }

    // spec §2.3 actions "1. Decline … "Not now", style .cancel 2. Accept … "Allow"": Not now left of Allow on one row.
    @Test func alertActionsDeclineThenAccept() {
        let (c, hits) = frame(PrimerConfig())
        #expect(hits.decline.y == hits.accept.y && hits.decline.x < hits.accept.x)
        let row = c.row(hits.accept.y)
        #expect(row.range(of: "Not now")!.lowerBound < row.range(of: "Allow")!.lowerBound)
    }

    // spec §2.4 / §5.1: "backgroundGradient(colors) overrides" backgroundColor; a linear top-left → bottom-right wash.
    @Test func gradientOverridesBackgroundColorAndRunsCornerToCorner() {
        let red = PrimerColor(hex: "#FF0000")!
        let c = text.style(.sheet).position(.center).backgroundColor(red)
            .backgroundGradient([PrimerColor(hex: "#000000")!, PrimerColor(hex: "#FFFFFF")!])
        let (canvas, hits) = frame(c)
        let card = hits.card
        var sawRed = false
        for y in card.y..<card.maxY { for x in card.x..<card.maxX where canvas[x, y].bg == Color(red) { sawRed = true } }
        #expect(!sawRed)
        func luma(_ x: Int, _ y: Int) -> Int { let v = canvas[x, y].bg.rgbComponents!; return Int(v.r) + Int(v.g) + Int(v.b) }
        let tl = luma(card.x + 1, card.y + 1), br = luma(card.maxX - 2, card.maxY - 2)
        let tr = luma(card.maxX - 2, card.y + 1), bl = luma(card.x + 1, card.maxY - 2)
        #expect(tl < tr && tl < bl && tr < br && bl < br, "darkest at the top-left, lightest at the bottom-right")
    }

    // spec §2.4 defaults: accent systemBlue behind white accept text; decline clear (the card shows) in secondaryLabel for
    // bottom and center, tertiarySystemFill with label text for the top banner; title label, message secondaryLabel.
    @Test func defaultColoursPerPosition() {
        for position in [PrimerPosition.bottom, .center, .top] {
            let (c, hits) = frame(text.style(.sheet).position(position))
            let a = hits.accept, d = hits.decline
            let ax = column(of: "Allow", in: c, row: a.y)!, dx = column(of: "Not now", in: c, row: d.y)!
            #expect(c[ax, a.y].bg == IOSColor.systemBlue, "\(position)")
            #expect(c[ax, a.y].fg == .white, "\(position)")
            if position == .top {
                #expect(c[dx, d.y].bg == IOSColor.tertiaryFill)
                #expect(c[dx, d.y].fg == IOSColor.label)
            } else {
                #expect(c[dx, d.y].bg == IOSColor.systemBackground, "\(position): clear over the card")
                #expect(c[dx, d.y].fg == IOSColor.secondaryLabel, "\(position)")
            }
            let ty = (hits.card.y..<hits.card.maxY).first { c.row($0).contains("Stay in the loop") }!
            #expect(c[column(of: "Stay", in: c, row: ty)!, ty].fg == IOSColor.label, "\(position)")
            let my = (hits.card.y..<hits.card.maxY).first { c.row($0).contains("Turn on") }!
            #expect(c[column(of: "Turn", in: c, row: my)!, my].fg == IOSColor.secondaryLabel, "\(position)")
        }
    }

    // spec §2.4 "Accent = acceptButtonColor … It is the accept button background and tints the bell glyph."
    @Test func accentTintsTheBell() {
        let green = PrimerColor(hex: "#22C55E")!
        for position in [PrimerPosition.bottom, .center, .top] {
            let (c, _) = frame(text.style(.sheet).position(position).acceptButtonColor(green))
            let bells = (0..<c.height).flatMap { y in (0..<c.width).filter { c[$0, y].grapheme == "🔔" }.map { ($0, y) } }
            #expect(bells.count == 1, "\(position)")
            #expect(bells.allSatisfy { c[$0.0, $0.1].fg == Color(green) }, "\(position)")
        }
    }

    // spec §2.4 "buttonBorderColor(c) adds a 1 pt border to both buttons".
    @Test func borderOnBothButtons() {
        for position in [PrimerPosition.bottom, .top] {
            let (c, hits) = frame(text.style(.sheet).position(position).buttonBorderColor(PrimerColor(hex: "#FF00FF")))
            for r in [hits.accept, hits.decline] {
                #expect(r.height == 3, "\(position)")
                #expect(["╭", "┌"].contains(c[r.x, r.y].grapheme), "\(position)")
                #expect(c[r.x, r.y].fg == .rgb(0xFF, 0x00, 0xFF), "\(position)")
            }
        }
    }

    // spec §2.4 bottom / center: "Title font 24 bold, unlimited lines, centred" — a five-line title is drawn whole when the
    // terminal has the room (it is shortened only when the card would not fit).
    @Test func stackedTitleHasNoLineLimit() {
        let words = (1...60).map { "w\($0)" }.joined(separator: " ") + " the-end"
        for position in [PrimerPosition.bottom, .center] {
            let (c, hits) = frame(PrimerConfig().style(.sheet).position(position).title(words).message("Short."))
            let rows = (hits.card.y..<hits.card.maxY).filter { y in cardRow(c, hits.card, y).contains("w") }
            #expect(rows.count >= 6, "\(position)")
            let shown = rows.map { cardRow(c, hits.card, $0) }.joined(separator: " ")
            #expect(shown.contains("the-end") && !shown.contains("…"), "\(position)")
            #expect(c.plainText.contains("Short."), "\(position): the message stays")
        }
        // Without the room, the card still fits the screen: the title is shortened with an ellipsis.
        let (small, hits) = frame(PrimerConfig().style(.sheet).title(words), height: 12)
        #expect(hits.card.maxY <= 12)
        #expect(small.plainText.contains("…"))
    }

    // spec §2.4 top: "Title … 15 semibold, 1 line" and "Message font 14 regular, 2 lines".
    @Test func bannerTitleOneLineMessageTwoLines() {
        let long = Array(repeating: "words", count: 30).joined(separator: " ")
        let (c, hits) = frame(PrimerConfig().style(.sheet).position(.top).title("Title " + long).message("Message " + long))
        let card = hits.card
        let titleRows = (card.y..<card.maxY).filter { cardRow(c, card, $0).contains("Title") }
        #expect(titleRows.count == 1)
        #expect(cardRow(c, card, titleRows[0]).contains("…"))
        let messageRows = (card.y..<card.maxY).filter { y in cardRow(c, card, y).contains("words") && !titleRows.contains(y) }
        #expect(messageRows.count == 2)
    }

    // spec §2.4 "Title and message are empty in the top banner" by default; only the buttons and "now" have text.
    @Test func unconfiguredBannerHasNoTitleOrMessage() {
        let (c, hits) = frame(PrimerConfig().style(.sheet).position(.top))
        let words = (hits.card.y..<hits.card.maxY).map { cardRow(c, hits.card, $0) }.joined(separator: " ").split(whereSeparator: { !$0.isLetter }).map(String.init)
        #expect(Set(words) == ["now", "Not", "Allow"])
    }

    // spec §2.4 Placement: bottom full width pinned to the bottom with a grabber; center inset and vertically centred; top
    // inset near the top; the grabber only on the bottom sheet.
    @Test func placementPerPosition() {
        let (b, bh) = frame(text.style(.sheet).position(.bottom))
        #expect(bh.card.x == 0 && bh.card.width == 46 && bh.card.maxY == 24)
        #expect(b.plainText.contains("━━━━"))
        let (m, mh) = frame(text.style(.sheet).position(.center))
        #expect(mh.card.x > 0 && mh.card.maxX < 46)
        #expect(abs(mh.card.y - (24 - mh.card.maxY)) <= 2)
        #expect(!m.plainText.contains("━━━━"))
        let (t, th) = frame(text.style(.sheet).position(.top))
        #expect(th.card.x > 0 && th.card.maxX < 46 && th.card.y <= 2)
        #expect(!t.plainText.contains("━━━━"))
    }

    // spec §2.4 "Image handling": a local image wins over imageURL (bottom, center); the top banner ignores imageURL.
    @Test func imageChoicePerPosition() {
        let both = sheet.image("local.png").imageURL("https://x/remote.png")
        let urlOnly = sheet.imageURL("https://x/remote.png")
        #expect(PrimerScreen.imageReference(both.position(.bottom)) == "local.png")
        #expect(PrimerScreen.imageReference(both.position(.center)) == "local.png")
        #expect(PrimerScreen.imageReference(urlOnly.position(.center)) == "https://x/remote.png")
        #expect(PrimerScreen.imageReference(urlOnly.position(.top)) == nil)
        #expect(PrimerScreen.imageReference(both.position(.top)) == "local.png")
    }

    // spec §2.4 "Backdrop animates from clear to black at 50 %": untouched at the start, half-way dimmed in the middle.
    @Test func backdropAnimatesFromClear() {
        var host = Canvas(width: 46, height: 24)
        PrimerHostApp.draw(in: host.bounds, on: &host)
        let (start, _) = frame(text.style(.sheet), progress: 0)
        #expect(start == host)
        let (mid, _) = frame(text.style(.sheet).position(.center), progress: 0.5)
        let base = host[0, 0].bg == .default ? IOSColor.groupedBackground : host[0, 0].bg
        #expect(mid[0, 0].bg == base.darkened(0.25))
    }
}

private let sheet = PrimerConfig().style(.sheet)
