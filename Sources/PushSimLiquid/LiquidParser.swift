// Builds the node tree from the lexer's tokens with an explicit stack of open blocks (no recursion, so nesting is
// bounded by `LiquidLimits.maxNestingDepth`, not by the C stack).

enum LiquidParser {
    static func parse(_ bytes: [UInt8], limits: LiquidLimits) throws(LiquidError) -> [LiquidNode] {
        guard bytes.count <= limits.maxTemplateBytes else {
            throw LiquidError(line: 1, column: 1,
                              message: "The template is \(bytes.count) bytes, more than the limit of \(limits.maxTemplateBytes)")
        }
        var builder = Builder(source: bytes, limits: limits)
        return try builder.run()
    }

    /// An open block and what has been parsed of it so far.
    struct Frame {
        enum Kind { case root, conditional, caseBlock, forLoop, tablerow, capture, ifchanged, comment }
        enum CasePart { case beforeWhen, when([LiquidExpr]), otherwise }
        let kind: Kind
        let tag: String
        let offset: Int
        /// Inside a `{% liquid %}` tag: how many `liquid` tags were open when this block opened.
        let liquidLevel: Int
        var nodes: [LiquidNode] = []
        var blank = true
        var allBlank = true
        var branches: [(LiquidCondition?, [LiquidNode])] = []
        var condition: LiquidCondition?
        var subject: LiquidExpr = .literal(.nil_)
        var caseBranches: [LiquidCaseBranch] = []
        var casePart: CasePart = .beforeWhen
        var loop: LiquidForLoop?
        var mainBody: [LiquidNode]?
        var name = ""
        var commentDepth = 1

        init(kind: Kind, tag: String, offset: Int, liquidLevel: Int) {
            self.kind = kind
            self.tag = tag
            self.offset = offset
            self.liquidLevel = liquidLevel
        }

        /// The body parsed so far, less its whitespace-only text when the body is blank (Liquid's
        /// `BlockBody#remove_blank_strings`: a block of only whitespace and tags such as `assign` renders nothing).
        mutating func takeBody() -> [LiquidNode] {
            let body = nodes
            allBlank = allBlank && blank
            nodes = []
            blank = true
            return body
        }
    }

    /// A block's bodies less their text when the whole block (every branch) is blank (Liquid's
    /// `BlockBody#remove_blank_strings`: a block of only whitespace and tags such as `assign` renders nothing).
    static func stripped(_ body: [LiquidNode], _ blank: Bool) -> [LiquidNode] {
        guard blank else { return body }
        return body.filter { if case .text = $0 { return false } else { return true } }
    }

    struct Builder {
        let source: [UInt8]
        let limits: LiquidLimits
        var stack: [Frame]
        var liquidLevel = 0

        init(source: [UInt8], limits: LiquidLimits) {
            self.source = source
            self.limits = limits
            stack = [Frame(kind: .root, tag: "", offset: 0, liquidLevel: 0)]
        }

        func parser(_ start: Int, _ end: Int) throws(LiquidError) -> LiquidExpressionParser {
            try LiquidExpressionParser(source: source, start: start, end: end, maxDepth: limits.maxNestingDepth)
        }

        mutating func run() throws(LiquidError) -> [LiquidNode] {
            // Token lists being read: the template's, then those of each `{% liquid %}` tag being expanded.
            var work: [([LiquidTemplateToken], Int)] = [(try LiquidLexer.tokenize(source), 0)]
            while var (tokens, i) = work.popLast() {
                guard i < tokens.count else { continue }
                let token = tokens[i]
                i += 1
                work.append((tokens, i))
                tokens = []
                if case .tag("liquid", let ms, let me, let offset) = token, stack[stack.count - 1].kind != .comment {
                    guard work.count <= limits.maxNestingDepth else {
                        throw LiquidErrorAt(offset: offset, "'liquid' tags are nested more than \(limits.maxNestingDepth) deep")
                    }
                    liquidLevel += 1
                    work.append((LiquidLexer.liquidLines(source, ms, me, offset: offset), 0))
                    continue
                }
                try handle(token)
            }
            if stack.count > 1, let open = stack.last {
                throw LiquidErrorAt(offset: open.offset, "'\(open.tag)' tag was never closed")
            }
            return stack[0].nodes
        }

