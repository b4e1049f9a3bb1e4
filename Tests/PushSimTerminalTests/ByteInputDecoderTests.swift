// Issue 25 item 3: whatever bytes came before, the next key decodes (the fuzzer's property, on fixed inputs).

import PushSimScreens
import Testing
@testable import PushSimTerminal

@Suite(.serialized) struct ByteInputDecoderTests {
    @Test func plainKeysAndKnownSequencesDecode() throws {
        let d = try #require(ByteInputDecoder())
        #expect(d.decode(Array("q".utf8)) == [.key(.char("q"))])
        #expect(d.decode(Array("\u{1B}[A".utf8)) == [.key(.up)])
        #expect(d.decode([0x13]) == [.key(.ctrl("s"))])
    }

    /// Each of these left the screen unable to read the next key: a partial mouse sequence blocked in ncurses'
    /// read and then ate the key, and a string sequence (OSC) arrived as Esc.
    @Test(arguments: ["\u{1B}[<0;1", "\u{1B}[<", "\u{1B}[<0;5;5", "\u{1B}[M", "\u{1B}[M!", "\u{1B}[1;", "\u{1B}O",
                      "\u{1B}]0;PWNED", "\u{1B}]0;PWNED\u{07}", "\u{1B}P1$r", "\u{1B}_G;x\u{1B}\\"])
    func theNextKeyDecodesAfter(_ garbage: String) throws {
        let before = try nextKeyDecodes(after: Array(garbage.utf8))
        #expect(!before.contains(.key(.esc)), "\(garbage.debugDescription) decoded to Esc: \(before)")
    }

    /// The fuzzer's first finding: after an invalid UTF-8 byte (0xA3) ncurses answered ERR with 27 bytes behind it,
    /// and they came out with the next key instead of before it.
    @Test func bytesAfterAnInvalidByteAreReadNow() throws {
        _ = try nextKeyDecodes(after: [0x47, 0xA3] + Array("\u{1B}[>\u{1B}[B\u{1B}([0~\u{1B}[3~\u{1B}[[4B\u{1B}[".utf8) + [1, 0, 0] + Array("}3".utf8))
    }

    /// What `bytes` decode to; the `q` after them must decode as exactly q.
    /// The second: a wheel event read into ncurses' buffer behind a refused byte waited there for the next key.
    @Test func anEventBufferedBehindARefusedByteIsReadNow() throws {
        let bytes = Array("\u{1B}[<0;10;5M\u{1B}".utf8) + [0xDB] + Array("<0;10;5".utf8) + [0x89] + Array("\u{1B}[<65;3;4M".utf8)
        let before = try nextKeyDecodes(after: bytes)
        #expect(before.contains(.mouse(MouseEvent(.wheelDown, x: 2, y: 3))))
    }

    /// Decoders alive together (tests side by side) each read their own bytes, and one going away leaves the others
    /// reading: with a screen each, ncurses' delscreen of one left the rest reading nothing.
    @Test func decodersAliveTogetherEachRead() throws {
        var a: ByteInputDecoder? = ByteInputDecoder()
        try #require(a != nil)
        let b = try #require(ByteInputDecoder())
        #expect(a?.decode(Array("\u{1B}[<0;5;5M".utf8)) == [.mouse(MouseEvent(.press, x: 4, y: 4))])
        #expect(b.decode(Array("\u{1B}[<0;6;6m".utf8)) == [], "b has no button down")
        #expect(a?.decode(Array("\u{1B}[<32;6;6M".utf8)) == [.mouse(MouseEvent(.drag, x: 5, y: 5))])
        #expect(a?.decode(Array("\u{1B}[<0;6;6m".utf8)) == [.mouse(MouseEvent(.release, x: 5, y: 5))])
        a = nil
        #expect(b.decode(Array("q".utf8)) == [.key(.char("q"))])
        let c = try #require(ByteInputDecoder())
        #expect(c.decode(Array("x".utf8)) == [.key(.char("x"))])
        #expect(b.decode(Array("q".utf8)) == [.key(.char("q"))])
    }

    func nextKeyDecodes(after bytes: [UInt8]) throws -> [InputEvent] {
        let d = try #require(ByteInputDecoder())
        let before = d.decode(bytes)
        #expect(d.decode(Array("q".utf8)) == [.key(.char("q"))], "after \(bytes)")
        return before
    }

    // MARK: SGR mouse reports

    // SGR (1006) mouse reports are read by pushsim, not by ncurses: ncurses 6.4's read_SGR
    // (ncurses/base/lib_mouse.c, https://github.com/ThomasDickey/ncurses-snapshots) keeps each parameter in a nine-slot
    // array without counting them, and `make fuzz` found a report that overwrote the stack with them.

    /// The fuzzer's finding (target input), byte for byte: SIGSEGV inside wget_wch before.
    @Test func theFuzzersFindingDecodesAndTheNextKeyAfterIt() throws {
        let finding: [UInt8] = [0x1B, 0x5D, 0x20, 0x3C, 0x30, 0x5B, 0x3B, 0x35, 0x5B, 0x3C, 0x30, 0x4D, 0x1B, 0x5B, 0x3C,
                                0x4D, 0x1B, 0x5B, 0x3C, 0x30, 0x01, 0x09, 0x09, 0x09, 0x09, 0x3B, 0x31, 0x3C, 0x30, 0x01,
                                0x09, 0x09, 0x09, 0x09, 0x3B, 0x31, 0x30] + Array(repeating: 0x3B, count: 44)
            + [0x35, 0x6D, 0x1B, 0x5B, 0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0x31, 0x1B, 0x5B, 0x3C]
        let d = try #require(ByteInputDecoder())
        _ = d.decode(finding)
        #expect(d.decode(Array("q".utf8)) == [.key(.char("q"))])
    }

