// Reads an inbox file from bytes without building one tree for the whole feed: each message is parsed on its own,
// so a 100,000-message getInboxMessages response needs the memory of one message at a time, not of the document.

import Foundation

public enum InboxFeedReader {
    /// Items per chunk at the least when several cores parse a feed: small feeds are read on one thread.
    static let minimumChunk = 2_000

    /// Parse `bytes` into messages. Large arrays of messages (`{"response":{"messages":[…]}}`, `{"messages":[…]}` or a
    /// bare array) are split item by item; anything else, and any syntax error, goes through the full parser so its
    /// error names the line and column.
    public static func read(_ bytes: [UInt8], file: String, parser: InboxFeedParser) throws -> InboxFeedParser.Result {
        try bytes.withUnsafeBufferPointer { try read(buffer: $0, file: file, parser: parser) }
    }

    /// Bytes of a chunk's items are handed to `release` in pieces of about this size once parsed.
    static let releaseBytes = 4 << 20

    /// The same over bytes that are not an array (a file mapped into memory). `release` is told which byte ranges
    /// the parse is done with, in pieces of about `releaseBytes`, so that the caller can give a mapped file's pages
    /// back while the messages are built: a 354 MB feed's pages would otherwise stay resident beside them. The
    /// bytes must stay readable (a released mapping page is read again from the file): a syntax error parses the
    /// whole document again.
    public static func read(buffer bytes: UnsafeBufferPointer<UInt8>, file: String, parser: InboxFeedParser,
                            release: (@Sendable (Range<Int>) -> Void)? = nil) throws -> InboxFeedParser.Result {
        var splitter = Splitter(bytes: bytes)
        guard let found = splitter.messageRanges() else {
            return try parser.parse(JSONParser.parse(buffer: bytes), file: file)
        }
        if let r = readItems(bytes, found, file: file, parser: parser, release: release, positions: nil) { return r }
        // On a syntax error, the whole document again, so the error names the file's own line and column.
        return try parser.parse(JSONParser.parse(buffer: bytes), file: file)
    }

    /// A getInboxMessages response's items as `read` reads them, with where each message came from, for `pushsim
    /// validate`: nil when the document is not a `{"response":{"messages":[…]}}` or `{"messages":[…]}` whose items
    /// are all well formed (the caller then reads the whole tree, as before).
    public static func readFeedItems(buffer bytes: UnsafeBufferPointer<UInt8>, file: String, parser: InboxFeedParser) -> FeedItems? {
        var splitter = Splitter(bytes: bytes)
        guard let found = splitter.messageRanges(), found.wrapper != .bare, let bounds = splitter.arrayBounds else { return nil }
        var positions = [Int32](repeating: 0, count: found.items.count)
        var mayRepeat = [Bool](repeating: true, count: found.items.count)
        let result = positions.withUnsafeMutableBufferPointer { positions in
            mayRepeat.withUnsafeMutableBufferPointer { mayRepeat in
                readItems(bytes, found, file: file, parser: parser, release: nil, positions: positions, mayRepeatKeys: mayRepeat)
            }
        }
        guard let result else { return nil }
        positions.removeLast(positions.count - result.messages.count)
        return FeedItems(result: result, inResponse: found.wrapper == .response, items: found.items, array: bounds, itemOfMessage: positions,
                         itemsThatMayRepeatKeys: mayRepeat.indices.filter { mayRepeat[$0] })
    }

    /// What `readFeedItems` read.
    public struct FeedItems: Sendable {
        public var result: InboxFeedParser.Result
        /// `response.messages` (else `messages`).
        public var inResponse: Bool
        /// Each item's bytes.
        public var items: [Range<Int>]
        /// The message array's bytes, from `[` to `]`.
        public var array: Range<Int>
        /// The item each message was read from.
        public var itemOfMessage: [Int32]
        /// The items that may hold a key twice in one object (`InboxItemReader.mayRepeatKeys`, or, for an item read
        /// from its bytes, what reading its members showed), in file order.
        public var itemsThatMayRepeatKeys: [Int]
    }

