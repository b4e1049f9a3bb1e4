// `pushsim validate` for inbox feeds: the feed parser's warnings (skipped messages, pushes and notifications that
// never reach the inbox), then, per message the inbox would hold, what InboxKit does with it: expiry, the card it
// really gets, buttons and links it refuses or hides.

import Foundation
import PushSimEngine

enum InboxValidation {
    /// Where a message came from, which decides where its action params live in the file.
    enum Origin { case server, push, request }

    struct Item {
        /// The message list's path, or the item's own when `index` is nil.
        var base: JSONPath
        var index: Int?
        var origin: Origin
        var json: JSONObject?

        init(path: JSONPath, origin: Origin, json: JSONObject?) {
            (base, index, self.origin, self.json) = (path, nil, origin, json)
        }

        /// Item `index` of the list at `base`: its path is written out only for a finding (a path a message was 2 %
        /// of checking a large feed).
        init(base: JSONPath, index: Int, origin: Origin, json: JSONObject?) {
            (self.base, self.index, self.origin, self.json) = (base, index, origin, json)
        }

        var path: JSONPath { index.map { base.index($0) } ?? base }
    }

    static func lint(_ doc: JSONValue, source: PayloadValidation.Source, options: PayloadValidation.Options) -> PayloadValidation.Lint {
        // Every message's parameters are read again below, for the warnings: the parser keeps the tree it checked.
        let parser = InboxFeedParser(now: options.now, timeZone: options.timeZone, keepsParsedParams: true)
        let parsed: InboxFeedParser.Result
        do {
            parsed = try parser.parse(doc, file: source.name)
        } catch {
            var message = error.description
            if message.hasPrefix(source.name + ": ") { message.removeFirst(source.name.count + 2) }
            return PayloadValidation.Lint(summary: "not an inbox feed", diagnostics: [Diagnostic(.error, path: "", message)])
        }
        let (shape, base, items) = layout(doc)
        let fileName = (source.name as NSString).lastPathComponent
        let paths = messagePaths(items, fileName: fileName)
        let combined = InboxFeedParser.combine([parsed])
        // A push APNs refuses is an error below, not also the parser's warning.
        var diagnostics = combined.diagnostics.filter { options.delivery == nil || $0.rejection == nil }.map { d -> Diagnostic in
            var d = d
            d.path = sourcePath(d.path, file: source.name, fileName: fileName, paths: paths)
            return d
        }
        let isRequest = shape == "createMessage request"
        if !options.sdk.inboxSkipsNonObjectFeedItem {
            // Before 7.2.2 a server item that is not an object crashes the app as the feed loads
            // (`PWInboxMessageInternal.m@f8c5cc8` `validateDictionary`): an error in place of the parser's "skipped".
            for item in items where item.origin == .server && item.json == nil {
                let path = item.path.description
                diagnostics.removeAll { $0.path == path }
                diagnostics.append(Diagnostic(.error, path: path,
                    "is not an object: a \(options.sdk) app crashes when this feed loads (validateDictionary still sends it objectForKey:; from 7.2.2 it is skipped)"))
            }
        }
        if options.delivery != nil {
            // Each APNs push as sent: APNs refuses one over 4096 bytes or with an aps that is not a dictionary.
            for item in items where item.origin == .push {
                guard let json = item.json, let r = InboxPush.apnsRefusal(.object(json)) else { continue }
                diagnostics.append(Diagnostic(.error, path: PayloadValidation.join(item.path.description, r.path), r.reason))
            }
        }
        return finish(diagnostics, shape: shape, base: base, itemCount: items.count, kept: parsed.messages.count,
                      messages: combined.messages, isRequest: isRequest, source: source, options: options) { _, m in paths[m.code] }
    }

