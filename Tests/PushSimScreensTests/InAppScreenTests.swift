// Golden frames of the ten native in-app templates over the host app (at rest, mid-animation, mid-game, played out),
// at 80x24 and 120x40, monochrome too; and what the mouse finds at a cell.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InAppScreenTests {
    typealias F = InAppFixtures

    static func frame(_ ps: [InAppPresentation], width: Int = 80, height: Int = 24, images: @escaping InAppImageLookup = { _, _ in .none },
                      options: InAppDrawOptions = InAppDrawOptions(), now: Double = 0) -> (Canvas, [InAppHitMap]) {
        var c = Canvas(width: width, height: height)
        InAppHostScreen.draw(InAppHostState(), appName: "Shop", statusLine: InAppKeys.hints(for: ps), on: &c)
        let maps = InAppScreen.draw(ps, images: images, at: now, options: options, on: &c)
        return (c, maps)
    }

    static func shown(_ m: InAppMessage) -> InAppPresentation {
        var p = InAppPresentation(message: m)
        if m.layout == .pip { F.pipAtCorner(&p) }
        if m.layout == .video || m.layout == .pip { p.player.status = .playing; p.player.position = 3 }
        return p
    }

    // MARK: every template at rest

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func everyTemplateAtRest(size: Size) {
        for m in F.all {
            let (c, maps) = Self.frame([Self.shown(m)], width: size.width, height: size.height)
            assertSnapshot(of: c.plainText, as: .lines, named: "\(m.layout.rawValue)-\(size)")
            #expect(!maps[0].entries.isEmpty, "\(m.layout) records where its elements are")
            for y in 0..<c.height { #expect(TextWidth.of(c.row(y)) == size.width, "\(m.layout) row \(y) keeps its width") }
            let card = maps[0].rect(of: .body) ?? Rect(x: 0, y: 0, width: 0, height: 0)
            if m.layout == .banner {
                #expect(c.row(card.maxY + 1) == Self.frame([], width: size.width, height: size.height).0.row(card.maxY + 1), "\(m.layout): the app shows beside it")
            }
        }
    }

    @Test func modalCardGeometryAndColours() {
        let (c, maps) = Self.frame([Self.shown(F.modal)])
        let card = maps[0].rect(of: .body)!
        // 390 pt over 80 columns: 28 pt insets ≈ 6 columns each side; 400 pt max is wider than that.
        #expect(card.width == 80 - 2 * 6)
        #expect(card.x == 6)
        #expect(c.plainText.contains("Welcome aboard!"))
        let b1 = maps[0].rect(of: .button(1))!, b2 = maps[0].rect(of: .button(2))!
        #expect(c.row(b1.y).contains("Claim 10% off") && c.row(b2.y).contains("Not now"))
        #expect(c[b1.x + b1.width / 2, b1.y].bg == .rgb(255, 59, 48), "button 1 is filled with its background")
        #expect(c[b2.x + 3, b2.y].bg == .rgb(255, 255, 255), "a transparent button shows the card through")
        #expect(c[b1.x, b1.y].grapheme == "▐" && c[b1.maxX - 1, b1.y].grapheme == "▌", "rounded ends in the border's colour")
        #expect(c[card.x + 2, card.y + 1].bg != .default)
        // The 60 % black backdrop darkens the host.
        #expect(c[1, 5].bg == IOSColor.systemBackground.darkened(0.6))
        let chip = maps[0].rect(of: .closeChip)!
        #expect(c.row(chip.y).contains("✕") && chip.maxX <= card.maxX - 1)
    }

    @Test func modalWithoutDimOrButtons() {
        let (c, maps) = Self.frame([Self.shown(F.modalPlain)])
        assertSnapshot(of: c.plainText, as: .lines, named: "modal-plain")
        #expect(c[1, 5].bg == IOSColor.systemBackground, "no backdrop: the host keeps its colours")
        #expect(maps[0].rect(of: .closeChip) != nil, "no buttons: the SDK forces the close chip on")
        #expect(InAppScreen.hit(maps, x: 0, y: 10) == .app, "outside taps pass through to the app")
    }

    // MARK: mid-animation

    @Test func midAnimation() {
        let cases: [(InAppMessage, InAppPresentation.Phase, String)] = [
            (F.modal, .entering(0.6), "modal-entering"), (F.modal, .leaving(0.6), "modal-leaving"),
            (F.sheet, .entering(0.4), "sheet-entering"), (F.banner, .entering(0.5), "banner-entering"),
            (F.carousel, .entering(0.7), "carousel-entering"), (F.stories, .leaving(0.5), "stories-leaving"),
            (F.pip, .entering(0.6), "pip-entering"), (F.spin, .leaving(0.5), "spinwheel-leaving"),
        ]
        for (m, phase, name) in cases {
            var p = Self.shown(m)
            p.phase = phase
            let (c, maps) = Self.frame([p])
            assertSnapshot(of: c.plainText, as: .lines, named: name)
            if case .leaving = phase {
                #expect(maps[0].entries.isEmpty, "\(name): a leaving message's controls take no taps")
                let blocks = m.layout == .modal || m.layout == .stories
                #expect(InAppScreen.hit(maps, x: 40, y: 12) == (blocks ? InAppHit(index: 0, element: .outside) : .app),
                        "\(name): a blocking backdrop absorbs taps until it is gone")
            }
        }
    }

    @Test func fadeBlendsWithTheHost() {
        var p = Self.shown(F.modalPlain)
        p.phase = .entering(0.1)
        let (faint, m1) = Self.frame([p])
        let (full, m2) = Self.frame([Self.shown(F.modalPlain)])
        let card = m2[0].rect(of: .body)!
        let x = card.x + 3, y = card.y + 2
        #expect(full[x, y].bg == .rgb(28, 28, 30))
        #expect(faint[x, y + 1].bg != full[x, y].bg, "early in, the card is still mostly the host")
        #expect(m1[0].rect(of: .body)!.y > card.y, "the card rises 22 pt into place")
        var rm = p
        rm.reduceMotion = true
        let (_, m3) = Self.frame([rm])
        #expect(m3[0].rect(of: .body)!.y == card.y, "Reduce Motion: a plain fade")
    }

    @Test func sheetSlidesAndDrags() {
        let (_, rest) = Self.frame([Self.shown(F.sheet)])
        var p = Self.shown(F.sheet)
        p.dragOffset = 150
        let (c, dragged) = Self.frame([p])
        assertSnapshot(of: c.plainText, as: .lines, named: "sheet-dragged")
        #expect(dragged[0].rect(of: .body)!.y > rest[0].rect(of: .body)!.y, "a downward drag moves the sheet down")
        #expect(rest[0].rect(of: .body)!.maxY == 23, "pinned to the bottom, above the hints row")
        #expect(rest[0].rect(of: .closeChip) != nil)
    }

    // MARK: carousel and stories

    @Test func carouselPages() {
        var p = Self.shown(F.carousel)
        let (first, maps) = Self.frame([p])
        let card = maps[0].rect(of: .body)!
        #expect(first.plainText.contains("Winter jackets") && first.plainText.contains("jackets.jpg"))
        #expect(first.row(card.maxY).contains("● ○ ○"), "page dots on the card's bottom edge")
        #expect(maps[0].rect(of: .closeChip) != nil, "the carousel always shows its close chip")
        #expect(Double(card.height) / Double(card.width) * 2 > 1.2, "portrait, ratio about 1.32")
        p.page = 1
        p.dragOffset = -120
        let (dragging, _) = Self.frame([p])
        assertSnapshot(of: dragging.plainText, as: .lines, named: "carousel-dragging")
        p.dragOffset = 0
        p.page = 2
        let (last, _) = Self.frame([p])
        assertSnapshot(of: last.plainText, as: .lines, named: "carousel-last")
        #expect(!last.plainText.contains("Boots") && last.row(card.maxY).contains("○ ○ ●"))
        #expect(InAppScreen.hit(maps, x: 0, y: 12) == InAppHit(index: 0, element: .outside), "the 80 % scrim blocks the app")
    }

    @Test func storiesTracksZonesAndButtons() {
        var p = Self.shown(F.stories)
        p.page = 1
        p.pageProgress = 0.5
        p.held = true
        let (c, maps) = Self.frame([p])
        assertSnapshot(of: c.plainText, as: .lines, named: "stories-held")
        #expect(c.row(1).contains("█") && c.row(1).contains("─"), "page 1 full, page 2 half, page 3 empty")
        #expect(c.plainText.contains("❚❚ held"))
        #expect(InAppScreen.hit(maps, x: 5, y: 10).element == .storyZone(.left))
        #expect(InAppScreen.hit(maps, x: 40, y: 10).element == .storyZone(.middle))
        #expect(InAppScreen.hit(maps, x: 75, y: 10).element == .storyZone(.right))
        p.page = 2
        p.held = false
        let (last, lastMaps) = Self.frame([p])
        let b = lastMaps[0].rect(of: .button(1))!
        #expect(last.row(b.y).contains("Order the box"))
        #expect(InAppScreen.hit(lastMaps, x: b.x + 2, y: b.y).element == .button(1))
    }

    // MARK: banner, fullscreen

    @Test func bannerLeavesTheAppLive() {
        let (c, maps) = Self.frame([Self.shown(F.banner)])
        let bar = maps[0].rect(of: .body)!
        #expect(bar.y == 1 && bar.x == 2, "10 pt under the status bar, 12 pt from the sides")
        #expect(c.row(bar.y + 1).contains("Your order is on its way"))
        #expect(InAppScreen.hit(maps, x: 10, y: bar.maxY + 2) == .app)
        #expect(InAppScreen.hit(maps, x: 20, y: bar.y + 1).element == .body)
        #expect(InAppScreen.hit(maps, x: bar.maxX - 3, y: bar.y + 1).element == .closeChip)
    }

    @Test func fullscreenCoversTheApp() {
        let (c, maps) = Self.frame([Self.shown(F.fullscreen)])
        #expect(c.plainText.contains("sale-cover.jpg"))
        #expect(!c.plainText.contains("Order #1040"), "the host is covered")
        #expect(InAppScreen.hit(maps, x: 5, y: 5).element == .body)
    }

    // MARK: video and pip

    @Test func videoPlayerStates() {
        var p = Self.shown(F.video)
        for (status, name) in [(InAppPlayerState.Status.loading, "loading"), (.playing, "playing"), (.fallback, "fallback"), (.ended, "ended")] {
            p.player.status = status
            let (c, maps) = Self.frame([p], now: 0.3)
            assertSnapshot(of: c.plainText, as: .lines, named: "video-\(name)")
            #expect(maps[0].rect(of: .mute) != nil)
            #expect(maps[0].rect(of: .closeChip) == nil, "one button and showClose false: no chip")
        }
        p.player.status = .fallback
        #expect(Self.frame([p]).0.plainText.contains("fallback.jpg"))
        p.player.status = .playing
        p.player.muted = false
        #expect(Self.frame([p]).0.plainText.contains("🔊"))
    }

    @Test func pipCornerExpandAndBesideAModal() {
        var p = Self.shown(F.pip)
        let (c, maps) = Self.frame([p])
        let card = maps[0].rect(of: .body)!
        #expect(card.width == 32, "40 % of 80 columns")
        #expect(card.height == 9, "16:9 in cells")
        #expect(card.maxX == 80 - 4 && card.maxY <= 23, "at its corner, inside the safe area")
        #expect(c.plainText.contains("▶ 0:03"))
        for e in [InAppElement.closeChip, .mute, .expand] { #expect(maps[0].rect(of: e) != nil) }
        p.pipExpanded = true
        let (big, bigMaps) = Self.frame([p])
        assertSnapshot(of: big.plainText, as: .lines, named: "pip-expanded")
        #expect(bigMaps[0].rect(of: .body) == Rect(x: 0, y: 0, width: 80, height: 23))
        // A pip and a modal: the pip first (below); the dimmed modal takes taps over the pip.
        let pip = Self.shown(F.pip)
        let (both, bothMaps) = Self.frame([pip, Self.shown(F.modal)])
        assertSnapshot(of: both.plainText, as: .lines, named: "pip-under-modal")
        #expect(InAppScreen.hit(bothMaps, x: card.maxX - 1, y: card.y + 2) == InAppHit(index: 1, element: .outside))
        let (_, plainMaps) = Self.frame([pip, Self.shown(F.modalPlain)])
        #expect(InAppScreen.hit(plainMaps, x: card.x + 10, y: card.y + 3) == InAppHit(index: 0, element: .body))
    }

    // MARK: scratch card

    @Test func scratchCardStates() {
        var p = Self.shown(F.scratch)
        let (fresh, maps) = Self.frame([p])
        #expect(fresh.plainText.contains("Scratch here"))
        #expect(!fresh.plainText.contains("BF25-7QX"), "the prize is under the foil")
        #expect(maps[0].rect(of: .revealButton) != nil && maps[0].rect(of: .button(1)) == nil)
        #expect(maps[0].rect(of: .promoChip) == nil, "the generated foil takes every tap on the area")
        let area = maps[0].rect(of: .scratchArea(x: 0, y: 0))!
        if case .scratchArea(let fx, let fy) = InAppScreen.hit(maps, x: area.x, y: area.y).element {
            #expect(fx == 0.5 / Double(area.width) && fy == 0.5 / Double(area.height))
        } else { Issue.record("the area answers fractions") }
        #expect(InAppScreen.hit(maps, x: 0, y: 12) == .app, "the backdrop is inert: taps reach the app")

        // A stroke across the middle: its path cleared, the grid cells it counted worn.
        p.scratch.strokes = [[InAppPoint(x: 0.05, y: 0.5), InAppPoint(x: 0.95, y: 0.5)]]
        for gx in 0..<16 { for gy in 3...6 { p.scratch.grid[gy * 16 + gx] = true } }
        p.scratchCursor = InAppPoint(x: 0.95, y: 0.5)
        p.scratchFingerDown = true
        let (mid, _) = Self.frame([p])
        assertSnapshot(of: mid.plainText, as: .lines, named: "scratch-mid")
        #expect(mid.plainText.contains("●"), "the keyboard's finger")
        let midRow = area.y + area.height / 2
        #expect(mid[area.x + area.width / 2, midRow].bg != fresh[area.x + area.width / 2, midRow].bg, "the path is cleared")

        p.scratch.revealed = true
        p.scratch.foilFade = 0.5
        let (fading, _) = Self.frame([p])
        assertSnapshot(of: fading.plainText, as: .lines, named: "scratch-fading")
        p.scratch.foilFade = 1
        p.rewardVisible = true
        let (revealed, rmaps) = Self.frame([p])
        assertSnapshot(of: revealed.plainText, as: .lines, named: "scratch-revealed")
        #expect(revealed.plainText.contains("BF25-7QX") && revealed.plainText.contains("Shop now"))
        #expect(revealed[area.x - 1, area.y].fg == InAppPaint.revealBorder, "the revealed area gets a yellow frame")
        #expect(rmaps[0].rect(of: .promoChip) != nil && rmaps[0].rect(of: .button(1)) != nil)
        #expect(rmaps[0].rect(of: .revealButton) != nil, "the reveal button stays")
        p.copied = true
        let (copied, _) = Self.frame([p])
        assertSnapshot(of: copied.plainText, as: .lines, named: "scratch-copied")
        #expect(copied.plainText.contains("✓ Copied!") && !copied.plainText.contains("BF25-7QX"))
    }

    @Test func scratchImageFoilLetsTapsThrough() {
        guard case .scratchcard(var s) = F.scratch.content else { return }
        s.cover.image = "https://cdn.example.com/foil.png"
        let (c, maps) = Self.frame([Self.shown(InAppMessage(id: "x", content: .scratchcard(s)))])
        #expect(c.plainText.contains("foil.png") && !c.plainText.contains("Scratch here"))
        #expect(maps[0].rect(of: .promoChip) != nil, "under an image foil the hidden chip still takes taps")
    }

    @Test func brushClearsWhatItCrosses() {
        let area = InAppScratchFoil.areaPoints(screen: .iPhone15)
        #expect(area.width == 289 && abs(area.height - 179.18) < 0.01)
        let cleared = InAppScratchFoil.cleared([[InAppPoint(x: 0, y: 0.5), InAppPoint(x: 1, y: 0.5)]], size: Size(width: 40, height: 10), area: area)
        // 46 pt across 179 pt of height over 10 rows: the two middle rows (centres 9 pt from the line) are cleared.
        #expect((0..<40).allSatisfy { cleared[4 * 40 + $0] && cleared[5 * 40 + $0] })
        #expect(!(0..<40).contains { cleared[0 * 40 + $0] || cleared[9 * 40 + $0] })
        let dot = InAppScratchFoil.cleared([[InAppPoint(x: 0.5, y: 0.5)]], size: Size(width: 40, height: 10), area: area)
        #expect(dot.filter { $0 }.count > 0 && dot.filter { $0 }.count < 20, "a touch clears a round dot")
    }

    // MARK: spin wheel

    @Test func spinWheelAtRestSpinningAndWon() {
        var p = Self.shown(F.spin)
        let (rest, maps) = Self.frame([p])
        let disc = maps[0].rect(of: .wheel)!, hub = maps[0].rect(of: .hub)!
        #expect(rest.row(hub.y).contains("SPIN"))
        let pointerY = disc.y - 1
        let px = rest.row(pointerY).firstIndex(of: "▼").map { rest.row(pointerY).distance(from: rest.row(pointerY).startIndex, to: $0) }
        #expect(px != nil, "the pointer sits over the disc")
        // At rest segment 0 starts at 12 o'clock, clockwise: just right of the pointer is segment 0 (#5E5CE6).
        #expect(Self.colours(rest[px! + 3, disc.y + 1]).contains(.rgb(94, 92, 230)))
        #expect(Self.colours(rest[px! - 3, disc.y + 1]).contains(InAppPaint.wheelPalette[3]), "segment 3 has no colour: palette[3]")

        // Mid-spin and stopped on winIndex 1: under the pointer is segment 1 (#FF375F).
        let seg = 2 * Double.pi / 4
        p.wheel = InAppWheelState(angle: -2.1 * .pi, spinning: true)
        let (spinning, _) = Self.frame([p])
        assertSnapshot(of: spinning.plainText, as: .lines, named: "spinwheel-spinning")
        p.wheel = InAppWheelState(angle: -(2 * .pi * 5) - 1.5 * seg, spinning: false, stoppedIndex: 1)
        let (stopped, _) = Self.frame([p])
        assertSnapshot(of: stopped.plainText, as: .lines, named: "spinwheel-stopped")
        #expect(Self.colours(stopped[px!, disc.y + 1]).contains(.rgb(255, 55, 95)))
        #expect(stopped[hub.x + hub.width / 2, hub.y].fg != rest[hub.x + hub.width / 2, hub.y].fg, "the hub fades to 35 %")
        p.wheel.wheelFade = 0.6
        let (fading, _) = Self.frame([p])
        assertSnapshot(of: fading.plainText, as: .lines, named: "spinwheel-fading")
        p.wheel.wheelFade = 1
        p.rewardVisible = true
        let (won, wmaps) = Self.frame([p])
        assertSnapshot(of: won.plainText, as: .lines, named: "spinwheel-won")
        #expect(won.plainText.contains("Free shipping") && won.plainText.contains("SHIPFREE"), "the winning segment's own reward")
        #expect(wmaps[0].rect(of: .promoChip) != nil && wmaps[0].rect(of: .button(1)) == nil, "that reward has no button")
        #expect(wmaps[0].rect(of: .hub) == nil)
    }

    static func colours(_ c: Cell) -> [Color] { [c.fg, c.bg] }

    // MARK: monochrome, CJK, sizes, images

    @Test func monochrome() {
        var spin = Self.shown(F.spin)
        spin.wheel.angle = -0.4
        var scratch = Self.shown(F.scratch)
        scratch.scratch.strokes = [[InAppPoint(x: 0.1, y: 0.2), InAppPoint(x: 0.6, y: 0.8)]]
        for m in [spin, scratch, Self.shown(F.modal)] {
            let (c, _) = Self.frame([m], options: InAppDrawOptions(monochrome: true))
            assertSnapshot(of: c.plainText, as: .lines, named: "mono-\(m.message.layout.rawValue)")
        }
        let (c, maps) = Self.frame([spin], options: InAppDrawOptions(monochrome: true))
        let disc = maps[0].rect(of: .wheel)!
        let glyphs = Set((disc.y..<disc.maxY).flatMap { y in (disc.x..<disc.maxX).map { c[$0, y].grapheme } })
        #expect(glyphs.isSuperset(of: ["█", "▒", "▓", "░"]), "without colour, each slice has its own fill")
    }

    @Test func cjkAndEmojiText() {
        let card = InAppCard(background: F.hex("#FFFFFF"), title: F.text("ようこそ！🎉 はじめてのご注文は送料無料です", "#1C1C1E"),
                             message: F.text("注文の最新情報をオンにすると、初回の配達が10%オフになります。絵文字も大丈夫 👍", "#5B5B63"),
                             showClose: true, buttons: [F.button("今すぐ受け取る 🎁", "#FFFFFF", "#FF3B30", "#FF3B30")], dimBackground: true)
        let (c, _) = Self.frame([Self.shown(InAppMessage(content: .modal(card)))], width: 50, height: 20)
        assertSnapshot(of: c.plainText, as: .lines, named: "modal-cjk-50x20")
        for y in 0..<c.height { #expect(TextWidth.of(c.row(y)) == 50, "row \(y) keeps the frame aligned") }
        #expect(c.plainText.contains("今すぐ受け取る"))
    }

    @Test func tooSmall() {
        let (c, maps) = Self.frame([Self.shown(F.modal)], width: 28, height: 8)
        #expect(c.plainText.contains("30×10"))
        #expect(InAppScreen.hit(maps, x: 5, y: 5) == .app)
    }

    @Test func imagesComeFromTheLookup() {
        var asked: [String: Size] = [:]
        let (loading, _) = Self.frame([Self.shown(F.modal)], images: { url, size in asked[url] = size; return .loading }, now: 0.25)
        #expect(asked["https://cdn.example.com/inapp/welcome-hero.png"] != nil)
        #expect(loading.plainText.contains(InAppLayer.spinnerFrames[2]), "a quarter turn in: the third spoke")
        let (failed, _) = Self.frame([Self.shown(F.modal)], images: { _, _ in .failed("HTTP 404") })
        #expect(failed.plainText.contains("HTTP 404"))
        let picture = Canvas(width: 4, height: 2, fill: Cell("▓", fg: .rgb(200, 0, 0)))
        let (drawn, _) = Self.frame([Self.shown(F.modal)], images: { _, _ in .image(picture) })
        #expect(drawn.plainText.contains("▓▓▓▓"))
    }

    // MARK: keys

    @Test func keysHintsAndHelp() {
        let modal = Self.shown(F.modal), pip = Self.shown(F.pip)
        #expect(InAppKeys.action(for: .char("2"), on: [modal]) == InAppKeyTarget(index: 0, action: .button(2)))
        #expect(InAppKeys.action(for: .char("c"), on: [modal]) == InAppKeyTarget(index: 0, action: .close))
        #expect(InAppKeys.action(for: .char("d"), on: [modal]) == InAppKeyTarget(index: nil, action: .dismissAll))
        #expect(InAppKeys.action(for: .char("3"), on: [modal]) == nil, "there is no third button")
        #expect(InAppKeys.action(for: .up, on: [pip]) == InAppKeyTarget(index: 0, action: .pipThrow(dx: 0, dy: -1)))
        #expect(InAppKeys.action(for: .char("V"), on: [Self.shown(F.video)])?.action == .videoFail)
        #expect(InAppKeys.action(for: .char("e"), on: [pip, modal]) == nil, "a dimmed modal takes every key")
        #expect(InAppKeys.action(for: .char("e"), on: [pip, Self.shown(F.banner)]) == InAppKeyTarget(index: 0, action: .expand))
        #expect(InAppKeys.action(for: .left, on: [Self.shown(F.scratch)])?.action == .scratchMove(dx: -1, dy: 0))
        #expect(InAppKeys.action(for: .left, on: [Self.shown(F.carousel)])?.action == .swipe(.right))
        #expect(InAppKeys.action(for: .char("s"), on: [Self.shown(F.spin)])?.action == .spin)
        var spun = Self.shown(F.spin)
        spun.wheel.spinning = true
        #expect(InAppKeys.action(for: .char("s"), on: [spun]) == nil, "one spin per presentation")
        #expect(InAppKeys.hints(for: [Self.shown(F.video)]).hasPrefix("video · 1 button · m mute"))
        var won = Self.shown(F.scratch)
        #expect(InAppKeys.action(for: .char("1"), on: [won]) == nil, "the reward's button is hidden until the reveal")
        won.rewardVisible = true
        #expect(InAppKeys.action(for: .char("1"), on: [won])?.action == .button(1))
        #expect(InAppKeys.hints(for: [modal]) == "modal · 1-2 buttons · c close · ? help · q quit")
        #expect(InAppKeys.hints(for: [Self.shown(F.stories)], leave: .back).hasSuffix("? help · q back"))
        var leaving = modal
        leaving.phase = .leaving(0.2)
        #expect(InAppKeys.action(for: .char("1"), on: [leaving]) == nil)
        let help = InAppKeys.helpLines(for: [pip, modal])
        #expect(help.first == "modal" && help.contains("pip"), "the top message's keys first, then the pip's")
        #expect(help.contains { $0.hasPrefix("d ") && $0.contains("dismiss()") })
        var c = Canvas(width: 80, height: 24)
        HelpBox.draw(InAppKeys.helpLines(for: [Self.shown(F.scratch)]), title: "Scratch card", into: &c)
        assertSnapshot(of: c.plainText, as: .lines, named: "help-scratchcard")
    }
}

extension InAppScreenTests {
    /// Real pixels: a story's picture stays a picture under its text, tracks, chip and button (the terminal keeps as
    /// cells only what no longer shows the picture's symbols); it turns to cells while the story fades, and a card
    /// over a pip's picture covers it.
    @Test func picturesStayPicturesUnderTheirOverlays() {
        let pixels = PixelProvider { _ in nil }
        let lookup: InAppImageLookup = { url, size in .image(Canvas(size: size, fill: Cell("▓", fg: .rgb(90, 60, 30))).withPicture(key: url, pixels: pixels)) }
        var p = Self.shown(F.stories)
        p.page = 2
        let (c, _) = Self.frame([p], images: lookup)
        #expect(c.images.count == 1 && c.images[0].covered == false)
        p.phase = .entering(0.5)
        let fading = Self.frame([p], images: lookup).0.images
        #expect(!fading.isEmpty && !fading.contains { !$0.covered }, "while it fades the picture shows as cells")
        let (both, _) = Self.frame([Self.shown(F.pip), Self.shown(F.modalPlain)], images: lookup)
        #expect(both.images.count == 1 && both.images[0].covered == false, "the undimmed card is beside the pip, not over it")
        let (under, _) = Self.frame([Self.shown(F.pip), Self.shown(F.modal)], images: lookup)
        let pip = under.images.filter { $0.key.hasSuffix("match-1127.jpg") }
        #expect(pip.count == 1 && pip[0].covered, "the dimmed backdrop is over the pip")
    }
}

extension InAppScreenTests {
    /// A tall terminal (a row ≤ 20.8 pt): 52 pt buttons and the promo chip become framed three-row boxes.
    @Test func tallTerminalFramesButtons() {
        let size = Size(width: 90, height: 50)
        let (modal, maps) = Self.frame([Self.shown(F.modal)], width: size.width, height: size.height)
        assertSnapshot(of: modal.plainText, as: .lines, named: "modal-90x50")
        let b1 = maps[0].rect(of: .button(1))!
        #expect(b1.height == 3)
        #expect(modal[b1.x, b1.y].grapheme == "╭" && modal.row(b1.y + 1).contains("Claim 10% off"), "radius 14: rounded corners")
        var p = Self.shown(F.scratch)
        p.rewardVisible = true
        p.scratch.revealed = true
        p.scratch.foilFade = 1
        let (won, wmaps) = Self.frame([p], width: size.width, height: size.height)
        assertSnapshot(of: won.plainText, as: .lines, named: "scratch-revealed-90x50")
        let chip = wmaps[0].rect(of: .promoChip)!
        #expect(chip.height == 3 && won[chip.x + 1, chip.y].grapheme == "┄", "a dashed frame")
    }
}
