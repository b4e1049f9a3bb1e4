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

    func nextKeyDecodes(after bytes: [UInt8]) throws -> [InputEvent] {
        let d = try #require(ByteInputDecoder())
        let before = d.decode(bytes)
        #expect(d.decode(Array("q".utf8)) == [.key(.char("q"))], "after \(bytes)")
        return before
    }
}
