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
    public var expirationDate: Date?
    /// The server's `order`, compared as a string; nil for push-only messages.
    public var sortOrder: String?
    public var inboxHash: String?
    public var actionParams: JSONObject? { didSet { userData = InboxMessage.dictionaryOrJSONString(actionParams?["u"]) } }
    /// `actionParams.u` as the SDK reads it: a dictionary, or a JSON string holding one (parsed once).
    public private(set) var userData: JSONObject?
    /// `actionParams.attachment` when it is an http(s) URL (server messages only).
    public var attachmentUrl: String?
    public var status: InboxStatus
    public var isFromNotification: Bool
    /// The file the message came from (for relative image paths and warnings); not part of the SDK model.
    public var source: String?

    public init(code: String, title: String? = nil, message: String? = nil, imageUrl: String? = nil,
                sendDate: Date? = nil, expirationDate: Date? = nil, sortOrder: String? = nil, inboxHash: String? = nil,
                actionParams: JSONObject? = nil, attachmentUrl: String? = nil, status: InboxStatus = .delivered,
                isFromNotification: Bool = false, source: String? = nil) {
        self.code = code
        self.title = title
        self.message = message
        self.imageUrl = imageUrl
        self.sendDate = sendDate
        self.expirationDate = expirationDate
        self.sortOrder = sortOrder
        self.inboxHash = inboxHash
        self.actionParams = actionParams
        self.userData = InboxMessage.dictionaryOrJSONString(actionParams?["u"])
        self.attachmentUrl = attachmentUrl
        self.status = status
        self.isFromNotification = isFromNotification
        self.source = source
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
        if let s = v.stringValue, let parsed = try? JSONParser.parse(s), let o = parsed.objectValue { return o }
        return nil
    }
}
