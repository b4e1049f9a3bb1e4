// Events are what every experience reports: the contract's JSON Lines, stamped with simulated time.

/// An event an engine emits, without its time.
public struct Event: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var fields: JSONObject

    public init(_ name: String, _ fields: JSONObject = [:]) {
        self.name = name
        self.fields = fields
    }

    public subscript(field: String) -> JSONValue? { fields[field] }

    public var description: String { "\(name) \(JSONValue.object(fields).jsonText())" }

    public static func warning(_ d: Diagnostic) -> Event {
        Event("warning", ["path": .string(d.path), "message": .string(d.message)])
    }
}

/// An event with the time it happened, in seconds since the run began.
public struct TimedEvent: Sendable, Equatable {
    public var t: Double
    public var event: Event

    public init(t: Double, event: Event) {
        self.t = t
        self.event = event
    }

    /// One JSON Lines record: `t` first (milliseconds precision), then `event`, then the fields.
    public var jsonLine: String {
        var obj = JSONObject()
        obj["t"] = .number(TimedEvent.roundMillis(t))
        obj["event"] = .string(event.name)
        for (k, v) in event.fields where k != "t" && k != "event" { obj[k] = v }
        return JSONValue.object(obj).jsonText()
    }

    public static func roundMillis(_ t: Double) -> Double { (t * 1000).rounded() / 1000 }
}
