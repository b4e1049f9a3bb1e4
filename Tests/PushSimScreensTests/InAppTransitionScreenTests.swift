// The templates' small transitions in cells, at chosen moments: the spin wheel's hub fading to 35 % on the tap, the
// reward panel fading in over the card (golden half way), the scratch card's frame turning yellow as the SDK's border
// grows (only once the foil has gone), and the loading spinner stepping round its eight spokes — drawn on the layer's
// `spinning` flag only while an image or a video loads.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InAppTransitionScreenTests {
    typealias F = InAppFixtures

    static func distance(_ a: Color, _ b: Color) -> Int {
        let x = a.rgbComponents!, y = b.rgbComponents!
        return abs(Int(x.r) - Int(y.r)) + abs(Int(x.g) - Int(y.g)) + abs(Int(x.b) - Int(y.b))
    }

    // MARK: - The hub

    @Test func theHubFadesToThirtyFivePercentOverItsPointTwoSeconds() {
        let rest = InAppScreenTests.shown(F.spin)
        let (c0, maps) = InAppScreenTests.frame([rest])
        let hub = maps[0].rect(of: .hub)!
        let x = hub.x + hub.width / 2, y = hub.y
        func hubCell(_ fade: Double) -> Cell {
            var p = rest
            p.wheel.spinning = true
            p.wheel.hubFade = fade
            return InAppScreenTests.frame([p]).0[x, y]
        }
        #expect(hubCell(0) == c0[x, y], "at the tap the hub is as it was")
        let half = hubCell(0.5), spent = hubCell(1)
        // Its fill and label fade toward the card under it: half way part of the way, at the end the rest of it.
        let fill = c0[x, y].bg, ink = c0[x, y].fg
        #expect(Self.distance(half.bg, fill) > 0 && Self.distance(spent.bg, fill) > Self.distance(half.bg, fill))
        #expect(Self.distance(half.fg, ink) > 0 && Self.distance(spent.fg, ink) > Self.distance(half.fg, ink))
        #expect(half.grapheme == c0[x, y].grapheme, "the hub keeps its label while it fades")
    }

    // MARK: - The reward panel

    /// The fixture's wheel with its prize's title in white (the fixture's is the card's own colour: nothing to see fade).
    static let brightPrize: InAppMessage = {
        var m = F.spin
        guard case .spinwheel(var w) = m.content else { return m }
        w.segments[w.winIndex].reward?.title?.color = InAppColor(red: 1, green: 1, blue: 1)
        m.content = .spinwheel(w)
        return m
    }()

    static func stopped(rewardFade: Double) -> InAppPresentation {
        var p = InAppScreenTests.shown(Self.brightPrize)
        p.wheel.stoppedIndex = 1
        p.wheel.wheelFade = 1
        p.rewardVisible = true
        p.rewardFade = rewardFade
        return p
    }

    @Test func theRewardPanelFadesInOverTheCard() {
        let (gone, gmaps) = InAppScreenTests.frame([Self.stopped(rewardFade: 0)])
        var bare = Self.stopped(rewardFade: 0)
        bare.rewardVisible = false
        let (card, _) = InAppScreenTests.frame([bare])
        let body = gmaps[0].rect(of: .body)!
        for y in body.y..<body.maxY {
            for x in body.x..<body.maxX { #expect(gone[x, y] == card[x, y], "at the start of its fade the panel is not there: the card shows") }
        }
        let (mid, maps) = InAppScreenTests.frame([Self.stopped(rewardFade: 0.75)])
        let (whole, _) = InAppScreenTests.frame([Self.stopped(rewardFade: 1)])
        assertSnapshot(of: mid.plainText, as: .lines, named: "spinwheel-panel-fading")
        #expect(mid.plainText.contains("SHIPFREE") && mid.plainText == whole.plainText, "past half way its text is there")
        // The promo code's first letter, white on the card: a quarter of the way still toward the card's colour.
        let chip = maps[0].rect(of: .promoChip)!
        let cy = chip.y + chip.height / 2
        let cx = (chip.x..<chip.maxX).first { whole[$0, cy].grapheme == "S" }!
        #expect(whole[cx, cy].fg == .white)
        #expect(mid[cx, cy].fg == Color.white.mixed(with: card[cx, cy].bg, 0.25), "its colours are still blending into the card")
        #expect(maps[0].rect(of: .promoChip) != nil, "the chip takes a tap while the panel fades in, as UIKit's does")
    }

    // MARK: - The scratch card's border

    static func revealed(foilFade: Double, border: Double) -> InAppPresentation {
        var p = InAppScreenTests.shown(F.scratch)
        p.scratch.revealed = true
        p.rewardVisible = true
        p.scratch.foilFade = foilFade
        p.scratch.border = border
        return p
    }

    @Test func theFrameTurnsYellowAsTheBorderGrowsOnceTheFoilHasGone() {
        let (fresh, maps) = InAppScreenTests.frame([InAppScreenTests.shown(F.scratch)])
        let area = maps[0].rect(of: .scratchArea(x: 0, y: 0))!
        let (x, y) = (area.x - 1, area.y + area.height / 2)
        #expect(fresh[x, y].fg == InAppPaint.areaFrame)
        let fading = InAppScreenTests.frame([Self.revealed(foilFade: 0.5, border: 1)]).0[x, y]
        #expect(fading.fg == InAppPaint.areaFrame, "the border waits for the foil to go")
        let start = InAppScreenTests.frame([Self.revealed(foilFade: 1, border: 0)]).0[x, y]
        let half = InAppScreenTests.frame([Self.revealed(foilFade: 1, border: 0.5)]).0[x, y]
        let whole = InAppScreenTests.frame([Self.revealed(foilFade: 1, border: 1)]).0[x, y]
        #expect(start.fg == InAppPaint.areaFrame && !start.attrs.contains(.bold))
        #expect(half.fg == InAppPaint.areaFrame.mixed(with: InAppPaint.revealBorder, 0.5) && half.attrs.contains(.bold))
        #expect(whole.fg == InAppPaint.revealBorder && whole.grapheme == start.grapheme)
    }

    // MARK: - The spinner

    @Test func theSpinnerStepsRoundItsEightSpokesEightTimesASecondWhileAnImageLoads() {
        var seen: [String] = []
        for k in 0..<9 {
            let (c, maps) = InAppScreenTests.frame([InAppScreenTests.shown(F.modal)], images: { _, _ in .loading }, now: 3 + Double(k) / 8 + 0.01)
            let glyph = InAppLayer.spinnerFrames.first { c.plainText.contains($0) }
            #expect(glyph != nil, "a spinner over the loading image at step \(k)")
            seen.append(glyph ?? "")
            #expect(maps[0].spinning)
        }
        #expect(seen == InAppLayer.spinnerFrames + [InAppLayer.spinnerFrames[0]], "clockwise, a turn a second")
        let picture = Canvas(width: 4, height: 2, fill: Cell("▓", fg: .rgb(200, 0, 0)))
        for slot in [ImageSlot.image(picture), .failed("HTTP 404"), .none] {
            let (c, maps) = InAppScreenTests.frame([InAppScreenTests.shown(F.modal)], images: { _, _ in slot }, now: 3)
            #expect(!maps[0].spinning, "\(slot): nothing turns, nothing to wake for")
            #expect(!InAppLayer.spinnerFrames.contains { c.plainText.contains($0) })
        }
    }

    @Test func aLoadingVideoSpinsAndAPlayingOneDoesNot() {
        var p = InAppScreenTests.shown(F.video)
        p.player.status = .loading
        #expect(InAppScreenTests.frame([p], now: 0.3).1[0].spinning)
        p.player.status = .playing
        #expect(!InAppScreenTests.frame([p], now: 0.3).1[0].spinning)
    }
}
