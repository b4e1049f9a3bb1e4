// Tokenizes and parses the markup inside `{{ }}` and `{% %}`: lookups, literals, ranges, filters and conditions.

/// One token of tag or output markup; `offset` is its UTF-8 offset in the template source.
struct LiquidToken: Sendable {
    enum Kind: Equatable, Sendable {
        case ident(String), string(String), int(Int), float(Double)
        case dot, dotdot, lbracket, rbracket, lparen, rparen, pipe, colon, comma, assign
        case comparison(String)
        case end
    }
    let kind: Kind
    let offset: Int
    let endOffset: Int
}

/// Parses one markup string with Liquid's strict parser (Liquid's `Parser`, lib/liquid/parser.rb).
struct LiquidExpressionParser {
    let source: [UInt8]
    var tokens: [LiquidToken] = []
    var index = 0
    let maxDepth: Int
    var depth = 0

    /// Tokenizes `bytes[start..<end]` of the template.
    init(source: [UInt8], start: Int, end: Int, maxDepth: Int) throws(LiquidError) {
        self.source = source
        self.maxDepth = maxDepth
        tokens = try LiquidExpressionParser.tokenize(source, start, end)
    }

    static func isIdentStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95
    }
    static func isIdentChar(_ c: UInt8) -> Bool { isIdentStart(c) || isDigit(c) || c == 45 }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }

    static func tokenize(_ s: [UInt8], _ start: Int, _ end: Int) throws(LiquidError) -> [LiquidToken] {
        var out: [LiquidToken] = []
        var i = start
        func add(_ k: LiquidToken.Kind, _ from: Int, _ to: Int) { out.append(LiquidToken(kind: k, offset: from, endOffset: to)) }
        while i < end {
            let c = s[i]
            if isSpace(c) { i += 1; continue }
            let from = i
            if isIdentStart(c) {
                i += 1
                while i < end, isIdentChar(s[i]) { i += 1 }
                if i < end, s[i] == 63 { i += 1 } // a trailing '?'
                let word = String(decoding: s[from..<i], as: UTF8.self)
                add(word == "contains" ? .comparison(word) : .ident(word), from, i)
                continue
            }
            if isDigit(c) || (c == 45 && i + 1 < end && isDigit(s[i + 1])) {
                i += 1
                while i < end, isDigit(s[i]) { i += 1 }
                var isFloat = false
                if i + 1 < end, s[i] == 46, isDigit(s[i + 1]) {
                    isFloat = true
                    i += 1
                    while i < end, isDigit(s[i]) { i += 1 }
                }
                let text = String(decoding: s[from..<i], as: UTF8.self)
                if isFloat {
                    add(.float(Double(text) ?? 0), from, i)
                } else if let n = Int(text) {
                    add(.int(n), from, i)
                } else {
                    add(.float(Double(text) ?? 0), from, i)
                }
                continue
            }
            switch c {
            case 39, 34: // ' "
                i += 1
                while i < end, s[i] != c { i += 1 }
                guard i < end else { throw LiquidErrorAt(offset: from, "A string was never closed with \(c == 39 ? "'" : "\"")") }
                add(.string(String(decoding: s[(from + 1)..<i], as: UTF8.self)), from, i + 1)
                i += 1
            case 46:
                if i + 1 < end, s[i + 1] == 46 { add(.dotdot, from, i + 2); i += 2 } else { add(.dot, from, i + 1); i += 1 }
            case 91: add(.lbracket, from, i + 1); i += 1
            case 93: add(.rbracket, from, i + 1); i += 1
            case 40: add(.lparen, from, i + 1); i += 1
            case 41: add(.rparen, from, i + 1); i += 1
            case 124: add(.pipe, from, i + 1); i += 1
            case 58: add(.colon, from, i + 1); i += 1
            case 44: add(.comma, from, i + 1); i += 1
            case 61, 33, 60, 62: // = ! < >
                let next: UInt8 = i + 1 < end ? s[i + 1] : 0
                if c == 61 && next == 61 { add(.comparison("=="), from, i + 2); i += 2 }
                else if c == 33 && next == 61 { add(.comparison("!="), from, i + 2); i += 2 }
                else if c == 60 && next == 62 { add(.comparison("<>"), from, i + 2); i += 2 }
                else if c == 60 && next == 61 { add(.comparison("<="), from, i + 2); i += 2 }
                else if c == 62 && next == 61 { add(.comparison(">="), from, i + 2); i += 2 }
                else if c == 60 { add(.comparison("<"), from, i + 1); i += 1 }
                else if c == 62 { add(.comparison(">"), from, i + 1); i += 1 }
                else if c == 61 { add(.assign, from, i + 1); i += 1 }
                else { throw LiquidErrorAt(offset: from, "Unexpected character '!'") }
            default:
                // A whole character (not one byte of it) for the message.
                var j = i + 1
                while j < end, s[j] & 0xC0 == 0x80 { j += 1 }
                let ch = String(decoding: s[i..<j], as: UTF8.self)
                throw LiquidErrorAt(offset: from, "Unexpected character '\(ch)'")
            }
        }
        out.append(LiquidToken(kind: .end, offset: end, endOffset: end))
        return out
    }

    var current: LiquidToken { tokens[index] }
    var atEnd: Bool { current.kind == .end }

    func look(_ ahead: Int = 0) -> LiquidToken.Kind {
        let i = index + ahead
        return i < tokens.count ? tokens[i].kind : .end
    }

    mutating func advance() -> LiquidToken {
        let t = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    func describe(_ k: LiquidToken.Kind) -> String {
        switch k {
        case .ident(let s): return "'\(s)'"
        case .string(let s): return "the string '\(s)'"
        case .int(let n): return "'\(n)'"
        case .float(let d): return "'\(d)'"
        case .dot: return "'.'"
        case .dotdot: return "'..'"
        case .lbracket: return "'['"
        case .rbracket: return "']'"
        case .lparen: return "'('"
        case .rparen: return "')'"
        case .pipe: return "'|'"
        case .colon: return "':'"
        case .comma: return "','"
        case .assign: return "'='"
        case .comparison(let s): return "'\(s)'"
        case .end: return "the end of the tag"
        }
    }

    func unexpected(_ wanted: String) -> LiquidError {
        LiquidErrorAt(offset: current.offset, "Expected \(wanted) but found \(describe(current.kind))")
    }

    mutating func expect(_ k: LiquidToken.Kind, _ what: String) throws(LiquidError) {
        guard current.kind == k else { throw unexpected(what) }
        _ = advance()
    }

    mutating func expectEnd() throws(LiquidError) {
        guard atEnd else { throw LiquidErrorAt(offset: current.offset, "Unexpected \(describe(current.kind)) in the tag") }
    }

    mutating func ident() throws(LiquidError) -> String {
        guard case .ident(let s) = current.kind else { throw unexpected("a name") }
        _ = advance()
        return s
    }

    /// Consumes the identifier `word` if it is next.
    mutating func consumeIdent(_ word: String) -> Bool {
        if case .ident(word) = current.kind { _ = advance(); return true }
        return false
    }

    /// An expression: literal, lookup or range (Liquid's `Parser#expression`).
    mutating func expression() throws(LiquidError) -> LiquidExpr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxDepth else {
            throw LiquidErrorAt(offset: current.offset, "The expression is nested more than \(maxDepth) deep")
        }
        let t = current
        switch t.kind {
        case .string(let s): _ = advance(); return .literal(.string(s))
        case .int(let n): _ = advance(); return .literal(.int(n))
        case .float(let d): _ = advance(); return .literal(.float(d))
        case .lparen:
            _ = advance()
            let a = try expression()
            try expect(.dotdot, "'..' in a range")
            let b = try expression()
            try expect(.rparen, "')' closing the range")
            return .range(a, b)
        case .ident(let name):
            _ = advance()
            let path = try lookups()
            if path.isEmpty {
                switch name {
                case "nil", "null": return .literal(.nil_)
                case "true": return .literal(.bool(true))
                case "false": return .literal(.bool(false))
                case "empty": return .literal(.empty)
                case "blank": return .literal(.blank)
                default: break
                }
            }
            return .lookup(root: .name(name), path: path)
        case .lbracket:
            _ = advance()
            let key = try expression()
            try expect(.rbracket, "']'")
            let path = try lookups()
            return .lookup(root: .index(key), path: path)
        default:
            throw unexpected("a value")
        }
    }

    /// `.name` and `[expr]` segments after a lookup's root.
    mutating func lookups() throws(LiquidError) -> [LiquidSegment] {
        var path: [LiquidSegment] = []
        while true {
            if current.kind == .dot {
                _ = advance()
                guard case .ident(let n) = current.kind else { throw unexpected("a property name after '.'") }
                _ = advance()
                path.append(.name(n))
            } else if current.kind == .lbracket {
                _ = advance()
                let key = try expression()
                try expect(.rbracket, "']'")
                path.append(.index(key))
            } else {
                return path
            }
        }
    }

    /// `expr | name: arg, key: value | …` up to the end of the markup (Liquid's `Variable#strict_parse`).
    mutating func outputExpression(maxFilters: Int) throws(LiquidError) -> LiquidOutputExpr {
        if atEnd { return LiquidOutputExpr(expr: .literal(.nil_), filters: []) }
        let expr = try expression()
        let filters = try filterChain(maxFilters: maxFilters)
        try expectEnd()
        return LiquidOutputExpr(expr: expr, filters: filters)
    }

    mutating func filterChain(maxFilters: Int) throws(LiquidError) -> [LiquidFilterCall] {
        var filters: [LiquidFilterCall] = []
        while current.kind == .pipe {
            _ = advance()
            let at = current.offset
            guard case .ident(let name) = current.kind else { throw unexpected("a filter name after '|'") }
            _ = advance()
            var args: [LiquidExpr] = []
            var keywords: [(String, LiquidExpr)] = []
            if current.kind == .colon {
                _ = advance()
                while true {
                    if case .ident(let key) = current.kind, look(1) == .colon {
                        _ = advance(); _ = advance()
                        keywords.append((key, try expression()))
                    } else {
                        args.append(try expression())
                    }
                    guard current.kind == .comma else { break }
                    _ = advance()
                }
            }
            filters.append(LiquidFilterCall(name: name, args: args, keywords: keywords, offset: at))
            guard filters.count <= maxFilters else {
                throw LiquidErrorAt(offset: at, "More than \(maxFilters) filters in one expression")
            }
        }
        return filters
    }

    /// `a op b and c or d` (Liquid's `If#parse_binary_comparisons`).
    mutating func condition() throws(LiquidError) -> LiquidCondition {
        var comparisons = [try comparison()]
        var joins: [Bool] = []
        while true {
            if consumeIdent("and") { joins.append(true) } else if consumeIdent("or") { joins.append(false) } else { break }
            comparisons.append(try comparison())
        }
        try expectEnd()
        return LiquidCondition(comparisons: comparisons, joins: joins)
    }

    mutating func comparison() throws(LiquidError) -> LiquidComparison {
        let left = try expression()
        if case .comparison(let op) = current.kind {
            _ = advance()
            return LiquidComparison(left: left, op: op, right: try expression())
        }
        return LiquidComparison(left: left, op: nil, right: nil)
    }

    /// The source text of tokens `from..<index`, as the markup wrote it.
    func text(from: Int) -> String {
        guard from < index else { return "" }
        return String(decoding: source[tokens[from].offset..<tokens[index - 1].endOffset], as: UTF8.self)
    }
}

/// A `LiquidError` whose line and column are filled in later from a source offset (see `LiquidPosition`).
func LiquidErrorAt(offset: Int, _ message: String) -> LiquidError {
    LiquidError(line: 0, column: offset, message: message)
}
