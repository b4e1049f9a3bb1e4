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
    /// Work done by filters and comparisons over the whole render, in units of a byte of string read or made, 64 per
    /// array element, more for a sort (32·n·log2 n) or uniq (512·n): a loop cannot sort or copy a large value without end.
    public var maxWork: Int

    public init(maxTemplateBytes: Int = 1 << 20, maxNestingDepth: Int = 64, maxOutputBytes: Int = 1 << 20,
                maxLoopIterations: Int = 100_000, maxFilterCalls: Int = 100_000, maxArrayLength: Int = 100_000,
                maxWork: Int = 100_000_000) {
        self.maxTemplateBytes = maxTemplateBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxOutputBytes = maxOutputBytes
        self.maxLoopIterations = maxLoopIterations
        self.maxFilterCalls = maxFilterCalls
        self.maxArrayLength = maxArrayLength
        self.maxWork = maxWork
    }

    /// 1 MB of template, 64 levels of nesting, 1 MB of output, 100,000 loop iterations and filter calls, 100 M units
    /// of work: far past a push campaign, and a hostile template stops well inside a second.
    public static let `default` = LiquidLimits()
}
