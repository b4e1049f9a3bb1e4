// Placeholders left in the messages of a getInboxMessages feed (or in delivered inbox pushes) that `pushsim inbox`
// reads: the server filled these texts when it sent them, so a placeholder there shows on the phone as written.
// Counted per field, never warned once per message: a feed of a million personalised messages is three warnings.

/// A count of the messages whose title, text or image holds a placeholder, and the first of each, by item index.
public struct InboxLeftoverTally: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case title, text, image
    }

    public private(set) var counts: [Field: Int] = [:]
    /// The first item (in file order) with a placeholder in each field, and that placeholder as written.
    public private(set) var first: [Field: (item: Int, placeholder: String)] = [:]

    public init() {}

    public static func == (a: Self, b: Self) -> Bool {
        a.counts == b.counts && Field.allCases.allSatisfy { a.first[$0]?.item == b.first[$0]?.item && a.first[$0]?.placeholder == b.first[$0]?.placeholder }
    }

    /// Notes message `m`, read from item `item`. A text without `{` (almost all of them) costs one pass over its bytes
    /// and nothing else; only the first placeholder of a field is ever kept as text.
    public mutating func note(_ m: InboxMessage, item: Int) {
        note(m.title, .title, item)
        note(m.message, .text, item)
        note(m.imageUrl, .image, item)
    }

    mutating func note(_ s: String?, _ field: Field, _ item: Int) {
        guard let s, PlaceholderScan.mayHold(s), PlaceholderScan.holdsAny(s) else { return }
        counts[field, default: 0] += 1
        // Only the first of a field is ever kept as text (items come in ascending order within a chunk).
        if first[field].map({ item < $0.item }) ?? true, let p = PlaceholderScan.all(in: s).first { first[field] = (item, p) }
    }

    /// Adds another chunk's tally (any order: the first is kept by item index).
    public mutating func merge(_ other: InboxLeftoverTally) {
        for f in Field.allCases {
            counts[f, default: 0] += other.counts[f] ?? 0
            if let o = other.first[f], first[f].map({ o.item < $0.item }) ?? true { first[f] = o }
        }
        counts = counts.filter { $0.value > 0 }
    }

    /// One warning per field that has placeholders: the first message's path and placeholder, and how many more.
    /// `items`: the path of the messages array (`response.messages`); `file` as the feed's warnings name it.
    public func diagnostics(file: String, items: JSONPath) -> [Diagnostic] {
        Field.allCases.compactMap { f in
            guard let n = counts[f], n > 0, let at = first[f] else { return nil }
            let key = f == .text ? "text" : f.rawValue
            let path = items.index(at.item).key(key)
            let more = n > 1 ? " (and \(n - 1) more message\(n - 1 == 1 ? "'s" : "s'") \(key))" : ""
            return Diagnostic(.warning, path: "\(file):\(path.description)",
                              "holds the placeholder \(JSONValue.string(at.placeholder).quoted)\(more): the server filled these messages when it sent them; a placeholder left here shows on the phone as written")
        }
    }
}

extension PlaceholderScan {
    /// Whether `s` has a `{` at all: the one check almost every text gets.
    @inlinable public static func mayHold(_ s: String) -> Bool {
        s.utf8.contains(UInt8(ascii: "{"))
    }

    /// Whether `s` holds a Liquid `{{…}}` / `{%…%}` or a Dynamic Content `{…|…}` (what `all` would find), without
    /// building any text: one pass over the bytes.
    public static func holdsAny(_ s: String) -> Bool {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), pipe = UInt8(ascii: "|"), percent = UInt8(ascii: "%")
        var it = s.utf8.makeIterator()
        // The state: inside `{` (with or without a pipe seen), inside `{{`/`{%` (looking for its closer).
        var inBrace = false, sawPipe = false, liquidCloser: UInt8?, prev: UInt8 = 0
        while let b = it.next() {
            if let closer = liquidCloser {
                if b == close, prev == closer { return true }
                prev = b
                continue
            }
            if inBrace, prev == open, b == open || b == percent, !sawPipe {
                liquidCloser = b == open ? close : percent
                prev = 0  // the opener's own `%` or `{` does not close it
                continue
            }
            prev = b
            switch b {
            case open: inBrace = true; sawPipe = false
            case close: if inBrace && sawPipe { return true }; inBrace = false
            case pipe: if inBrace { sawPipe = true }
            default: break
            }
        }
        // A `{{` or `{%` that never closes is no Liquid: what follows it is scanned as Dynamic Content by the warning
        // scanner (`{{k|x}` holds `{k|x}`; found by make fuzz), so ask it, as rarely as such a text comes.
        if liquidCloser != nil { return !PlaceholderScan.all(in: s).isEmpty }
        return false
    }
}
