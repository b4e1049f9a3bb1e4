// Renders a parsed template: the tags' semantics as Shopify's Liquid defines them, within `LiquidLimits`.

import Foundation

/// One render: the scopes, the registers (`cycle`, `for … offset: continue`, `ifchanged`) and the budgets.
struct LiquidRenderer {
    enum Interrupt { case none, breakLoop, continueLoop }

    /// Local scopes, outermost first: `assign` and `capture` write the outermost, loops push their own.
    var scopes: [[String: LiquidValue]] = [[:]]
    /// The data rendered with; `increment`/`decrement` counters live here, as in Liquid's first environment.
    var globals: LiquidObject
    let limits: LiquidLimits
    let now: Date
    var interrupt = Interrupt.none
    var iterations = 0
    var filterCalls = 0
    /// Bytes written to any buffer (output and captures), bounded so nested captures cannot grow without end.
    var written = 0
    var cycles: [String: Int] = [:]
    var forOffsets: [String: Int] = [:]
    var lastIfchanged: String?
    var forloops: [LiquidObject] = []
    /// Work units spent (see `LiquidLimits.maxWork`).
    var work = 0
    /// The offset of the tag or output being rendered, for errors raised without a more precise one.
    var at = 0
    /// When recording (`LiquidTemplate.renderRecordingOutputs`): each output's offset and what it printed, in render
    /// order, at most `maxRecorded`.
    var recorded: [(offset: Int, value: String, expr: LiquidOutputExpr)]?
    var maxRecorded = 0

    init(scope: LiquidObject, limits: LiquidLimits, now: Date) {
        globals = scope
        self.limits = limits
        self.now = now
    }

    mutating func render(_ nodes: [LiquidNode]) throws(LiquidError) -> String {
        var out = ""
        try render(nodes, into: &out)
        return out
    }

    mutating func emit(_ s: String, into out: inout String, at offset: Int) throws(LiquidError) {
        written += s.utf8.count
        guard out.utf8.count + s.utf8.count <= limits.maxOutputBytes, written <= limits.maxOutputBytes &* 4 else {
            throw LiquidErrorAt(offset: offset, "The output is longer than the limit of \(limits.maxOutputBytes) bytes")
        }
        out += s
    }

