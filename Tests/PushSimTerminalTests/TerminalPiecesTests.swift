// The terminal layer's pure pieces: key and mouse decoding, colour mapping per mode, asciicast encoding.

import CNcursesw
import PushSimScreens
import Testing
@testable import PushSimTerminal

@Suite("Input decoding")
struct InputDecoderTests {
    @Test func controlCharactersBecomeNamedKeys() {
        #expect(InputDecoder.key(character: 13) == .enter)
        #expect(InputDecoder.key(character: 10) == .enter)
        #expect(InputDecoder.key(character: 27) == .esc)
        #expect(InputDecoder.key(character: 9) == .tab)
        #expect(InputDecoder.key(character: 127) == .backspace)
        #expect(InputDecoder.key(character: 8) == .backspace)
        #expect(InputDecoder.key(character: 32) == .space)
        #expect(InputDecoder.key(character: 1) == .ctrl("a"))
        #expect(InputDecoder.key(character: 12) == .ctrl("l"))
        #expect(InputDecoder.key(character: 0) == nil)
        #expect(InputDecoder.key(character: 0x9B) == nil)
    }

    @Test func printableCharactersIncludingNonASCII() {
        #expect(InputDecoder.key(character: 0x71) == .char("q"))
        #expect(InputDecoder.key(character: 0x3F) == .char("?"))
        #expect(InputDecoder.key(character: 0x00E9) == .char("é"))
        #expect(InputDecoder.key(character: 0x6625) == .char("春"))
        #expect(InputDecoder.key(character: 0x1F338) == .char("🌸"))
    }

    @Test func functionKeys() {
        #expect(InputDecoder.key(functionKey: KEY_LEFT) == .left)
        #expect(InputDecoder.key(functionKey: KEY_RIGHT) == .right)
        #expect(InputDecoder.key(functionKey: KEY_UP) == .up)
        #expect(InputDecoder.key(functionKey: KEY_DOWN) == .down)
        #expect(InputDecoder.key(functionKey: KEY_ENTER) == .enter)
        #expect(InputDecoder.key(functionKey: KEY_BACKSPACE) == .backspace)
        #expect(InputDecoder.key(functionKey: KEY_DC) == .delete)
        #expect(InputDecoder.key(functionKey: KEY_BTAB) == .backTab)
        #expect(InputDecoder.key(functionKey: KEY_PPAGE) == .pageUp)
        #expect(InputDecoder.key(functionKey: KEY_NPAGE) == .pageDown)
        #expect(InputDecoder.key(functionKey: KEY_HOME) == .home)
        #expect(InputDecoder.key(functionKey: KEY_END) == .end)
        #expect(InputDecoder.key(functionKey: KEY_F0 + 5) == nil)
    }

    @Test func unknownEscapeSequencesAreDroppedButALoneEscStays() {
        func keys(_ s: String) -> [InputEvent] { s.map { InputDecoder.key(character: $0.unicodeScalars.first!.value).map { .key($0) }! } }
        #expect(InputDecoder.droppingUnknownSequences(keys("\u{1B}[99~q")) == [.key(.char("q"))])
        #expect(InputDecoder.droppingUnknownSequences(keys("\u{1B}[1;5Pq")) == [.key(.char("q"))])
        #expect(InputDecoder.droppingUnknownSequences(keys("\u{1B}OXj")) == [.key(.char("j"))])
        #expect(InputDecoder.droppingUnknownSequences([.key(.esc)]) == [.key(.esc)])
        #expect(InputDecoder.droppingUnknownSequences([.key(.esc), .key(.char("q"))]) == [.key(.esc), .key(.char("q"))])
        #expect(InputDecoder.droppingUnknownSequences([.key(.char("["))]) == [.key(.char("["))])
    }

