// PushwooshInboxButton: where the inline buttons come from, which items are valid, and each button's action (spec §3.6).

public enum InboxButtonAction: Sendable, Equatable {
    case openURL(String)
    case dismiss
    case markRead
    /// The whole item minus `title` and `action` (so `tag`, a scheme-less `url`, … remain).
    case custom(JSONObject)

    /// The contract's name: `openURL` | `dismiss` | `markRead` | `custom`.
    public var name: String {
        switch self {
        case .openURL: return "openURL"
        case .dismiss: return "dismiss"
        case .markRead: return "markRead"
        case .custom: return "custom"
        }
    }
}

public struct InboxButton: Sendable, Equatable {
    public var title: String
    public var action: InboxButtonAction

    public init(title: String, action: InboxButtonAction) {
        self.title = title
        self.action = action
    }

    /// `actionParams.buttons` (an array), then `u.buttons` with `u` a dictionary, then `u` a JSON string;
    /// never `userdata`. Items need a non-empty string `title`. There is no maximum count.
    public static func decode(_ m: InboxMessage) -> [InboxButton] { decode(m.params) }

    public static func decode(_ params: InboxMessage.Params) -> [InboxButton] {
        guard let p = params.actionParams else { return [] }
        var list: [JSONValue]?
        if let a = p["buttons"]?.arrayValue { list = a }
        // `u` as a dictionary, then as a JSON string: both parsed once into `userData`.
        else if let a = params.userData?["buttons"]?.arrayValue { list = a }
        return (list ?? []).compactMap { item in
            guard let o = item.objectValue, let title = o["title"]?.stringValue, !title.isEmpty else { return nil }
            return InboxButton(title: title, action: action(of: o))
        }
    }

    /// Action token first (`dismiss`, `markread`, case-insensitive), then a url with a scheme, else custom.
    static func action(of o: JSONObject) -> InboxButtonAction {
        if let a = o["action"]?.stringValue?.lowercased() {
            if a == "dismiss" { return .dismiss }
            if a == "markread" { return .markRead }
        }
        if let u = o["url"]?.stringValue, !u.isEmpty, inboxURLScheme(u) != nil { return .openURL(u) }
        var payload = o
        payload["title"] = nil
        payload["action"] = nil
        return .custom(payload)
    }

    /// The `--dump` form: `{"title","action","url"?,"payload"?}`.
    public var dumpValue: JSONValue {
        var o: JSONObject = ["title": .string(title), "action": .string(action.name)]
        switch action {
        case .openURL(let u): o["url"] = .string(u)
        case .custom(let p): o["payload"] = .object(p)
        default: break
        }
        return .object(o)
    }

    /// `dumpValue`'s text, written without making the value (a --dump writes one per visible button).
    func writeDump<Out: ByteAppending>(into out: inout Out) {
        func key(_ k: StaticString) { k.withUTF8Buffer { out.append(bytes: $0) } }
        key(#"{"title":"#); JSONValue.writeString(title, into: &out)
        key(#","action":"#); JSONValue.writeString(action.name, into: &out)
        switch action {
        case .openURL(let u): key(#","url":"#); JSONValue.writeString(u, into: &out)
        case .custom(let p):
            key(#","payload":"#)
            var payload: [UInt8] = []
            JSONValue.object(p).write(into: &payload, sortedKeys: false)
            payload.withUnsafeBufferPointer { out.append(bytes: $0) }
        default: break
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// Schemes the SDK refuses to open ("Refusing to open inbox URL with unsafe scheme").
public enum InboxURLPolicy {
    public static let refusedSchemes: Set<String> = ["file", "javascript", "data", "facetime", "facetime-audio"]

    public static func isRefused(_ url: String) -> Bool {
        guard let s = inboxURLScheme(url) else { return false }
        return refusedSchemes.contains(s)
    }
}
