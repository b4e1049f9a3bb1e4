// Splits a template's source into text, `{{ output }}` and `{% tag %}` tokens, applying whitespace control.

/// One top-level token. Offsets are UTF-8 offsets into the source.
enum LiquidTemplateToken: Sendable {
    /// Text between tags; `raw` marks the body of `{% raw %}`, which is never dropped as blank.
    case text(String, raw: Bool)
    case output(markupStart: Int, markupEnd: Int, offset: Int)
    /// A tag: its name (`#` for an inline comment, "" when the tag has no name) and its markup.
    case tag(name: String, markupStart: Int, markupEnd: Int, offset: Int)
    /// Closes the lines of a `{% liquid %}` tag (synthetic: they may not close blocks opened outside it).
    case endLiquid(offset: Int)
}

enum LiquidLexer {
    static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }

    /// Finds `needle` (two bytes) from `from`; nil when absent.
    static func find(_ s: [UInt8], _ a: UInt8, _ b: UInt8, from: Int) -> Int? {
        var i = from
        while i + 1 < s.count {
            if s[i] == a && s[i + 1] == b { return i }
            i += 1
        }
        return nil
    }

    /// The tag name at `i` (after `{%` and an optional `-` and spaces), and where it ends.
    static func tagName(_ s: [UInt8], _ start: Int, _ end: Int) -> (String, Int) {
        var i = start
        while i < end, isSpace(s[i]) { i += 1 }
        if i < end, s[i] == 35 { return ("#", i + 1) } // '#'
        let from = i
        while i < end, LiquidExpressionParser.isIdentChar(s[i]) || s[i] == 63 { i += 1 }
        return (String(decoding: s[from..<i], as: UTF8.self), i)
    }

    /// Finds `{%-? name -?%}` from `from`: the offset of its `{%`, and the offset just past its `%}`, and whether it
    /// ends with `-%}`. Used for the bodies of `raw` and `doc`, which are not tokenized.
    static func findEnd(_ s: [UInt8], _ name: String, from: Int) -> (Int, Int, Bool, Bool)? {
        var i = from
        while let open = find(s, 123, 37, from: i) {
            var j = open + 2
            let trimLeft = j < s.count && s[j] == 45
            if trimLeft { j += 1 }
            let (word, after) = tagName(s, j, s.count)
            if word == name {
                var k = after
                while k < s.count, isSpace(s[k]) { k += 1 }
                let trimRight = k < s.count && s[k] == 45
                if trimRight { k += 1 }
                if k + 1 < s.count, s[k] == 37, s[k + 1] == 125 { return (open, k + 2, trimLeft, trimRight) }
            }
            i = open + 2
        }
        return nil
    }

    static func rstripText(_ tokens: inout [LiquidTemplateToken]) {
        guard case .text(let t, let raw)? = tokens.last, !raw else { return }
        var scalars = Substring(t)
        while let c = scalars.utf8.last, isSpace(c) { scalars = scalars.dropLast() }
        tokens[tokens.count - 1] = .text(String(scalars), raw: false)
    }

    static func tokenize(_ s: [UInt8]) throws(LiquidError) -> [LiquidTemplateToken] {
        var tokens: [LiquidTemplateToken] = []
        var i = 0
        var stripNext = false
        func addText(_ from: Int, _ to: Int) {
            var a = from
            if stripNext { while a < to, isSpace(s[a]) { a += 1 } }
            stripNext = false
            if a < to { tokens.append(.text(String(decoding: s[a..<to], as: UTF8.self), raw: false)) }
        }
        while i < s.count {
            // The next `{{` or `{%`.
            var j = i
            var found = -1
            while j + 1 < s.count {
                if s[j] == 123, s[j + 1] == 123 || s[j + 1] == 37 { found = j; break }
                j += 1
            }
            if found < 0 { addText(i, s.count); break }
            addText(i, found)
            let isOutput = s[found + 1] == 123
            var contentStart = found + 2
            if contentStart < s.count, s[contentStart] == 45 {
                contentStart += 1
                rstripText(&tokens)
            }
            guard let close = find(s, isOutput ? 125 : 37, 125, from: contentStart) else {
                throw LiquidErrorAt(offset: found, isOutput ? "'{{' was never closed with '}}'" : "'{%' was never closed with '%}'")
            }
            var contentEnd = close
            let trimRight = contentEnd > contentStart && s[contentEnd - 1] == 45
            if trimRight { contentEnd -= 1 }
            i = close + 2
            if isOutput {
                tokens.append(.output(markupStart: contentStart, markupEnd: contentEnd, offset: found))
                stripNext = trimRight
                continue
            }
            let (name, nameEnd) = tagName(s, contentStart, contentEnd)
            if name == "raw" || name == "doc" {
                guard let (endOpen, endClose, _, endTrimRight) = findEnd(s, "end" + name, from: i) else {
                    throw LiquidErrorAt(offset: found, "'\(name)' tag was never closed")
                }
                var k = nameEnd
                while k < contentEnd, isSpace(s[k]) { k += 1 }
                if name == "doc", k < contentEnd {
                    throw LiquidErrorAt(offset: k, "The 'doc' tag takes no arguments")
                }
                stripNext = false
                if name == "raw", endOpen > i {
                    // Verbatim: Liquid's Raw#parse trims neither end of the body, whatever `-` its tags carry.
                    tokens.append(.text(String(decoding: s[i..<endOpen], as: UTF8.self), raw: true))
                }
                i = endClose
                stripNext = endTrimRight
                continue
            }
            tokens.append(.tag(name: name, markupStart: nameEnd, markupEnd: contentEnd, offset: found))
            stripNext = trimRight
        }
        return tokens
    }

    /// The lines of a `{% liquid %}` tag's markup, each as a tag token (blank lines dropped), then `endLiquid`.
    /// Lines end at "\n" (a "\r" before it is dropped), as Liquid's `Tokenizer` splits them in line mode.
    static func liquidLines(_ s: [UInt8], _ start: Int, _ end: Int, offset: Int) -> [LiquidTemplateToken] {
        var out: [LiquidTemplateToken] = []
        var lineStart = start
        var i = start
        while i <= end {
            if i == end || s[i] == 10 {
                var a = lineStart
                var b = i
                while a < b, isSpace(s[a]) { a += 1 }
                while b > a, isSpace(s[b - 1]) { b -= 1 }
                if a < b {
                    let (name, nameEnd) = tagName(s, a, b)
                    out.append(.tag(name: name, markupStart: nameEnd, markupEnd: b, offset: a))
                }
                lineStart = i + 1
            }
            i += 1
        }
        out.append(.endLiquid(offset: offset))
        return out
    }
}
