// Wrapping a JSON line at its token boundaries (after `,` and `:`, at spaces inside strings), measured by display width.

extension TextWidth {
    /// `json` cut into lines at most `width` cells wide, each break after a `,` or `:` between tokens or at a space
    /// inside a string, so a key, a number or a word is never split; a token wider than `width` alone breaks by width
    /// (by grapheme, a wide one never halved). Spaces that end a line are dropped. Not a JSON parser: any text wraps.
    public static func wrapTokens(_ json: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = "", lineW = 0
        func place(_ piece: String) {
            let w = of(piece)
            if lineW + w <= width { line += piece; lineW += w; return }
            if lineW > 0 { lines.append(trimmedEnd(line)); line = ""; lineW = 0 }
            // A new line never starts with the space the break was at.
            let body = lines.isEmpty ? piece : String(piece.drop { $0 == " " })
            for g in body {
                let gw = of(g)
                if lineW + gw > width, lineW > 0 { lines.append(line); line = ""; lineW = 0 }
                line.append(g)
                lineW += gw
            }
        }
        var piece = "", inString = false, escaped = false
        for g in json {
            piece.append(g)
            if inString {
                if escaped { escaped = false } else if g == "\\" { escaped = true } else if g == "\"" { inString = false }
                else if g == " " { place(piece); piece = "" }
            } else if g == "\"" {
                inString = true
            } else if g == "," || g == ":" || g == " " {
                place(piece); piece = ""
            }
        }
        if !piece.isEmpty { place(piece) }
        if !line.isEmpty || lines.isEmpty { lines.append(trimmedEnd(line)) }
        return lines
    }

    static func trimmedEnd(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }
}
