// The grid every screen draws into and the terminal copies from: immediate mode, redrawn from state each frame.

public struct Canvas: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// The pictures on this canvas (see ImagePlacement); the cells under them hold the picture as symbols.
    public var images: [ImagePlacement] = []

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    public init(size: Size, fill: Cell = .blank) { self.init(width: size.width, height: size.height, fill: fill) }

    public var size: Size { Size(width: width, height: height) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Fill a rectangle (clipped) with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { cells[y * width + x] = cell } }
    }

    /// Change each cell in a rectangle (clipped), e.g. to darken a backdrop.
    public mutating func update(_ rect: Rect, _ body: (inout Cell) -> Void) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { body(&cells[y * width + x]) } }
    }

    /// Draw one line of text at (x, y) clipped to `maxWidth` cells and the canvas; returns the cells used.
    /// Controls are sanitised; a wide grapheme that would straddle the clip edge is replaced by a space.
    @discardableResult
    public mutating func text(_ s: String, x: Int, y: Int, style: Style = Style(), maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(maxWidth ?? width, width - x)
        var bytes = s
        if let used = bytes.withUTF8({ narrowText($0, x: x, y: y, style: style, limit: limit) }) { return used }
        return graphemeText(s, x: x, y: y, style: style, limit: limit)
    }

    /// Narrow text (`TextWidth.narrowWidth`: every scalar a grapheme of one cell, no control) put straight from its
    /// UTF-8 bytes, one cell per scalar, without breaking it into graphemes (most of an inbox frame's text); nil for
    /// any other text. `CanvasNarrowTextTests` holds it to the grapheme walk.
    mutating func narrowText(_ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: Style, limit: Int) -> Int? {
        guard TextWidth.narrowWidth(bytes) != nil else { return nil }
        var i = 0, used = 0
        while i < bytes.count, used < limit {
            let two = bytes[i] >= 0x80
            put(Glyph(utf8: bytes[i], two ? bytes[i + 1] : 0, count: two ? 2 : 1), x: x + used, y: y, style: style)
            i += two ? 2 : 1
            used += 1
        }
        return used
    }

    /// `text` by graphemes: any text.
    mutating func graphemeText(_ s: String, x: Int, y: Int, style: Style, limit: Int) -> Int {
        var used = 0
        for g in s {
            var gw = TextWidth.of(g)
            var glyph = String(g)
            if gw == 0 {
                if let f = g.unicodeScalars.first, f.value < 0x20 || (0x7F..<0xA0).contains(f.value) { glyph = " "; gw = 1 }
                else { continue }
            }
            if used + gw > limit {
                if gw == 2 && used < limit { put(" ", x: x + used, y: y, style: style) ; used += 1 }
                break
            }
            put(glyph, x: x + used, y: y, style: style)
            if gw == 2 { put("", x: x + used + 1, y: y, style: style) }
            used += gw
        }
        return used
    }

    mutating func put(_ g: String, x: Int, y: Int, style: Style) { put(Glyph(g), x: x, y: y, style: style) }

    mutating func put(_ g: Glyph, x: Int, y: Int, style: Style) {
        guard x >= 0, x < width else { return }
        let i = y * width + x
        // Overwriting half of a wide grapheme blanks the other half so no orphan remains.
        if cells[i].isContinuation && x > 0 && !g.isEmpty { cells[i - 1].glyph = .space }
        if x + 1 < width && cells[i + 1].isContinuation && TextWidth.of(cells[i].grapheme) == 2 && !g.isEmpty { cells[i + 1].glyph = .space }
        cells[i].glyph = g
        cells[i].fg = style.fg
        if let bg = style.bg { cells[i].bg = bg }
        cells[i].attrs = style.attrs
    }

    /// Text centred horizontally in `rect`'s row `y`, truncated with an ellipsis if needed.
    @discardableResult
    public mutating func centered(_ s: String, in rect: Rect, y: Int, style: Style = Style()) -> Int {
        let t = TextWidth.truncate(TextWidth.sanitized(s), to: rect.width)
        let w = TextWidth.of(t)
        return text(t, x: rect.x + (rect.width - w) / 2, y: y, style: style, maxWidth: rect.width)
    }

    /// Copy another canvas onto this one at (x, y), clipped. Pictures under it are covered; its own come along.
    public mutating func blit(_ other: Canvas, x ox: Int, y oy: Int) {
        coverImages(in: Rect(x: ox, y: oy, width: other.width, height: other.height))
        carryImages(of: other, dx: ox, dy: oy)
        // Row by row over the clipped span: cells are plain data, so each row is one memory copy.
        let x0 = max(0, ox), x1 = min(width, ox + other.width), y0 = max(0, oy), y1 = min(height, oy + other.height)
        guard x0 < x1, y0 < y1 else { return }
        let w = width, ow = other.width
        other.cells.withUnsafeBufferPointer { src in
            cells.withUnsafeMutableBufferPointer { dst in
                for y in y0..<y1 {
                    let from = (y - oy) * ow + (x0 - ox)
                    dst.baseAddress!.advanced(by: y * w + x0).update(from: src.baseAddress!.advanced(by: from), count: x1 - x0)
                }
            }
        }
    }

    /// The canvas as plain text: one line per row, wide graphemes once, trailing spaces trimmed.
    public var plainText: String {
        // Each glyph's UTF-8 is copied straight from the cell into the string's storage (issue 14: a String per cell
        // was most of a headless run's frames). A trailing 0x20 byte can only be a whole " " grapheme, so trimming
        // bytes trims spaces.
        let w = width, h = height
        return cells.withUnsafeBufferPointer { cells -> String in
            var need = h + Glyph.writeSlack
            for cell in cells { need += cell.glyph.utf8Count }
            return String(unsafeUninitializedCapacity: need) { buffer -> Int in
                let out = UnsafeMutableRawPointer(buffer.baseAddress!)
                var n = 0
                for y in 0..<h {
                    if y > 0 {
                        buffer[n] = 0x0A
                        n += 1
                    }
                    var end = n
                    for x in 0..<w {
                        n = cells[y * w + x].glyph.write(to: out, at: n)
                        if n > end && buffer[n - 1] != 0x20 { end = n }
                    }
                    n = end
                }
                return n
            }
        }
    }

    public func row(_ y: Int) -> String {
        var line = ""
        for x in 0..<width where !cells[y * width + x].isContinuation { line += cells[y * width + x].grapheme }
        return line
    }
}
