// The parsed form of a template: nodes, expressions and conditions, all value types.

/// A lookup path segment: `.name` or `[expression]`.
enum LiquidSegment: Sendable {
    case name(String)
    /// `[expr]`; written in brackets, so `.size`/`.first`/`.last` are never commands here.
    case index(LiquidExpr)
}

/// An expression: a literal, a variable lookup or a range.
indirect enum LiquidExpr: Sendable {
    case literal(LiquidValue)
    /// A variable: the root is a name or a bracketed expression (`['a b']`), then the segments.
    case lookup(root: LiquidSegment, path: [LiquidSegment])
    case range(LiquidExpr, LiquidExpr)
}

/// One filter of a chain, with its position for errors.
struct LiquidFilterCall: Sendable {
    let name: String
    let args: [LiquidExpr]
    let keywords: [(String, LiquidExpr)]
    let offset: Int
}

/// `expr | filter | filter`.
struct LiquidOutputExpr: Sendable {
    let expr: LiquidExpr
    let filters: [LiquidFilterCall]
}

/// One comparison of a condition (`a`, or `a op b`).
struct LiquidComparison: Sendable {
    let left: LiquidExpr
    let op: String?
    let right: LiquidExpr?
}

/// `c0 and c1 or c2`: evaluated left to right with short circuit, which groups from the right as Liquid does.
struct LiquidCondition: Sendable {
    let comparisons: [LiquidComparison]
    /// `true` for `and`, `false` for `or`; one fewer than `comparisons`.
    let joins: [Bool]
}

struct LiquidForLoop: Sendable {
    let variable: String
    let collection: LiquidExpr
    /// The collection's source text, which keys `offset: continue` (as Liquid keys it).
    let collectionKey: String
    let reversed: Bool
    let limit: LiquidExpr?
    let offset: LiquidExpr?
    let offsetContinue: Bool
    let cols: LiquidExpr?
    let body: [LiquidNode]
    let elseBody: [LiquidNode]
}

enum LiquidCaseBranch: Sendable {
    case when([LiquidExpr], [LiquidNode])
    case otherwise([LiquidNode])
}

/// A node of the tree; `offset` is the UTF-8 offset of its `{{`/`{%` in the source, for error positions.
indirect enum LiquidNode: Sendable {
    case text(String)
    case output(LiquidOutputExpr, offset: Int)
    /// `if`/`elsif`/`else` and `unless` (whose first condition is negated): the first true branch renders.
    case conditional(branches: [(LiquidCondition?, [LiquidNode])], negateFirst: Bool, offset: Int)
    case caseBlock(subject: LiquidExpr, branches: [LiquidCaseBranch], offset: Int)
    case forLoop(LiquidForLoop, offset: Int)
    case tablerow(LiquidForLoop, offset: Int)
    case cycle(group: LiquidExpr?, key: String, values: [LiquidExpr], offset: Int)
    case assign(String, LiquidOutputExpr, offset: Int)
    case capture(String, [LiquidNode], offset: Int)
    case increment(String, offset: Int)
    case decrement(String, offset: Int)
    case ifchanged([LiquidNode], offset: Int)
    case breakLoop
    case continueLoop
}