    mutating func render(_ nodes: [LiquidNode], into out: inout String) throws(LiquidError) {
        for node in nodes {
            try render(node, into: &out)
            if interrupt != .none { return }
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    mutating func render(_ node: LiquidNode, into out: inout String) throws(LiquidError) {
        switch node {
        case .output(_, let o), .conditional(_, _, let o), .caseBlock(_, _, let o), .forLoop(_, let o),
             .tablerow(_, let o), .cycle(_, _, _, let o), .assign(_, _, let o), .capture(_, _, let o),
             .increment(_, let o), .decrement(_, let o), .ifchanged(_, let o):
            at = o
        case .text, .breakLoop, .continueLoop: break
        }
        switch node {
        case .text(let s):
            try emit(s, into: &out, at: at)
        case .output(let e, let offset):
            let printed = try evaluate(e, offset: offset).liquidString
            if let n = recorded?.count, n < maxRecorded { recorded?.append((offset, printed, e)) }
            try emit(printed, into: &out, at: offset)
        case .conditional(let branches, let negateFirst, _):
            for (i, (condition, body)) in branches.enumerated() {
                var take = true
                if let condition {
                    take = try evaluate(condition).isTruthy
                    if i == 0 && negateFirst { take = !take }
                }
                if take {
                    try render(body, into: &out)
                    return
                }
            }
        case .caseBlock(let subject, let branches, _):
            // Liquid's Case: every matching `when` renders; an `else` renders when no `when` before it matched.
            let value = try evaluate(subject)
            var matched = false
            for branch in branches {
                switch branch {
                case .when(let values, let body):
                    // Each matching value of a `when` renders its body once more, as Liquid's one condition per value.
                    for v in values where LiquidValue.liquidEquals(value, try evaluate(v)) {
                        matched = true
                        try render(body, into: &out)
                        if interrupt != .none { return }
                    }
                case .otherwise(let body):
                    if !matched { try render(body, into: &out) }
                }
                if interrupt != .none { return }
            }
        case .forLoop(let loop, let offset):
            try renderFor(loop, offset: offset, into: &out)
        case .tablerow(let loop, let offset):
            try renderTablerow(loop, offset: offset, into: &out)
        case .cycle(let group, let key, let values, _):
            let k = try group.map { e throws(LiquidError) in "g:" + String(describing: try evaluate(e)) } ?? key
            let i = cycles[k] ?? 0
            if i < values.count { try emit(try evaluate(values[i]).liquidString, into: &out, at: at) }
            cycles[k] = i + 1 >= values.count ? 0 : i + 1
        case .assign(let name, let e, let offset):
            scopes[0][name] = try evaluate(e, offset: offset)
        case .capture(let name, let body, _):
            var captured = ""
            try render(body, into: &captured)
            scopes[0][name] = .string(captured)
        case .increment(let name, _):
            let v = globals[name] ?? .int(0)
            try emit(v.liquidString, into: &out, at: at)
            if case .int(let n) = v { globals[name] = .int(n &+ 1) } else { globals[name] = .int(1) }
        case .decrement(let name, _):
            var n = 0
            if case .int(let m)? = globals[name] { n = m }
            n = n &- 1
            globals[name] = .int(n)
            try emit(String(n), into: &out, at: at)
        case .ifchanged(let body, _):
            var captured = ""
            try render(body, into: &captured)
            if captured != lastIfchanged {
                lastIfchanged = captured
                try emit(captured, into: &out, at: at)
            }
        case .breakLoop:
            interrupt = .breakLoop
        case .continueLoop:
            interrupt = .continueLoop
        }
    }

    // MARK: Loops

    /// Something a loop walks: elements by index, without building an array for a range.
    struct Sequence {
        var array: [LiquidValue] = []
        var rangeStart = 0
        var isRange = false
        var count = 0

        subscript(i: Int) -> LiquidValue { isRange ? .int(rangeStart + i) : array[i] }
    }

    /// Liquid's `Utils.slice_collection` input: a range's numbers, a hash's `[key, value]` pairs, a non-empty string as
    /// one item; anything else nothing.
    func sequence(_ v: LiquidValue) -> Sequence {
        switch v {
        case .array(let a): return Sequence(array: a, count: a.count)
        case .range(let a, let b):
            let (n, overflow) = b.subtractingReportingOverflow(a)
            return Sequence(rangeStart: a, isRange: true, count: b < a ? 0 : (overflow || n == Int.max ? Int.max : n + 1))
        case .object(let o):
            let pairs = o.pairs.map { LiquidValue.array([.string($0.key), $0.value]) }
            return Sequence(array: pairs, count: pairs.count)
        case .string(let s): return s.isEmpty ? Sequence() : Sequence(array: [v], count: 1)
        default: return Sequence()
        }
    }

    /// Liquid's `Utils.to_integer` for loop attributes.
    func loopInteger(_ v: LiquidValue, _ what: String, offset: Int) throws(LiquidError) -> Int {
        switch v {
        case .int(let n): return n
        case .float(let d) where d.isFinite && abs(d) < 9e18: return Int(d)
        case .string(let s):
            if let n = Int(s.trimmingCharacters(in: .whitespaces)) { return n }
        default: break
        }
        throw LiquidErrorAt(offset: offset, "The loop's \(what) must be an integer, not \(v.brief)")
    }

    mutating func countIteration(_ offset: Int) throws(LiquidError) {
        iterations += 1
        guard iterations <= limits.maxLoopIterations else {
            throw LiquidErrorAt(offset: offset, "The template runs more than \(limits.maxLoopIterations) loop iterations")
        }
    }

    /// The slice of `seq` that `offset`/`limit` select, as `from..<to` indices (Liquid's `For#render_segment`).
    mutating func window(_ loop: LiquidForLoop, _ seq: Sequence, offset: Int) throws(LiquidError) -> (Int, Int, Int) {
        var from = 0
        if loop.offsetContinue {
            from = forOffsets[loop.collectionKey] ?? 0
        } else if let e = loop.offset {
            let v = try evaluate(e)
            if v != .nil_ { from = try loopInteger(v, "offset", offset: offset) }
        }
        var to = seq.count
        if let e = loop.limit {
            let v = try evaluate(e)
            if v != .nil_ {
                let limit = try loopInteger(v, "limit", offset: offset)
                let (end, overflow) = from.addingReportingOverflow(limit)
                if !overflow { to = min(to, end) }
            }
        }
        let start = max(0, from)
        return (start, max(start, to), from)
    }

    mutating func renderFor(_ loop: LiquidForLoop, offset: Int, into out: inout String) throws(LiquidError) {
        let collection = try evaluate(loop.collection)
        var seq = sequence(collection)
        if case .string = collection { seq = sequence(collection) }
        var (start, end, from) = try window(loop, seq, offset: offset)
        if case .string = collection { (start, end) = (0, seq.count) }
        let length = end - start
        forOffsets[loop.collectionKey] = from &+ length
        guard length > 0 else {
            try render(loop.elseBody, into: &out)
            return
        }
        scopes.append([:])
        defer { scopes.removeLast() }
        let parent = forloops.last
        for n in 0..<length {
            try countIteration(offset)
            let i = loop.reversed ? end - 1 - n : start + n
            scopes[scopes.count - 1][loop.variable] = seq[i]
            guard loop.usesLoopObject else {
                try render(loop.body, into: &out)
                if interrupt == .breakLoop { interrupt = .none; break }
                if interrupt == .continueLoop { interrupt = .none }
                continue
            }
            var forloop: LiquidObject = [
                "name": .string(loop.collectionKey), "length": .int(length),
                "index": .int(n + 1), "index0": .int(n), "rindex": .int(length - n), "rindex0": .int(length - n - 1),
                "first": .bool(n == 0), "last": .bool(n == length - 1),
            ]
            forloop["parentloop"] = parent.map { .object($0) } ?? .nil_
            scopes[scopes.count - 1]["forloop"] = .object(forloop)
            forloops.append(forloop)
            try render(loop.body, into: &out)
            forloops.removeLast()
            if interrupt == .breakLoop { interrupt = .none; break }
            if interrupt == .continueLoop { interrupt = .none }
        }
    }

    mutating func renderTablerow(_ loop: LiquidForLoop, offset: Int, into out: inout String) throws(LiquidError) {
        let collection = try evaluate(loop.collection)
        if collection == .nil_ { return }
        let seq = sequence(collection)
        var (start, end, _) = try window(loop, seq, offset: offset)
        if case .string = collection { (start, end) = (0, seq.count) }
        let length = end - start
        var cols = length
        if let e = loop.cols {
            let v = try evaluate(e)
            if v != .nil_ { cols = try loopInteger(v, "cols", offset: offset) }
        }
        try emit("<tr class=\"row1\">\n", into: &out, at: offset)
        scopes.append([:])
        defer { scopes.removeLast() }
        var col = 1, row = 1
        for n in 0..<max(0, length) {
            try countIteration(offset)
            scopes[scopes.count - 1][loop.variable] = seq[start + n]
            if loop.usesLoopObject {
                scopes[scopes.count - 1]["tablerowloop"] = .object(tablerowRow(n, length, col, cols, row))
            }
            try emit("<td class=\"col\(col)\">", into: &out, at: offset)
            try render(loop.body, into: &out)
            try emit("</td>", into: &out, at: offset)
            if interrupt == .breakLoop { interrupt = .none; break }
            if interrupt == .continueLoop { interrupt = .none }
            if col == cols && n != length - 1 {
                try emit("</tr>\n<tr class=\"row\(row + 1)\">", into: &out, at: offset)
            }
            if col == cols { col = 1; row += 1 } else { col += 1 }
        }
        try emit("</tr>\n", into: &out, at: offset)
    }

    /// Liquid's TablerowloopDrop for item `n` of `length`.
    func tablerowRow(_ n: Int, _ length: Int, _ col: Int, _ cols: Int, _ row: Int) -> LiquidObject {
            let tablerowloop: LiquidObject = [
                "length": .int(length), "index": .int(n + 1), "index0": .int(n),
                "rindex": .int(length - n), "rindex0": .int(length - n - 1),
                "first": .bool(n == 0), "last": .bool(n == length - 1),
                "col": .int(col), "col0": .int(col - 1), "col_first": .bool(col == 1), "col_last": .bool(col == cols),
                "row": .int(row),
            ]
            return tablerowloop
    }

    // MARK: Expressions

    func find(_ name: String) -> LiquidValue {
        for scope in scopes.reversed() {
            if let v = scope[name] { return v }
        }
        return globals[name] ?? .nil_
    }

    mutating func evaluate(_ e: LiquidExpr) throws(LiquidError) -> LiquidValue {
        switch e {
        case .literal(let v): return v
        case .lookup(let root, let path):
            var v: LiquidValue
            switch root {
            case .name(let n): v = find(n)
            case .index(let k):
                if case .string(let s) = try evaluate(k) { v = find(s) } else { v = .nil_ }
            }
            for segment in path {
                switch segment {
                case .name(let n): v = LiquidRenderer.property(v, .string(n), command: true)
                case .index(let k): v = LiquidRenderer.property(v, try evaluate(k), command: false)
                }
                if v == .nil_ { return .nil_ }
            }
            return v
        case .range(let a, let b):
            return .range(try rangeBound(evaluate(a)), try rangeBound(evaluate(b)))
        }
    }

    /// A range's end as Liquid takes it (`to_integer`): floats truncate, numeric strings convert, others are 0.
    func rangeBound(_ v: LiquidValue) throws(LiquidError) -> Int {
        switch v {
        case .int(let n): return n
        case .float(let d) where d.isFinite && abs(d) < 9e18: return Int(d)
        case .string(let s): return Int(s.trimmingCharacters(in: .whitespaces)) ?? 0
        default: return 0
        }
    }

    /// `value.key` / `value[key]` (Liquid's `VariableLookup#evaluate`): a hash's key, an array's index (negative from
    /// the end), and, written with a dot only, the commands `size`, `first` and `last`.
    static func property(_ v: LiquidValue, _ key: LiquidValue, command: Bool) -> LiquidValue {
        switch (v, key) {
        case (.object(let o), .string(let k)):
            if let x = o[k] { return x }
            guard command else { return .nil_ }
            if k == "size" { return .int(o.count) }
            if k == "first", let p = o.pairs.first { return .array([.string(p.key), p.value]) }
            return .nil_
        case (.array(let a), .int(let i)):
            let j = i < 0 ? a.count + i : i
            return a.indices.contains(j) ? a[j] : .nil_
        case (.array(let a), .string(let k)) where command:
            switch k {
            case "size": return .int(a.count)
            case "first": return a.first ?? .nil_
            case "last": return a.last ?? .nil_
            default: return .nil_
            }
        case (.string(let s), .string(let k)) where command:
            switch k {
            case "size": return .int(s.count)
            case "first": return .string(s.first.map(String.init) ?? "")
            case "last": return .string(s.last.map(String.init) ?? "")
            default: return .nil_
            }
        case (.range(let a, let b), .string(let k)) where command:
            switch k {
            case "size": return .int(b < a ? 0 : b &- a &+ 1)
            case "first": return .int(a)
            case "last": return .int(b)
            default: return .nil_
            }
        default:
            return .nil_
        }
    }

    mutating func evaluate(_ e: LiquidOutputExpr, offset: Int) throws(LiquidError) -> LiquidValue {
        var v = try evaluate(e.expr)
        for f in e.filters {
            filterCalls += 1
            guard filterCalls <= limits.maxFilterCalls else {
                throw LiquidErrorAt(offset: f.offset, "The template applies more than \(limits.maxFilterCalls) filters")
            }
            var args: [LiquidValue] = []
            for a in f.args { args.append(try evaluate(a)) }
            var keywords: [(String, LiquidValue)] = []
            for (k, a) in f.keywords { keywords.append((k, try evaluate(a))) }
            let before = LiquidRenderer.cost(v)
            v = try applyFilter(f.name, v, args, keywords, offset: f.offset)
            var spent = before &+ LiquidRenderer.cost(v) &+ 1
            if f.name == "sort" || f.name == "sort_natural", case .array(let a) = v, a.count > 1 {
                spent = spent &+ a.count &* (Int.bitWidth - a.count.leadingZeroBitCount) &* 32
            }
            if f.name == "uniq" { spent = spent &+ before &* 8 }
            try spend(spent, at: f.offset)
        }
        return v
    }

    /// The work units a value stands for: its bytes, 64 per array element (top level).
    static func cost(_ v: LiquidValue) -> Int {
        switch v {
        case .string(let s): return s.utf8.count
        case .array(let a): return a.count &* 64
        case .object(let o): return o.count &* 64
        default: return 1
        }
    }

    mutating func spend(_ units: Int, at offset: Int) throws(LiquidError) {
        work = work &+ units
        guard work <= limits.maxWork else {
            throw LiquidErrorAt(offset: offset, "The template does more work than the limit of \(limits.maxWork) units")
        }
    }

    mutating func evaluate(_ c: LiquidCondition) throws(LiquidError) -> LiquidValue {
        // Liquid's Condition#evaluate: left to right, `or` stops at a truthy result, `and` at a falsy one.
        var i = 0
        while true {
            let r = try evaluate(c.comparisons[i])
            guard i < c.joins.count else { return r }
            if c.joins[i] { if !r.isTruthy { return r } } else if r.isTruthy { return r }
            i += 1
        }
    }

    mutating func evaluate(_ c: LiquidComparison) throws(LiquidError) -> LiquidValue {
        let left = try evaluate(c.left)
        guard let op = c.op, let rightExpr = c.right else {
            return left
        }
        let right = try evaluate(rightExpr)
        try spend(LiquidRenderer.cost(left) &+ LiquidRenderer.cost(right), at: at)
        switch op {
        case "==": return .bool(LiquidValue.liquidEquals(left, right))
        case "!=", "<>": return .bool(!LiquidValue.liquidEquals(left, right))
        case "contains": return .bool(LiquidRenderer.contains(left, right))
        default:
            switch (left, right) {
            case (.int, .int), (.int, .float), (.float, .int), (.float, .float), (.string, .string):
                guard let c = LiquidValue.compare(left, right) else { return .bool(false) }
                switch op {
                case "<": return .bool(c < 0)
                case ">": return .bool(c > 0)
                case "<=": return .bool(c <= 0)
                default: return .bool(c >= 0)
                }
            case (.int, .string), (.float, .string), (.string, .int), (.string, .float):
                throw LiquidErrorAt(offset: at, "Cannot compare \(left.brief) with \(right.brief)")
            default:
                return .bool(false)
            }
        }
    }

    /// Liquid's `contains`: a substring of a string, an element of an array, a key of a hash.
    static func contains(_ left: LiquidValue, _ right: LiquidValue) -> Bool {
        guard left.isTruthy, right.isTruthy else { return false }
        switch left {
        case .string(let s): return right.liquidString.isEmpty || s.contains(right.liquidString)
        case .array(let a): return a.contains { LiquidValue.liquidEquals($0, right) }
        case .object(let o):
            if case .string(let k) = right { return o[k] != nil }
            return false
        case .range(let a, let b):
            guard right.isNumber else { return false }
            return Double(a) <= right.doubleValue && right.doubleValue <= Double(b)
        default: return false
        }
    }
}
