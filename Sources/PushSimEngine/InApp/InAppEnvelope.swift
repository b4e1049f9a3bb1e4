// The tolerant root envelope of a native in-app config (`inAppId`, `maxDisplays`, `cooldown`, `expireDate`, `ttl`):
// the one part of PWInAppConfigParser that accepts numbers as strings and never drops a message.

struct InAppEnvelope {
    var id: String?
    var maxDisplays: Int?
    var cooldown: Double?
    var expiresAt: Double?
    var warnings: [Diagnostic] = []

    init(_ root: JSONObject, now: Double) {
        id = InAppEnvelope.string(root["inAppId"])
        if let raw = root["inAppId"], !raw.isNull, id == nil {
            warnings.append(Diagnostic(path: "inAppId", "ignored (\(InAppConfigParser.describe(raw).replacingOccurrences(of: "found ", with: ""))): the message has no id, so it is never de-duplicated or capped"))
        }
        maxDisplays = number("maxDisplays", root).map(InAppEnvelope.truncated)
        cooldown = number("cooldown", root)
        let expireDate = number("expireDate", root)
        let ttl = number("ttl", root)
        if let expireDate {
            expiresAt = expireDate
            if ttl != nil { warnings.append(Diagnostic(path: "ttl", "ignored: `expireDate` is given and wins over `ttl`")) }
            if expireDate > 100_000_000_000 {
                warnings.append(Diagnostic(path: "expireDate", "\(InAppConfigParser.number(expireDate)) looks like milliseconds, but the SDK reads Unix seconds: that is thousands of years away"))
            } else if expireDate <= now {
                warnings.append(Diagnostic(path: "expireDate", "\(InAppConfigParser.number(expireDate)) (Unix seconds) is already past at arrival: the SDK never shows the message"))
            }
        } else if let ttl {
            if ttl > 0 { expiresAt = now + ttl } else {
                warnings.append(Diagnostic(path: "ttl", "\(InAppConfigParser.number(ttl)) is not above 0, so the SDK ignores it (no expiry)"))
            }
        }
        if id == nil {
            for key in ["maxDisplays", "cooldown"] where number(key, root, quiet: true) != nil {
                warnings.append(Diagnostic(path: key, "never enforced: the SDK counts displays per `inAppId`, and this message has none"))
            }
        }
    }

    /// The SDK's `envelopeString`: a non-empty string, or a number's decimal text (`42` → "42"); booleans and
    /// everything else are no id.
    static func string(_ v: JSONValue?) -> String? {
        switch v {
        case .string(let s)?: return s.isEmpty ? nil : s
        case .number(let d)?: return decimal(d)
        default: return nil
        }
    }

    /// `NSNumber.stringValue` of a JSON number: integral values without a fraction.
    static func decimal(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// The SDK's `envelopeNumber`: a finite JSON number or a string `Double(_:)` reads as finite; booleans, non-finite
    /// values and anything else count as absent (with a warning when something was there).
    mutating func number(_ key: String, _ root: JSONObject, quiet: Bool = false) -> Double? {
        guard let raw = root[key], !raw.isNull else { return nil }
        switch raw {
        case .number(let d) where d.isFinite: return d
        case .string(let s):
            if let d = Double(s), d.isFinite { return d }
        default: break
        }
        if !quiet {
            warnings.append(Diagnostic(path: key, "ignored: it must be a finite number or a string holding one; \(InAppConfigParser.describe(raw))"))
        }
        return nil
    }

    /// `NSNumber.intValue` of a double: truncated toward zero (saturated at the ends of `Int`).
    static func truncated(_ d: Double) -> Int {
        if d >= 9.2e18 { return Int.max }
        if d <= -9.2e18 { return Int.min }
        return Int(d)
    }
}
