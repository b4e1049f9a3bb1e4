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

    /// One `{{ … }}` as it rendered: its source text as written, what it printed, and the variables it read.
    public struct Output: Sendable, Equatable {
        /// The output as written in the template, braces and whitespace control included (`{{ offer | upcase }}`).
        public var expression: String
        public var value: String
        /// The root names the output reads, in order (`offer` for `{{ offer | upcase }}`).
        public var variables: [String]
    }

    /// `render`, also returning each output in render order (an output in a loop once per pass), at most `maxOutputs`
    /// of them: for "which placeholder printed what".
    public func renderRecordingOutputs(_ scope: LiquidObject, limits: LiquidLimits = .default, now: Date = Date(timeIntervalSince1970: 0),
                                       maxOutputs: Int = 1_000) throws(LiquidError) -> (text: String, outputs: [Output]) {
        var renderer = LiquidRenderer(scope: scope, limits: limits, now: now)
        renderer.recorded = []
        renderer.maxRecorded = max(0, maxOutputs)
        let text: String
        do {
            text = try renderer.render(nodes)
        } catch {
            throw LiquidPosition.resolve(error, in: source)
        }
        let outputs = (renderer.recorded ?? []).map { r in
            Output(expression: expressionText(at: r.offset), value: r.value,
                   variables: LiquidReferences.collect([.output(r.expr, offset: r.offset)], ignoring: []))
        }
        return (text, outputs)
    }

    /// The source of the output that starts at `offset`: up to the first `}}` after its `{{`, as the lexer closes it.
    func expressionText(at offset: Int) -> String {
        guard offset >= 0, offset + 1 < source.count else { return "" }
        var j = offset + 2
        while j + 1 < source.count, !(source[j] == 125 && source[j + 1] == 125) { j += 1 }
        return String(decoding: source[offset..<min(source.count, j + 2)], as: UTF8.self)
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
