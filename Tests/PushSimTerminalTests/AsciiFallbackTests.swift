// Issue 26: under LANG=C box lines, arrows, "—" and CJK vanished and the status line garbled. Every grapheme now has
// an ASCII stand-in as wide as its cells.

import Testing
@testable import PushSimTerminal

@Suite struct AsciiFallbackTests {
    @Test func asciiPassesThrough() {
        #expect(AsciiFallback.ascii("a", width: 1) == "a")
        #expect(AsciiFallback.ascii(" ", width: 1) == " ")
    }

    @Test func linesArrowsAndPunctuationHaveLookAlikes() {
        #expect(AsciiFallback.ascii("─", width: 1) == "-")
        #expect(AsciiFallback.ascii("│", width: 1) == "|")
        #expect(AsciiFallback.ascii("╭", width: 1) == "+")
        #expect(AsciiFallback.ascii("┼", width: 1) == "+")
        #expect(AsciiFallback.ascii("→", width: 1) == ">")
        #expect(AsciiFallback.ascii("↑", width: 1) == "^")
        #expect(AsciiFallback.ascii("—", width: 1) == "-")
        #expect(AsciiFallback.ascii("·", width: 1) == ".")
        #expect(AsciiFallback.ascii("…", width: 1) == ".")
        #expect(AsciiFallback.ascii("✕", width: 1) == "x")
    }

    @Test func accentsFoldAndWideGraphemesFillTheirCells() {
        #expect(AsciiFallback.ascii("é", width: 1) == "e")
        #expect(AsciiFallback.ascii("日", width: 2) == "??")
        #expect(AsciiFallback.ascii("👍🏽", width: 2) == "??")
    }

    @Test func thePageStatusLineStaysReadable() {
        let line = "page 1/5 · 4 s left · last: show 0"
        let ascii = line.map { AsciiFallback.ascii(String($0), width: 1) }.joined()
        #expect(ascii == "page 1/5 . 4 s left . last: show 0")
    }

    @Test func theNoticeNamesTheLocaleThatDecided() {
        #expect(AsciiFallback.localeName(environment: ["LANG": "C"]) == "LANG=C")
        #expect(AsciiFallback.localeName(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "POSIX"]) == "LC_ALL=POSIX")
        #expect(AsciiFallback.notice(environment: ["LANG": "C"]).contains("LANG=C.UTF-8"))
    }
}
