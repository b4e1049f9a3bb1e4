// The one error type of the Liquid engine: a sentence and where in the template it happened.

/// A parse or render error. `line` and `column` are 1-based; the column counts characters (graphemes) of that line.
public struct LiquidError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
