// Which top-level variables a template reads (for "which tags does this template use").

enum LiquidReferences {
    /// Root names of every lookup, in order of first use, less the names the template binds itself before it reads
    /// them (`assign`, `capture`, loop variables, `forloop`, `tablerowloop`). Walks the tree with an explicit stack.
    static func collect(_ nodes: [LiquidNode]) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        var bound: Set<String> = ["forloop", "tablerowloop"]
        var work: [Item] = nodes.reversed().map { .node($0) }
        func read(_ e: LiquidExpr) {
            var exprs = [e]
            while let x = exprs.popLast() {
                switch x {
                case .literal: break
                case .range(let a, let b): exprs.append(b); exprs.append(a)
                case .lookup(let root, let path):
                    for case .index(let k) in path.reversed() { exprs.append(k) }
                    switch root {
                    case .name(let n):
                        if !bound.contains(n), seen.insert(n).inserted { out.append(n) }
                    case .index(let k): exprs.append(k)
                    }
                }
            }
        }
        func read(_ o: LiquidOutputExpr) {
            read(o.expr)
            for f in o.filters {
                f.args.forEach { read($0) }
                f.keywords.forEach { read($0.1) }
            }
        }
        func read(_ c: LiquidCondition) {
            for cmp in c.comparisons {
                read(cmp.left)
                if let r = cmp.right { read(r) }
            }
        }
        while let item = work.popLast() {
            switch item {
            case .bind(let n): bound.insert(n)
            case .node(let node):
                var next: [Item] = []
                switch node {
                case .text, .breakLoop, .continueLoop, .increment, .decrement: break
                case .output(let o, _): read(o)
                case .conditional(let branches, _, _):
                    for (c, body) in branches {
                        if let c { read(c) }
                        next += body.map { .node($0) }
                    }
                case .caseBlock(let subject, let branches, _):
                    read(subject)
                    for b in branches {
                        switch b {
                        case .when(let values, let body): values.forEach { read($0) }; next += body.map { .node($0) }
                        case .otherwise(let body): next += body.map { .node($0) }
                        }
                    }
                case .forLoop(let l, _), .tablerow(let l, _):
                    read(l.collection)
                    [l.limit, l.offset, l.cols].compactMap { $0 }.forEach { read($0) }
                    bound.insert(l.variable)
                    next += (l.body + l.elseBody).map { .node($0) }
                case .cycle(let g, _, let values, _):
                    if let g { read(g) }
                    values.forEach { read($0) }
                case .assign(let n, let o, _):
                    read(o)
                    bound.insert(n)
                case .capture(let n, let body, _):
                    next += body.map { .node($0) }
                    next.append(.bind(n))
                case .ifchanged(let body, _): next += body.map { .node($0) }
                }
                work += next.reversed()
            }
        }
        return out
    }

    enum Item { case node(LiquidNode), bind(String) }
}
