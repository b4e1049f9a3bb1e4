// Reads a getInboxMessages item straight from its bytes into the parser's fields, and its action_params text into
// what a row needs, without the trees of values the parser builds (two per message, most of a large feed's load).

import Foundation

enum InboxItemReader {
    /// The members of an item the parser reads (`push`: a member that makes a bare array's item an APNs push).
    enum Key: Int { case inboxID, order, rt, text, actionType, status, title, image, sendDate, hash, actionParams, push, other
        var bit: UInt16 { UInt16(rawValue) }
    }

    /// The item's members as `InboxFeedParser.ServerFields(object)` reads them from the parsed object; nil when the
    /// bytes are not an object, or, in a bare array (`bare`), when the item looks like a push: the tree parser reads
    /// those. Throws where `JSONParser.parse` would (the same grammar: `JSONScanner`); members it does not read are
    /// checked, not built.
    /// `checksKeys`: also find whether the item may repeat a key (`keysDistinct`, for `validate`; else it stays false
    /// and the loading path pays nothing for it).
    static func fields(_ bytes: UnsafeBufferPointer<UInt8>, bare: Bool, checksKeys: Bool = false) throws(JSONSyntaxError) -> InboxFeedParser.ServerFields? {
        var s = JSONScanner(buffer: bytes)
        guard s.peek == UInt8(ascii: "{") else { return nil }
        var f = InboxFeedParser.ServerFields()
        // Which of the keys the parser reads were seen, and whether anything could repeat a key (`keysDistinct`).
        var seen: UInt16 = 0, distinct = checksKeys
        // A repeated key overwrites its field: its last value, as the parsed object's lookup gives.
        if try s.enterObject() {
            repeat {
                let key = try s.key(serverKey)
                if distinct {
                    let bit: UInt16 = 1 << key.bit
                    let c = s.peek
                    distinct = key != .other && key != .push && seen & bit == 0 && c != UInt8(ascii: "{") && c != UInt8(ascii: "[")
                    seen |= bit
                }
                switch key {
                case .inboxID: f.inboxID = try s.value()
                case .order: f.order = try s.value()
                case .rt: f.rt = try s.value()
                case .text: f.text = try s.value()
                case .status: f.status = try s.value()
                case .title: f.title = try s.value()
                case .image: f.image = try s.value()
                case .sendDate: f.sendDate = try s.value()
                case .hash: f.hash = try s.value()
                case .actionParams: f.actionParams = try s.value()
                case .actionType:
                    // Only whether it is there counts (a required key).
                    try s.skipValue()
                    f.actionType = .null
                case .push:
                    if bare { return nil }
                    try s.skipValue()
                case .other:
                    try s.skipValue()
                }
            } while try s.nextMember()
        }
        try s.end()
        f.keysDistinct = distinct
        return f
    }

