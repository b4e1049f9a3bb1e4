// Display width, wrapping and truncation by cells (CJK and emoji are two cells).

import Testing
@testable import PushSimScreens

@Suite struct TextWidthTests {
    @Test func widthsByGrapheme() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("日本語") == 6)
        #expect(TextWidth.of("😀") == 2)
        #expect(TextWidth.of("👩‍👩‍👧") == 2)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("🇯🇵") == 2)
        #expect(TextWidth.of("\u{1B}") == 0)
    }

    @Test func truncatesWithEllipsisByWidth() {
        #expect(TextWidth.truncate("hello world", to: 8) == "hello w…")
        #expect(TextWidth.truncate("日本語テキスト", to: 7) == "日本語…")
        #expect(TextWidth.truncate("short", to: 8) == "short")
    }

    @Test func wrapsWordsAndCJK() {
        #expect(TextWidth.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextWidth.wrap("日本語のテキスト", width: 6) == ["日本語", "のテキ", "スト"])
        #expect(TextWidth.wrap("supercalifragilistic", width: 8) == ["supercal", "ifragili", "stic"])
        #expect(TextWidth.wrap("a b c d e f", width: 3, maxLines: 2) == ["a b", "c …"])
        #expect(TextWidth.wrap("中文abc", width: 10) == ["中文abc"])
    }

    @Test func canvasPlacesWideGlyphsAndSanitisesControls() {
        var c = Canvas(width: 6, height: 1)
        c.text("日\u{1B}[2Jx", x: 0, y: 0)
        #expect(c.plainText == "日 [2J")
        var d = Canvas(width: 3, height: 1)
        d.text("ab日", x: 0, y: 0)
        #expect(d.plainText == "ab")
    }
}