    @Test func mouseButtonStates() {
        #expect(InputDecoder.mouse(state: pushsim_button1_pressed(), x: 3, y: 4, buttonDown: false) == [MouseEvent(.press, x: 3, y: 4)])
        #expect(InputDecoder.mouse(state: pushsim_button1_released(), x: 3, y: 4, buttonDown: true) == [MouseEvent(.release, x: 3, y: 4)])
        #expect(InputDecoder.mouse(state: pushsim_button1_clicked(), x: 1, y: 2, buttonDown: false)
                == [MouseEvent(.press, x: 1, y: 2), MouseEvent(.release, x: 1, y: 2)])
        #expect(InputDecoder.mouse(state: pushsim_button4_pressed(), x: 0, y: 0, buttonDown: false) == [MouseEvent(.wheelUp, x: 0, y: 0)])
        #expect(InputDecoder.mouse(state: pushsim_button5_pressed(), x: 0, y: 0, buttonDown: false) == [MouseEvent(.wheelDown, x: 0, y: 0)])
        #expect(InputDecoder.mouse(state: pushsim_report_mouse_position(), x: 5, y: 5, buttonDown: true) == [MouseEvent(.drag, x: 5, y: 5)])
        #expect(InputDecoder.mouse(state: pushsim_report_mouse_position(), x: 5, y: 5, buttonDown: false) == [])
    }
}

@Suite("Colour modes")
struct ColorModeTests {
    @Test func detection() {
        #expect(ColorMode.detect(environment: [:], hasColors: true, colors: 256) == .ansi256)
        #expect(ColorMode.detect(environment: [:], hasColors: true, colors: 8) == .ansi8)
        #expect(ColorMode.detect(environment: [:], hasColors: false, colors: 0) == .monochrome)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1"], hasColors: true, colors: 256) == .none)
        // no-color.org: an empty NO_COLOR does not count.
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""], hasColors: true, colors: 256) == .ansi256)
        #expect(ColorMode.detect(environment: ["PUSHSIM_COLORS": "8"], hasColors: true, colors: 256) == .ansi8)
    }

    /// Issue 13 item 3: terminfo is asked before the screen starts, so images are rendered for what the terminal
    /// draws; a vt100 draws no colour, so its images get symbols only (imageColors 0).
    @Test func probeReadsTerminfoBeforeTheScreenStarts() {
        #expect(ColorMode.probe(term: "vt100", environment: [:]) == .monochrome)
        #expect(ColorMode.probe(term: "vt100", environment: [:])?.imageColors == 0)
        #expect(ColorMode.probe(term: "xterm", environment: [:]) == .ansi8)
        #expect(ColorMode.probe(term: "xterm-256color", environment: [:])?.imageColors == 256)
        #expect(ColorMode.probe(term: "xterm-256color", environment: ["NO_COLOR": "1"])?.imageColors == 0)
        #expect(ColorMode.probe(term: "no-such-terminal-here", environment: [:]) == nil)
    }

    @Test func mappingPerMode() {
        #expect(ColorMode.ansi256.index(of: .default) == -1)
        #expect(ColorMode.ansi256.index(of: .indexed(202)) == 202)
        #expect(ColorMode.ansi256.index(of: .rgb(255, 0, 0)) == 196)
        #expect(ColorMode.ansi256.index(of: .rgb(128, 128, 128)) == 244)
        #expect(ColorMode.ansi8.index(of: .rgb(250, 10, 10)) == 1)
        #expect(ColorMode.ansi8.index(of: .indexed(9)) == 1)
        #expect(ColorMode.ansi8.index(of: .indexed(196)) == 1)
        #expect(ColorMode.none.index(of: .rgb(255, 0, 0)) == -1)
        #expect(ColorMode.monochrome.index(of: .indexed(4)) == -1)
    }

    @Test func withoutColourALightBackgroundBecomesReverseVideo() {
        let pill = Cell("A", fg: .black, bg: .white, attrs: [.bold])
        let plain = Cell("B", fg: .white, bg: .rgb(20, 20, 20))
        #expect(ColorMode.none.attributes(for: pill) == [.bold, .reverse])
        #expect(ColorMode.monochrome.attributes(for: plain) == [])
        #expect(ColorMode.ansi256.attributes(for: pill) == [.bold])
    }
}

