// A strict JSON parser that reports line and column, limits nesting, and never crashes on hostile input.

/// Why a document is not JSON, with a 1-based line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var reason: String
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A key that appears more than once in one object: the document keeps its last value (as JSONSerialization's
/// dictionary does), so the earlier one is silently ignored. Positions are 1-based, like `JSONSyntaxError`'s.
public struct JSONDuplicateKey: Sendable, Equatable {
    /// The key's JSON path, as diagnostics print it (`pw_stories.pages[0].link`).
    public var path: String
    public var firstLine: Int
    public var firstColumn: Int
    public var line: Int
    public var column: Int

    public init(path: String, firstLine: Int, firstColumn: Int, line: Int, column: Int) {
        self.path = path
        self.firstLine = firstLine
        self.firstColumn = firstColumn
        self.line = line
        self.column = column
    }
}

public enum JSONParser {
    /// `parse(bytes:duplicates:)` records at most this many repeated keys (a hostile file may have millions).
    public static let maxDuplicatesReported = 100

    /// Deeper documents are refused rather than risking the stack (Foundation allows 512 too).
    public static let maxDepth = 512

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        // A native string's UTF-8 is parsed in place, without copying it into an array first.
        var text = text
        return try text.withUTF8 { buffer in Result { () throws(JSONSyntaxError) in try parse(buffer: buffer) } }.get()
    }

    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONSyntaxError) in try parse(buffer: buffer) } }.get()
    }

    /// Parse as `parse(bytes:)` does, also listing the keys that appear twice in one object (at most
    /// `maxDuplicatesReported`; `duplicateCount` counts them all). Only `validate` pays for the bookkeeping.
    public static func parse(bytes: [UInt8], duplicates: inout [JSONDuplicateKey], duplicateCount: inout Int) throws(JSONSyntaxError) -> JSONValue {
        let (value, found, count) = try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in
                var p = Parser(bytes: buffer)
                p.tracking = Parser.Tracking()
                let v = try p.document()
                let t = p.tracking!
                // Every position in one pass over the bytes, however many keys repeat.
                let lineColumn = p.positions(of: t.duplicates.flatMap { [$0.first, $0.second] })
                let found = t.duplicates.map { d in
                    JSONDuplicateKey(path: d.path, firstLine: lineColumn[d.first]!.0, firstColumn: lineColumn[d.first]!.1,
                                     line: lineColumn[d.second]!.0, column: lineColumn[d.second]!.1)
                }
                return (v, found, t.count)
            }
        }.get()
        duplicates = found
        duplicateCount = count
        return value
    }

    /// A key repeated in one object, as `parse(bytes:duplicates:duplicateCount:)` finds it, by byte offsets: both
    /// keys' and the end of the second one's value (the whole parse records repeats in that order).
    public struct RepeatedKey: Sendable, Equatable {
        public var path: String
        public var first: Int
        public var second: Int
        public var end: Int

        public init(path: String, first: Int, second: Int, end: Int) {
            self.path = path
            self.first = first
            self.second = second
            self.end = end
        }
    }

    /// The repeated keys of the JSON value in `buffer`, a part of a larger document at `path` there (offsets are
    /// the buffer's): at most `maxDuplicatesReported` of them, and how many in all. Throws where `parse` would.
    public static func repeatedKeys(in buffer: UnsafeBufferPointer<UInt8>, at path: JSONPath) throws(JSONSyntaxError) -> (found: [RepeatedKey], count: Int) {
        var p = Parser(bytes: buffer)
        p.tracking = Parser.Tracking()
        p.tracking!.base = path
        _ = try p.document()
        let t = p.tracking!
        return (t.duplicates.map { RepeatedKey(path: $0.path, first: $0.first, second: $0.second, end: $0.end) }, t.count)
    }

    /// The 1-based line and column of each byte offset of `buffer`, counted as a syntax error's are, in one pass.
    public static func lineColumns(of offsets: [Int], in buffer: UnsafeBufferPointer<UInt8>) -> [Int: (Int, Int)] {
        Parser(bytes: buffer, reserve: false).positions(of: offsets)
    }

    /// Parse bytes the caller keeps alive for the call (a slice of a larger document is parsed without a copy;
    /// error positions are then relative to the slice).
    public static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var p = Parser(bytes: buffer)
        return try p.document()
    }
}