    /// However many parameters a report has, its first three are the button and the cell, as xterm sends them.
    @Test(arguments: [3, 9, 10, 60, 5000])
    func aReportIsReadByItsFirstThreeParameters(_ count: Int) throws {
        let d = try #require(ByteInputDecoder())
        let params = ["0", "31", "9"] + Array(repeating: "7", count: count - 3)
        #expect(d.decode(Array("\u{1B}[<\(params.joined(separator: ";"))M".utf8)) == [.mouse(MouseEvent(.press, x: 30, y: 8))])
        #expect(d.decode(Array("\u{1B}[<0;31;9m".utf8)) == [.mouse(MouseEvent(.release, x: 30, y: 8))])
        #expect(d.decode(Array("q".utf8)) == [.key(.char("q"))])
    }

    /// Semicolons only, then digits: the pattern that overflowed, at every length up to well past ncurses' buffer.
    @Test func runsOfEmptyParametersDecodeSafely() throws {
        let d = try #require(ByteInputDecoder())
        for n in 0..<200 {
            _ = d.decode(Array("\u{1B}[<0\(String(repeating: ";", count: n))5m".utf8))
            #expect(d.decode(Array("q".utf8)) == [.key(.char("q"))], "after \(n) semicolons")
        }
    }

    /// The reports the screens use decode as they did when ncurses read them (a random comparison of 1,500 runs of
    /// button 1, hover and wheel reports, with modifiers, extra and missing parameters, gave the same events; these
    /// are its cases written out).
    @Test func theReportsScreensUseDecodeAsNcursesReadThem() throws {
        let d = try #require(ByteInputDecoder())
        let cases: [(String, [InputEvent])] = [
            ("\u{1B}[<0;11;6M", [.mouse(MouseEvent(.press, x: 10, y: 5))]),
            ("\u{1B}[<32;15;7M", [.mouse(MouseEvent(.drag, x: 14, y: 6))]),
            ("\u{1B}[<0;15;7m", [.mouse(MouseEvent(.release, x: 14, y: 6))]),
            ("\u{1B}[<35;20;20M", []),
            ("\u{1B}[<65;3;4M", [.mouse(MouseEvent(.wheelDown, x: 2, y: 3))]),
            ("\u{1B}[<64;3;4M", [.mouse(MouseEvent(.wheelUp, x: 2, y: 3))]),
            ("\u{1B}[<0;230;20M\u{1B}[<0;230;20m", [.mouse(MouseEvent(.press, x: 229, y: 19)), .mouse(MouseEvent(.release, x: 229, y: 19))]),
            // Shift, Alt and Ctrl (4, 8, 16) do not change the button; a repeated press of a held button is a drag.
            ("\u{1B}[<4;5;5M\u{1B}[<20;6;6M\u{1B}[<8;7;7m", [.mouse(MouseEvent(.press, x: 4, y: 4)), .mouse(MouseEvent(.drag, x: 5, y: 5)), .mouse(MouseEvent(.release, x: 6, y: 6))]),
            // A missing coordinate is cell 0; a release of a button not held is a movement (nothing, with none down).
            ("\u{1B}[<0;9M\u{1B}[<0;9m\u{1B}[<0;9;9m", [.mouse(MouseEvent(.press, x: 8, y: 0)), .mouse(MouseEvent(.release, x: 8, y: 0))]),
            // Buttons 2 and 3 and a wheel tilted sideways are not asked for.
            ("\u{1B}[<1;5;5M\u{1B}[<2;5;5M\u{1B}[<66;5;5M", []),
            // A stray character or a final byte other than M or m spoils the report, not the keys after it.
            ("\u{1B}[<0;5:5M\u{1B}[<0;5;5qx", [.key(.char("x"))]),
            // No parameter at all is no report (ncurses read a press at the top left).
            ("\u{1B}[<M\u{1B}[<m", []),
        ]
        for (bytes, events) in cases {
            #expect(d.decode(Array(bytes.utf8)) == events, "\(bytes.debugDescription)")
        }
    }

    /// A report the network cut in two is waited for as long as the rest of an escape sequence (ESCDELAY), and arrives
    /// whole; one whose end never comes is dropped when the wait is over, and the next key is itself.
    @Test func aReportCutInTwoArrivesWhole() throws {
        let d = try #require(ByteInputDecoder(escapeDelay: 2000))
        #expect(d.decode(Array("\u{1B}[<0;12".utf8), then: Array(";7M".utf8), after: .milliseconds(30))
                == [.mouse(MouseEvent(.press, x: 11, y: 6))])
        let quick = try #require(ByteInputDecoder(escapeDelay: 20))
        #expect(quick.decode(Array("\u{1B}[<0;12".utf8)) == [])
        #expect(quick.decode(Array("q".utf8)) == [.key(.char("q"))])
    }

    @Test func aReaderKeepsThreeParametersAndStopsAtEsc() {
        var r = SGRMouseReader()
        for c in "0;99999999999;3;4;5".unicodeScalars { #expect(r.feed(c.value) == .more) }
        #expect(r.feed(0x4D) == .finished(SGRMouseReport(button: 0, x: SGRMouseReader.largest, y: 3, pressed: true)))
        var s = SGRMouseReader()
        #expect(s.feed(0x31) == .more)
        #expect(s.feed(27) == .interrupted)
        var t = SGRMouseReader()
        #expect(t.feed(0x01) == .more)
        #expect(t.feed(0x6D) == .finished(nil))
    }
}
