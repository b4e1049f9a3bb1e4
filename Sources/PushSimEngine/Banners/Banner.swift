// An in-app banner as it is sent to a running app: what it says, where a tap goes, how long it stays.

public struct Banner: Sendable, Equatable {
    public var id: String
    public var title: String
    public var body: String
    /// Opened on tap; always has a scheme (the parser drops one without).
    public var link: String?
    /// Seconds on screen once it has dropped in, before it hides by itself.
    public var duration: Double
    /// A path or URL of a thumbnail shown on the right.
    public var image: String?

    public static let defaultDuration = 4.0

    public init(id: String, title: String = "", body: String = "", link: String? = nil,
                duration: Double = Banner.defaultDuration, image: String? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.link = link
        self.duration = duration
        self.image = image
    }

    /// The banner as one JSON object (`{"id","title","body","link","duration","image"}`), the socket's wire form.
    public var json: JSONValue {
        var o = JSONObject()
        o["id"] = .string(id)
        o["title"] = .string(title)
        o["body"] = .string(body)
        if let link { o["link"] = .string(link) }
        o["duration"] = .number(duration)
        if let image { o["image"] = .string(image) }
        return .object(o)
    }
}