        mutating func append(_ node: LiquidNode, blank: Bool) {
            stack[stack.count - 1].nodes.append(node)
            stack[stack.count - 1].blank = stack[stack.count - 1].blank && blank
        }

        mutating func push(_ frame: Frame) throws(LiquidError) {
            guard stack.count <= limits.maxNestingDepth else {
                throw LiquidErrorAt(offset: frame.offset, "Blocks are nested more than \(limits.maxNestingDepth) deep")
            }
            stack.append(frame)
        }

        mutating func handle(_ token: LiquidTemplateToken) throws(LiquidError) {
            let top = stack[stack.count - 1]
            if top.kind == .comment {
                // A comment's body is tokenized but not parsed: only nested comment tags count.
                switch token {
                case .tag("comment", _, _, _): stack[stack.count - 1].commentDepth += 1
                case .tag("endcomment", _, _, _):
                    stack[stack.count - 1].commentDepth -= 1
                    if stack[stack.count - 1].commentDepth == 0 { stack.removeLast() }
                case .endLiquid:
                    throw LiquidErrorAt(offset: top.offset, "'comment' tag was never closed")
                default: break
                }
                return
            }
            switch token {
            case .text(let s, let raw):
                let blank = !raw && s.utf8.allSatisfy(LiquidLexer.isSpace)
                append(.text(s), blank: blank)
            case .output(let ms, let me, let offset):
                var p = try parser(ms, me)
                append(.output(try p.outputExpression(maxFilters: limits.maxFilterCalls), offset: offset), blank: false)
            case .endLiquid:
                if let open = stack.last, open.liquidLevel == liquidLevel, stack.count > 1 {
                    throw LiquidErrorAt(offset: open.offset, "'\(open.tag)' tag was never closed")
                }
                liquidLevel -= 1
            case .tag(let name, let ms, let me, let offset):
                try tag(name, ms, me, offset)
            }
        }