/// Works on raw bytes rather than an array: no bounds checks or copies in the hot loops (every index is checked
/// against `bytes.count` by hand before it is read).
private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// The members of the objects being parsed, innermost last (see `object()`).
    var members: [JSONObject.Member] = []

    /// Where each member's key starts and the path being parsed, kept only when repeated keys are wanted.
    struct Tracking {
        var keyOffsets: [Int] = []
        /// The keys and indices down to the value being parsed, below `base`; made a printed path only for a repeated
        /// key (printing every member's path cost validate a quarter of its time per file).
        var base = JSONPath()
        var path: [PathPart] = []
        /// `end`: where the second key's value ends, which is when the parse records it.
        var duplicates: [(path: String, first: Int, second: Int, end: Int)] = []
        var count = 0
    }
    var tracking: Tracking?

    enum PathPart {
        case key(String)
        case index(Int)
    }

    /// `reserve`: room for the members of nested objects up front; a scanner, which builds few objects, goes without
    /// (a parser per inbox item allocated 1.3 KB it never used).
    init(bytes: UnsafeBufferPointer<UInt8>, reserve: Bool = true) {
        self.bytes = bytes
        if reserve { members.reserveCapacity(32) }
        // A UTF-8 byte order mark is tolerated, as editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        if i >= bytes.count { throw fail("the file is empty; expected a JSON value") }
        let v = try value()
        skipSpace()
        if i < bytes.count { throw fail("unexpected \(describe(at: i)) after the end of the JSON value") }
        return v
    }

    func position(_ at: Int) -> (Int, Int) {
        var line = 1, col = 1
        var k = 0
        let end = min(at, bytes.count)
        while k < end {
            if bytes[k] == 0x0A { line += 1; col = 1 }
            else if bytes[k] & 0xC0 != 0x80 { col += 1 }  // count characters, not continuation bytes
            k += 1
        }
        return (line, col)
    }

    func fail(_ reason: String, at: Int? = nil) -> JSONSyntaxError {
        let (l, c) = position(at ?? i)
        return JSONSyntaxError(line: l, column: c, reason: reason)
    }

    func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x20 { return "a space" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    /// The character at `k` for an "unexpected" message: a byte outside ASCII is named with the character it starts
    /// (a U+FFFD there means the text was repaired before it reached the parser: its own bytes were not UTF-8), and
    /// only a byte that starts no character is named as a byte.
    func describe(at k: Int) -> String {
        let b = bytes[k]
        guard b >= 0x80 else { return describe(b) }
        var it = UnsafeBufferPointer(rebasing: bytes[k...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let u) = decoder.decode(&it) else { return describe(b) }
        let hex = String(u.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if u == "\u{FFFD}" { return "U+FFFD (a replacement for bytes that were not UTF-8)" }
        return "'\(Character(u))' (\(code))"
    }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of file; expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describe(at: i)); expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + w.count <= bytes.count, bytes[i..<(i + w.count)].elementsEqual(w) else {
            throw fail("unexpected \(describe(at: i)); expected a value")
        }
        i += w.count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw fail("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        i += 1
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(JSONObject()) }
        // Members collect on a stack shared by every object being parsed (nested ones above this one's `base`),
        // so each object is allocated once at its final size instead of growing member by member.
        let base = members.count
        var seen: [String: Int]?
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an object") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(at: i)); expected a key in double quotes") }
            let keyStart = i
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw fail(i < bytes.count ? "unexpected \(describe(at: i)); expected ':' after a key" : "unexpected end of file; expected ':'")
            }
            i += 1
            skipSpace()
            tracking?.path.append(.key(key))
            let v = try value()
            // A repeated key keeps its first place and its last value, as JSONObject's subscript does. Large
            // objects find repeats through a dictionary rather than a scan per key.
            if seen == nil, members.count - base > JSONObject.indexThreshold {
                var d = [String: Int](minimumCapacity: 2 * (members.count - base))
                for k in base..<members.count { d[members[k].key] = k }
                seen = d
            }
            if let d = seen != nil ? seen![key] : JSONObject.position(of: key, in: members, from: base) {
                members[d].value = v
                if tracking != nil { noteDuplicate(first: tracking!.keyOffsets[d], second: keyStart) }
            } else {
                seen?[key] = members.count
                members.append(JSONObject.Member(key: key, value: v))
                tracking?.keyOffsets.append(keyStart)
            }
            tracking?.path.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw fail("unexpected \(describe(at: i)); expected ',' or '}'")
        }
        depth -= 1
        // A fresh array of exactly this size (`Array(members[base...])` would adopt the whole stack's buffer, with
        // its spare capacity, whenever the slice spans it).
        var own: [JSONObject.Member] = []
        own.reserveCapacity(members.count - base)
        own.append(contentsOf: members[base...])
        let obj = JSONObject(members: own)
        while members.count > base { members.removeLast() }  // cheaper than removeSubrange's general path
        if tracking != nil { tracking!.keyOffsets.removeLast(tracking!.keyOffsets.count - base) }
        return .object(obj)
    }

    /// Records a repeated key (its path is the innermost one being parsed) with both positions.
    mutating func noteDuplicate(first: Int, second: Int) {
        tracking!.count += 1
        guard tracking!.duplicates.count < JSONParser.maxDuplicatesReported else { return }
        let path = tracking!.path.reduce(tracking!.base) { p, part in
            switch part {
            case .key(let k): return p.key(k)
            case .index(let i): return p.index(i)
            }
        }
        tracking!.duplicates.append((path.description, first, second, i))
    }

    /// The 1-based line and column of each offset, counted as `position(_:)` does, in one pass.
    func positions(of offsets: [Int]) -> [Int: (Int, Int)] {
        var out: [Int: (Int, Int)] = [:]
        var line = 1, col = 1, k = 0
        for target in Set(offsets).sorted() {
            let end = min(target, bytes.count)
            while k < end {
                if bytes[k] == 0x0A { line += 1; col = 1 }
                else if bytes[k] & 0xC0 != 0x80 { col += 1 }
                k += 1
            }
            out[target] = (line, col)
        }
        return out
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        i += 1
        var arr: [JSONValue] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(arr) }
        while true {
            skipSpace()
            tracking?.path.append(.index(arr.count))
            arr.append(try value())
            tracking?.path.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw fail("unexpected \(describe(at: i)); expected ',' or ']'")
        }
        depth -= 1
        return .array(arr)
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var integer = true
        func digits(_ p: inout Parser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        guard i < bytes.count else { throw fail("unexpected end of file inside a number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits(&self) == 0 {
            throw fail("a number needs digits")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integer = false
            i += 1
            if digits(&self) == 0 { throw fail("a number needs digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integer = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw fail("a number needs digits in its exponent") }
        }
        // Integers of up to 15 digits are exact in a Double, so they skip the text conversion (a feed has millions).
        if integer, i - start - (negative ? 1 : 0) <= 15 {
            var v: Int64 = 0
            // `&-`: the bytes are read a second time here, and a mapped file rewritten meanwhile may hold anything now
            // (the reader then says it changed); 15 digits of at most 255 cannot overflow.
            for k in (negative ? start + 1 : start)..<i { v = v * 10 + Int64(bytes[k] &- UInt8(ascii: "0")) }
            let d = Double(v)
            return negative ? -d : d
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        // Out-of-range literals become ±infinity; the payload rules treat non-finite numbers as invalid.
        return Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("unexpected end of file in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("\\u must be followed by four hex digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// Write a scalar as UTF-8 at `out[n...]`, advancing `n` (escapes are decoded straight into the string's bytes).
    static func putUTF8(_ v: UInt32, _ out: UnsafeMutableBufferPointer<UInt8>, _ n: inout Int) {
        switch v {
        case 0..<0x80:
            out[n] = UInt8(v); n += 1
        case 0x80..<0x800:
            out[n] = UInt8(0xC0 | (v >> 6))
            out[n + 1] = UInt8(0x80 | (v & 0x3F)); n += 2
        case 0x800..<0x10000:
            out[n] = UInt8(0xE0 | (v >> 12))
            out[n + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
            out[n + 2] = UInt8(0x80 | (v & 0x3F)); n += 3
        default:
            out[n] = UInt8(0xF0 | (v >> 18))
            out[n + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            out[n + 2] = UInt8(0x80 | ((v >> 6) & 0x3F))
            out[n + 3] = UInt8(0x80 | (v & 0x3F)); n += 4
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let open = i
        i += 1
        // Fast path: no escapes and plain ASCII up to the closing quote — one String from a slice.
        let k = JSONScanner.plainRun(bytes, from: i)
        if k < bytes.count, bytes[k] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<k]), as: UTF8.self)
            i = k + 1
            return s
        }
        // Decoded once, straight into its own storage.
        let capacity = decodedCapacity(plainUpTo: k)
        var failure: JSONSyntaxError?
        let s = String(unsafeUninitializedCapacity: capacity) { out in
            do throws(JSONSyntaxError) { return try decodeEscaped(from: open, plainUpTo: k, into: out) }
            catch { failure = error; return 0 }
        }
        if let failure { throw failure }
        return s
    }

    /// Room enough for the decoded body of the string at `i` whose plain run ends at `k`: its raw length up to the
    /// closing quote, found first (every escape is at least as long as the UTF-8 it stands for). Without a closing
    /// quote the decoder stops at the precise error; until then it needs room for the rest.
    func decodedCapacity(plainUpTo k: Int) -> Int {
        var end = k
        while true {
            end = JSONScanner.quoteOrBackslash(bytes, from: end)
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\\") else { break }
            end += 2
        }
        return min(end, bytes.count) - i
    }

    /// The string at `i` (its opening quote) handed to `body` as UTF-8 and `i` moved past it: the bytes in place
    /// when they need no decoding, else decoded into temporary memory — no String is built. Checked as `string()`.
    mutating func withString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(JSONSyntaxError) -> R {
        if let plain = plainString() { return body(plain) }
        let open = i
        i += 1
        let k = JSONScanner.plainRun(bytes, from: i)
        var failure: JSONSyntaxError?
        let r = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, decodedCapacity(plainUpTo: k))) { out -> R? in
            do throws(JSONSyntaxError) {
                let n = try decodeEscaped(from: open, plainUpTo: k, into: out)
                return body(UnsafeBufferPointer(rebasing: out[..<n]))
            } catch { failure = error; return nil }
        }
        if let failure { throw failure }
        return r!
    }

    /// Decodes the body of the string opened at `open` from `i` (the bytes before `plainUpTo` need no decoding)
    /// into `out`, leaving `i` after the closing quote; returns the number of bytes written.
    mutating func decodeEscaped(from open: Int, plainUpTo k: Int, into out: UnsafeMutableBufferPointer<UInt8>) throws(JSONSyntaxError) -> Int {
        var n = 0
        var k = k
        while true {
            // The plain run before the next byte that needs a look, copied at once: after the first escape the
            // bytes were otherwise copied one by one through the checks below.
            if k > i {
                UnsafeMutableRawPointer(out.baseAddress! + n).copyMemory(from: bytes.baseAddress! + i, byteCount: k - i)
                n += k - i
                i = k
            }
            guard i < bytes.count else { throw fail("a string is never closed", at: open) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw fail("a control character (\(describe(b))) inside a string must be escaped") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw fail("unexpected end of file after '\\'") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out[n] = e; n += 1
                case UInt8(ascii: "b"): out[n] = 0x08; n += 1
                case UInt8(ascii: "f"): out[n] = 0x0C; n += 1
                case UInt8(ascii: "n"): out[n] = 0x0A; n += 1
                case UInt8(ascii: "r"): out[n] = 0x0D; n += 1
                case UInt8(ascii: "t"): out[n] = 0x09; n += 1
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), i + 1 < bytes.count,
                       bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        let save = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else { i = save }
                    }
                    if (0xD800...0xDFFF).contains(code) { code = 0xFFFD }  // a lone surrogate becomes U+FFFD
                    Parser.putUTF8(code, out, &n)
                default:
                    // A control byte or a non-ASCII byte is named by its value: quoted raw, a newline would split the message.
                    let shown = (0x20..<0x7F).contains(e) ? "'\\\(Character(Unicode.Scalar(e)))'" : "'\\' before byte 0x\(String(e, radix: 16, uppercase: true))"
                    throw fail("unknown escape \(shown)", at: i - 2)
                }
                k = JSONScanner.plainRun(bytes, from: i)
                continue
            }
            if b >= 0x80 {
                // Validate the UTF-8 sequence here so the error names where it is.
                let len: Int
                switch b {
                case 0xC2...0xDF: len = 2
                case 0xE0...0xEF: len = 3
                case 0xF0...0xF4: len = 4
                default: throw fail("invalid UTF-8 (\(describe(b)))")
                }
                guard i + len <= bytes.count else { throw fail("invalid UTF-8: a truncated character") }
                for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 { throw fail("invalid UTF-8 (\(describe(bytes[i + k])))", at: i + k) }
                if len == 3 {
                    let b1 = bytes[i + 1]
                    if (b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0) { throw fail("invalid UTF-8 (an encoded surrogate or overlong form)") }
                }
                if len == 4 {
                    let b1 = bytes[i + 1]
                    if (b == 0xF0 && b1 < 0x90) || (b == 0xF4 && b1 >= 0x90) { throw fail("invalid UTF-8 (out of range)") }
                }
                for j in 0..<len { out[n + j] = bytes[i + j] }
                n += len
                i += len
                k = JSONScanner.plainRun(bytes, from: i)
                continue
            }
            out[n] = b
            n += 1
            i += 1
            k = JSONScanner.plainRun(bytes, from: i)
        }
        return n
    }
}

