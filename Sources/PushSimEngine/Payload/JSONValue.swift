// The JSON value model every parser in pushsim reads: ordered objects, typed numbers, no Foundation bridging surprises.

/// A JSON value. Objects keep their key order so dumps and events are stable.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// A number as NSNumber would bridge it: JSON `true`/`false` count as 1 and 0.
    public var numberValue: Double? {
        switch self {
        case .number(let d): return d
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// A short name of the value's type for diagnostics ("a string", "an array").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

/// A JSON object that remembers key order; a repeated key keeps its first position and its last value.
///
/// Members live in one array in order. Payload objects are small (a feed holds millions of 2–12 key objects), and
/// a linear scan over a few keys beats hashing them while costing one allocation instead of a keys array plus a
/// dictionary; only objects larger than `indexThreshold` build a key → position index for their lookups.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    public typealias Element = (key: String, value: JSONValue)

    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue
    }

    /// Up to this many members lookups scan the array; above it they go through `index`. A getInboxMessages item
    /// has about a dozen keys and is looked up about fifteen times, once: scanning is cheaper than hashing there.
    static let indexThreshold = 16

    private var members: [Member] = []
    /// Key → position in `members`; nil while the object is small.
    private var index: [String: Int]?

    public init() {}
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
    public init(_ pairs: [(String, JSONValue)]) {
        members.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    /// Room for `n` members without regrowing (the parser knows no count up front, callers building one may).
    public mutating func reserveCapacity(_ n: Int) { members.reserveCapacity(n) }

    /// Members with distinct keys, in order (the parser builds them).
    init(members: [Member]) {
        self.members = members
        if members.count > JSONObject.indexThreshold { buildIndex() }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return JSONObject.position(of: key, in: members, from: 0)
    }

    /// The position of `key` in `members[from...]` by a scan.
    static func position(of key: String, in members: [Member], from: Int) -> Int? {
        // Comparing the UTF-8 lengths first (stored, so free) skips most full string comparisons.
        let length = key.utf8.count
        for i in from..<members.count where members[i].key.utf8.count == length && members[i].key == key { return i }
        return nil
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    members[i].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                    if index != nil { index![key] = members.count - 1 } else if members.count > JSONObject.indexThreshold { buildIndex() }
                }
            } else if let i = position(of: key) {
                members.remove(at: i)
                if index != nil { buildIndex() }
            }
        }
    }

    private mutating func buildIndex() {
        var d = [String: Int](minimumCapacity: members.count)
        for (i, m) in members.enumerated() { d[m.key] = i }
        index = d
    }

    /// Same members in the same order (the index is derived, so it does not take part).
    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.members == b.members }

    /// The members in order. A concrete iterator rather than `AnyIterator`: its box's first use cost a protocol-
    /// conformance scan of the static binary on every start that walks a payload, and a closure call per member.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Member]>
        public mutating func next() -> Element? { base.next().map { ($0.key, $0.value) } }
    }

    public func makeIterator() -> Iterator { Iterator(base: members.makeIterator()) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}