        // swiftlint:disable:next cyclomatic_complexity function_body_length
        mutating func tag(_ name: String, _ ms: Int, _ me: Int, _ offset: Int) throws(LiquidError) {
            switch name {
            case "#":
                // Liquid's InlineComment: every line of a multi-line inline comment starts with '#'.
                var i = ms
                while i < me {
                    if source[i] == 10 {
                        var j = i + 1
                        while j < me, LiquidLexer.isSpace(source[j]) { j += 1 }
                        if j < me, source[j] != 35 {
                            throw LiquidErrorAt(offset: j, "Each line of an inline comment must start with '#'")
                        }
                        i = j
                    } else {
                        i += 1
                    }
                }
            case "if", "unless":
                var p = try parser(ms, me)
                var f = Frame(kind: .conditional, tag: name, offset: offset, liquidLevel: liquidLevel)
                f.condition = try p.condition()
                try push(f)
            case "elsif", "else":
                let top = stack[stack.count - 1]
                switch top.liquidLevel == liquidLevel ? top.kind : .root {
                case .conditional:
                    var cond: LiquidCondition?
                    if name == "elsif" {
                        var p = try parser(ms, me)
                        cond = try p.condition()
                    }
                    var f = stack.removeLast()
                    f.branches.append((f.condition, f.takeBody()))
                    f.condition = cond
                    stack.append(f)
                case .forLoop where name == "else":
                    var f = stack.removeLast()
                    let body = f.takeBody()
                    if f.mainBody == nil { f.mainBody = body }
                    stack.append(f)
                case .caseBlock where name == "else":
                    var f = stack.removeLast()
                    closeCasePart(&f)
                    f.casePart = .otherwise
                    stack.append(f)
                default:
                    throw misplaced(name, offset)
                }
            case "case":
                var p = try parser(ms, me)
                var f = Frame(kind: .caseBlock, tag: name, offset: offset, liquidLevel: liquidLevel)
                f.subject = try p.expression()
                try p.expectEnd()
                try push(f)
            case "when":
                guard stack[stack.count - 1].kind == .caseBlock, stack[stack.count - 1].liquidLevel == liquidLevel else { throw misplaced(name, offset) }
                var p = try parser(ms, me)
                // Liquid's WhenSyntax: values joined by ',' or 'or'; whatever follows otherwise is ignored.
                var values = [try p.expression()]
                while p.current.kind == .comma || p.consumeIdent("or") {
                    if p.current.kind == .comma { _ = p.advance() }
                    values.append(try p.expression())
                }
                var f = stack.removeLast()
                closeCasePart(&f)
                f.casePart = .when(values)
                stack.append(f)
            case "for", "tablerow":
                var p = try parser(ms, me)
                var f = Frame(kind: name == "for" ? .forLoop : .tablerow, tag: name, offset: offset, liquidLevel: liquidLevel)
                f.loop = try loopHeader(&p, tablerow: name == "tablerow")
                try push(f)
            case "capture":
                var p = try parser(ms, me)
                var f = Frame(kind: .capture, tag: name, offset: offset, liquidLevel: liquidLevel)
                if case .string(let s) = p.current.kind { f.name = s; _ = p.advance() } else { f.name = try assignTarget(&p) }
                try p.expectEnd()
                try push(f)
            case "ifchanged":
                try push(Frame(kind: .ifchanged, tag: name, offset: offset, liquidLevel: liquidLevel))
            case "comment":
                try push(Frame(kind: .comment, tag: name, offset: offset, liquidLevel: liquidLevel))
            case "assign":
                var p = try parser(ms, me)
                let target = try assignTarget(&p)
                try p.expect(.assign, "'=' after the variable name")
                let value = try p.outputExpression(maxFilters: limits.maxFilterCalls)
                append(.assign(target, value, offset: offset), blank: true)
            case "echo":
                var p = try parser(ms, me)
                append(.output(try p.outputExpression(maxFilters: limits.maxFilterCalls), offset: offset), blank: false)
            case "increment", "decrement":
                var p = try parser(ms, me)
                let v = try p.ident()
                try p.expectEnd()
                append(name == "increment" ? .increment(v, offset: offset) : .decrement(v, offset: offset), blank: false)
            case "cycle":
                var p = try parser(ms, me)
                append(try cycle(&p, offset), blank: false)
            case "break", "continue":
                var p = try parser(ms, me)
                try p.expectEnd()
                append(name == "break" ? .breakLoop : .continueLoop, blank: false)
            case "include", "render":
                throw LiquidErrorAt(offset: offset, "The '\(name)' tag needs template files, which this engine does not load")
            case "":
                throw LiquidErrorAt(offset: offset, "A tag has no name")
            default:
                if name.hasPrefix("end") {
                    try close(name, offset)
                } else {
                    throw LiquidErrorAt(offset: offset, "Unknown tag '\(name)'")
                }
            }
        }

        /// A variable name `assign` and `capture` may set: a word without a trailing '?', or digits (Liquid's
        /// VariableSignature).
        func assignTarget(_ p: inout LiquidExpressionParser) throws(LiquidError) -> String {
            switch p.current.kind {
            case .ident(let s) where !s.hasSuffix("?"): _ = p.advance(); return s
            case .int(let n) where n >= 0: _ = p.advance(); return String(n)
            default: throw p.unexpected("a variable name")
            }
        }

        func misplaced(_ name: String, _ offset: Int) -> LiquidError {
            let top = stack[stack.count - 1]
            if top.kind == .root || top.liquidLevel != liquidLevel { return LiquidErrorAt(offset: offset, "Unknown tag '\(name)'") }
            return LiquidErrorAt(offset: offset, "The '\(top.tag)' tag does not take an '\(name)' tag")
        }

        mutating func closeCasePart(_ f: inout Frame) {
            let body = f.takeBody()
            switch f.casePart {
            case .beforeWhen: f.allBlank = true // text before the first `when` is dropped
            case .when(let values): f.caseBranches.append(.when(values, body))
            case .otherwise: f.caseBranches.append(.otherwise(body))
            }
        }