    /// Whether `bytes` may hold a key twice in one object: false only for an object of at most 32 plain keys (no
    /// escapes), all different, whose values hold no object or array. Not a check of the JSON: a syntax error says
    /// true too.
    static func mayRepeatKeys(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var s = JSONScanner(buffer: bytes)
        guard s.peek == UInt8(ascii: "{") else { return true }
        return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: 32) { keys in
            var n = 0
            do throws(JSONSyntaxError) {
                guard try s.enterObject() else { return false }
                repeat {
                    guard let key = try s.plainKey(), n < keys.count else { return true }
                    for k in 0..<n where keys[k].count == key.count && memcmp(keys[k].baseAddress!, key.baseAddress!, key.count) == 0 {
                        return true
                    }
                    keys[n] = key
                    n += 1
                    guard let c = s.peek, c != UInt8(ascii: "{"), c != UInt8(ascii: "[") else { return true }
                    try s.skipValue()
                } while try s.nextMember()
                return false
            } catch { return true }
        }
    }

    static func serverKey(_ b: UnsafeBufferPointer<UInt8>) -> Key {
        func is_(_ word: StaticString) -> Bool { JSONScanner.equals(b, word) }
        switch b.count {
        case 2: return is_("rt") ? .rt : .other
        case 3: return is_("aps") ? .push : .other
        case 4: return is_("text") ? .text : is_("hash") ? .hash : .other
        case 5: return is_("order") ? .order : is_("title") ? .title : is_("image") ? .image : .other
        case 6: return is_("status") ? .status : .other
        case 8: return is_("inbox_id") ? .inboxID : is_("pw_inbox") ? .push : .other
        case 9: return is_("send_date") ? .sendDate : .other
        case 11: return is_("action_type") ? .actionType : .other
        case 12: return is_("inbox_params") ? .push : .other
        case 13: return is_("action_params") ? .actionParams : .other
        default: return .other
        }
    }

    // MARK: action_params

    /// What becomes of a member of `action_params` (or of its `u`) when only a row's needs are read.
    enum Use { case skip, keep, presence }

    /// `InboxMessage.Summary(Params(parseObject(text)))` and the root `attachment`, from the members they read
    /// alone; nil when `text` is not a JSON object (as `parseObject` gives nil). The members `Summary` looks up — the
    /// root's pin, displayType, `u`, `userdata`, image, buttons and rich cards, and the same in `u` — are built,
    /// except `buttons`, of which only the presence counts; every other member is checked, not built.
    /// The common shapes are read without building any object (`quickSummary`); the rest as `treeSummary`.
    static func summary(_ text: String) -> (InboxMessage.Summary, attachment: JSONValue?)? {
        var text = text
        return text.withUTF8 { bytes in
            if let quick = quickSummary(bytes) { return (quick, nil) }
            return treeSummary(bytes)
        }
    }

    /// The summary from the members it reads, built into objects (any shape of `action_params`).
    static func treeSummary(_ bytes: UnsafeBufferPointer<UInt8>) -> (InboxMessage.Summary, attachment: JSONValue?)? {
        guard let root = try? object(bytes, keeping: rootUse) else { return nil }
        // `u` as `Params` reads it: a dictionary, or a JSON string holding one (nil otherwise).
        var userData: JSONObject?
        switch root["u"] {
        case .object(let o): userData = o
        case .string(var s): userData = s.withUTF8 { try? object($0, keeping: userDataUse) }
        default: userData = nil
        }
        return (InboxMessage.Summary(InboxMessage.Params(actionParams: root, userData: userData)), root["attachment"])
    }

    // MARK: action_params' common shapes

    /// `treeSummary`'s summary (its attachment nil) for the shapes a feed's messages mostly have, read straight from
    /// the bytes with no object, string or slide built: a root whose members the summary reads are only `u` (a JSON
    /// string holding an object whose only such member is `displayType`, a string), `pinned` (true or false),
    /// `buttons` and `carousel` (an array). Building the objects was a fifth of a large feed's instructions. nil for
    /// anything else — another member `rootUse` or `userDataUse` lists, one of these repeated or of another type,
    /// a syntax error anywhere (the text, or `u`'s) — and `treeSummary` reads it: every summary stays what it was.
    static func quickSummary(_ bytes: UnsafeBufferPointer<UInt8>) -> InboxMessage.Summary? {
        do { return try readQuickly(bytes) } catch { return nil }
    }

    /// The members of the root the quick reading knows; `unusual`: one the summary reads that it leaves to the tree.
    enum QuickMember { case other, u, pinned, buttons, carousel, unusual }

    static func quickMember(_ b: UnsafeBufferPointer<UInt8>) -> QuickMember {
        guard rootUse(b) != .skip else { return .other }
        func is_(_ word: StaticString) -> Bool { JSONScanner.equals(b, word) }
        return is_("u") ? .u : is_("pinned") ? .pinned : is_("buttons") ? .buttons : is_("carousel") ? .carousel : .unusual
    }

    private static func readQuickly(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> InboxMessage.Summary? {
        var s = JSONScanner(buffer: bytes)
        guard s.peek == UInt8(ascii: "{") else { return nil }
        var seenU = false, seenPinned = false, seenCarousel = false
        var named = false, kind: InboxCellKind?, pinned = false, buttons = false, slides = false
        if try s.enterObject() {
            repeat {
                switch try s.key(quickMember) {
                case .other: try s.skipValue()
                case .unusual: return nil
                case .buttons:
                    buttons = true  // only its presence counts
                    try s.skipValue()
                case .u:
                    // The usual `u` is recognised in its escaped form; anything else is decoded and read.
                    guard !seenU else { return nil }
                    var read = s.rawString(displayTypeOnly)
                    if read == nil { read = try s.withString(quickUserData) }
                    guard let read, read.usual else { return nil }
                    seenU = true
                    (named, kind) = (read.named, read.kind)
                case .pinned:
                    // A Bool decides (`isPinned`); a number, or a value that decides nothing, goes to the tree.
                    guard !seenPinned, let c = s.peek, c == UInt8(ascii: "t") || c == UInt8(ascii: "f") else { return nil }
                    seenPinned = true
                    pinned = c == UInt8(ascii: "t")
                    try s.skipValue()
                case .carousel:
                    guard !seenCarousel, s.peek == UInt8(ascii: "[") else { return nil }
                    seenCarousel = true
                    slides = try quickCarouselDecodes(&s)
                }
            } while try s.nextMember()
        }
        try s.end()
        // `Summary.init` over these members: no image anywhere, no `userdata`, no rich card but the root carousel.
        return InboxMessage.Summary(displayKind: kind, pinned: pinned,
                                    richCards: kind == .carousel && slides ? InboxMessage.Summary.bit(.carousel) : 0,
                                    rowNeeds: named && kind == nil ? .everything : buttons ? .rootButtons : .nothing)
    }

    /// `InboxButton.decode` for parameters whose summary reads `rootButtons`: the root's `buttons` alone is built.
    /// The usual shapes are read straight from the bytes (`quickRootButtons`); the rest through objects.
    static func rootButtons(_ text: String) -> [InboxButton] {
        var text = text
        return text.withUTF8 { bytes in
            if let quick = quickRootButtons(bytes) { return quick }
            return treeRootButtons(bytes)
        }
    }

    /// The root's `buttons` built into objects and decoded (any shape).
    static func treeRootButtons(_ bytes: UnsafeBufferPointer<UInt8>) -> [InboxButton] {
        let root = try? object(bytes, keeping: { JSONScanner.equals($0, "buttons") ? .keep : .skip })
        return InboxButton.decode(InboxMessage.Params(actionParams: root ?? nil, userData: nil))
    }

    /// `treeRootButtons` without building any object, for a root object whose `buttons` (at most once) is an array of
    /// objects with only `title`, `url` and `action` members (each a string, at most once) whose action is `dismiss`,
    /// `markRead` (ASCII, any case) or a URL with a scheme. Anything else declines (nil): a custom action's payload is
    /// the item's object, a repeat's last value wins, a non-ASCII action is lowered by Unicode's rules (a Kelvin sign
    /// lowers to "k"). Building the objects was 15,000 instructions a row with buttons, 9 % of a 100,000-message
    /// `--dump`.
    static func quickRootButtons(_ bytes: UnsafeBufferPointer<UInt8>) -> [InboxButton]? {
        do throws(JSONSyntaxError) {
            var s = JSONScanner(buffer: bytes)
            guard s.peek == UInt8(ascii: "{") else { return nil }
            var found: [InboxButton]?
            if try s.enterObject() {
                repeat {
                    if try s.key({ JSONScanner.equals($0, "buttons") }) {
                        guard found == nil, let list = try quickButtons(&s) else { return nil }
                        found = list
                    } else {
                        try s.skipValue()
                    }
                } while try s.nextMember()
            }
            try s.end()
            return found ?? []
        } catch { return nil }
    }

    /// The array of button items at the scanner, as `InboxButton.decode` reads it; nil declines.
    private static func quickButtons(_ s: inout JSONScanner) throws(JSONSyntaxError) -> [InboxButton]? {
        guard s.peek == UInt8(ascii: "[") else { return nil }
        var out: [InboxButton] = []
        guard try s.enterArray() else { return out }
        repeat {
            guard s.peek == UInt8(ascii: "{") else { return nil }
            var title: String?, url: String?, action: String?
            if try s.enterObject() {
                repeat {
                    let member = try s.key { b in
                        JSONScanner.equals(b, "title") ? 1 : JSONScanner.equals(b, "url") ? 2 : JSONScanner.equals(b, "action") ? 3 : 0
                    }
                    guard member != 0, case .string(let v) = try s.value() else { return nil }
                    switch member {
                    case 1: guard title == nil else { return nil }; title = v
                    case 2: guard url == nil else { return nil }; url = v
                    default: guard action == nil else { return nil }; action = v
                    }
                } while try s.nextMember()
            }
            guard let title, !title.isEmpty else { continue }  // the tree skips an item without a title
            var decided: InboxButtonAction?
            if let a = action {
                guard a.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                if asciiLowercasedEquals(a, "dismiss") { decided = .dismiss }
                else if asciiLowercasedEquals(a, "markread") { decided = .markRead }
            }
            if decided == nil, let u = url, !u.isEmpty, inboxURLScheme(u) != nil { decided = .openURL(u) }
            guard let decided else { return nil }  // a custom action: its payload is the item's object
            out.append(InboxButton(title: title, action: decided))
        } while try s.nextElement()
        return out
    }

    /// Whether ASCII `s` lowered equals `lower` (itself lowercase ASCII).
    private static func asciiLowercasedEquals(_ s: String, _ lower: StaticString) -> Bool {
        let u = s.utf8
        guard u.count == lower.utf8CodeUnitCount else { return false }
        let w = lower.utf8Start
        var k = 0
        for b in u {
            let l = b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
            if l != w[k] { return false }
            k += 1
        }
        return true
    }

    /// `u`'s JSON text: `usual` when it is an object whose only member the summary reads is a string `displayType`
    /// (`named`; `kind`: the kind it names, as `Summary` reads it) or none.
    private static func quickUserData(_ bytes: UnsafeBufferPointer<UInt8>) -> (usual: Bool, named: Bool, kind: InboxCellKind?) {
        do throws(JSONSyntaxError) {
            var s = JSONScanner(buffer: bytes)
            guard s.peek == UInt8(ascii: "{") else { return (false, false, nil) }
            var kind: InboxCellKind?, seen = false
            if try s.enterObject() {
                repeat {
                    let use = try s.key { b in userDataUse(b) == .skip ? 0 : JSONScanner.equals(b, "displayType") ? 1 : 2 }
                    switch use {
                    case 0: try s.skipValue()
                    case 1:
                        guard !seen, let named = try s.withString(kind(lowercased:)) else { return (false, false, nil) }
                        seen = true
                        kind = named
                    default: return (false, false, nil)
                    }
                } while try s.nextMember()
            }
            try s.end()
            return (true, seen, kind)
        } catch { return (false, false, nil) }
    }

    /// `quickUserData` of the commonest `u`, read from the JSON string's raw bytes (`raw`: after its opening quote)
    /// without decoding it: `{\"displayType\": \"Kind\"}`, spaces allowed between the tokens, the kind ASCII letters.
    /// With the bytes it took, through the closing quote; nil for anything else. Decoding the string and scanning
    /// the decoded object was about a thousand instructions a message.
    static func displayTypeOnly(_ raw: UnsafeBufferPointer<UInt8>) -> ((usual: Bool, named: Bool, kind: InboxCellKind?), Int)? {
        var i = 0
        func spaces() { while i < raw.count, raw[i] == 0x20 { i += 1 } }
        func take(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard i + n <= raw.count, JSONScanner.equals(UnsafeBufferPointer(rebasing: raw[i..<(i + n)]), word) else { return false }
            i += n
            return true
        }
        spaces()
        guard take("{") else { return nil }
        spaces()
        guard take(#"\"displayType\""#) else { return nil }
        spaces()
        guard take(":") else { return nil }
        spaces()
        guard take(#"\""#) else { return nil }
        let start = i
        while i < raw.count, (raw[i] | 0x20) >= UInt8(ascii: "a"), (raw[i] | 0x20) <= UInt8(ascii: "z") { i += 1 }
        let letters = UnsafeBufferPointer(rebasing: raw[start..<i])
        guard !letters.isEmpty, take(#"\""#) else { return nil }
        spaces()
        guard take("}") else { return nil }
        spaces()
        guard take("\"") else { return nil }
        return ((true, true, kind(lowercased: letters)), i)
    }

    /// `InboxCellKind(rawValue: displayType.lowercased())` from the displayType's UTF-8: ASCII is compared a byte at
    /// a time, lowered (no String built: a String, `lowercased` and the raw-value switch were half of reading `u`);
    /// anything else through the String.
    static func kind(lowercased b: UnsafeBufferPointer<UInt8>) -> InboxCellKind? {
        guard b.allSatisfy({ $0 < 0x80 }) else { return InboxCellKind(rawValue: String(decoding: b, as: UTF8.self).lowercased()) }
        func lowered(_ c: UInt8) -> UInt8 { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c }
        return InboxCellKind.allCases.first { kind in
            var raw = kind.rawValue
            return raw.withUTF8 { r in r.count == b.count && (0..<r.count).allSatisfy { r[$0] == lowered(b[$0]) } }
        }
    }

    /// At a carousel array: whether a slide decodes (`InboxCarouselSlide.decode`: an object whose `image`, its last
    /// value, is a non-empty string); the array is checked and passed over.
    private static func quickCarouselDecodes(_ s: inout JSONScanner) throws(JSONSyntaxError) -> Bool {
        var decodes = false
        guard try s.enterArray() else { return false }
        repeat {
            guard s.peek == UInt8(ascii: "{") else { try s.skipValue(); continue }
            var image = false
            if try s.enterObject() {
                repeat {
                    if try s.key({ JSONScanner.equals($0, "image") }) {
                        image = try s.skipValueIsNonEmptyString()
                    } else {
                        try s.skipValue()
                    }
                } while try s.nextMember()
            }
            decodes = decodes || image
        } while try s.nextElement()
        return decodes
    }

    /// The members `use` keeps of the JSON object text in `bytes` (`presence`: kept as null); nil when the text is
    /// JSON but not an object. Throws where `JSONParser.parse` would.
    static func object(_ bytes: UnsafeBufferPointer<UInt8>, keeping use: (UnsafeBufferPointer<UInt8>) -> Use) throws(JSONSyntaxError) -> JSONObject? {
        var s = JSONScanner(buffer: bytes)
        guard s.peek == UInt8(ascii: "{") else {
            try s.skipValue()
            try s.end()
            return nil
        }
        var o = JSONObject()
        o.reserveCapacity(4)  // more than the usual few kept members: one allocation, not one per member
        if try s.enterObject() {
            repeat {
                var key = ""
                let u = try s.key { b in
                    let u = use(b)
                    if u != .skip { key = String(decoding: b, as: UTF8.self) }
                    return u
                }
                switch u {
                case .skip: try s.skipValue()
                // The subscript keeps a repeated key's first place and its last value, as the parser does.
                case .keep: o[key] = try s.value()
                case .presence:
                    try s.skipValue()
                    o[key] = .null
                }
            } while try s.nextMember()
        }
        try s.end()
        return o
    }

    /// The root members `Summary` (through `Params`, `isPinned`, `readDisplayType`, `richCardDecodes`,
    /// `resolvedImageURL`, `attachmentHero`: `attachment` and `b`) and the attachment read.
    static func rootUse(_ b: UnsafeBufferPointer<UInt8>) -> Use {
        func is_(_ word: StaticString) -> Bool { JSONScanner.equals(b, word) }
        switch b.count {
        case 1: return is_("u") || is_("b") ? .keep : .skip
        case 5: return is_("image") || is_("video") ? .keep : .skip
        case 6: return is_("wallet") || is_("pinned") ? .keep : .skip
        case 7: return is_("buttons") ? .presence : .skip
        case 8: return is_("userdata") || is_("carousel") ? .keep : .skip
        case 10: return is_("attachment") ? .keep : .skip
        case 11: return is_("displayType") ? .keep : .skip
        default: return .skip
        }
    }

    /// The members of `u` that `Summary` reads.
    static func userDataUse(_ b: UnsafeBufferPointer<UInt8>) -> Use {
        func is_(_ word: StaticString) -> Bool { JSONScanner.equals(b, word) }
        switch b.count {
        case 5: return is_("image") || is_("video") ? .keep : .skip
        case 6: return is_("wallet") || is_("pinned") ? .keep : .skip
        case 7: return is_("buttons") ? .presence : .skip
        case 8: return is_("carousel") ? .keep : .skip
        case 11: return is_("displayType") ? .keep : .skip
        default: return .skip
        }
    }
}
