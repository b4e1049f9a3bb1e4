// One terminal cell: a grapheme with its colours and attributes.

public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
    public static let blink = Attributes(rawValue: 1 << 5)
}

public struct Cell: Hashable, Sendable {
    /// The grapheme shown, as plain data (see Glyph).
    public var glyph: Glyph
    /// The grapheme shown. Empty means "the right half of the wide grapheme to the left".
    public var grapheme: String {
        get { glyph.string }
        set { glyph = Glyph(newValue) }
    }
    public var fg: Color
    public var bg: Color
    public var attrs: Attributes

    public init(_ grapheme: String = " ", fg: Color = .default, bg: Color = .default, attrs: Attributes = []) {
        self.init(glyph: Glyph(grapheme), fg: fg, bg: bg, attrs: attrs)
    }

    public init(glyph: Glyph, fg: Color = .default, bg: Color = .default, attrs: Attributes = []) {
        self.glyph = glyph
        self.fg = fg
        self.bg = bg
        self.attrs = attrs
    }

    public static let blank = Cell()
    public var isContinuation: Bool { glyph.isEmpty }
}

/// How text is drawn: `bg == nil` keeps the background already in the cell (text over an image or scrim).
public struct Style: Hashable, Sendable {
    public var fg: Color
    public var bg: Color?
    public var attrs: Attributes

    public init(fg: Color = .default, bg: Color? = nil, attrs: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attrs = attrs
    }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public var description: String { "\(width)x\(height)" }

    /// Parses `WxH` (as in `--size 80x24`); nil unless both are whole numbers from 1 to 1000.
    public init?(parsing s: String) {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w), (1...1000).contains(h) else { return nil }
        self.init(width: w, height: h)
    }
}

public struct Rect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
    public func insetBy(dx: Int, dy: Int) -> Rect { Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy)) }
    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}
