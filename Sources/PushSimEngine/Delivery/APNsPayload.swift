// What APNs checks before it accepts a push: the payload's size as sent (compact UTF-8 JSON) and its shape.

/// Apple, "Generating a remote notification" and "Sending notification requests to APNs": a payload is a JSON
/// object with an `aps` dictionary, at most 4096 bytes (5120 for VoIP); a larger one gets HTTP 413
/// `PayloadTooLarge` and never reaches the device.
public enum APNsPayload {
    public static let limit = 4096

    /// Why APNs refuses a payload: its size in bytes, the limit, and one sentence.
    public struct Rejection: Sendable, Equatable {
        public var bytes: Int
        public var limit: Int
        public var reason: String
        /// The JSON path the reason is about (`aps` for a shape problem, empty for the size).
        public var path: String

        public init(bytes: Int, limit: Int, reason: String, path: String) {
            self.bytes = bytes; self.limit = limit; self.reason = reason; self.path = path
        }
    }

    /// The payload's size as APNs receives it: compact JSON, `/` not escaped, non-ASCII as raw UTF-8.
    public static func bytes(_ payload: JSONValue) -> Int {
        payload.compactByteCount
    }

    /// nil when APNs accepts `payload`. `lowerBound`: the payload is the userInfo pushsim built from a createMessage
    /// request, to which the server adds its own keys (the push hash `p`, for example).
    public static func check(_ payload: JSONValue, lowerBound: Bool = false) -> Rejection? {
        let size = bytes(payload)
        guard let root = payload.objectValue else {
            return Rejection(bytes: size, limit: limit, reason: "the payload is \(payload.typeDescription), not a JSON object with aps; APNs refuses it and nothing reaches the phone", path: "")
        }
        guard let aps = root["aps"] else {
            return Rejection(bytes: size, limit: limit, reason: "the payload has no aps dictionary; APNs refuses it and nothing reaches the phone", path: "aps")
        }
        guard aps.objectValue != nil else {
            return Rejection(bytes: size, limit: limit, reason: "aps is \(aps.typeDescription), not a dictionary; APNs refuses the payload and nothing reaches the phone", path: "aps")
        }
        guard size <= limit else {
            let counted = lowerBound ? " (counted on the userInfo pushsim builds from the request, a lower bound: the server adds its own keys, such as the push hash p)" : ""
            return Rejection(bytes: size, limit: limit,
                             reason: "the payload is \(size) bytes as APNs counts them (compact UTF-8 JSON)\(counted), \(size - limit) over the \(limit)-byte limit; APNs refuses it (PayloadTooLarge) and nothing reaches the phone",
                             path: "")
        }
        return nil
    }
}
