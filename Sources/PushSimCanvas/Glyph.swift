// A cell's grapheme as plain data (its UTF-8 inline), so canvases copy, compare and free without reference counting.

import Synchronization

/// The grapheme a `Cell` shows. A `String` in every cell made each canvas copy, fill, blit and free retain or release
/// every cell, and turning a frame into text build a String per cell: most of a headless run's CPU (issue 14). A
/// grapheme of up to 15 UTF-8 bytes — every symbol, letter and most emoji — is stored in the two words themselves;
/// a longer one (an emoji ZWJ sequence) is kept once in a process-wide table and stored as its index. Equal graphemes
/// have equal words, so comparing and hashing cells compares words.
public struct Glyph: Hashable, Sendable {
    /// UTF-8 bytes 0–7 in `lo` (byte 0 lowest), bytes 8–14 in `hi`'s low seven bytes, the byte count in `hi`'s top
    /// byte; a long grapheme has `Glyph.long` there and its table index in `lo`. The empty grapheme is all zero.
    @usableFromInline var lo: UInt64 = 0
    @usableFromInline var hi: UInt64 = 0

    /// No grapheme: the right half of the wide grapheme to the left.
    public static let empty = Glyph()
    public static let space = Glyph(" ")
    /// The most UTF-8 bytes kept inline.
    public static let inlineCapacity = 15
    @usableFromInline static let long: UInt64 = 0xFF

    private init() {}

    public init(_ s: String) {
        var s = s
        let n = s.utf8.count
        guard n <= Glyph.inlineCapacity else {
            lo = UInt64(LongGlyphs.index(of: s))
            hi = Glyph.long << 56
            return
        }
        // The bytes copied as they lie in memory, then read as little-endian words: byte 0 is the lowest of `lo`.
        var words: (UInt64, UInt64) = (0, 0)
        if n > 0 {
            s.withUTF8 { utf8 in
                withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: utf8.baseAddress!, byteCount: n) }
            }
        }
        lo = UInt64(littleEndian: words.0)
        hi = UInt64(littleEndian: words.1) | UInt64(n) << 56
    }

    /// A grapheme of one or two UTF-8 bytes (`count`), laid out as `init(_:)` lays them: the same glyph.
    @inlinable init(utf8 b0: UInt8, _ b1: UInt8, count: Int) {
        lo = UInt64(b0) | (count == 2 ? UInt64(b1) << 8 : 0)
        hi = UInt64(count) << 56
    }

    @inlinable public var isEmpty: Bool { lo == 0 && hi == 0 }
    @inlinable var tag: UInt64 { hi >> 56 }

    /// The grapheme as a String.
    public var string: String {
        let n = Int(tag)
        if n == Glyph.long { return LongGlyphs.string(at: Int(lo)) }
        var words = (lo.littleEndian, (hi & 0x00FF_FFFF_FFFF_FFFF).littleEndian)
        return withUnsafeBytes(of: &words) { String(decoding: UnsafeRawBufferPointer(rebasing: $0[0..<n]), as: UTF8.self) }
    }

    /// The grapheme's UTF-8 byte count.
    @inlinable public var utf8Count: Int {
        let n = tag
        return n == Glyph.long ? LongGlyphs.string(at: Int(lo)).utf8.count : Int(n)
    }

    /// Writes the UTF-8 at `out[start...]` and returns the index after it. `out` must have `utf8Count` bytes of room
    /// plus `Glyph.writeSlack`: an inline grapheme is stored as its two whole words, the bytes past its end
    /// overwritten by whatever comes next.
    @inlinable @inline(__always)
    public func write(to out: UnsafeMutableRawPointer, at start: Int) -> Int {
        let n = tag
        if n == Glyph.long {
            var i = start
            for b in LongGlyphs.string(at: Int(lo)).utf8 { out.storeBytes(of: b, toByteOffset: i, as: UInt8.self); i += 1 }
            return i
        }
        out.storeBytes(of: lo.littleEndian, toByteOffset: start, as: UInt64.self)
        if n > 8 { out.storeBytes(of: hi.littleEndian, toByteOffset: start + 8, as: UInt64.self) }
        return start + Int(n)
    }

    /// The extra bytes `write(to:at:)` may touch past the grapheme's end.
    public static let writeSlack = 16
}

/// Graphemes longer than a Glyph holds inline, each stored once for the life of the process (a payload's emoji
/// sequences: a handful).
@usableFromInline enum LongGlyphs {
    struct Table {
        var index: [String: Int] = [:]
        var strings: [String] = []
    }

    static let table = Mutex(Table())

    static func index(of s: String) -> Int {
        table.withLock { t in
            if let i = t.index[s] { return i }
            t.strings.append(s)
            t.index[s] = t.strings.count - 1
            return t.strings.count - 1
        }
    }

    @usableFromInline static func string(at i: Int) -> String { table.withLock { $0.strings[i] } }
}
