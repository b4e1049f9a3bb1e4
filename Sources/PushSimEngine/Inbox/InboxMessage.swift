// The inbox message model of PWInboxMessageInternal: fields, status machine, derived flags and message type (spec §3.10).

import Foundation

/// PWInboxMessageStatus: the values the server and the device exchange.
public enum InboxStatus: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case created = 0, delivered = 1, read = 2, action = 3, deleted = 4, deletedService = 5

    /// The SDK's allowed transitions: Created → anything; anything → Deleted; Read or Delivered → Action;
    /// Delivered → Read. Same → same is never allowed.
    public func canMove(to next: InboxStatus) -> Bool {
        if next == self { return false }
        if self == .created { return true }
        if next == .deleted { return true }
        if next == .action { return self == .read || self == .delivered }
        if next == .read { return self == .delivered }
        return false
    }

    // Switches, not `[…].contains`: that allocated an array per call, four per message in a mark-all-read.
    public var isRead: Bool {
        switch self {
        case .read, .action, .deleted, .deletedService: return true
        case .created, .delivered: return false
        }
    }
    public var isActionPerformed: Bool {
        switch self {
        case .action, .deleted, .deletedService: return true
        case .created, .delivered, .read: return false
        }
    }
    /// Only status 4 hides a message; the client never filters DeletedService (5) (spec §7).
    public var isDeleted: Bool { self == .deleted }

    public var description: String {
        switch self {
        case .created: return "created"
        case .delivered: return "delivered"
        case .read: return "read"
        case .action: return "action"
        case .deleted: return "deleted"
        case .deletedService: return "deletedService"
        }
    }
}

/// PWInboxMessageType: plain 0, richmedia 1, URL 2, deeplink 3.
public enum InboxMessageType: Int, Sendable, Equatable {
    case plain = 0, richmedia = 1, url = 2, deeplink = 3

    /// Plain by default; rich media when `h`, `rm` or `r` is present; a string `l` overrides: URL when it starts
    /// with "http", otherwise a deep link. (`pw_stringForKey` reads only strings: an `l` of another type is absent.)
    public static func of(_ actionParams: JSONObject?) -> InboxMessageType {
        guard let p = actionParams else { return .plain }
        if let s = p["l"]?.stringValue {
            return s.hasPrefix("http") ? .url : .deeplink
        }
        if p["h"] != nil || p["rm"] != nil || p["r"] != nil { return .richmedia }
        return .plain
    }
}

public struct InboxMessage: Sendable, Equatable {
    public var code: String
    public var title: String?
    public var message: String?
    public var imageUrl: String?
    public var sendDate: Date?
    // Here, in the padding after `sendDate` (a `Date?` is 9 bytes): a million messages are 16 MB smaller, twice
    // over while a load holds both the messages and their rows.
    public var status: InboxStatus
    public var isFromNotification: Bool
    public var expirationDate: Date?
    /// The server's `order`, compared as a string; nil for push-only messages.
    public var sortOrder: String?
    public var inboxHash: String?
    /// How `actionParams` is held (see `ParamsStorage`).
    var storage: ParamsStorage
    /// `actionParams` as a value. A feed's message holds its `action_params` text and parses it again at each read:
    /// a hot path reads `params` once instead.
    public var actionParams: JSONObject? {
        get {
            switch storage {
            case .none: return nil
            case .object(let o): return o
            case .text(let t): return InboxMessage.parseObject(t.text)
            }
        }
        set { storage = newValue.map(ParamsStorage.object) ?? .none }
    }
    /// `actionParams.u` as the SDK reads it: a dictionary, or a JSON string holding one.
    public var userData: JSONObject? { params.userData }
    /// `actionParams.attachment` when it is an http(s) URL (server messages only).
    public var attachmentUrl: String?
    /// The file the message came from (for relative image paths and warnings); not part of the SDK model.
    public var source: String?

    /// A getInboxMessages item's `action_params` is a JSON string: it is kept as that text (one allocation) and
    /// parsed when read, not as a tree of values with its `u` parsed beside it — the trees were most of a
    /// 1,000,000-message feed's memory, and a load reads each message's parameters once, to build its row. Whether
    /// the message is pinned is worked out when the text is first parsed (the parser validates it anyway): the load
    /// order needs it for every message before any row exists.
    enum ParamsStorage: Sendable {
        case none
        case object(JSONObject)
        case text(TextParams)
    }