    /// The findings about the messages the inbox would hold (`item`: where a message is in the file; nil leaves it
    /// out) after the parser's `diagnostics`, in file order, and the summary. Messages are looked at by every core.
    static func finish(_ diagnostics: [Diagnostic], shape: String, base: JSONPath, itemCount: Int, kept: Int,
                       messages: [InboxMessage], isRequest: Bool, source: PayloadValidation.Source,
                       options: PayloadValidation.Options, item: (Int, InboxMessage) -> Item?) -> PayloadValidation.Lint {
        var diagnostics = diagnostics
        let skipped = itemCount - kept
        if itemCount == 0 {
            diagnostics.append(Diagnostic(path: base.description, "the feed holds no messages; InboxKit shows its empty state"))
        } else if kept == 0 {
            diagnostics.append(Diagnostic(.error, path: base.description, isRequest
                ? "none of the \(PayloadValidation.plural(itemCount, "notification")) reaches the inbox, so the feed stays empty"
                : "every message was skipped, so the inbox shows nothing from this file"))
        }
        let chunks = ChunkedWork.chunkCount(messages.count, minimum: 1_000)
        var found = [[Diagnostic]](repeating: [], count: chunks)
        var expiredIn = [Int](repeating: 0, count: chunks)
        withoutActuallyEscaping(item) { item in
            found.withUnsafeMutableBufferPointer { found in
                expiredIn.withUnsafeMutableBufferPointer { expiredIn in
                    nonisolated(unsafe) let (found, expiredIn, item) = (found, expiredIn, item)
                    ChunkedWork.run(chunks: chunks, count: messages.count) { c, range in
                        for i in range {
                            let m = messages[i]
                            guard let item = item(i, m) else { continue }
                            if m.isExpired(at: options.now) {
                                expiredIn[c] += 1
                                found[c].append(expiry(m, item: item, now: options.now, nowGiven: options.nowGiven))
                                // 7.1.3 reads `l` and `attachment` (and crashes on a non-string) before it filters
                                // out the expired (`PWInboxMessageInternal.m@f8c5cc8` `updateWithDictionary`).
                                if item.origin == .server && !options.sdk.inboxStringOnlyLinkAndAttachment {
                                    found[c] += InboxReleaseValidation.nonStrings(m.params.actionParams ?? [:], item: item, sdk: options.sdk)
                                }
                                continue
                            }
                            if InboxFeed.isSilent(m) {
                                // spec §3.10: the SDK stores nothing of a silent push; a full load shows the server's copy instead.
                                found[c].append(Diagnostic(path: item.path.key("aps").description,
                                    "no alert body: a silent inbox push; the SDK stores nothing of it and shows only the server's copy of \(JSONValue.string(m.code).quoted) after a full load, so this file does not show it"))
                                continue
                            }
                            // The parameters parsed once for every rule (each `m.params` parses them again).
                            let params = m.params
                            let row = InboxRow(m, forceCellKind: nil, params: params, sdk: options.sdk)
                            found[c] += display(m, params, item: item, source: source, sdk: options.sdk, row: row)
                            found[c] += InboxReleaseValidation.findings(m, params, item: item, sdk: options.sdk, row: row)
                        }
                    }
                }
            }
        }
        diagnostics += found.joined()
        let expired = expiredIn.reduce(0, +)
        // In file order: the parser's findings and the per-message ones interleaved by message, whole-file ones last.
        let prefix = base.description + "["
        func position(_ path: String) -> Int {
            guard path.hasPrefix(prefix) else { return Int.max }
            var n = 0, digits = 0
            for b in path.utf8.dropFirst(prefix.utf8.count) {
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), digits < 18 else { break }
                n = n * 10 + Int(b - UInt8(ascii: "0"))
                digits += 1
            }
            return digits == 0 ? Int.max : n
        }
        diagnostics = diagnostics.enumerated()
            .map { (position($0.element.path), $0.offset, $0.element) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map(\.2)
        var summary = "inbox feed (\(shape)), \(PayloadValidation.plural(itemCount, isRequest ? "notification" : "message"))"
        if skipped > 0 { summary += ", \(skipped) \(isRequest ? "not for the inbox" : "skipped")" }
        if expired > 0 { summary += ", \(expired) expired" }
        return PayloadValidation.Lint(summary: summary, diagnostics: diagnostics)
    }

    /// The shape's name, the path of the message list, and its items, chosen as `InboxFeedParser.parse` chooses.
    static func layout(_ doc: JSONValue) -> (shape: String, base: JSONPath, items: [Item]) {
        func list(_ a: [JSONValue], _ base: JSONPath, _ origin: (JSONObject?) -> Origin) -> [Item] {
            a.enumerated().map { Item(base: base, index: $0.offset, origin: origin($0.element.objectValue), json: $0.element.objectValue) }
        }
        let server: (JSONObject?) -> Origin = { _ in .server }
        let either: (JSONObject?) -> Origin = { isPush($0) ? .push : .server }
        switch doc {
        case .array(let a):
            let items = list(a, JSONPath(), either)
            let pushes = items.filter { $0.origin == .push }.count
            let shape = a.isEmpty ? "empty array" : pushes == items.count ? "array of APNs inbox pushes"
                : pushes == 0 ? "array of getInboxMessages messages" : "array of messages and APNs pushes"
            return (shape, JSONPath(), items)
        case .object(let o):
            if let msgs = o["response"]?["messages"]?.arrayValue, o["response"]?.objectValue != nil {
                let base = JSONPath("response").key("messages")
                return ("getInboxMessages response", base, list(msgs, base, server))
            }
            if let msgs = o["messages"]?.arrayValue {
                return ("getInboxMessages response without its response wrapper", JSONPath("messages"), list(msgs, JSONPath("messages"), server))
            }
            if let notes = o["request"]?["notifications"]?.arrayValue, o["request"]?.objectValue != nil {
                let base = JSONPath("request").key("notifications")
                return ("createMessage request", base, list(notes, base, { _ in .request }))
            }
            if let notes = o["notifications"]?.arrayValue {
                return ("createMessage request", JSONPath("notifications"), list(notes, JSONPath("notifications"), { _ in .request }))
            }
            return ("APNs inbox push", JSONPath(), [Item(path: JSONPath(), origin: .push, json: o)])
        default:
            return ("", JSONPath(), [])
        }
    }

