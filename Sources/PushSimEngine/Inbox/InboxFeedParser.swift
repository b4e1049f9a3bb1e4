// Turns inbox input files into messages the way the SDK and the server would: getInboxMessages items, APNs inbox
// pushes and createMessage requests (spec §3.10), reporting everything it skips.

import Foundation

public struct InboxFeedParser {
    /// The simulated receive time of pushes and the "now" of `send_date: "now"`.
    public var now: Date
    /// The device's time zone: `yyyy-MM-dd` dates mean local midnight.
    public var timeZone: TimeZone
    /// Keep a server message's `action_params` as the tree its check parsed, not as its text (parsed again at every
    /// read): for `pushsim validate`, which reads every message's parameters once more for its warnings.
    public var keepsParsedParams: Bool

    /// Whether `InboxFeedReader` reads getInboxMessages items straight from their bytes (`InboxItemReader`) rather
    /// than through a tree of values each. The two give the same messages and warnings; tests and the fuzz target
    /// turn it off to compare them. `keepsParsedParams` needs the tree, so it reads through the tree whatever this is.
    public var readsItemsDirectly = true
    /// The device a createMessage request's notifications are personalised for (the server fills them before they
    /// become inbox messages); nil leaves them as written.
    public var device: PersonalizationDevice?
    /// `--raw-placeholders`.
    public var rawPlaceholders = false
    /// Warn about placeholders left in getInboxMessages items (`pushsim inbox`: the server filled them when it sent
    /// them), one warning per field with a count (InboxLeftoverTally). `validate` has its own check and leaves it off.
    public var warnsLeftoverPlaceholders = false

    public init(now: Date, timeZone: TimeZone = .current, keepsParsedParams: Bool = false) {
        self.now = now
        self.timeZone = timeZone
        self.keepsParsedParams = keepsParsedParams
    }

    public struct Result: Sendable, Equatable {
        public var messages: [InboxMessage] = []
        public var diagnostics: [Diagnostic] = []
        /// Set by `combine`, which checks it: no code appears twice (a merge then needs no set of the codes).
        public var uniqueCodes = false
        /// The personalisation stage's events (`personalized`, `not_sent`, `template_error`), in order.
        public var personalization: [Event] = []

        public init(messages: [InboxMessage] = [], diagnostics: [Diagnostic] = []) {
            self.messages = messages
            self.diagnostics = diagnostics
        }
    }

    /// A document that is none of the accepted shapes.
    public struct ShapeError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Parse one file's JSON. `file` names the file in diagnostics and becomes each message's `source`.
    /// The document is consumed: each item is released once converted, so a large feed is not held twice.
    public func parse(_ doc: consuming JSONValue, file: String) throws(ShapeError) -> Result {
        var r = Result()
        let name = (file as NSString).lastPathComponent
        enum Shape { case mixed, server, request, push }
        var shape = Shape.mixed
        var path = JSONPath()
        var items: [JSONValue] = []
        switch doc {
        case .array(let a):
            items = a
        case .object(let o):
            if let resp = o["response"]?.objectValue, let msgs = resp["messages"]?.arrayValue {
                (shape, path, items) = (.server, JSONPath("response").key("messages"), msgs)
            } else if let msgs = o["messages"]?.arrayValue {
                (shape, path, items) = (.server, JSONPath("messages"), msgs)
            } else if let req = o["request"]?.objectValue, let notes = req["notifications"]?.arrayValue {
                (shape, path, items) = (.request, JSONPath("request").key("notifications"), notes)
            } else if let notes = o["notifications"]?.arrayValue {
                (shape, path, items) = (.request, JSONPath("notifications"), notes)
            } else if o["pw_inbox"] != nil || o["aps"] != nil || o["inbox_params"] != nil {
                parsePush(o, path: JSONPath(), file: file, into: &r)
                return r
            } else {
                throw ShapeError(description: "\(file): not an inbox feed; expected a getInboxMessages response ({\"response\":{\"messages\":[…]}}), an array of messages, an APNs inbox push (pw_inbox + inbox_params) or a createMessage request ({\"request\":{\"notifications\":[…]}})")
            }
        default:
            throw ShapeError(description: "\(file): not an inbox feed; the file holds \(doc.typeDescription), expected an object or an array")
        }
        doc = .null
        if shape == .request {
            parseRequest(items, path: path, file: file, fileName: name, into: &r)
            return r
        }
        r.messages.reserveCapacity(items.count)
        var tally = InboxLeftoverTally()
        for i in items.indices {
            let item = items[i]
            items[i] = .null
            let before = r.messages.count
            let isPush = shape != .server && InboxFeedParser.looksLikePush(item)
            if shape == .server { parseServer(item, path: path.index(i), file: file, into: &r) }
            else { parseItem(item, path: path.index(i), file: file, fileName: name, into: &r) }
            if warnsLeftoverPlaceholders, !isPush, r.messages.count > before, let m = r.messages.last { tally.note(m, item: i) }
        }
        r.diagnostics += tally.diagnostics(file: file, items: path)
        return r
    }

