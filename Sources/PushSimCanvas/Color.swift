// Terminal-independent colours: screens speak RGB; the terminal maps to what it has (256, 8, none).

public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// An xterm palette index (0–255), used by renderers that already chose one (chafa's 256-colour mode).
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.rgb(0, 0, 0)
    public static let white = Color.rgb(255, 255, 255)

    /// `#RRGGBB` or `RRGGBB`; nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        self = .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }

    /// The colour as RGB (palette entries resolved through the xterm table); nil for `.default`.
    public var rgbComponents: (r: UInt8, g: UInt8, b: UInt8)? {
        switch self {
        case .default: return nil
        case .rgb(let r, let g, let b): return (r, g, b)
        case .indexed(let i): return Palette.xterm256[Int(i)]
        }
    }

    /// Linear blend toward `other` by `t` (0 = self, 1 = other). `.default` blends as black.
    public func mixed(with other: Color, _ t: Double) -> Color {
        let a = rgbComponents ?? (0, 0, 0), b = other.rgbComponents ?? (0, 0, 0)
        let k = min(max(t, 0), 1)
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - k) + Double(y) * k).rounded()) }
        return .rgb(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b))
    }

    /// Darken by a factor (0 = unchanged, 1 = black), as a scrim does.
    public func darkened(_ amount: Double) -> Color { mixed(with: .black, amount) }
}

/// The xterm 256-colour palette and nearest-colour lookups used by the terminal and the media layer.
public enum Palette {
    public static let xterm256: [(r: UInt8, g: UInt8, b: UInt8)] = {
        var p: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        for r in steps { for g in steps { for b in steps { p.append((r, g, b)) } } }
        for k in 0..<24 { let v = UInt8(8 + 10 * k); p.append((v, v, v)) }
        return p.map { (r: $0.0, g: $0.1, b: $0.2) }
    }()

    /// Nearest entry among indices 16–255 (the colour cube and grey ramp, which every 256-colour terminal agrees on).
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cube = 16 + 36 * ri + 6 * gi + bi
        let avg = (Int(r) + Int(g) + Int(b)) / 3
        let greyIdx = avg > 238 ? 23 : max(0, (avg - 3) / 10)
        let grey = 232 + greyIdx
        return UInt8(distance(cube, r, g, b) <= distance(grey, r, g, b) ? cube : grey)
    }

    /// Nearest of the 8 basic ANSI colours (0–7), for 8-colour terminals.
    public static func nearest8(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        var best = 0, bestD = Int.max
        for i in 0..<8 {
            let d = distance(i, r, g, b)
            if d < bestD { best = i; bestD = d }
        }
        return UInt8(best)
    }

    /// Perceived brightness, 0–255 (Rec. 601 weights).
    public static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000
    }

    static func distance(_ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let p = xterm256[i]
        let dr = Int(p.r) - Int(r), dg = Int(p.g) - Int(g), db = Int(p.b) - Int(b)
        // Weighted so greens count more, as the eye does.
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
