// Canvas.text's fast path for narrow text (every scalar one cell, put from the UTF-8 bytes) draws exactly what the
// grapheme walk draws, over canvases that already hold wide graphemes, at every clip; and sanitized's shortcut for
// text without controls gives what its walk gives.

import Testing
@testable import PushSimCanvas

@Suite struct CanvasNarrowTextTests {
    /// A row that already holds a wide grapheme, narrow text and a fill, so the overwrite rules (no orphan half of
    /// a wide grapheme) are exercised too.
    private func background() -> Canvas {
        var cv = Canvas(width: 14, height: 2, fill: Cell(".", fg: .white, bg: .black))
        _ = cv.graphemeText("東a京🌃", x: 1, y: 0, style: Style(fg: .rgb(200, 0, 0)), limit: 14)
        _ = cv.graphemeText("漢字", x: 0, y: 1, style: Style(fg: .indexed(2)), limit: 14)
        return cv
    }

    private func random(_ next: () -> UInt64) -> String {
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x2FF, 0x00...0x1F, 0x80...0x9F, 0x300...0x36F, 0x4E00...0x4E80, 0x1F300...0x1F3FF]
        var u = String.UnicodeScalarView()
        for _ in 0..<Int(next() % 18) {
            let pool = next() % 4 == 0 ? pools[Int(next() % UInt64(pools.count))] : pools[Int(next() % 2)]
            if let c = Unicode.Scalar(pool.lowerBound + UInt32(next() % UInt64(pool.count))) { u.append(c) }
        }
        return String(u)
    }

    @Test func theFastPathDrawsWhatTheGraphemeWalkDraws() {
        var seed: UInt64 = 0xCA4_2026_1204
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        var cases = ["Spring sale", "Crème brûlée à 5 €", "Ærø ß ŋ ɐ ʰ", "\u{A0}nbsp", "", "x", "e\u{301}", "tab\t", "東京"]
        for _ in 0..<1500 { cases.append(random(next)) }
        var fast = 0
        for s in cases {
            for x in [-3, 0, 1, 2, 5, 12, 14] {
                for maxWidth in [nil, 0, 1, 3, 7] as [Int?] {
                    var a = background(), b = background()
                    let limit = min(maxWidth ?? a.width, a.width - x)
                    let used = a.text(s, x: x, y: 0, style: Style(fg: .rgb(0, 0, 200), bg: .indexed(3)), maxWidth: maxWidth)
                    let walked = b.graphemeText(s, x: x, y: 0, style: Style(fg: .rgb(0, 0, 200), bg: .indexed(3)), limit: limit)
                    #expect(used == walked && a == b, "\(s.unicodeScalars.map { String($0.value, radix: 16) }) at \(x), \(String(describing: maxWidth))")
                    if TextWidth.narrowWidth(s) != nil { fast += 1 }
                }
            }
        }
        #expect(fast > 10_000, "the fast path was taken often")
    }

    @Test func aGlyphFromBytesIsTheGlyphFromItsString() {
        for s in [" ", "a", "~", "\u{A0}", "é", "ʰ", "\u{2FF}"] {
            let b = Array(s.utf8)
            #expect(Glyph(utf8: b[0], b.count == 2 ? b[1] : 0, count: b.count) == Glyph(s), "\(s)")
        }
    }

    @Test func sanitizedWithoutControlsIsTheTextItself() {
        func walk(_ s: String) -> String {
            var out = ""
            for g in s {
                if let f = g.unicodeScalars.first, f.value < 0x20 || (0x7F..<0xA0).contains(f.value) { out.append(" ") } else { out.append(g) }
            }
            return out
        }
        var seed: UInt64 = 0x5A_2026_1204
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        var cases = ["plain", "line\nbreak", "cr\r\nlf", "c1\u{85}", "del\u{7F}", "e\u{301}\u{0}", "👍🏽\t", "\u{9F}", "\u{A0}"]
        for _ in 0..<3000 { cases.append(random(next)) }
        for s in cases {
            #expect(TextWidth.sanitized(s) == walk(s), "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(TextWidth.hasControls(s) == s.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        }
    }
}