    func warn(_ r: inout Result, _ file: String, _ path: JSONPath, _ message: String) {
        warn(&r.diagnostics, file, path, message)
    }

    func warn(_ diagnostics: inout [Diagnostic], _ file: String, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(.warning, path: "\(file):\(path.description.isEmpty ? "(root)" : path.description)", message))
    }

    // `path` is an autoclosure: it is only needed for a warning, and building "response.messages[12345]" for each
    // of 100,000 messages cost a string allocation each.
    func parseItem(_ item: JSONValue, path: @autoclosure () -> JSONPath, file: String, fileName: String, into r: inout Result) {
        if let m = itemMessage(item, path: path(), file: file, diagnostics: &r.diagnostics) { r.messages.append(m) }
    }

    /// An APNs inbox push rather than a getInboxMessages item.
    static func looksLikePush(_ item: JSONValue) -> Bool {
        guard let o = item.objectValue else { return false }
        return o["pw_inbox"] != nil || o["aps"] != nil || o["inbox_params"] != nil
    }

    /// An item of a bare array: a push when it looks like one, else a getInboxMessages item; nil when skipped.
    func itemMessage(_ item: JSONValue, path: @autoclosure () -> JSONPath, file: String, diagnostics: inout [Diagnostic]) -> InboxMessage? {
        if let o = item.objectValue, o["pw_inbox"] != nil || o["aps"] != nil || o["inbox_params"] != nil {
            return pushMessage(o, path: path(), file: file, diagnostics: &diagnostics)
        }
        return serverMessage(item, path: path(), file: file, diagnostics: &diagnostics)
    }

    // MARK: getInboxMessages items

    static let requiredServerKeys = ["inbox_id", "order", "rt", "text", "action_type", "status"]

    func parseServer(_ item: JSONValue, path: @autoclosure () -> JSONPath, file: String, into r: inout Result) {
        if let m = serverMessage(item, path: path(), file: file, diagnostics: &r.diagnostics) { r.messages.append(m) }
    }

    /// The members of a getInboxMessages item the SDK reads, each as a dictionary lookup gives it (a repeated key:
    /// its last value). The tree parser fills them from an object, `InboxItemReader` straight from the item's bytes;
    /// `serverMessage(_:)` then decides, and warns, from them alone, so both ways say the same.
    struct ServerFields {
        var inboxID, order, rt, text, actionType, status, title, image, sendDate, hash, actionParams: JSONValue?
        /// Read from bytes (`InboxItemReader.fields`): every member one the parser reads, none twice, none an object or
        /// an array, so the item cannot repeat a key anywhere (`validate` then need not look for one).
        var keysDistinct = false

        init() {}

        init(_ o: JSONObject) {
            (inboxID, order, rt, text, actionType, status) = (o["inbox_id"], o["order"], o["rt"], o["text"], o["action_type"], o["status"])
            (title, image, sendDate, hash, actionParams) = (o["title"], o["image"], o["send_date"], o["hash"], o["action_params"])
        }

        /// The required keys that are absent, in `requiredServerKeys`' order; an item that has them all (almost every
        /// one) builds no array (the zip below cost about 2 % of reading a 1,000,000-message feed).
        var missing: [String] {
            if inboxID != nil && order != nil && rt != nil && text != nil && actionType != nil && status != nil { return [] }
            return zip(InboxFeedParser.requiredServerKeys, [inboxID, order, rt, text, actionType, status]).compactMap { $1 == nil ? $0 : nil }
        }
    }

    /// One getInboxMessages item as the SDK keeps it; nil (with the reason in `diagnostics`) when it is skipped.
    func serverMessage(_ item: JSONValue, path: @autoclosure () -> JSONPath, file: String, diagnostics: inout [Diagnostic]) -> InboxMessage? {
        guard let o = item.objectValue else {
            warn(&diagnostics, file, path(), "skipped: a message must be an object, not \(item.typeDescription)")
            return nil
        }
        return serverMessage(ServerFields(o), path: path(), file: file, diagnostics: &diagnostics)
    }

    /// The same from the item's members. `summary`: reads `action_params` for what a row needs without its tree
    /// (`InboxItemReader.summary`); the tree parser's way parses it whole.
    func serverMessage(_ o: ServerFields, path: @autoclosure () -> JSONPath, file: String, diagnostics: inout [Diagnostic],
                       summary: ((String) -> (InboxMessage.Summary, attachment: JSONValue?)?)? = nil) -> InboxMessage? {
        let missing = o.missing
        if !missing.isEmpty {
            warn(&diagnostics, file, path(), "skipped: missing \(missing.joined(separator: ", ")) (the SDK keeps a message only with all of inbox_id, order, rt, text, action_type and status)")
            return nil
        }
        guard let code = o.inboxID?.stringValue, !code.isEmpty else {
            warn(&diagnostics, file, path(), "skipped: inbox_id is \(o.inboxID!.quoted), it must be a non-empty string")
            return nil
        }
        guard let raw = InboxFeedParser.integer(o.status!), let status = InboxStatus(rawValue: raw) else {
            warn(&diagnostics, file, path(), "skipped: status \(o.status!.quoted) is not one of 0–5")
            return nil
        }
        if status == .deleted {
            warn(&diagnostics, file, path(), "skipped: status 4 (deleted); the full-list request drops deleted messages")
            return nil
        }
        // Fields are worked out first and the message is built once, straight into the result's storage: filling in a
        // `var` message and appending it copied the whole message, once per message of a large feed.
        let expiration = InboxFeedParser.unixDate(o.rt!)
        if expiration == nil {
            warn(&diagnostics, file, path().key("rt"), "\(o.rt!.quoted) is not Unix seconds; the message gets no expiry date")
        }
        var actionParams: JSONObject?
        var actionParamsText: String?
        var read: (summary: InboxMessage.Summary, attachment: JSONValue?)?
        if let ap = o.actionParams {
            switch ap {
            case .string(let s) where s.isEmpty:
                break
            case .string(let s):
                // Checked (and what a row needs read) now; the message keeps the text and parses it again when read.
                if let summary {
                    read = summary(s)
                    if read != nil { actionParamsText = s }
                } else if let obj = InboxMessage.parseObject(s) {
                    actionParams = obj
                    actionParamsText = s
                }
                if actionParamsText == nil {
                    warn(&diagnostics, file, path().key("action_params"), "is not a JSON object encoded as a string; actionParams is nil (no buttons, displayType, pin or link)")
                }
            case .object:
                warn(&diagnostics, file, path().key("action_params"), "is an object, but the iOS SDK parses action_params only from a JSON string; actionParams is nil (no buttons, displayType, pin or link). Encode it as a string")
            case .null:
                break
            default:
                warn(&diagnostics, file, path().key("action_params"), "is \(ap.typeDescription), not a JSON string; actionParams is nil")
            }
        }
        var attachment: String?
        if let a = (read.map { $0.attachment } ?? actionParams?["attachment"])?.stringValue, a.hasPrefix("http://") || a.hasPrefix("https://") {
            attachment = a
        }
        let title = string(o.title, "title", "the message has no title", path, file, &diagnostics)
        let text = string(o.text, "text", "the message has no body", path, file, &diagnostics)
        let image = string(o.image, "image", "the message has no image (unless action_params names one)", path, file, &diagnostics)
        var sendDate: Date?
        if let v = o.sendDate, !v.isNull {
            sendDate = InboxFeedParser.unixDate(v)
            if sendDate == nil {
                warn(&diagnostics, file, path().key("send_date"), "\(v.quoted) is not Unix seconds; the message has no send date, so it sorts below the dated ones and shows \"now\"")
            }
        }
        let order = InboxFeedParser.text(o.order!), hash = o.hash.flatMap(InboxFeedParser.text)
        if let actionParamsText, !(keepsParsedParams && actionParams != nil) {
            return InboxMessage(
                code: code, title: title, message: text, imageUrl: image, sendDate: sendDate, expirationDate: expiration,
                sortOrder: order, inboxHash: hash, actionParamsText: actionParamsText,
                summary: read?.summary ?? InboxMessage.Summary(InboxMessage.Params(actionParams)),
                attachmentUrl: attachment, status: status, source: file)
        }
        return InboxMessage(
            code: code, title: title, message: text, imageUrl: image,
            sendDate: sendDate, expirationDate: expiration, sortOrder: order, inboxHash: hash,
            actionParams: actionParams, attachmentUrl: attachment, status: status, source: file)
    }

    /// An optional string field: a string is taken, null is absent, and any other type is dropped with a warning
    /// saying what the message loses (the SDK reads only strings there).
    func string(_ v: JSONValue?, _ key: String, _ consequence: String, _ path: () -> JSONPath, _ file: String,
                _ diagnostics: inout [Diagnostic]) -> String? {
        guard let v else { return nil }
        if case .string(let s) = v { return s }
        if !v.isNull { warn(&diagnostics, file, path().key(key), "is \(v.typeDescription), not a string; \(consequence)") }
        return nil
    }

    // MARK: APNs inbox pushes

    func parsePush(_ o: JSONObject, path: @autoclosure () -> JSONPath, file: String, into r: inout Result) {
        if let m = pushMessage(o, path: path(), file: file, diagnostics: &r.diagnostics) { r.messages.append(m) }
    }

    /// One APNs inbox push as the device stores it; nil (with the reason in `diagnostics`) when it is not one.
    func pushMessage(_ o: JSONObject, path: @autoclosure () -> JSONPath, file: String, diagnostics: inout [Diagnostic]) -> InboxMessage? {
        // A push as sent: APNs refuses one over 4096 bytes or with an aps that is not a dictionary, and the phone never
        // sees it (Apple, "Generating a remote notification").
        if o["aps"] != nil, let refusal = APNsPayload.check(.object(o)) {
            diagnostics.append(Self.refused(refusal, file: file, path: path()))
            return nil
        }
        var problems: [String] = []
        if o["pw_inbox"]?.stringValue == nil { problems.append(o["pw_inbox"] == nil ? "no pw_inbox" : "pw_inbox is not a string") }
        let params = o["inbox_params"]?.objectValue
        if params == nil { problems.append(o["inbox_params"] == nil ? "no inbox_params" : "inbox_params is not an object") }
        else if params?["rt"]?.stringValue == nil { problems.append(params?["rt"] == nil ? "no inbox_params.rt" : "inbox_params.rt is not a string") }
        if !problems.isEmpty {
            warn(&diagnostics, file, path(), "skipped: not an inbox push (\(problems.joined(separator: ", "))); the SDK shows it as a regular notification only")
            return nil
        }
        let code = o["pw_inbox"]!.stringValue!
        var m = InboxMessage(code: code, status: .delivered, isFromNotification: true, source: file)
        let alert = o["aps"]?["alert"]
        if let s = alert?.stringValue {
            m.message = s
        } else if let a = alert?.objectValue {
            m.title = a["title"]?.stringValue
            m.message = a["body"]?.stringValue
        }
        m.sendDate = now
        let rt = params!["rt"]!.stringValue!
        m.expirationDate = localMidnight(rt)
        if m.expirationDate == nil {
            warn(&diagnostics, file, path().key("inbox_params").key("rt"), "\(JSONValue.string(rt).quoted) is not yyyy-MM-dd; the SDK gives the message no expiry date, so it never expires locally")
        }
        m.imageUrl = params!["image"]?.stringValue
        m.actionParams = o
        return m
    }

    /// The warning for a push APNs refuses, carrying the refusal (its path: where in the file).
    static func refused(_ refusal: APNsPayload.Rejection, file: String, path: JSONPath) -> Diagnostic {
        var at = path.description
        if !refusal.path.isEmpty { at = at.isEmpty ? refusal.path : at + "." + refusal.path }
        var d = Diagnostic(.warning, path: "\(file):\(at.isEmpty ? "(root)" : at)", "APNs refuses this push, so it never reaches the inbox: \(refusal.reason)")
        d.rejection = refusal
        d.rejection?.path = d.path
        return d
    }

    // MARK: createMessage requests

    func parseRequest(_ notes: [JSONValue], path: JSONPath, file: String, fileName: String, into r: inout Result) {
        for (i, item) in notes.enumerated() {
            let p = path.index(i)
            guard var n = item.objectValue else {
                warn(&r, file, p, "skipped: a notification must be an object, not \(item.typeDescription)")
                continue
            }
            guard n["inbox_image"] != nil || n["inbox_date"] != nil || n["inbox_days"] != nil else {
                warn(&r, file, p, "has none of inbox_image, inbox_date or inbox_days, so it is sent as a regular push and never reaches the inbox")
                continue
            }
            if let device {
                switch ServerPersonalizer.personalize(PushRequest.Notification(fields: n, path: p), device: device, raw: rawPlaceholders) {
                case .sent(let fields, let events, let warnings):
                    n = fields
                    r.personalization += events
                    for w in warnings { r.diagnostics.append(Diagnostic(w.severity, path: "\(file):\(w.path)", w.message)) }
                case .notSent(let e), .templateError(let e):
                    r.personalization.append(e)
                    warn(&r, file, p, e.name == "not_sent"
                         ? "is not sent to device \(device.name): it has no \(JSONValue.string(e["tag"]?.stringValue ?? "").jsonText()) tag and the text uses {Tag|Modifier}"
                         : "is not sent: Pushwoosh's server refuses its Liquid (\(e["path"]?.stringValue ?? ""), line \(e["line"]?.jsonText() ?? "?"), column \(e["column"]?.jsonText() ?? "?"))")
                    continue
                }
            }
            var m = InboxMessage(code: "\(fileName)#\(i + 1)", status: .delivered, source: file)
            m.sortOrder = String(format: "%08d", i)
            let language = device?.language
            m.title = n["ios_title"].flatMap { PushRequest.localized($0, language: language) }
            m.message = n["content"].flatMap { PushRequest.localized($0, language: language) }
            m.sendDate = sendDate(n["send_date"], timeZone: n["timezone"]?.stringValue, file: file, path: p.key("send_date"), into: &r)
            if let img = n["inbox_image"] {
                if let s = img.stringValue, !s.isEmpty { m.imageUrl = s }
                else { warn(&r, file, p.key("inbox_image"), "is \(img.quoted), not an image URL; the message has no image") }
            }
            m.expirationDate = expiry(n, sendDate: m.sendDate ?? now, file: file, path: p, into: &r)
            m.actionParams = InboxRequestMapper.actionParams(n, file: file, path: p, diagnostics: &r.diagnostics)
            r.messages.append(m)
        }
    }

    func sendDate(_ v: JSONValue?, timeZone tzName: String?, file: String, path: JSONPath, into r: inout Result) -> Date {
        guard let v else { return now }
        guard let s = v.stringValue else {
            warn(&r, file, path, "is \(v.quoted); expected \"now\" or \"YYYY-MM-DD HH:mm\"; using --now")
            return now
        }
        if s.lowercased() == "now" { return now }
        var tz = TimeZone(identifier: "UTC")!
        if let tzName {
            if let t = TimeZone(identifier: tzName) { tz = t }
            else { warn(&r, file, path, "timezone \(JSONValue.string(tzName).quoted) is unknown; using UTC") }
        }
        let parts = s.split(separator: " ")
        if parts.count == 2, let day = InboxFeedParser.dayComponents(String(parts[0])) {
            let hm = parts[1].split(separator: ":")
            if hm.count == 2, let h = Int(hm[0]), let mi = Int(hm[1]), (0..<24).contains(h), (0..<60).contains(mi) {
                var cal = Calendar(identifier: .gregorian)
                cal.timeZone = tz
                if let d = cal.date(from: DateComponents(year: day.0, month: day.1, day: day.2, hour: h, minute: mi)) { return d }
            }
        }
        warn(&r, file, path, "\(JSONValue.string(s).quoted) is not \"now\" or \"YYYY-MM-DD HH:mm\"; using --now")
        return now
    }

    /// `inbox_date` (a fixed removal day) wins; `inbox_days` keeps the message N days from sending, at most 30.
    func expiry(_ n: JSONObject, sendDate: Date, file: String, path: JSONPath, into r: inout Result) -> Date? {
        if let d = n["inbox_date"] {
            if n["inbox_days"] != nil {
                warn(&r, file, path.key("inbox_days"), "is ignored because inbox_date is also set (they are alternatives)")
            }
            if let s = d.stringValue, let date = localMidnight(s) { return date }
            warn(&r, file, path.key("inbox_date"), "\(d.quoted) is not YYYY-MM-DD; the message gets no expiry date")
            return nil
        }
        if let v = n["inbox_days"] {
            guard let raw = InboxFeedParser.integer(v), raw >= 1 else {
                warn(&r, file, path.key("inbox_days"), "\(v.quoted) is not a whole number of days from 1 to 30; the message gets no expiry date")
                return nil
            }
            var days = raw
            if days > 30 {
                warn(&r, file, path.key("inbox_days"), "\(raw) is more than the server's maximum of 30 days; clamped to 30")
                days = 30
            }
            return sendDate.addingTimeInterval(Double(days) * 86_400)
        }
        return nil
    }

    // MARK: value helpers

    /// `yyyy-MM-dd` at local midnight (the start of that day in the device's time zone); nil otherwise.
    public func localMidnight(_ s: String) -> Date? {
        guard let (y, mo, d) = InboxFeedParser.dayComponents(s) else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        return cal.date(from: DateComponents(year: y, month: mo, day: d))
    }

    static func dayComponents(_ s: String) -> (Int, Int, Int)? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        // Reject days the month does not have (2026-02-30).
        guard let date = cal.date(from: DateComponents(year: y, month: m, day: d)),
              cal.component(.day, from: date) == d else { return nil }
        return (y, m, d)
    }

    /// Unix seconds as a number or a numeric string.
    static func unixDate(_ v: JSONValue) -> Date? {
        let secs: Double?
        switch v {
        case .number(let d): secs = d
        case .string(let s): secs = Double(s.trimmingCharacters(in: .whitespaces))
        default: secs = nil
        }
        guard let s = secs, s.isFinite, abs(s) < 1e11 else { return nil }
        return Date(timeIntervalSince1970: s)
    }

    static func integer(_ v: JSONValue) -> Int? {
        switch v {
        case .number(let d) where d.isFinite && d == d.rounded() && abs(d) < 1e9: return Int(d)
        case .string(let s): return Int(s.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// A string, or a number turned into one (the server `order` and `hash`).
    static func text(_ v: JSONValue) -> String? {
        switch v {
        case .string(let s): return s
        case .number(let d): return JSONValue.formatNumber(d)
        default: return nil
        }
    }

}

extension InboxFeedParser {
    /// Several files merged into one feed: for a code seen twice, a server copy wins over a push copy (as
    /// `updateAllMessages` drops the push entry); otherwise the later file's copy wins. Both are reported.
    public static func combine(_ results: [Result]) -> Result {
        // One file without a repeated code (the usual case, and every large feed) is already the answer: no copy.
        if var only = results.first, results.count == 1 {
            if !InboxCodeCheck.hasRepeats(only.messages) {
                only.uniqueCodes = true
                return only
            }
        }
        var out = Result()
        out.uniqueCodes = true
        var at: [String: Int] = [:]
        for r in results {
            out.diagnostics += r.diagnostics
            out.personalization += r.personalization
            for m in r.messages {
                guard let i = at[m.code] else {
                    at[m.code] = out.messages.count
                    out.messages.append(m)
                    continue
                }
                let old = out.messages[i]
                let file = m.source.map { ($0 as NSString).lastPathComponent } ?? "input"
                if !old.isFromNotification && m.isFromNotification {
                    out.diagnostics.append(Diagnostic(.warning, path: "\(file):\(m.code)",
                        "code \(JSONValue.string(m.code).quoted) is already in the feed from the server; the push copy is ignored, as the SDK keeps the server copy"))
                } else {
                    out.diagnostics.append(Diagnostic(.warning, path: "\(file):\(m.code)",
                        "code \(JSONValue.string(m.code).quoted) appears again; this later copy replaces the earlier one"))
                    out.messages[i] = m
                }
            }
        }
        return out
    }
}