@Suite("asciicast v2")
struct AsciicastTests {
    @Test func headerIsOneJSONLine() {
        let h = Asciicast.header(width: 80, height: 24, timestamp: 1_700_000_000, title: "pushsim \"demo\"")
        #expect(h.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24, \"timestamp\": 1700000000, \"title\": \"pushsim \\\"demo\\\"\""))
        #expect(h.hasSuffix("}\n"))
        #expect(h.filter { $0 == "\n" }.count == 1)
    }

    @Test func escapesControlsAndKeepsUTF8() {
        var a = Asciicast()
        let line = a.outputLine(Array("\u{1B}[1;1H▀ok\r\n".utf8), at: 1.5)
        #expect(line == "[1.500000, \"o\", \"\\u001b[1;1H▀ok\\r\\n\"]\n")
    }

    @Test func resizeEvent() {
        #expect(Asciicast.resizeLine(width: 70, height: 20, at: 2.25) == "[2.250000, \"r\", \"70x20\"]\n")
    }

    @Test func aUTF8SequenceSplitAcrossChunksIsCarried() {
        var a = Asciicast()
        let bytes = Array("a▀".utf8) // 61 E2 96 80
        #expect(a.outputLine(Array(bytes[0..<2]), at: 0) == "[0.000000, \"o\", \"a\"]\n")
        #expect(a.outputLine([bytes[2]], at: 0.1) == nil)
        #expect(a.outputLine([bytes[3]], at: 0.2) == "[0.200000, \"o\", \"▀\"]\n")
    }
}

@Suite("Needed-bytes estimate")
struct NeededBytesTests {
    @Test func oneMoveAndOneStyleForARunOfSameStyleCells() {
        var n = NeededBytes(mode: .ansi256)
        let red = Cell("a", fg: .rgb(255, 0, 0))
        n.add(red, x: 0, y: 0)
        n.add(red, x: 1, y: 0)
        // ESC[1;1H (6) + ESC[0;38;5;196m as counted (3 + 6 + 3 = 12) + 2 characters.
        #expect(n.bytes == 6 + 12 + 2)
        #expect(n.cells == 2)
    }

    @Test func aGapCostsACursorMoveAndAStyleChangeCostsAnSGR() {
        var n = NeededBytes(mode: .ansi256)
        n.add(Cell("a"), x: 0, y: 0)
        let afterFirst = n.bytes
        n.add(Cell("b"), x: 5, y: 0)
        #expect(n.bytes - afterFirst == 6 + 1)
        let afterSecond = n.bytes
        n.add(Cell("c", attrs: [.bold]), x: 6, y: 0)
        #expect(n.bytes - afterSecond == 3 + 2 + 1)
    }

    // Issue 14: the bench judges bytes per changed cell against this floor: cursor moves and glyphs, no colours.
    @Test func bareCountsOnlyCursorMovesAndGlyphs() {
        var n = NeededBytes(mode: .ansi256)
        n.add(Cell("▌", fg: .rgb(255, 255, 255), bg: .rgb(90, 90, 90)), x: 9, y: 0)  // ESC[1;10H + 3 bytes
        #expect(n.bare == 7 + 3)
        n.add(Cell("a", fg: .rgb(255, 0, 0), attrs: [.bold]), x: 10, y: 0)  // follows on: no move, style ignored
        #expect(n.bare == 7 + 3 + 1)
        #expect(n.bytes > n.bare)
    }

    @Test func wideGraphemesAdvanceTheCursorByTwo() {
        var n = NeededBytes(mode: .none)
        n.add(Cell("春"), x: 0, y: 3)
        let before = n.bytes
        n.add(Cell("x"), x: 2, y: 3)
        #expect(n.bytes - before == 1)
    }
}