// MARK: reading a few members without the tree

/// A cursor over JSON bytes for readers that want a few members of an object and not the tree of the rest (a
/// getInboxMessages item, its `action_params`). It is the parser's own grammar, strings and numbers: a value it
/// refuses `JSONParser.parse` refuses too and the other way round, and a string or number it reads is the one the
/// parser would give. Values a reader does not want are checked as the parser checks them, but not built.
struct JSONScanner {
    private var p: Parser

    init(buffer: UnsafeBufferPointer<UInt8>) {
        p = Parser(bytes: buffer, reserve: false)
        p.skipSpace()
    }

    /// The next byte that is not space; nil at the end.
    var peek: UInt8? {
        mutating get {
            p.skipSpace()
            return p.i < p.bytes.count ? p.bytes[p.i] : nil
        }
    }

    /// At an object's `{`: enters it; false when it is empty (then it is already left).
    mutating func enterObject() throws(JSONSyntaxError) -> Bool {
        try enter(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}"), "expected an object")
    }

    /// At an array's `[`: enters it; false when it is empty (then it is already left).
    mutating func enterArray() throws(JSONSyntaxError) -> Bool {
        try enter(UInt8(ascii: "["), closedBy: UInt8(ascii: "]"), "expected an array")
    }

    // Inlined: `nextMember` runs after every member of every item of a feed, and as a call it cost 1.3 % of a --dump.
    @inline(__always)
    private mutating func enter(_ open: UInt8, closedBy close: UInt8, _ expected: String) throws(JSONSyntaxError) -> Bool {
        guard peek == open else { throw p.fail(expected) }
        try p.enter()
        p.i += 1
        p.skipSpace()
        if p.i < p.bytes.count && p.bytes[p.i] == close { p.i += 1; p.depth -= 1; return false }
        return true
    }