    /// `read`'s items; nil on a syntax error. `positions` (one slot per item), when given, gets the item of each
    /// message at the message's index; `mayRepeatKeys` (one slot per item), whether the item may hold a key twice in
    /// one object, found while its members are read (a second pass over every item was 7 % of validating a feed).
    static func readItems(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (wrapper: Splitter.Wrapper, items: [Range<Int>]),
                          file: String, parser: InboxFeedParser, release: (@Sendable (Range<Int>) -> Void)?,
                          positions: UnsafeMutableBufferPointer<Int32>?,
                          mayRepeatKeys: UnsafeMutableBufferPointer<Bool>? = nil) -> InboxFeedParser.Result? {
        let path: JSONPath
        switch found.wrapper {
        case .bare: path = JSONPath()
        case .messages: path = JSONPath("messages")
        case .response: path = JSONPath("response").key("messages")
        }
        // Each item is parsed where it lies in the file's bytes, without copying it out, by every core at once.
        // Chunk c writes its messages into the final array's storage from its first item's slot on (a chunk never
        // has more messages than items), and the chunks are then closed up by moving memory: no message is
        // copied, so no string is retained again.
        let items = found.items
        let chunks = ChunkedWork.chunkCount(items.count, minimum: minimumChunk)
        var kept = [Int](repeating: 0, count: chunks)
        var failed = [Bool](repeating: false, count: chunks)
        var notes = [[Diagnostic]](repeating: [], count: chunks)
        // Per chunk, the placeholders left in its messages (`warnsLeftoverPlaceholders`), merged below.
        let tallies = UnsafeMutableBufferPointer<InboxLeftoverTally>.allocate(capacity: parser.warnsLeftoverPlaceholders ? chunks : 0)
        _ = tallies.initialize(from: repeatElement(InboxLeftoverTally(), count: tallies.count))
        defer { tallies.deinitialize().deallocate() }
        nonisolated(unsafe) let chunkTallies = tallies
        let messages = [InboxMessage](unsafeUninitializedCapacity: items.count) { storage, initialized in
            do {
                kept.withUnsafeMutableBufferPointer { kept in
                    failed.withUnsafeMutableBufferPointer { failed in
                        notes.withUnsafeMutableBufferPointer { notes in
                            nonisolated(unsafe) let (buffer, storage, kept, failed, notes) = (bytes, storage, kept, failed, notes)
                            nonisolated(unsafe) let (positions, mayRepeatKeys) = (positions, mayRepeatKeys)
                            ChunkedWork.run(chunks: chunks, count: items.count) { c, range in
                                var next = storage.baseAddress! + range.lowerBound
                                var released = range.isEmpty ? 0 : items[range.lowerBound].lowerBound
                                defer { if let release, let last = range.last { release(released..<items[last].upperBound) } }
                                for k in range {
                                    if let release, items[k].lowerBound - released >= releaseBytes {
                                        release(released..<items[k].lowerBound)
                                        released = items[k].lowerBound
                                    }
                                    let bytes = UnsafeBufferPointer(rebasing: buffer[items[k]])
                                    var m: InboxMessage?
                                    var isPush = false
                                    // Straight from the bytes when it is a getInboxMessages item; through the tree
                                    // otherwise (a push, not an object, or a syntax error, which the tree reports).
                                    if parser.readsItemsDirectly, !parser.keepsParsedParams, let fields = try? InboxItemReader.fields(bytes, bare: found.wrapper == .bare, checksKeys: mayRepeatKeys != nil) {
                                        if let mayRepeatKeys { mayRepeatKeys[k] = !fields.keysDistinct && InboxItemReader.mayRepeatKeys(bytes) }
                                        m = parser.serverMessage(fields, path: path.index(k), file: file, diagnostics: &notes[c],
                                                                 summary: InboxItemReader.summary)
                                    } else {
                                        if let mayRepeatKeys { mayRepeatKeys[k] = InboxItemReader.mayRepeatKeys(bytes) }
                                        guard let item = try? JSONParser.parse(buffer: bytes) else {
                                            failed[c] = true  // a syntax error: the whole file is parsed again below
                                            return
                                        }
                                        isPush = found.wrapper == .bare && InboxFeedParser.looksLikePush(item)
                                        m = found.wrapper == .bare
                                            ? parser.itemMessage(item, path: path.index(k), file: file, diagnostics: &notes[c])
                                            : parser.serverMessage(item, path: path.index(k), file: file, diagnostics: &notes[c])
                                    }
                                    if !chunkTallies.isEmpty, !isPush, let shown = m { chunkTallies[c].note(shown, item: k) }
                                    if m != nil {
                                        if let positions { positions[next - storage.baseAddress!] = Int32(k) }
                                        // Moved out (`take`), not bound with `if let`, which copied the message.
                                        next.initialize(to: m.take()!)
                                        next += 1
                                        kept[c] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let base = storage.baseAddress!
            if failed.contains(true) {
                for c in 0..<chunks { (base + ChunkedWork.range(c, of: chunks, count: items.count).lowerBound).deinitialize(count: kept[c]) }
                initialized = 0
                return
            }
            var end = kept[0]
            for c in 1..<max(1, chunks) {
                let start = base + ChunkedWork.range(c, of: chunks, count: items.count).lowerBound
                if start != base + end {
                    (base + end).moveInitialize(from: start, count: kept[c])
                    if let positions {
                        let from = start - base
                        for j in 0..<kept[c] { positions[end + j] = positions[from + j] }
                    }
                }
                end += kept[c]
            }
            initialized = end
        }
        guard !failed.contains(true) else { return nil }
        var r = InboxFeedParser.Result()
        r.messages = messages
        r.diagnostics = notes.flatMap { $0 }
        if parser.warnsLeftoverPlaceholders {
            var tally = InboxLeftoverTally()
            for t in tallies { tally.merge(t) }
            r.diagnostics += tally.diagnostics(file: file, items: path)
        }
        return r
    }
}

extension InboxFeedReader {
    /// The byte ranges of the feed's message items as `read` splits them; with `shares` above 1, every array is
    /// split by that many threads however small it is (the fuzz target compares the two ways).
    public static func itemRanges(_ bytes: UnsafeBufferPointer<UInt8>, shares: Int = 1) -> [Range<Int>]? {
        var splitter = Splitter(bytes: bytes)
        splitter.parallelMinimum = shares > 1 ? 1 : Int.max
        splitter.shareCores = shares
        return splitter.messageRanges()?.items
    }
}

extension InboxFeedReader {
    /// Whether the quick reading of an `action_params` text (`InboxItemReader.quickSummary`) declines it or gives the
    /// summary read through objects, with no attachment: the fuzz target's check on every input.
    public static func quickSummaryAgrees(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let quick = InboxItemReader.quickSummary(bytes) else { return true }
        guard let tree = InboxItemReader.treeSummary(bytes) else { return false }
        return tree.0 == quick.asReadFromObjects && tree.attachment == nil
    }

    /// Whether an item whose members, as the reader reads them, say it repeats no key (`keysDistinct`) repeats none
    /// in the parser's bookkeeping either: the fuzz target's check on every input (`validate` trusts it).
    public static func distinctKeysAgree(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let fields = try? InboxItemReader.fields(bytes, bare: false, checksKeys: true), fields.keysDistinct else { return true }
        guard let repeats = try? JSONParser.repeatedKeys(in: bytes, at: JSONPath()) else { return false }
        return repeats.count == 0
    }

    /// Whether the buttons read from the bytes (`InboxItemReader.quickRootButtons`) decline an `action_params` text or
    /// are those the objects give: the fuzz target's check on every input.
    public static func quickButtonsAgree(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let quick = InboxItemReader.quickRootButtons(bytes) else { return true }
        return quick == InboxItemReader.treeRootButtons(bytes)
    }
}

/// Finds the byte ranges of the items of the feed's message array; nil when the document is some other shape or
/// not well formed (the full parser then reports it).
struct Splitter {
    /// Raw bytes: this pass walks every byte of the file, and array bounds checks showed in its profile.
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// Bytes a core at the least, and the cores, for splitting a large array by several threads (tests and the
    /// fuzz target make them small to split every array).
    var parallelMinimum = Splitter.parallelMinimumBytes
    var shareCores = ChunkedWork.cores

    enum Wrapper { case bare, messages, response }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// The bytes of the message array `messageRanges` found, `[` to `]`.
    var arrayBounds: Range<Int>?

    mutating func messageRanges() -> (wrapper: Wrapper, items: [Range<Int>])? {
        space()
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "[") {
            let start = i
            guard let items = arrayItems(), atEnd() else { return nil }
            arrayBounds = start..<i
            return (.bare, items)
        }
        guard bytes[i] == UInt8(ascii: "{") else { return nil }
        // {"response":{"messages":[…]}} or {"messages":[…]}; other keys are skipped, but checked with the real
        // parser (they are small), so a broken document is never accepted. Only a document with exactly one message
        // array is split: with two (or a repeated `response`), which one the full parser keeps (the last value of a
        // repeated key; `response.messages` before `messages`) and the validity of the unused one are its business.
        var found: (Wrapper, [Range<Int>])?
        var arrays = 0, responses = 0
        var bounds: Range<Int>?, innerBounds: Range<Int>?
        guard objectMembers({ key, s in
            if key == "messages", s.peek == UInt8(ascii: "[") {
                let start = s.i
                guard let items = s.arrayItems() else { return false }
                arrays += 1
                if found == nil { (found, bounds) = ((.messages, items), start..<s.i) }
                return true
            }
            if key == "response" {
                responses += 1
                guard s.peek == UInt8(ascii: "{") else { return s.skipValidValue() }
                var inner: [Range<Int>]?
                let ok = s.objectMembers { k, s2 in
                    if k == "messages", s2.peek == UInt8(ascii: "[") {
                        let start = s2.i
                        guard let items = s2.arrayItems() else { return false }
                        arrays += 1
                        inner = items
                        innerBounds = start..<s2.i
                        return true
                    }
                    return s2.skipValidValue()
                }
                guard ok else { return false }
                if let inner { (found, bounds) = ((.response, inner), innerBounds) }
                return true
            }
            return s.skipValidValue()
        }), atEnd(), arrays == 1, responses <= 1, let found else { return nil }
        arrayBounds = bounds
        return found
    }

    /// Skips one value and checks it with the real parser: for the wrapper's own members, which no item parse sees.
    mutating func skipValidValue() -> Bool {
        let start = i
        guard skipValue() else { return false }
        return (try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: bytes[start..<i]))) != nil
    }

    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func atEnd() -> Bool {
        space()
        return i == bytes.count
    }

    mutating func space() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    /// `{ "key": value, … }`, calling `member` positioned at each value (which must consume it).
    mutating func objectMembers(_ member: (String, inout Splitter) -> Bool) -> Bool {
        guard peek == UInt8(ascii: "{") else { return false }
        i += 1
        space()
        if peek == UInt8(ascii: "}") { i += 1; return true }
        while true {
            space()
            guard peek == UInt8(ascii: "\""), let keyRange = stringRange() else { return false }
            space()
            guard peek == UInt8(ascii: ":") else { return false }
            i += 1
            space()
            // Keys with escapes are decoded by the real parser; plain keys are compared as bytes.
            let key = (try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: bytes[keyRange])).stringValue) ?? nil
            guard let key, member(key, &self) else { return false }
            space()
            guard let c = peek else { return false }
            i += 1
            if c == UInt8(ascii: ",") { continue }
            return c == UInt8(ascii: "}")
        }
    }

    /// Bytes of an array's items at the least for each core to split a share of them (below that, a thread costs
    /// more than it saves).
    static let parallelMinimumBytes = 8 << 20

    /// The byte ranges of the items of the array at `i`, and `i` past its `]`; nil when it is not well formed.
    /// A large array is split by every core at once (`parallelItems`): this pass is otherwise serial over the whole
    /// file, 0.38 s of a 1,000,000-message feed.
    mutating func arrayItems() -> [Range<Int>]? {
        guard peek == UInt8(ascii: "[") else { return nil }
        i += 1
        space()
        if peek == UInt8(ascii: "]") { i += 1; return [] }
        var out: [Range<Int>] = []
        let end: ItemsEnd
        let shares = ChunkedWork.chunkCount(bytes.count - i, minimum: parallelMinimum, cores: shareCores)
        if shares > 1 {
            end = parallelItems(shares: shares, into: &out)
        } else {
            end = items(from: i, before: Int.max, into: &out)
        }
        guard case .closed(let after) = end else { return nil }
        i = after
        return out
    }

    /// Where a scan of an array's items stopped: past the array's `]`, at the start of an item at or after its
    /// limit, or at something that is not an array of values.
    enum ItemsEnd: Equatable { case closed(Int), next(Int), failed }

    /// Appends the ranges of the items from the item starting at `start` on, stopping at the `]` or at the first
    /// item that starts at or after `limit`. From an item's start the scan depends on nothing before it, so a scan
    /// from any item's start gives the same items as the whole array's scan does from there.
    func items(from start: Int, before limit: Int, into out: inout [Range<Int>]) -> ItemsEnd {
        var s = self
        s.i = start
        while true {
            s.space()
            let itemStart = s.i
            if itemStart >= limit { return .next(itemStart) }
            guard s.skipValue() else { return .failed }
            out.append(itemStart..<s.i)
            s.space()
            guard let c = s.peek else { return .failed }
            s.i += 1
            if c == UInt8(ascii: ",") { continue }
            return c == UInt8(ascii: "]") ? .closed(s.i) : .failed
        }
    }

    /// `items(from: i, …)` over the whole array, by `shares` threads: each share after the first starts at a guess of
    /// where an item starts (`itemStartGuess`, found from its share's first byte on, which may be inside a string)
    /// and scans up to the next share's guess. A guess is used only when the scan before it ends exactly
    /// there — then the guess is an item's start, and the share's items are what one scan finds — otherwise the
    /// items from there on are scanned again on this thread: the result is always the serial scan's.
    func parallelItems(shares: Int, into out: inout [Range<Int>]) -> ItemsEnd {
        var starts = [i]
        for k in 1..<shares {
            let from = max(starts[starts.count - 1] + 1, i + (bytes.count - i) * k / shares)
            guard let guess = itemStartGuess(from: from) else { break }
            starts.append(guess)
        }
        var found = [[Range<Int>]](repeating: [], count: starts.count)
        var ends = [ItemsEnd](repeating: .failed, count: starts.count)
        found.withUnsafeMutableBufferPointer { found in
            ends.withUnsafeMutableBufferPointer { ends in
                nonisolated(unsafe) let (found, ends) = (found, ends)
                ChunkedWork.run(chunks: starts.count, count: starts.count) { k, _ in
                    ends[k] = items(from: starts[k], before: k + 1 < starts.count ? starts[k + 1] : Int.max, into: &found[k])
                }
            }
        }
        // Joined into one array of the right size: `out = found[0]` shared its storage, so the first append copied
        // the first share's items and then grew the copy.
        out = []
        out.reserveCapacity(found.reduce(0) { $0 + $1.count })
        out.append(contentsOf: found[0])
        var end = ends[0]
        for k in 1..<starts.count {
            guard end == .next(starts[k]) else { break }
            out.append(contentsOf: found[k])
            end = ends[k]
        }
        if case .next(let at) = end { end = items(from: at, before: Int.max, into: &out) }
        return end
    }

    /// The first `{` at or after `from` that follows `}` and `,` and is followed by `"` or `}` (whitespace allowed
    /// between): where an item of an array of objects probably starts. The quote matters: an `action_params` text
    /// holding an array of objects (buttons, carousel slides) has `},{` inside its string, but there each `{` is
    /// followed by an escaped quote (`{\"`), and a guess there sent the rest of the feed to be scanned again on one
    /// thread (at 100,000 messages the splitter did half as much work again, and none of it beside the first share).
    func itemStartGuess(from: Int) -> Int? {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var k = max(from, 1)
        while k < bytes.count {
            if bytes[k] == UInt8(ascii: ",") {
                var before = k - 1
                while before > 0, isSpace(bytes[before]) { before -= 1 }
                var after = k + 1
                while after < bytes.count, isSpace(bytes[after]) { after += 1 }
                if bytes[before] == UInt8(ascii: "}"), after < bytes.count, bytes[after] == UInt8(ascii: "{") {
                    var next = after + 1
                    while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                    if next < bytes.count, bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "}") { return after }
                }
            }
            k += 1
        }
        return nil
    }

    /// The range of a string token including its quotes.
    mutating func stringRange() -> Range<Int>? {
        let start = i
        i += 1
        while i < bytes.count {
            // Only quotes and backslashes matter here, found eight bytes at a time.
            i = JSONScanner.quoteOrBackslash(bytes, from: i)
            guard i < bytes.count else { break }
            let b = bytes[i]
            if b == UInt8(ascii: "\\") { i += 2; continue }
            i += 1
            if b == UInt8(ascii: "\"") { return start..<i }
        }
        return nil
    }

    /// Skips one value by structure only; the real parser validates each item afterwards.
    mutating func skipValue() -> Bool {
        guard let c = peek else { return false }
        switch c {
        case UInt8(ascii: "\""):
            return stringRange() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    guard stringRange() != nil else { return false }
                    continue
                }
                i += 1
                if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                    depth += 1
                    if depth > JSONParser.maxDepth { return false }
                } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return true }
                }
            }
            return false
        default:
            // A number or literal: up to the next delimiter.
            let start = i
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { break }
                i += 1
            }
            return i > start
        }
    }
}

extension InboxFeedReader {
    /// A getInboxMessages item's `inbox_id` when it is a string (its last value), as the parser reads it.
    public static func serverCode(_ item: UnsafeBufferPointer<UInt8>) -> String? {
        guard let fields = try? InboxItemReader.fields(item, bare: false) else { return nil }
        return fields.inboxID?.stringValue
    }
}
