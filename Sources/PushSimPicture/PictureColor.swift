// A colour with alpha for pictures; built from the cell screens' colours so both layers share one palette.

import PushSimCanvas
import PushSimEngine

public struct PictureColor: Equatable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public init(_ r: Int, _ g: Int, _ b: Int, alpha: Double = 1) {
        self.init(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: alpha)
    }

    /// A cell colour as a picture colour (the palette's default colours become black).
    public init(_ c: Color, alpha: Double = 1) {
        let v = c.rgbComponents ?? (0, 0, 0)
        self.init(Int(v.r), Int(v.g), Int(v.b), alpha: alpha)
    }

    public init(_ c: PrimerColor, alpha: Double = 1) { self.init(Int(c.r), Int(c.g), Int(c.b), alpha: alpha) }

    public func alpha(_ a: Double) -> PictureColor { PictureColor(r: r, g: g, b: b, a: a) }

    public static let white = PictureColor(255, 255, 255)
    public static let black = PictureColor(0, 0, 0)
    public static let clear = PictureColor(0, 0, 0, alpha: 0)
}
