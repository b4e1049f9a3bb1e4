// The block's sparse `dark` overlay (PWInAppDarkOverlay, SDK 7.2.x, SDK-971): merged over the light block before the
// strict parser runs, only when the phone is dark when the config arrives.

public enum InAppDarkOverlay {
    public enum Outcome: Sendable, Equatable {
        /// No overlay to apply: `displayType` unknown, no block, or no `dark` (or `dark: null`).
        case none
        /// The overlay itself is malformed; the label as the SDK logs it inside `Invalid dark overlay (…)`.
        case broken(String)
        /// The config with the block's overlay merged in and its `dark` key removed.
        case merged(JSONValue)
    }

    /// What the overlay did, plus a warning for each dark value the merge ignores (texts, flags, actions, numbers…).
    public struct Result: Sendable, Equatable {
        public var outcome: Outcome
        public var ignored: [Diagnostic]
    }

    /// The reason the SDK logs when the merged config is rejected by the strict parser.
    public static let mergedRejected = "merged config rejected"
    /// Keys whose dark value replaces the light one verbatim, whatever its type.
    static let visualLeafKeys: Set<String> = ["background", "color", "image", "poster", "fallback"]
    /// Arrays merged element by element; they must match the light array's length.
    static let positionalArrayKeys: Set<String> = ["buttons", "items"]

    struct Broken: Error { var label: String }

    /// The SDK's `apply(to:)`. Keys are merged in the overlay's JSON order (the SDK walks a dictionary, whose order is
    /// unspecified, so with two broken arrays the label it logs may be either one).
    public static func apply(to config: JSONValue) -> Result {
        guard let root = config.objectValue, case .string(let displayType)? = root["displayType"],
              let layout = InAppLayout(rawValue: displayType.lowercased()),
              let block = root[layout.rawValue]?.objectValue,
              let rawDark = block["dark"], !rawDark.isNull else {
            return Result(outcome: .none, ignored: [])
        }
        let label = "\(layout.rawValue).dark"
        guard let dark = rawDark.objectValue else { return Result(outcome: .broken("\(label) is not an object"), ignored: []) }
        var ignored: [Diagnostic] = []
        do {
            var merged = try mergeVisual(light: block, dark: dark, label: label, ignored: &ignored)
            merged["dark"] = nil
            var out = root
            out[layout.rawValue] = .object(merged)
            return Result(outcome: .merged(.object(out)), ignored: ignored)
        } catch let broken as Broken {
            return Result(outcome: .broken(broken.label), ignored: [])
        } catch {
            return Result(outcome: .broken(label), ignored: [])
        }
    }

    static func mergeVisual(light: JSONObject, dark: JSONObject, label: String, ignored: inout [Diagnostic]) throws -> JSONObject {
        var merged = light
        for (key, darkValue) in dark {
            guard key != "dark", !darkValue.isNull else { continue }
            let lightValue = light[key]
            if positionalArrayKeys.contains(key) {
                merged[key] = .array(try mergeArray(light: lightValue, dark: darkValue, label: "\(label).\(key)", ignored: &ignored).map(JSONValue.object))
            } else if let lightObject = lightValue?.objectValue {
                if let darkObject = darkValue.objectValue {
                    merged[key] = .object(try mergeVisual(light: lightObject, dark: darkObject, label: "\(label).\(key)", ignored: &ignored))
                } else {
                    ignored.append(Diagnostic(path: "\(label).\(key)", "ignored: the light `\(key)` is an object, so its dark value must be an object of the keys to change; \(InAppConfigParser.describe(darkValue))"))
                }
            } else if visualLeafKeys.contains(key) {
                merged[key] = darkValue
            } else {
                ignored.append(Diagnostic(path: "\(label).\(key)", "ignored: a dark overlay changes only background, color, image, poster and fallback (and the buttons and items in them); `\(key)` stays as in the light config"))
            }
        }
        return merged
    }

    static func mergeArray(light: JSONValue?, dark: JSONValue, label: String, ignored: inout [Diagnostic]) throws -> [JSONObject] {
        guard case .array(let l)? = light, let lightObjects = objects(l) else {
            throw Broken(label: "\(label) has no light array of objects to merge onto")
        }
        guard case .array(let d) = dark, let darkObjects = objects(d) else {
            throw Broken(label: "\(label) is not an array of objects")
        }
        guard darkObjects.count == lightObjects.count else {
            throw Broken(label: "\(label) length \(darkObjects.count) != \(lightObjects.count)")
        }
        var out: [JSONObject] = []
        for i in lightObjects.indices {
            out.append(try mergeVisual(light: lightObjects[i], dark: darkObjects[i], label: "\(label)[\(i)]", ignored: &ignored))
        }
        return out
    }

    /// `as? [[AnyHashable: Any]]`: every element an object (an empty array qualifies).
    static func objects(_ a: [JSONValue]) -> [JSONObject]? {
        var out: [JSONObject] = []
        out.reserveCapacity(a.count)
        for v in a {
            guard let o = v.objectValue else { return nil }
            out.append(o)
        }
        return out
    }
}