    static func isPush(_ o: JSONObject?) -> Bool {
        guard let o else { return false }
        return o["pw_inbox"] != nil || o["aps"] != nil || o["inbox_params"] != nil
    }

    /// Each message code's item, as the parser names codes: `inbox_id`, `pw_inbox`, or `FILE#N` for a request's
    /// notification N. A later copy of a code replaces an earlier one unless a push would replace a server message
    /// (`InboxFeedParser.combine` keeps the server copy).
    static func messagePaths(_ items: [Item], fileName: String) -> [String: Item] {
        var out: [String: Item] = [:]
        for (i, item) in items.enumerated() {
            let code: String?
            switch item.origin {
            case .server: code = item.json?["inbox_id"]?.stringValue
            case .push: code = item.json?["pw_inbox"]?.stringValue
            case .request: code = "\(fileName)#\(i + 1)"
            }
            guard let code else { continue }
            if let old = out[code], old.origin != .push, item.origin == .push { continue }
            out[code] = item
        }
        return out
    }

    /// The parser names paths `FILE:path` (or `FILE:code` for a repeated code); findings want the path alone.
    static func sourcePath(_ path: String, file: String, fileName: String, paths: [String: Item]) -> String {
        var rest = path
        for prefix in [file + ":", fileName + ":"] where rest.hasPrefix(prefix) {
            rest.removeFirst(prefix.count)
            break
        }
        if rest == "(root)" { return "" }
        if let item = paths[rest] { return item.path.description }
        return rest
    }

    // MARK: per message

    /// Where a key of the message's action params is written in the file: in `action_params` (a JSON string,
    /// which the path reads into) for a server message, at the push's root, or in a request's `ios_root_params`;
    /// with `inU`, inside the custom data (`u`, a request's `data`).
    static func paramPath(_ item: Item, _ key: String, inU: Bool) -> JSONPath {
        switch item.origin {
        case .server: return inU ? item.path.key("action_params").key("u").key(key) : item.path.key("action_params").key(key)
        case .push: return inU ? item.path.key("u").key(key) : item.path.key(key)
        case .request: return item.path.key(inU ? "data" : "ios_root_params").key(key)
        }
    }

    static func expiry(_ m: InboxMessage, item: Item, now: Date, nowGiven: Bool = false) -> Diagnostic {
        let path: JSONPath
        switch item.origin {
        case .server: path = item.path.key("rt")
        case .push: path = item.path.key("inbox_params").key("rt")
        case .request: path = item.path.key(item.json?["inbox_date"] != nil ? "inbox_date" : "inbox_days")
        }
        let when = InboxFeed.iso8601(m.expirationDate ?? now)
        return Diagnostic(path: path.description, "the message expired at \(when), before now (\(InboxFeed.iso8601(now))); the SDK drops it, so it is not shown" + (nowGiven ? "" : " (pass --now to check another moment)"))
    }

    /// A `pinned` the SDK cannot read: it reads a Bool or NSNumber only, so `"true"` (a string) pins nothing and the
    /// lookup goes on to the next place (root, then `u`, then `userdata`; spec §3.7).
    static func pinnedNotRead(_ params: InboxMessage.Params, item: Item) -> [Diagnostic] {
        let p = params.actionParams
        // Each place's path is made only for a finding: three paths a message were a tenth of validating a feed (and
        // a list of the three places, a twentieth).
        var out: [Diagnostic] = []
        func check(_ value: JSONValue?, _ path: @autoclosure () -> JSONPath) {
            guard let v = value, v.numberValue == nil, v != .null else { return }
            out.append(Diagnostic(path: path().description, "is \(v.typeDescription)\(v.stringValue.map { " (\(JSONValue.string($0).quoted))" } ?? ""), not a boolean or number; the SDK reads only those, so this pins nothing — write true or 1"))
        }
        check(p?["pinned"], paramPath(item, "pinned", inU: false))
        check(params.userData?["pinned"], paramPath(item, "pinned", inU: true))
        check(p?["userdata"]?["pinned"], paramPath(item, "userdata", inU: false).key("pinned"))
        return out
    }