    /// After an element: true when another follows, false at the array's `]` (which is left).
    mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try next(closedBy: UInt8(ascii: "]")) { "unexpected \($0.describe(at: $0.i)); expected ',' or ']'" }
    }

    /// A member's key and its `:`. `match` is given the key's UTF-8 (decoded when it has escapes) and says what it is.
    mutating func key<K>(_ match: (UnsafeBufferPointer<UInt8>) -> K) throws(JSONSyntaxError) -> K {
        p.skipSpace()
        guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else { throw p.fail("expected a key in double quotes") }
        var k: K
        if let plain = p.plainString() {
            k = match(plain)
        } else {
            var key = try p.string()
            k = key.withUTF8 { match($0) }
        }
        p.skipSpace()
        guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: ":") else { throw p.fail("expected ':' after a key") }
        p.i += 1
        return k
    }

    /// A member's key, its `:` passed, when it needs no decoding (plain ASCII, no escape): its bytes in the buffer;
    /// nil, without moving, otherwise.
    mutating func plainKey() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8>? {
        p.skipSpace()
        guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else { throw p.fail("expected a key in double quotes") }
        guard let plain = p.plainString() else { return nil }
        p.skipSpace()
        guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: ":") else { throw p.fail("expected ':' after a key") }
        p.i += 1
        return plain
    }

    /// After a member's value: true when another member follows, false at the object's `}` (which is left).
    mutating func nextMember() throws(JSONSyntaxError) -> Bool {
        try next(closedBy: UInt8(ascii: "}")) { _ in "expected ',' or '}'" }
    }

    @inline(__always)
    private mutating func next(closedBy close: UInt8, _ unexpected: (Parser) -> String) throws(JSONSyntaxError) -> Bool {
        p.skipSpace()
        guard p.i < p.bytes.count else { throw p.fail("unexpected end of file; expected ',' or '\(Character(UnicodeScalar(close)))'") }
        if p.bytes[p.i] == UInt8(ascii: ",") { p.i += 1; return true }
        if p.bytes[p.i] == close { p.i += 1; p.depth -= 1; return false }
        throw p.fail(unexpected(p))
    }

    /// The next value, built.
    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        p.skipSpace()
        return try p.value()
    }

    /// The next value, checked and passed over.
    mutating func skipValue() throws(JSONSyntaxError) {
        p.skipSpace()
        try p.skipValue()
    }

    /// The next value when it is a string, handed to `body` as UTF-8 without building a String; nil, without moving,
    /// when it is not a string.
    mutating func withString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(JSONSyntaxError) -> R? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        return try p.withString(body)
    }

    /// At a string: `match` is handed its raw bytes after the opening quote (to the end of the text, escapes as
    /// written) and returns what it read and how many bytes it took, the closing quote included; the scanner then
    /// moves past them. nil, without moving, when it is not a string or `match` declines. `match` must accept only
    /// bytes that are a whole, valid string (they are not checked again).
    mutating func rawString<R>(_ match: (UnsafeBufferPointer<UInt8>) -> (R, Int)?) -> R? {
        guard peek == UInt8(ascii: "\""), let (r, n) = match(UnsafeBufferPointer(rebasing: p.bytes[(p.i + 1)...])) else { return nil }
        p.i += 1 + n
        return r
    }

    /// Whether the next value is a string that is not empty (any byte between its quotes decodes to at least one
    /// byte, or is refused); the value is checked and passed over.
    mutating func skipValueIsNonEmptyString() throws(JSONSyntaxError) -> Bool {
        p.skipSpace()
        let nonEmpty = p.i + 1 < p.bytes.count && p.bytes[p.i] == UInt8(ascii: "\"") && p.bytes[p.i + 1] != UInt8(ascii: "\"")
        try p.skipValue()
        return nonEmpty
    }

    /// Nothing but space is left (what `JSONParser.parse` requires after the value).
    mutating func end() throws(JSONSyntaxError) {
        p.skipSpace()
        if p.i < p.bytes.count { throw p.fail("unexpected bytes after the end of the JSON value") }
    }

    /// Whether `bytes` spell `word` (by index: `elementsEqual` went through iterators, 5 % of a feed's load).
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<bytes.count where bytes[k] != w[k] { return false }
        return true
    }

    /// The offset of the first quote or backslash at or after `k`, or `bytes.count`: where a string's raw bytes may
    /// end, for passes that only need its extent (the feed splitter, the decoder's closing-quote bound).
    static func quoteOrBackslash(_ bytes: UnsafeBufferPointer<UInt8>, from k: Int) -> Int {
        firstMarked(bytes, from: k, marks: { x in
            let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C)
            return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & high
        }, stops: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    }

    /// The offset of the first byte at or after `k` that a string cannot hold as it is — a quote, a backslash, a
    /// control character or a byte outside ASCII — or `bytes.count`. Strings are most of a feed's bytes, and a
    /// byte at a time was the largest part of reading them.
    static func plainRun(_ bytes: UnsafeBufferPointer<UInt8>, from k: Int) -> Int {
        firstMarked(bytes, from: k, marks: { x in
            let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C)
            // A byte with its high bit set, below 0x20, or equal to either.
            return (x | ((x &- ones &* 0x20) & ~x) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & high
        }, stops: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 >= 0x80 })
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first byte at or after `k` that `stops`, or `bytes.count`, eight bytes at a time: `marks`
    /// sets the high bit of the bytes of a word that stop, by the classic "has a zero/lesser byte" tests. Each of
    /// those can mark a byte wrongly only above (after, in memory order) a byte it marks rightly, so the lowest
    /// marked byte is the first that stops, found without a byte loop (action_params' escaped quotes stop a scan
    /// every few bytes, and a byte loop after each stop was most of the scan).
    @inline(__always)
    static func firstMarked(_ bytes: UnsafeBufferPointer<UInt8>, from k: Int, marks: (UInt64) -> UInt64,
                            stops: (UInt8) -> Bool) -> Int {
        var k = k
        while k + 8 <= bytes.count {
            let found = marks(UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self))
            if found != 0 { return k + found.trailingZeroBitCount / 8 }
            k += 8
        }
        while k < bytes.count, !stops(bytes[k]) { k += 1 }
        return k
    }
}

