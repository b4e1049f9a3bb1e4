// The bounds a template's parse and render stay within, so a hostile template ends quickly with an error.

/// Every bound is checked where it is reached and exceeding it throws a `LiquidError`.
public struct LiquidLimits: Sendable, Equatable {
    /// The template's size in UTF-8 bytes.
    public var maxTemplateBytes: Int
    /// Blocks (`if`, `for`, …) inside one another, and brackets/parentheses inside one expression.
    public var maxNestingDepth: Int
    /// The rendered output in UTF-8 bytes; also bounds every intermediate string (a `capture`, a filter's result).
    public var maxOutputBytes: Int
    /// Loop iterations (`for`, `tablerow`) over the whole render.
    public var maxLoopIterations: Int
    /// Filters applied over the whole render.
    public var maxFilterCalls: Int
    /// Elements of one array a filter builds (`split`, `concat`, a range turned into an array).
    public var maxArrayLength: Int

    public init(maxTemplateBytes: Int = 1 << 20, maxNestingDepth: Int = 64, maxOutputBytes: Int = 1 << 20,
                maxLoopIterations: Int = 100_000, maxFilterCalls: Int = 100_000, maxArrayLength: Int = 100_000) {
        self.maxTemplateBytes = maxTemplateBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxOutputBytes = maxOutputBytes
        self.maxLoopIterations = maxLoopIterations
        self.maxFilterCalls = maxFilterCalls
        self.maxArrayLength = maxArrayLength
    }

    /// 1 MB of template, 64 levels of nesting, 1 MB of output, 100,000 loop iterations and filter calls: far past a
    /// push campaign, and a hostile template stops well inside a second.
    public static let `default` = LiquidLimits()
}