    /// A feed message's `action_params` text and what was read from it when it was checked.
    struct TextParams: Sendable {
        var text: String
        var summary: Summary
    }

    /// What a row needs from a feed message's parameters, read when the parser checks them, so that building the
    /// rows of a load parses again only the parameters that hold buttons or an image (about a fifth of the
    /// benchmark's): a second parse of every message's parameters cost 12 % more CPU than keeping their trees.
    /// A feed read item by item builds it from only the members it looks up (`InboxItemReader.rootUse` and
    /// `userDataUse` list them): a member read here must be listed there too.
    struct Summary: Sendable, Equatable {
        /// `InboxCellResolver.readDisplayType` when it names a kind (lowercased, it is then the kind's raw value);
        /// nil when there is none. Another string is not kept (a row then parses the parameters): four bytes a
        /// message instead of a string's sixteen, twice over while a load holds messages and rows.
        var displayKind: InboxCellKind?
        var pinned: Bool
        /// Bits by `Summary.bit(kind)`: whether the carousel, video and wallet cards decode. Only the kind the
        /// displayType asks for is looked at: the image/title heuristic never picks a rich card.
        var richCards: UInt8
        /// What a row must parse the parameters for (see `RowNeeds`).
        var rowNeeds: RowNeeds
        var rowNeedsParams: Bool { rowNeeds != .nothing }

        /// `everything`: buttons (or an item where they are looked up), an image (or an attachment hero) or a displayType that is no kind in
        /// the parameters — a row parses them whole. `rootButtons` (read from the bytes only): the root's `buttons`
        /// and nothing else — the rest of the summary is complete and `u` holds no buttons, so a row reads the root's
        /// buttons alone (a whole parse, `u` included, was half of building those rows).
        enum RowNeeds: UInt8, Sendable { case nothing, rootButtons, everything }

        init(_ p: Params) {
            pinned = InboxCellResolver.isPinned(p)
            let displayType = InboxCellResolver.readDisplayType(p.actionParams, userData: p.userData)
            displayKind = displayType.flatMap(InboxCellKind.init(rawValue:))
            richCards = 0
            if let kind = displayKind, InboxCellResolver.richCardDecodes(kind, p) {
                richCards = Summary.bit(kind)
            }
            rowNeeds = InboxCellResolver.resolvedImageURL(imageUrl: nil, p) != nil
                || InboxCellResolver.attachmentHero(p.actionParams) != nil
                || p.actionParams?["buttons"] != nil || p.userData?["buttons"] != nil
                || (displayType != nil && displayKind == nil) ? .everything : .nothing
        }

        /// As read from the bytes (`InboxItemReader.quickSummary`).
        init(displayKind: InboxCellKind?, pinned: Bool, richCards: UInt8, rowNeeds: RowNeeds) {
            self.displayKind = displayKind
            self.pinned = pinned
            self.richCards = richCards
            self.rowNeeds = rowNeeds
        }

        /// The summary `Summary(Params)` gives for the same parameters: `rootButtons` is its `everything`.
        var asReadFromObjects: Summary {
            var s = self
            if s.rowNeeds == .rootButtons { s.rowNeeds = .everything }
            return s
        }

        static func bit(_ kind: InboxCellKind) -> UInt8 {
            switch kind {
            case .carousel: return 1
            case .video: return 2
            case .wallet: return 4
            default: return 0
            }
        }

        func decodes(_ kind: InboxCellKind) -> Bool {
            Summary.bit(kind) == 0 || richCards & Summary.bit(kind) != 0
        }
    }

    /// `actionParams` and `userData` parsed once, for code that reads both.
    public struct Params: Sendable, Equatable {
        public var actionParams: JSONObject?
        public var userData: JSONObject?

        public init(_ actionParams: JSONObject?) {
            self.actionParams = actionParams
            userData = InboxMessage.dictionaryOrJSONString(actionParams?["u"])
        }

