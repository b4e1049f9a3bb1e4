// The string work of Liquid's filters, as Ruby's String methods do it (byte- or code-point-wise, not by locale).

import Foundation

enum LiquidText {
    /// Ruby's `strip` set: NUL, tab, line feed, vertical tab, form feed, carriage return and space.
    static func isRubySpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\0" || ("\t"..."\r").contains(c)
    }

    static func strip(_ s: String, leading: Bool, trailing: Bool) -> String {
        var u = Substring(s).unicodeScalars[...]
        if leading { while let c = u.first, isRubySpace(c) { u = u.dropFirst() } }
        if trailing { while let c = u.last, isRubySpace(c) { u = u.dropLast() } }
        return String(String.UnicodeScalarView(u))
    }

    /// CGI.escapeHTML: & < > " ' (https://shopify.github.io/liquid/filters/escape/).
    static func escapeHTML(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Escapes like `escape` but leaves existing entities (`&amp;`, `&#39;`) alone
    /// (https://shopify.github.io/liquid/filters/escape_once/).
    static func escapeOnce(_ s: String) -> String {
        let u = Array(s.unicodeScalars)
        var out = ""
        var i = 0
        while i < u.count {
            let c = u[i]
            if c == "&" {
                var j = i + 1
                var isEntity = false
                if j < u.count, u[j] == "#" {
                    j += 1
                    let start = j
                    while j < u.count, ("0"..."9").contains(u[j]) { j += 1 }
                    isEntity = j > start && j < u.count && u[j] == ";"
                } else {
                    let start = j
                    while j < u.count, u[j].isASCII, u[j].properties.isAlphabetic { j += 1 }
                    isEntity = j > start && j < u.count && u[j] == ";"
                }
                out += isEntity ? "&" : "&amp;"
            } else {
                out += escapeHTML(String(c))
            }
            i += 1
        }
        return out
    }

    /// `\r?\n` replaced (newline_to_br, strip_newlines), scalar by scalar: a Swift Character would hold "\r\n" as one.
    static func replacingNewlines(_ s: String, with replacement: String) -> String {
        var out = String.UnicodeScalarView()
        let u = Array(s.unicodeScalars)
        var i = 0
        while i < u.count {
            if u[i] == "\r", i + 1 < u.count, u[i + 1] == "\n" {
                out.append(contentsOf: replacement.unicodeScalars); i += 2
            } else if u[i] == "\n" {
                out.append(contentsOf: replacement.unicodeScalars); i += 1
            } else {
                out.append(u[i]); i += 1
            }
        }
        return String(out)
    }

    /// Byte offsets of `needle` in `hay`, non-overlapping, left to right.
    static func occurrences(_ hay: [UInt8], _ needle: [UInt8], max: Int = Int.max) -> [Int] {
        guard !needle.isEmpty, needle.count <= hay.count else { return [] }
        var out: [Int] = []
        var i = 0
        let first = needle[0]
        while i + needle.count <= hay.count, out.count < max {
            if hay[i] == first, hay[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(i); i += needle.count
            } else {
                i += 1
            }
        }
        return out
    }

    /// Ruby's `gsub(string, replacement)`; an empty pattern matches between every character.
    static func replaceAll(_ s: String, _ pattern: String, _ replacement: String, limit: Int = Int.max) -> String {
        if pattern.isEmpty {
            var out = replacement
            for c in s.unicodeScalars {
                out.unicodeScalars.append(c)
                out += replacement
                if out.utf8.count > limit { return out }
            }
            return out
        }
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        let at = occurrences(hay, needle)
        guard !at.isEmpty else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(hay.count)
        var last = 0
        let rep = Array(replacement.utf8)
        for i in at {
            out += hay[last..<i]
            out += rep
            last = i + needle.count
            if out.count > limit { break }
        }
        out += hay[last...]
        return String(decoding: out, as: UTF8.self)
    }

    static func replaceFirst(_ s: String, _ pattern: String, _ replacement: String) -> String {
        if pattern.isEmpty { return replacement + s }
        let hay = Array(s.utf8)
        guard let i = occurrences(hay, Array(pattern.utf8), max: 1).first else { return s }
        return String(decoding: hay[..<i] + Array(replacement.utf8) + hay[(i + pattern.utf8.count)...], as: UTF8.self)
    }

    static func replaceLast(_ s: String, _ pattern: String, _ replacement: String) -> String {
        if pattern.isEmpty { return s + replacement }
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        guard needle.count <= hay.count else { return s }
        var i = hay.count - needle.count
        while i >= 0 {
            if hay[i..<(i + needle.count)].elementsEqual(needle) {
                return String(decoding: hay[..<i] + Array(replacement.utf8) + hay[(i + needle.count)...], as: UTF8.self)
            }
            i -= 1
        }
        return s
    }

    /// Ruby's `String#split(string)`: " " splits on runs of whitespace (leading ignored), "" into characters;
    /// trailing empty strings are dropped (https://shopify.github.io/liquid/filters/split/).
    static func split(_ s: String, _ pattern: String) -> [String] {
        if pattern == " " { return whitespaceWords(s, limit: Int.max) }
        if pattern.isEmpty { return s.unicodeScalars.map { String($0) } }
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        var parts: [String] = []
        var last = 0
        for i in occurrences(hay, needle) {
            parts.append(String(decoding: hay[last..<i], as: UTF8.self))
            last = i + needle.count
        }
        parts.append(String(decoding: hay[last...], as: UTF8.self))
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }

    /// Words separated by runs of ASCII whitespace, at most `limit` of them.
    static func whitespaceWords(_ s: String, limit: Int) -> [String] {
        var out: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        for c in s.unicodeScalars {
            if c == " " || ("\t"..."\r").contains(c) {
                if inWord {
                    out.append(String(current)); current = String.UnicodeScalarView(); inWord = false
                    if out.count >= limit { return out }
                }
            } else {
                current.append(c); inWord = true
            }
        }
        if inWord { out.append(String(current)) }
        return out
    }

    /// Ruby's `slice(start, length)` as a range of indices, nil where Ruby returns nil.
    static func sliceRange(count: Int, start: Int, length: Int) -> Range<Int>? {
        var a = start
        if a < 0 { a += count }
        guard a >= 0, a <= count, length >= 0 else { return nil }
        let (end, overflow) = a.addingReportingOverflow(length)
        return a..<(overflow ? count : min(count, end))
    }

    /// Removes `<script>…</script>`, `<style>…</style>`, `<!-- … -->` and then every `<…>`, in linear time
    /// (https://shopify.github.io/liquid/filters/strip_html/).
    static func stripHTML(_ s: String) -> String {
        var bytes = Array(s.utf8)
        for (open, close) in [("<script", "</script>"), ("<!--", "-->"), ("<style", "</style>")] {
            bytes = removeSpans(bytes, Array(open.utf8), Array(close.utf8))
        }
        bytes = removeSpans(bytes, [60], [62])
        return String(decoding: bytes, as: UTF8.self)
    }

    static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }

    static func matchAt(_ b: [UInt8], _ i: Int, _ p: [UInt8]) -> Bool {
        guard i + p.count <= b.count else { return false }
        for k in 0..<p.count where lower(b[i + k]) != p[k] { return false }
        return true
    }

    /// Removes each span from `open` to the nearest `close` after it (case-insensitively).
    static func removeSpans(_ b: [UInt8], _ open: [UInt8], _ close: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == open[0], matchAt(b, i, open) {
                var j = i + open.count
                var end = -1
                while j < b.count {
                    if b[j] == close[0], matchAt(b, j, close) { end = j + close.count; break }
                    j += 1
                }
                if end < 0 { out += b[i...]; return out }
                i = end
            } else {
                out.append(b[i]); i += 1
            }
        }
        return out
    }

    /// CGI.escape: letters, digits and `_.-~` kept, space as '+', every other byte as %XX.
    static func urlEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case 65...90, 97...122, 48...57, 95, 46, 45, 126: out.unicodeScalars.append(Unicode.Scalar(b))
            case 32: out += "+"
            default: out += String(format: "%%%02X", b)
            }
        }
        return out
    }

    /// CGI.unescape: '+' as space, %XX as a byte; nil when the bytes are not UTF-8.
    static func urlDecode(_ s: String) -> String? {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == 43 { out.append(32); i += 1 } else if b[i] == 37, i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) {
                out.append(h << 4 | l); i += 3
            } else {
                out.append(b[i]); i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// Ruby's strict_decode64 (or urlsafe_decode64, which also takes '-', '_' and missing padding).
    static func base64Decode(_ s: String, urlSafe: Bool) -> [UInt8]? {
        var t = s
        if urlSafe {
            t = t.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            if !t.hasSuffix("="), t.utf8.count % 4 != 0 {
                t += String(repeating: "=", count: 4 - t.utf8.count % 4)
            }
        }
        guard t.utf8.count % 4 == 0, let d = Data(base64Encoded: t) else { return nil }
        return Array(d)
    }
}
