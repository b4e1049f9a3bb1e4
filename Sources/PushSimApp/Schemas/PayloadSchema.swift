// The JSON Schemas (draft 2020-12) of the inputs pushsim reads, for editors, SchemaStore and `pushsim schema KIND`:
// built here, printed by the binary, committed in schemas/ (a test keeps the two equal, another the parsers' keys and
// the schemas' properties).

import PushSimEngine

public enum PayloadSchema: String, CaseIterable, Sendable {
    case stories, inbox, primer, banner, inapp, tags, pushwoosh

    /// Where the committed file lives in the repository, and its `$id`.
    public var fileName: String { "pushsim-\(rawValue).schema.json" }

    public static var kindList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The schema as a JSON document.
    public var document: JSONValue {
        let (title, body): (String, JSONObject)
        switch self {
        case .stories: (title, body) = ("pushsim: a Pushwoosh stories payload", PayloadSchema.storiesSchema)
        case .inbox: (title, body) = ("pushsim: a Pushwoosh inbox feed", PayloadSchema.inboxSchema)
        case .primer: (title, body) = ("pushsim: a push primer config (PWPushPrimerBuilder's setters)", PayloadSchema.primerSchema)
        case .banner: (title, body) = ("pushsim: an in-app banner", PayloadSchema.bannerSchema)
        case .inapp: (title, body) = ("pushsim: a native in-app config (PushwooshInApp native-config.json)", PayloadSchema.inappSchema)
        case .tags: (title, body) = ("pushsim: a device's tags (personalisation)", PayloadSchema.tagsSchema)
        case .pushwoosh: (title, body) = ("pushsim: a campaign ZIP's pushwoosh.json (its localisation)", PayloadSchema.pushwooshSchema)
        }
        var out: JSONObject = [
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://github.com/pushsim/pushsim/schemas/" + fileName),
            "title": .string(title),
        ]
        for (key, value) in body { out[key] = value }
        return .object(out)
    }

    /// The document as pretty JSON text (two-space indent, keys in the order written), ending in a newline.
    public var text: String { PayloadSchema.pretty(document, indent: "") + "\n" }

    static func pretty(_ v: JSONValue, indent: String) -> String {
        let inner = indent + "  "
        switch v {
        case .object(let o) where !o.isEmpty:
            return "{\n" + o.map { inner + JSONValue.string($0.key).jsonText() + ": " + pretty($0.value, indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let a) where !a.isEmpty:
            // Short lists of scalars (enums, required) on one line.
            if a.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
                return "[" + a.map { $0.jsonText() }.joined(separator: ", ") + "]"
            }
            return "[\n" + a.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        default:
            return v.jsonText()
        }
    }

    // MARK: building blocks

    /// `anyRequired`: at least one of these keys.
    static func object(_ description: String, _ properties: [(String, JSONValue)], required: [String] = [],
                       closed: Bool = true, anyRequired: [String] = []) -> JSONValue {
        var o: JSONObject = ["type": "object", "description": .string(description)]
        o["properties"] = .object(JSONObject(properties))
        if !required.isEmpty { o["required"] = .array(required.map { .string($0) }) }
        if !anyRequired.isEmpty { o["anyOf"] = .array(anyRequired.map { ["required": [.string($0)]] }) }
        if closed { o["additionalProperties"] = .bool(false) }
        return .object(o)
    }

    static func string(_ description: String, pattern: String? = nil, oneOf values: [String] = [], format: String? = nil,
                       minLength: Int? = nil) -> JSONValue {
        var o: JSONObject = ["type": "string", "description": .string(description)]
        if let pattern { o["pattern"] = .string(pattern) }
        if !values.isEmpty { o["enum"] = .array(values.map { .string($0) }) }
        if let format { o["format"] = .string(format) }
        if let minLength { o["minLength"] = .number(Double(minLength)) }
        return .object(o)
    }

    static func number(_ description: String, minimum: Double? = nil, exclusiveMinimum: Double? = nil,
                       maximum: Double? = nil, integer: Bool = false) -> JSONValue {
        var o: JSONObject = ["type": .string(integer ? "integer" : "number"), "description": .string(description)]
        if let minimum { o["minimum"] = .number(minimum) }
        if let exclusiveMinimum { o["exclusiveMinimum"] = .number(exclusiveMinimum) }
        if let maximum { o["maximum"] = .number(maximum) }
        return .object(o)
    }

    static func boolean(_ description: String) -> JSONValue { ["type": "boolean", "description": .string(description)] }

    static func ref(_ name: String, _ description: String? = nil) -> JSONValue {
        var o: JSONObject = ["$ref": .string("#/$defs/" + name)]
        if let description { o["description"] = .string(description) }
        return .object(o)
    }

    static func array(_ description: String, of items: JSONValue, minItems: Int? = nil) -> JSONValue {
        var o: JSONObject = ["type": "array", "description": .string(description), "items": items]
        if let minItems { o["minItems"] = .number(Double(minItems)) }
        return .object(o)
    }

    static func anyOf(_ description: String, _ options: [JSONValue]) -> JSONValue {
        ["description": .string(description), "anyOf": .array(options)]
    }

    /// A string any letter case of `words` matches (the SDK lower-cases `displayType`), with the words offered for
    /// completion.
    static func anyCase(_ description: String, _ words: [String]) -> JSONValue {
        let pattern = anyCasePattern(words)
        return ["description": .string(description), "anyOf": .array([
            ["enum": .array(words.map { .string($0) })],
            ["type": "string", "pattern": .string(pattern)],
        ])]
    }

    /// `^(…)$` matching each of `words` in any letter case (JSON Schema's regular expressions have no case flag).
    static func anyCasePattern(_ words: [String]) -> String {
        "^(" + words.map { word in
            word.map { c in c.isLetter ? "[\(c.lowercased())\(c.uppercased())]" : String(c) }.joined()
        }.joined(separator: "|") + ")$"
    }

    static let hexColor = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
    /// A URL with a scheme: the SDK's `NSURL URLWithString:` with no scheme gives nothing to open or download.
    static let withScheme = "^[A-Za-z][A-Za-z0-9+.-]*:"
}
