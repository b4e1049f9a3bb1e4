// Cells hold their grapheme as plain data (Glyph): every grapheme round-trips, and the canvas operations that copy
// cells and write frames as text (blit, plainText) give what they gave with a String per cell (issue 14).

import Testing
@testable import PushSimScreens

@Suite struct GlyphTests {
    /// ASCII, a 3-byte symbol, 8 and 9 bytes (the word boundary), 15 (the most kept inline), 16 and a 25-byte family
    /// emoji (kept in the table), combining marks, a flag, the empty grapheme of a wide character's right half.
    static let samples = ["a", " ", "▀", "日", "é", "e\u{301}", "🇯🇵", "😀", "12345678", "123456789",
                          "123456789012345", "1234567890123456", "👨‍👩‍👧‍👦", "👩🏽‍💻", ""]

    @Test(arguments: samples) func roundTrips(_ s: String) {
        let g = Glyph(s)
        #expect(g.string == s)
        #expect(g.utf8Count == s.utf8.count)
        #expect(g.isEmpty == s.isEmpty)
        #expect(Cell(s).grapheme == s)
        var c = Cell("x")
        c.grapheme = s
        #expect(c.grapheme == s && c.isContinuation == s.isEmpty)
    }

    @Test func equalGraphemesAreEqualGlyphsAndOthersAreNot() {
        for a in Self.samples {
            for b in Self.samples {
                #expect((Glyph(a) == Glyph(b)) == (a.utf8.elementsEqual(b.utf8)), "\(a) vs \(b)")
            }
        }
        // The table gives one index per grapheme, so a long one seen again is the same glyph (and hashes the same).
        #expect(Glyph("👨‍👩‍👧‍👦") == Glyph("👨‍👩‍👧‍👦"))
        #expect(Set([Cell("👨‍👩‍👧‍👦"), Cell("👨‍👩‍👧‍👦"), Cell("a")]).count == 2)
        #expect(Glyph.empty == Glyph("") && Glyph.space == Glyph(" "))
    }

    @Test func plainTextWritesEveryGraphemeOnceAndTrimsTrailingSpaces() {
        var c = Canvas(width: 12, height: 3)
        c.text("a👨‍👩‍👧‍👦b日本", x: 0, y: 0)
        c.text("123456789012345", x: 0, y: 1)  // clipped to 12 cells
        c.text("é  ", x: 2, y: 2)
        #expect(c.plainText == "a👨‍👩‍👧‍👦b日本\n123456789012\n  é")
        #expect(Canvas(width: 0, height: 0).plainText == "")
        #expect(Canvas(width: 3, height: 2).plainText == "\n")
    }

    @Test func blitCopiesTheOverlapAtAnyOffset() {
        var src = Canvas(width: 3, height: 2)
        src.text("abc", x: 0, y: 0)
        src.text("def", x: 0, y: 1, style: Style(fg: .white, bg: .black))
        for (ox, oy, want) in [(0, 0, "abc\ndef\n"), (-1, 0, "bc\nef\n"), (2, 1, "\n  ab\n  de"), (-1, -1, "ef\n\n"),
                               (4, 0, "\n\n"), (0, -2, "\n\n"), (-3, 0, "\n\n")] {
            var dst = Canvas(width: 4, height: 3)
            dst.blit(src, x: ox, y: oy)
            #expect(dst.plainText == want, "offset \(ox),\(oy)")
        }
        var dst = Canvas(width: 4, height: 3)
        dst.blit(src, x: 1, y: 1)
        #expect(dst[1, 2] == Cell("d", fg: .white, bg: .black) && dst[0, 2] == .blank && dst[1, 1] == Cell("a"))
    }
}
