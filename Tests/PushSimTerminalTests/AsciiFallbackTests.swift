// Issue 26: under LANG=C box lines, arrows, "—" and CJK vanished and the status line garbled. Every grapheme now has
// an ASCII stand-in as wide as its cells.

import Testing
import PushSimScreens
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
        // The native in-app reward's confetti pieces: flat, upright, turning, small.
        #expect(["▬", "▮", "◆", "▪"].map { AsciiFallback.ascii($0, width: 1) } == ["-", "|", "*", "#"])
        // Its loading spinner's ring, a step at a time: a bar turning clockwise, twice a turn.
        #expect(["⣾", "⣷", "⣯", "⣟", "⡿", "⢿", "⣻", "⣽"].map { AsciiFallback.ascii($0, width: 1) }.joined() == "|/-\\|/-\\")
        #expect(AsciiFallback.ascii("⠋", width: 1) == ".", "other braille: a dot")
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

// Issue 26: --pixels sixel on a pty that reports no pixel size asks the terminal (XTWINOPS) before giving up.
@Suite struct CellPixelsReplyTests {
    @Test func aCellSizeReplyWins() {
        let reply = Array("\u{1B}[6;20;10t\u{1B}[4;480;800t\u{1B}[0n".utf8)
        #expect(TerminalQuery.parseCellPixels(reply, columns: 80, rows: 24) == Size(width: 10, height: 20))
    }

    @Test func theTextAreaIsDividedByTheGrid() {
        let reply = Array("\u{1B}[4;480;800t\u{1B}[0n".utf8)
        #expect(TerminalQuery.parseCellPixels(reply, columns: 80, rows: 24) == Size(width: 10, height: 20))
    }

    @Test func noAnswerOrZeroesIsNone() {
        #expect(TerminalQuery.parseCellPixels(Array("\u{1B}[0n".utf8), columns: 80, rows: 24) == nil)
        #expect(TerminalQuery.parseCellPixels(Array("\u{1B}[6;0;0t\u{1B}[0n".utf8), columns: 80, rows: 24) == nil)
        #expect(TerminalQuery.parseCellPixels(Array("\u{1B}[4;480;800t".utf8), columns: 0, rows: 0) == nil)
    }
}

@Suite struct CodesetNameTests {
    /// glibc's `nl_langinfo(CODESET)` spells UTF-8 "UTF-8"; other C libraries and aliases "utf8", "UTF8", "utf-8".
    @Test func readsUTF8InAnySpelling() {
        for name in ["UTF-8", "utf-8", "UTF8", "utf8", "Utf-8", "U-T-F-8"] { #expect(AsciiFallback.codesetIsUTF8(name), "\(name)") }
    }

    @Test func readsEveryOtherCodesetAsNotUTF8() {
        for name in ["ANSI_X3.4-1968", "ISO-8859-1", "UTF-16", "UTF-8Z", "", "UTF", "ÚTF-8"] {
            #expect(!AsciiFallback.codesetIsUTF8(name), "\(name)")
        }
    }
}
