// A parsed Liquid template (Shopify's dialect, strict mode): parse once, render with many scopes.

import Foundation

/// A Liquid template parsed in Shopify's strict error mode (https://shopify.github.io/liquid/).
public struct LiquidTemplate: Sendable {
    let nodes: [LiquidNode]
    let source: [UInt8]

    /// Parses `source`; an unknown tag, an unclosed block or a bad expression throws with its line and column.
    public init(parsing source: String, limits: LiquidLimits = .default) throws(LiquidError) {
        let bytes = Array(source.utf8)
        do {
            nodes = try LiquidParser.parse(bytes, limits: limits)
        } catch {
            throw LiquidPosition.resolve(error, in: bytes)
        }
        self.source = bytes
    }

    /// Renders with `scope` as the top-level variables. `now` is what the `date` filter takes for "now" and
    /// "today": the engine never reads the clock, so a render is a pure function of its inputs (the Unix epoch
    /// unless given).
    public func render(_ scope: LiquidObject, limits: LiquidLimits = .default,
                       now: Date = Date(timeIntervalSince1970: 0)) throws(LiquidError) -> String {
        var renderer = LiquidRenderer(scope: scope, limits: limits, now: now)
        do {
            return try renderer.render(nodes)
        } catch {
            throw LiquidPosition.resolve(error, in: source)
        }
    }

    /// Every variable name the template reads at its top level (the first segment of each lookup), in order of first
    /// use, less the names the template binds itself before reading them (assign, capture, loop variables).
    public var referencedVariables: [String] {
        LiquidReferences.collect(nodes)
    }

    /// The names of the filters this engine implements.
    public static var filterNames: [String] { LiquidRenderer.filterNames }
}

/// Internal errors carry a UTF-8 offset (line 0, the offset in `column`); this turns it into a 1-based line and a
/// column counted in characters of that line.
enum LiquidPosition {
    static func resolve(_ e: LiquidError, in source: [UInt8]) -> LiquidError {
        guard e.line == 0 else { return e }
        let offset = max(0, min(e.column, source.count))
        var line = 1
        var lineStart = 0
        for i in 0..<offset where source[i] == 10 {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: source[lineStart..<offset], as: UTF8.self).count + 1
        return LiquidError(line: line, column: column, message: e.message)
    }
}
