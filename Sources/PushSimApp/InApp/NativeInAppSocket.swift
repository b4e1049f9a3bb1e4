// `pushsim notify --inapp FILE` on the wire: one JSON line `{"nativeInApp": CONFIG, "file": PATH, "resourceCode": CODE}`
// on the same socket as the banners; the running `pushsim inapp` answers `ok ID` or `error …` with why it was dropped
// or suppressed.

import PushSimEngine

extension InAppDelivery {
    /// The line `pushsim notify --inapp` sends (the config already read, a ZIP already unpacked and localised).
    public var socketLine: String {
        var o: JSONObject = ["nativeInApp": config, "file": .string(file)]
        if let resourceCode { o["resourceCode"] = .string(resourceCode) }
        // The filling was done on the sending side: its `personalized` events travel with the config, so the running
        // instance's event log has them.
        if !events.isEmpty { o["personalized"] = .array(events.map { .object($0.fields) }) }
        return JSONValue.object(o).jsonText()
    }

    /// A line from the socket, when it carries a native in-app config (anything else is a banner).
    public init?(socketLine line: String) {
        guard line.contains("\"nativeInApp\""), let v = try? JSONParser.parse(line), let config = v["nativeInApp"] else { return nil }
        self.init(config: config, file: v["file"]?.stringValue ?? "-", resourceCode: v["resourceCode"]?.stringValue)
        events = (v["personalized"]?.arrayValue ?? []).prefix(DynamicContent.maxPlaceholders).compactMap { $0.objectValue.map { Event("personalized", $0) } }
    }
}