extension Parser {
    /// At a string's opening quote: the bytes between the quotes when they need no decoding (plain ASCII, no escape)
    /// and moves past it; nil, without moving, otherwise (then `string()` decodes and checks it).
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        let k = JSONScanner.plainRun(bytes, from: i + 1)
        guard k < bytes.count, bytes[k] == UInt8(ascii: "\"") else { return nil }
        defer { i = k + 1 }
        return UnsafeBufferPointer(rebasing: bytes[(i + 1)..<k])
    }

    /// `value()` without building it: the same bytes are accepted and refused (a string that needs decoding is
    /// decoded, so its escapes and UTF-8 are checked by the same code).
    mutating func skipValue() throws(JSONSyntaxError) {
        guard i < bytes.count else { throw fail("unexpected end of file; expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            try enter()
            i += 1
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
                if plainString() == nil { _ = try string() }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                i += 1
                skipSpace()
                try skipValue()
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw fail("expected ',' or '}'")
            }
            depth -= 1
        case UInt8(ascii: "["):
            try enter()
            i += 1
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return }
            while true {
                skipSpace()
                try skipValue()
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                throw fail("expected ',' or ']'")
            }
            depth -= 1
        case UInt8(ascii: "\""):
            if plainString() == nil { _ = try string() }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw fail("unexpected \(describe(at: i)); expected a value")
        }
    }
}
