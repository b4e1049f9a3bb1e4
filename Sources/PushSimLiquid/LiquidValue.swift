// A Liquid value: what a scope holds, what expressions evaluate to and what filters take and return.

import Foundation

/// A value in a Liquid scope. Integers stay integers, as in Ruby: `1 | plus: 2` is `3`, not `3.0`.
public indirect enum LiquidValue: Sendable, Equatable {
    case nil_
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case array([LiquidValue])
    /// A hash: iterates in insertion order, as a Ruby Hash does.
    case object(LiquidObject)
    /// An integer range `(a..b)`, both ends included; kept lazy so `(1..1000000000)` costs nothing until it is walked.
    case range(Int, Int)
    /// The `empty` literal: equal to "", [] and {}.
    case empty
    /// The `blank` literal: equal to nil, false, whitespace-only strings, [] and {}.
    case blank
}

/// An ordered string-keyed map: insertion order is kept, a key set again keeps its place.
public struct LiquidObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    private var storage: [String: LiquidValue] = [:]

    public init() {}

    public init(_ pairs: [(String, LiquidValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    public subscript(key: String) -> LiquidValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The pairs in insertion order.
    public var pairs: [(key: String, value: LiquidValue)] {
        keys.compactMap { k in storage[k].map { (key: k, value: $0) } }
    }

    public static func == (a: LiquidObject, b: LiquidObject) -> Bool {
        a.storage == b.storage
    }
}

extension LiquidObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, LiquidValue)...) {
        self.init(elements)
    }
}

extension LiquidValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: LiquidValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .nil_ }
}

extension LiquidValue {
    /// A value from `JSONSerialization` output. An `NSNumber` made from a JSON `true`/`false` becomes a bool, one
    /// holding an integer an int, any other a float; an `NSNull` or anything unknown becomes nil. Key order of a
    /// dictionary is not kept by Foundation, so keys are sorted to make iteration deterministic.
    public init(jsonObject: Any?) {
        // Deeper than 512 levels becomes nil: a document nested thousands deep must not overflow the C stack.
        self = LiquidValue.convert(jsonObject, depth: 0)
    }

    private static func convert(_ any: Any?, depth: Int) -> LiquidValue {
        guard let any, depth < 512 else { return .nil_ }
        switch any {
        case let n as NSNumber:
            let type = String(cString: n.objCType)
            #if canImport(Darwin)
            if CFGetTypeID(n) == CFBooleanGetTypeID() { return .bool(n.boolValue) }
            #else
            // swift-corelibs-foundation's JSONSerialization makes JSON's true/false as NSNumber(value: Bool), whose
            // type is "c"; its integers are "q" and its other numbers "d".
            if type == "c" { return .bool(n.boolValue) }
            #endif
            if ["c", "s", "i", "l", "q", "C", "S", "I", "L", "Q"].contains(type) {
                if type == "Q" || type == "L", n.uint64Value > UInt64(Int.max) { return .float(n.doubleValue) }
                return .int(n.intValue)
            }
            let d = n.doubleValue
            return .float(d)
        case let b as Bool: return .bool(b)
        case let i as Int: return .int(i)
        case let d as Double: return .float(d)
        case let s as String: return .string(s)
        case let a as [Any?]: return .array(a.map { convert($0, depth: depth + 1) })
        case let a as [Any]: return .array(a.map { convert($0, depth: depth + 1) })
        case let d as [String: Any?]:
            var o = LiquidObject()
            for k in d.keys.sorted() { o[k] = convert(d[k] ?? nil, depth: depth + 1) }
            return .object(o)
        case let d as [String: Any]:
            var o = LiquidObject()
            for k in d.keys.sorted() { o[k] = convert(d[k], depth: depth + 1) }
            return .object(o)
        case let d as NSDictionary:
            var o = LiquidObject()
            let keys = d.allKeys.compactMap { $0 as? String }.sorted()
            for k in keys { o[k] = convert(d[k], depth: depth + 1) }
            return .object(o)
        case let a as NSArray: return .array(a.map { convert($0, depth: depth + 1) })
        default: return .nil_
        }
    }
}
