// Serialises JSONValue deterministically (key order kept) for events, dumps and reports.

extension JSONValue {
    /// Compact JSON text. Integral numbers print without a fraction; non-finite numbers print as null.
    public func jsonText(sortedKeys: Bool = false) -> String {
        var out = [UInt8]()
        write(into: &out, sortedKeys: sortedKeys)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of the compact JSON text: bytes, not String appends, since a 100,000-row --dump spent
    /// most of its time appending strings one scalar at a time (issue 14).
    func write(into out: inout [UInt8], sortedKeys: Bool) {
        switch self {
        case .null: out += JSONValue.nullBytes
        case .bool(let b): out += b ? JSONValue.trueBytes : JSONValue.falseBytes
        case .number(let d): out += JSONValue.formatNumber(d).utf8
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (k, v) in a.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                v.write(into: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            let members = sortedKeys ? o.sorted { $0.key < $1.key } : Array(o)
            for (k, m) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(m.key, into: &out)
                out.append(UInt8(ascii: ":"))
                m.value.write(into: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// How many bytes `write(into:sortedKeys:)` appends, counted without writing them (APNs' size of every inbox push
    /// of a feed: writing each one cost a third of a 50,000-push load).
    public var compactByteCount: Int {
        switch self {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .number(let d): return JSONValue.formatNumber(d).utf8.count
        case .string(let s): return JSONValue.stringByteCount(s)
        case .array(let a): return a.reduce(max(2, a.count + 1)) { $0 + $1.compactByteCount }
        case .object(let o):
            var n = 2 + max(0, o.count - 1)
            for m in o { n += JSONValue.stringByteCount(m.key) + 1 + m.value.compactByteCount }
            return n
        }
    }

    /// The bytes `writeString` appends for `s`: its UTF-8, the quotes, and what each escape adds.
    static func stringByteCount(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { bytes in
            var n = bytes.count + 2, i = 0
            while true {
                i = unescapedRun(bytes, from: i)
                guard i < bytes.count else { return n }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: n += 1
                default: n += 5  // \u00XX for one byte
                }
                i += 1
            }
        }
    }

    private static let nullBytes = Array("null".utf8), trueBytes = Array("true".utf8), falseBytes = Array("false".utf8)

    public static func formatNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// Quotes and escapes `s`: `"` and `\` escaped, \n \r \t by name, other control characters (and DEL) as
    /// \u00XX; everything else, multi-byte UTF-8 included, is copied as it is, in runs.
    static func writeString<Out: ByteAppending>(_ s: String, into out: inout Out) {
        out.append(UInt8(ascii: "\""))
        // The UTF-8 in place where the string has it contiguous (always, for native strings): `withUTF8` needs a
        // mutable copy, a retain and a release per string.
        if s.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, into: &out) }) == nil {
            var s = s
            s.withUTF8 { writeEscaped($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped<Out: ByteAppending>(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        var run = 0, i = 0
        while true {
            // Bytes that are copied as they are, found eight at a time (a byte at a time was most of a --dump
            // row's writing).
            i = unescapedRun(bytes, from: i)
            guard i < bytes.count else { break }
            let b = bytes[i]
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            out.append(0x5C)
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(b)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:  // the other control characters and DEL
                let hex: StaticString = "0123456789abcdef"
                for c in "u00".utf8 { out.append(c) }
                out.append(hex.utf8Start[Int(b >> 4)])
                out.append(hex.utf8Start[Int(b & 0xF)])
            }
            i += 1
            run = i
        }
        out.append(bytes: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// The offset of the first byte at or after `k` that `writeString` escapes — a quote, a backslash, a control
    /// character or DEL — or `bytes.count`; eight bytes at a time (the classic "has a zero/lesser byte" word tests,
    /// which mark a byte wrongly only above one they mark rightly, so the lowest marked byte is the first).
    static func unescapedRun(_ bytes: UnsafeBufferPointer<UInt8>, from k: Int) -> Int {
        let ones = JSONScanner.ones
        return JSONScanner.firstMarked(bytes, from: k, marks: { x in
            let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C), del = x ^ (ones &* 0x7F)
            return (((x &- ones &* 0x20) & ~x) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((del &- ones) & ~del)) & JSONScanner.high
        }, stops: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F })
    }
}

/// Where JSON text is appended: an array, or the --dump's `ByteBuffer`.
protocol ByteAppending {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteAppending where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Bytes appended through a pointer: a --dump row is about twenty short appends, and `Array`'s each went through
/// a call that checked uniqueness and capacity (a third of a row's writing). A plain value over memory it owns:
/// made, filled and `deallocate()`d by one thread, never copied.
struct ByteBuffer: ByteAppending {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(to: count + n) }
    }

    private mutating func grow(to needed: Int) {
        let c = Swift.max(needed, capacity * 2)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        b.update(from: base, count: count)
        base.deallocate()
        base = b
        capacity = c
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let p = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: p, count: bytes.count)
        count += bytes.count
    }

    @inline(__always) mutating func append(_ s: StaticString) {
        append(bytes: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// The bytes so far, as an array of their own.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    mutating func removeAll() { count = 0 }

    func deallocate() { base.deallocate() }
}
