// The reward's celebration in cells: confetti falling from the card's top edge (golden mid-volley), the shimmer band
// (lighter cells in colour, `░` without colours; golden mid-sweep), the pulse one cell wider, same input same frame.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InAppCelebrationScreenTests {
    typealias F = InAppFixtures

    static func revealed(_ change: (inout InAppPresentation) -> Void = { _ in }) -> InAppPresentation {
        var p = InAppScreenTests.shown(F.scratch)
        p.scratch.revealed = true
        p.scratch.foilFade = 1
        p.rewardVisible = true
        change(&p)
        return p
    }

    @Test func confettiFallsFromTheCardsTopEdgeInThePalettesColours() {
        let calm = InAppScreenTests.frame([Self.revealed()]).0
        let p = Self.revealed { $0.confetti = [InAppConfettiBurst(anchor: .card, age: 1.0, seed: 11)] }
        let (c, maps) = InAppScreenTests.frame([p])
        assertSnapshot(of: c.plainText, as: .lines, named: "confetti-mid")
        let card = maps[0].rect(of: .body)!
        var pieces: [(Int, Int, Cell)] = []
        for y in 0..<c.height { for x in 0..<c.width where ["▬", "▮", "◆", "▪"].contains(c[x, y].grapheme) && c[x, y] != calm[x, y] {
            pieces.append((x, y, c[x, y]))
        } }
        #expect(pieces.count >= 6, "a second in, the volley is on screen: \(pieces.count) pieces")
        // Born 8 pt above the card, a second later they have fallen at most a few rows below its top.
        #expect(pieces.allSatisfy { $0.1 >= card.y - 1 && $0.1 <= card.y + 6 })
        let inks = Set(pieces.map { $0.2.fg })
        #expect(inks.isSubset(of: Set(InAppCelebrationView.palette)) && inks.count >= 3)
        // Same input, same frame.
        #expect(InAppScreenTests.frame([p]).0 == c)
        // A gradient card clips its confetti: nothing above its top edge.
        var clipped = p
        if case .scratchcard(var s) = clipped.message.content {
            s.background = .gradient([F.hex("#FF2D55"), F.hex("#5856D6")])
            clipped.message.content = .scratchcard(s)
        }
        let (g, gmaps) = InAppScreenTests.frame([clipped])
        let gcard = gmaps[0].rect(of: .body)!
        for y in 0..<gcard.y { #expect(g.row(y) == InAppScreenTests.frame([], width: 80, height: 24).0.row(y) || y >= gcard.y) }
    }

    @Test func theShimmerLightensABandAcrossThePanelAndWithoutColoursIsShading() {
        let calm = InAppScreenTests.frame([Self.revealed()]).0
        let p = Self.revealed { $0.celebration = InAppCelebration(shimmer: 0.5) }
        let (c, maps) = InAppScreenTests.frame([p])
        let chip = maps[0].rect(of: .promoChip)!
        let row = chip.y
        let centre = chip.x + chip.width / 2
        #expect(c[centre, row].bg != calm[centre, row].bg, "the band lightens the panel's middle")
        let before = calm[centre, row].bg.rgbComponents!, after = c[centre, row].bg.rgbComponents!
        let sumBefore = Int(before.r) + Int(before.g) + Int(before.b)
        let sumAfter = Int(after.r) + Int(after.g) + Int(after.b)
        #expect(sumAfter >= sumBefore)
        // Far left of the band (centre 0.5, 60 % wide): untouched.
        let area = maps[0].rect(of: .scratchArea(x: 0, y: 0))!
        #expect(c[area.x, row] == calm[area.x, row])
        // Without colours the band's brightest part is shading over the blank cells.
        let (mono, _) = InAppScreenTests.frame([p], options: InAppDrawOptions(monochrome: true))
        assertSnapshot(of: mono.plainText, as: .lines, named: "shimmer-mid-mono")
        #expect(mono.plainText.contains("░"))
        // At a sweep's start the band sits just off the panel's left edge: the panel itself is untouched (its tail
        // shows in the area's margin, which the SDK's unclipped band covers too).
        let off = Self.revealed { $0.celebration = InAppCelebration(shimmer: -0.3) }
        let (start, _) = InAppScreenTests.frame([off])
        for y in area.y..<area.maxY { for x in chip.x..<area.maxX { #expect(start[x, y] == calm[x, y]) } }
    }

    @Test func atThePulsesPeakThePanelIsACellWiderEachSide() {
        let (calm, m0) = InAppScreenTests.frame([Self.revealed()], width: 120, height: 40)
        let (peak, m1) = InAppScreenTests.frame([Self.revealed { $0.celebration = InAppCelebration(pulse: 1.05) }], width: 120, height: 40)
        let b0 = m0[0].rect(of: .button(1))!, b1 = m1[0].rect(of: .button(1))!
        #expect(b1.width > b0.width && b1.x < b0.x && b1.x + b1.width / 2 == b0.x + b0.width / 2)
        #expect(calm != peak)
        #expect(InAppCelebrationView.pulsed(Rect(x: 10, y: 5, width: 40, height: 10), 1.05) == Rect(x: 9, y: 5, width: 42, height: 10))
        #expect(InAppCelebrationView.pulsed(Rect(x: 10, y: 5, width: 40, height: 10), 1) == Rect(x: 10, y: 5, width: 40, height: 10))
    }

    @Test func theWheelsPanelCelebratesTooAndAClaimsVolleyFallsFromThePanel() {
        var p = InAppScreenTests.shown(F.spin)
        p.wheel.stoppedIndex = 1
        p.wheel.wheelFade = 1
        p.rewardVisible = true
        p.confetti = [InAppConfettiBurst(anchor: .rewardPanel, age: 0.5, seed: 3)]
        let calm = { () -> Canvas in var q = p; q.confetti = []; return InAppScreenTests.frame([q]).0 }()
        let (c, maps) = InAppScreenTests.frame([p])
        let chip = maps[0].rect(of: .promoChip)!
        var changed = 0
        for y in 0..<c.height { for x in 0..<c.width where c[x, y] != calm[x, y] { changed += 1; #expect(y >= chip.y - 8) } }
        #expect(changed > 0)
    }

    @Test func aPieceLooksFlatUprightOrTurningByItsAngleAndSmallByItsScale() {
        #expect(InAppCelebrationView.glyph(InAppConfettiParticle(x: 0, y: 0, angle: 0, scale: 1, color: 0, age: 0)) == "▬")
        #expect(InAppCelebrationView.glyph(InAppConfettiParticle(x: 0, y: 0, angle: .pi, scale: 1, color: 0, age: 0)) == "▬")
        #expect(InAppCelebrationView.glyph(InAppConfettiParticle(x: 0, y: 0, angle: .pi / 2, scale: 1, color: 0, age: 0)) == "▮")
        #expect(InAppCelebrationView.glyph(InAppConfettiParticle(x: 0, y: 0, angle: .pi / 4, scale: 1, color: 0, age: 0)) == "◆")
        #expect(InAppCelebrationView.glyph(InAppConfettiParticle(x: 0, y: 0, angle: -0.1, scale: 1, color: 0, age: 0)) == "▬")
        #expect(InAppCelebrationView.glyph(InAppConfettiParticle(x: 0, y: 0, angle: 1, scale: 0.4, color: 0, age: 0)) == "▪")
    }
}