        /// With `u` already read (`InboxItemReader.summary` reads only the members a summary needs).
        init(actionParams: JSONObject?, userData: JSONObject?) {
            self.actionParams = actionParams
            self.userData = userData
        }
    }

    public var params: Params { Params(actionParams) }

    public init(code: String, title: String? = nil, message: String? = nil, imageUrl: String? = nil,
                sendDate: Date? = nil, expirationDate: Date? = nil, sortOrder: String? = nil, inboxHash: String? = nil,
                actionParams: JSONObject? = nil, attachmentUrl: String? = nil, status: InboxStatus = .delivered,
                isFromNotification: Bool = false, source: String? = nil) {
        self.init(code: code, title: title, message: message, imageUrl: imageUrl, sendDate: sendDate,
                  expirationDate: expirationDate, sortOrder: sortOrder, inboxHash: inboxHash,
                  storage: actionParams.map(ParamsStorage.object) ?? .none, attachmentUrl: attachmentUrl, status: status,
                  isFromNotification: isFromNotification, source: source)
    }

    /// With `actionParams` kept as its JSON text and `summary` read from it when the feed parser checked it.
    init(code: String, title: String?, message: String?, imageUrl: String?, sendDate: Date?, expirationDate: Date?,
         sortOrder: String?, inboxHash: String?, actionParamsText text: String, summary: Summary,
         attachmentUrl: String?, status: InboxStatus, source: String?) {
        self.init(code: code, title: title, message: message, imageUrl: imageUrl, sendDate: sendDate,
                  expirationDate: expirationDate, sortOrder: sortOrder, inboxHash: inboxHash,
                  storage: .text(TextParams(text: text, summary: summary)), attachmentUrl: attachmentUrl,
                  status: status, isFromNotification: false, source: source)
    }

    init(code: String, title: String?, message: String?, imageUrl: String?, sendDate: Date?, expirationDate: Date?,
         sortOrder: String?, inboxHash: String?, storage: ParamsStorage, attachmentUrl: String?, status: InboxStatus,
         isFromNotification: Bool, source: String?) {
        self.code = code
        self.title = title
        self.message = message
        self.imageUrl = imageUrl
        self.sendDate = sendDate
        self.expirationDate = expirationDate
        self.sortOrder = sortOrder
        self.inboxHash = inboxHash
        self.storage = storage
        self.attachmentUrl = attachmentUrl
        self.status = status
        self.isFromNotification = isFromNotification
        self.source = source
    }

    /// Pinned (`InboxCellResolver.isPinned`), without parsing a feed message's text again.
    var isPinned: Bool {
        switch storage {
        case .none: return false
        case .object(let o): return InboxCellResolver.isPinned(Params(o))
        case .text(let t): return t.summary.pinned
        }
    }

    /// Equal when every field is, `actionParams` compared as values: held as text or as a value, the same
    /// parameters are the same message.
    public static func == (a: InboxMessage, b: InboxMessage) -> Bool {
        guard a.code == b.code, a.title == b.title, a.message == b.message, a.imageUrl == b.imageUrl,
              a.sendDate == b.sendDate, a.expirationDate == b.expirationDate, a.sortOrder == b.sortOrder,
              a.inboxHash == b.inboxHash, a.attachmentUrl == b.attachmentUrl, a.status == b.status,
              a.isFromNotification == b.isFromNotification, a.source == b.source else { return false }
        if case .text(let s) = a.storage, case .text(let t) = b.storage, s.text == t.text { return true }
        return a.actionParams == b.actionParams
    }

    public var isRead: Bool { status.isRead }
    public var isActionPerformed: Bool { status.isActionPerformed }
    public var type: InboxMessageType { InboxMessageType.of(actionParams) }

    /// `expirationDate < now`; a message without one never expires locally.
    public func isExpired(at now: Date) -> Bool {
        guard let e = expirationDate else { return false }
        return e < now
    }

    static func dictionaryOrJSONString(_ v: JSONValue?) -> JSONObject? {
        guard let v else { return nil }
        if let o = v.objectValue { return o }
        if let s = v.stringValue { return parseObject(s) }
        return nil
    }

    /// A JSON object held as text; nil when the text is not one.
    static func parseObject(_ s: String) -> JSONObject? {
        (try? JSONParser.parse(s))?.objectValue
    }
}
