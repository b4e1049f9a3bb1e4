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

    mutating func put(_ g: String, x: Int, y: Int, style: Style) {
        guard x >= 0, x < width else { return }
        let i = y * width + x
        // Overwriting half of a wide grapheme blanks the other half so no orphan remains.
        if cells[i].isContinuation && x > 0 && !g.isEmpty { cells[i - 1].grapheme = " " }
        if x + 1 < width && cells[i + 1].isContinuation && TextWidth.of(cells[i].grapheme) == 2 && g != "" { cells[i + 1].grapheme = " " }
        cells[i].grapheme = g
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
        for y in 0..<other.height {
            let ty = oy + y
            guard ty >= 0, ty < height else { continue }
            for x in 0..<other.width {
                let tx = ox + x
                guard tx >= 0, tx < width else { continue }
                cells[ty * width + tx] = other.cells[y * other.width + x]
            }
        }
    }

    /// The canvas as plain text: one line per row, wide graphemes once, trailing spaces trimmed.
    public var plainText: String {
        // Bytes, not String appends: trimming a row with hasSuffix/removeLast was most of a headless run's frames
        // (issue 14). A trailing 0x20 byte can only be a whole " " grapheme, so trimming bytes trims spaces.
        var out = [UInt8]()
        out.reserveCapacity(width * height + height)
        for y in 0..<height {
            if y > 0 { out.append(0x0A) }
            for x in 0..<width {
                var g = cells[y * width + x].grapheme
                // withUTF8 gives a small string's inline bytes; a cell is 1–4 of them, where a byte-by-byte append
                // beats append(contentsOf:)'s per-call overhead.
                g.withUTF8 { for b in $0 { out.append(b) } }
            }
            while out.last == 0x20 { out.removeLast() }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public func row(_ y: Int) -> String {
        var line = ""
        for x in 0..<width where !cells[y * width + x].isContinuation { line += cells[y * width + x].grapheme }
        return line
    }
}