        mutating func close(_ name: String, _ offset: Int) throws(LiquidError) {
            let top = stack[stack.count - 1]
            guard stack.count > 1, top.liquidLevel == liquidLevel else {
                throw LiquidErrorAt(offset: offset, "Unknown tag '\(name)'")
            }
            guard name == "end" + top.tag else {
                throw LiquidErrorAt(offset: offset, "'\(name)' does not close the '\(top.tag)' tag (use 'end\(top.tag)')")
            }
            var f = stack.removeLast()
            let node: LiquidNode
            let blank: Bool
            switch f.kind {
            case .conditional:
                f.branches.append((f.condition, f.takeBody()))
                let b = f.allBlank
                node = .conditional(branches: f.branches.map { ($0.0, stripped($0.1, b)) }, negateFirst: f.tag == "unless", offset: f.offset)
                blank = f.allBlank
            case .caseBlock:
                closeCasePart(&f)
                let b = f.allBlank
                node = .caseBlock(subject: f.subject, branches: f.caseBranches.map { branch in
                    switch branch {
                    case .when(let v, let body): return .when(v, stripped(body, b))
                    case .otherwise(let body): return .otherwise(stripped(body, b))
                    }
                }, offset: f.offset)
                blank = f.allBlank
            case .forLoop, .tablerow:
                let body = f.takeBody()
                guard let h = f.loop else { return }
                let main = f.mainBody ?? body
                let elseBody = f.mainBody == nil ? [] : body
                let loop = LiquidForLoop(variable: h.variable, collection: h.collection, collectionKey: h.collectionKey,
                                         reversed: h.reversed, limit: h.limit, offset: h.offset,
                                         offsetContinue: h.offsetContinue, cols: h.cols,
                                         body: stripped(main, f.allBlank), elseBody: stripped(elseBody, f.allBlank))
                node = f.kind == .forLoop ? .forLoop(loop, offset: f.offset) : .tablerow(loop, offset: f.offset)
                blank = f.allBlank
            case .capture:
                let body = f.takeBody()
                node = .capture(f.name, stripped(body, f.allBlank), offset: f.offset)
                blank = true
            case .ifchanged:
                let body = f.takeBody()
                node = .ifchanged(stripped(body, f.allBlank), offset: f.offset)
                blank = f.allBlank
            case .root, .comment:
                return
            }
            append(node, blank: blank)
        }

        func loopHeader(_ p: inout LiquidExpressionParser, tablerow: Bool) throws(LiquidError) -> LiquidForLoop {
            let tag = tablerow ? "tablerow" : "for"
            let variable = try p.ident()
            guard p.consumeIdent("in") else { throw p.unexpected("'in' after the loop variable") }
            let start = p.index
            let collection = try p.expression()
            let key = p.text(from: start)
            var reversed = p.consumeIdent("reversed")
            var limit: LiquidExpr?
            var offset: LiquidExpr?
            var offsetContinue = false
            var cols: LiquidExpr?
            while !p.atEnd {
                if p.current.kind == .comma { _ = p.advance(); if p.atEnd { break } }
                if !tablerow, p.consumeIdent("reversed") { reversed = true; continue }
                let at = p.current.offset
                let attribute = try p.ident()
                try p.expect(.colon, "':' after '\(attribute)'")
                switch attribute {
                case "limit": limit = try p.expression()
                case "offset":
                    if p.consumeIdent("continue") { offsetContinue = true; offset = nil } else { offset = try p.expression() }
                case "cols" where tablerow: cols = try p.expression()
                default:
                    throw LiquidErrorAt(offset: at, "'\(attribute)' is not an attribute of the '\(tag)' tag (use \(tablerow ? "cols, limit or offset" : "limit or offset"))")
                }
            }
            return LiquidForLoop(variable: variable, collection: collection, collectionKey: variable + "-" + key,
                                 reversed: reversed, limit: limit, offset: offset, offsetContinue: offsetContinue,
                                 cols: cols, body: [], elseBody: [])
        }

        func cycle(_ p: inout LiquidExpressionParser, _ offset: Int) throws(LiquidError) -> LiquidNode {
            let first = try p.expression()
            var group: LiquidExpr?
            var values: [LiquidExpr]
            if p.current.kind == .colon {
                _ = p.advance()
                group = first
                values = [try p.expression()]
            } else {
                values = [first]
            }
            while p.current.kind == .comma {
                _ = p.advance()
                values.append(try p.expression())
            }
            try p.expectEnd()
            // Liquid keys an unnamed cycle by its list of values: cycles with the same literals share a position.
            var key = "@\(offset)"
            let literals = values.compactMap { v -> LiquidValue? in if case .literal(let l) = v { return l } else { return nil } }
            if literals.count == values.count { key = "u:" + String(describing: literals) }
            return .cycle(group: group, key: key, values: values, offset: offset)
        }
    }
}