    /// What the inbox does with a message it shows: the card it gets and the buttons and link it offers.
    static func display(_ m: InboxMessage, _ params: InboxMessage.Params? = nil, item: Item, source: PayloadValidation.Source,
                        sdk: SDKVersion = .newest, row: InboxRow? = nil) -> [Diagnostic] {
        var out: [Diagnostic] = []
        // `u` parsed once for every rule below (each `m.userData` would parse it again).
        let params = params ?? m.params
        let row = row ?? InboxRow(m, forceCellKind: nil, params: params, sdk: sdk)
        let p = params.actionParams ?? [:]
        if let image = row.iconURL {
            // resolvedImageURL's order: the message's own image, then actionParams.image, then u.image. (An
            // attachment hero is an http(s) URL: nothing local to check.)
            // Written out only for a finding.
            var path: JSONPath {
                guard let own = m.imageUrl, !own.isEmpty else { return paramPath(item, "image", inU: (p["image"]?.stringValue ?? "").isEmpty) }
                switch item.origin {
                case .server: return item.path.key("image")
                case .push: return item.path.key("inbox_params").key("image")
                case .request: return item.path.key("inbox_image")
                }
            }
            if let d = PayloadValidation.localImageProblem(image, source: source, path: path.description, what: "the card shows the load failure in its image area") {
                out.append(d)
            }
        }
        out += pinnedNotRead(params, item: item)
        // readDisplayType's order: the root string wins, then `u`, then `userdata`.
        // Worked out only for a finding that names it (a path is a string built per message).
        var displayTypePath: JSONPath { p["displayType"]?.stringValue != nil ? paramPath(item, "displayType", inU: false)
            : params.userData?["displayType"]?.stringValue != nil ? paramPath(item, "displayType", inU: true)
            : item.origin == .request ? item.path.key("ios_root_params").key("userdata").key("displayType")
            : paramPath(item, "userdata", inU: false).key("displayType") }
        if let d = row.resolution.displayType, InboxCellKind(rawValue: d) == nil {
            let kinds = InboxCellKind.allCases.filter { $0 != .default }.map(\.rawValue).joined(separator: ", ")
            out.append(Diagnostic(path: displayTypePath.description, "\(JSONValue.string(d).quoted) is not a card kind (\(kinds)); shown as \(row.kind.rawValue), chosen from the image and title"))
        }
        if let g = row.resolution.degrade {
            let path = row.resolution.displayType != nil ? displayTypePath : item.path
            out.append(Diagnostic(path: path.description, "shown as \(g.to.rawValue) instead of \(g.from.rawValue) because the message has \(g.reason)"))
        }
        // The buttons the SDK reads (spec §3.6): `buttons` in the action params, else in `u`; items need a title.
        let inU = p["buttons"]?.arrayValue == nil
        let raw = p["buttons"]?.arrayValue ?? params.userData?["buttons"]?.arrayValue ?? []
        var decoded = row.buttons.makeIterator()
        for (k, value) in raw.enumerated() {
            var path: JSONPath { paramPath(item, "buttons", inU: inU).index(k) }  // made only for a finding
            guard let o = value.objectValue, let title = o["title"]?.stringValue, !title.isEmpty else {
                out.append(Diagnostic(path: path.description, "skipped: a button needs a non-empty string title"))
                continue
            }
            guard let button = decoded.next() else { break }
            switch button.action {
            case .openURL(let url) where InboxURLPolicy.isRefused(url):
                out.append(Diagnostic(path: path.key("url").description, "\(JSONValue.string(url).quoted) uses a scheme the SDK refuses to open (\(refusedList)); the button \(JSONValue.string(title).quoted) only marks the message read"))
            case .custom where !(o["url"]?.stringValue ?? "").isEmpty:
                out.append(Diagnostic(path: path.key("url").description, "\(o["url"]!.quoted) has no scheme, so the button \(JSONValue.string(title).quoted) sends a custom action to the delegate instead of opening it"))
            default:
                break
            }
        }
        if !row.buttons.isEmpty && !row.kind.rendersButtons {
            out.append(Diagnostic(path: paramPath(item, "buttons", inU: inU).description, "\(PayloadValidation.plural(row.buttons.count, "button")) not shown: a \(row.kind.rawValue) card has no inline buttons (only captioned and classic cards do)"))
        }
        if let link = p["l"]?.stringValue, InboxURLPolicy.isRefused(link) {
            let path = item.origin == .request ? (item.json?["link"] != nil ? item.path.key("link") : item.path.key("ios_root_params").key("l"))
                : paramPath(item, "l", inU: false)
            out.append(Diagnostic(path: path.description, "\(JSONValue.string(link).quoted) uses a scheme the SDK refuses to open (\(refusedList)); tapping the message only marks it read"))
        }
        return out
    }

    static let refusedList = InboxURLPolicy.refusedSchemes.sorted().joined(separator: ", ")
}
