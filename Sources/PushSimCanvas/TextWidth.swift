// Display width of text by grapheme (East Asian wide and emoji take two cells), wrapping and truncation by width.

public enum TextWidth {
    /// Cells one grapheme occupies: 0 for controls and lone combining marks, 2 for wide and emoji, else 1.
    public static func of(_ g: Character) -> Int {
        guard let first = g.unicodeScalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        let props = first.properties
        switch props.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return g.unicodeScalars.count == 1 ? 0 : 1
        default: break
        }
        if props.isEmojiPresentation { return 2 }
        if g.unicodeScalars.count > 1, props.isEmoji, g.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return isWide(v) ? 2 : 1
    }

    public static func of(_ s: String) -> Int {
        if let w = narrowWidth(s) { return w }
        var w = 0
        for g in s { w += of(g) }
        return w
    }

    /// The width of a string made only of U+0020–U+007E and U+00A0–U+02FF, read from its UTF-8 bytes; nil for any
    /// other. No scalar there joins a neighbour into one grapheme (the first that extends one is U+0300), and
    /// `of(Character)` gives each of them 1, so the width is their count, without breaking the string into
    /// graphemes (most of a status line's or a title's cost a frame). `TextWidthNarrowTests` holds it to the grapheme sum.
    static func narrowWidth(_ s: String) -> Int? {
        var s = s
        return s.withUTF8 { narrowWidth($0) }
    }

    /// `narrowWidth` of UTF-8 bytes.
    static func narrowWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0, count = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                guard b >= 0x20, b != 0x7F else { return nil }
                i += 1
            } else if b >= 0xC2, b <= 0xCB, i + 1 < n {
                // U+0080–U+02FF; U+0080–U+009F (C2 80–C2 9F) are C1 controls, width 0.
                guard b != 0xC2 || bytes[i + 1] >= 0xA0 else { return nil }
                i += 2
            } else {
                return nil
            }
            count += 1
        }
        return count
    }

    /// Whether `sanitized` would change anything: a C0 control, DEL or a C1 control (C2 80–C2 9F) anywhere. A control
    /// always starts a grapheme of its own (UAX #29 GB4/GB5), so with none the grapheme walk gives the string back.
    static func hasControls(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x20 || b == 0x7F { return true }
                if b == 0xC2, i + 1 < n, bytes[i + 1] < 0xA0 { return true }
                i += 1
            }
            return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Text safe to put on a terminal: controls become spaces (newlines too), nothing can escape into the tty.
    public static func sanitized(_ s: String) -> String {
        // Most text has no controls: it is its own sanitised form, without a walk over its graphemes (a good part
        // of an inbox frame's cost, two strings a card).
        guard hasControls(s) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for g in s {
            if let f = g.unicodeScalars.first, f.value < 0x20 || (0x7F..<0xA0).contains(f.value) { out.append(" ") }
            else { out.append(g) }
        }
        return out
    }

    /// Cut to at most `width` cells, ending in "…" when anything was cut. Reads no further than the cut, so a
    /// 50 MB title costs what one line of it does.
    public static func truncate(_ s: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        // No grapheme is wider than its UTF-8 bytes, so a string of at most `width` bytes fits as it is.
        if s.utf8.count <= width { return s }
        // Narrow text (see narrowWidth), read once from its bytes: one column per scalar.
        if s.utf8.count <= 2 * width, let n = narrowWidth(s) {
            return n <= width ? s : String(String.UnicodeScalarView(s.unicodeScalars.prefix(width - 1))) + "…"
        }
        var out = "", w = 0, fits = true
        var kept = s.startIndex  // where the text fitting in width - 1 cells ends
        var i = s.startIndex
        while i < s.endIndex {
            let gw = of(s[i])
            if w + gw > width { fits = false; break }
            w += gw
            i = s.index(after: i)
            if w <= width - 1 { kept = i }
        }
        if fits { return s }
        out = String(s[..<kept])
        return out + "…"
    }

    /// The start of `s` holding everything `maxLines` lines of `width` cells can show once controls (newlines too)
    /// become spaces, and enough more that an ellipsis is still due when there was more: a line holds at most
    /// `width` cells, a run of spaces is at most one, and a word reaching past the cut starts after the last line
    /// shown. So `wrap(sanitized(prefix))` equals `wrap(sanitized(s))`, and a frame's work is bounded by what it
    /// shows, not by the text's size (a 50 MB title took seconds a frame).
    public static func shownPrefix(_ s: String, width: Int, maxLines: Int) -> Substring {
        guard maxLines < Int.max / 4, width < Int.max / 4 else { return s[...] }
        return prefix(s, cells: (maxLines + 1) * (width + 1) + 1, collapsingSpaces: true)
    }

    /// The start of `s` up to and including the grapheme that takes it past `cells` cells (a control counting as the
    /// space it becomes; with `collapsingSpaces`, a run of spaces as one).
    static func prefix(_ s: String, cells limit: Int, collapsingSpaces: Bool) -> Substring {
        var cells = 0, inSpace = false
        var i = s.startIndex
        while i < s.endIndex {
            let g = s[i]
            let v = g.unicodeScalars.first?.value ?? 0
            if g == " " || v < 0x20 || (0x7F..<0xA0).contains(v) {
                if !(collapsingSpaces && inSpace) { cells += 1 }
                inSpace = true
            } else {
                cells += of(g)
                inSpace = false
            }
            if cells > limit { return s[...i] }
            i = s.index(after: i)
        }
        return s[...]
    }

    /// `wrap(sanitized(s))` reading only what can be shown.
    public static func shownLines(_ s: String, width: Int, maxLines: Int) -> [String] {
        wrap(sanitized(String(shownPrefix(s, width: width, maxLines: maxLines))), width: width, maxLines: maxLines)
    }

    /// `truncate(sanitized(s))` reading only what can be shown.
    public static func shownLine(_ s: String, width: Int) -> String {
        truncate(sanitized(String(prefix(s, cells: width + 1, collapsingSpaces: false))), to: width)
    }

    /// Word-wrap to `width` cells. Breaks at spaces; a word longer than a line (or CJK text) breaks anywhere.
    /// With `maxLines`, the last kept line ends in "…" when text was dropped.
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: wrapParagraph(String(paragraph), width: width))
        }
        if lines.count > maxLines {
            var kept = Array(lines.prefix(maxLines))
            let last = kept[maxLines - 1]
            kept[maxLines - 1] = of(last) + 1 <= width ? last + "…" : truncate(last + "  ", to: width)
            return kept
        }
        return lines
    }

    static func wrapParagraph(_ p: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = "", lineW = 0
        var word = "", wordW = 0
        var spaceBefore = false  // whether a space separated the pending word from the line
        func breakLine() { lines.append(line); line = ""; lineW = 0 }
        func flushWord() {
            defer { word = ""; wordW = 0; spaceBefore = false }
            if wordW == 0 { return }
            let sep = (spaceBefore && lineW > 0) ? 1 : 0
            if lineW + sep + wordW <= width {
                if sep == 1 { line += " " }
                line += word
                lineW += sep + wordW
                return
            }
            if lineW > 0 { breakLine() }
            if wordW <= width { line = word; lineW = wordW; return }
            for g in word {  // an over-long word breaks by width
                let gw = of(g)
                if lineW + gw > width { breakLine() }
                line.append(g)
                lineW += gw
            }
        }
        for g in p {
            if g == " " || g == "\t" {
                let had = wordW > 0
                flushWord()
                spaceBefore = had || lineW > 0
                continue
            }
            let gw = of(g)
            if gw == 2 && !(g.unicodeScalars.first!.properties.isEmoji) {
                // CJK text may break between any two characters.
                let sp = spaceBefore
                flushWord()
                let sep = (sp && lineW > 0) ? 1 : 0
                if lineW + sep + gw > width { if lineW > 0 { breakLine() } }
                else if sep == 1 { line += " "; lineW += 1 }
                line.append(g)
                lineW += gw
                continue
            }
            word.append(g)
            wordW += gw
        }
        flushWord()
        lines.append(line)
        return lines
    }
}
