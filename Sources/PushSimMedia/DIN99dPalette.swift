// The 240 shared xterm colours matched in DIN99d per half cell: chafa's DIN99d quality at a fraction of its cost.

import Foundation
import PushSimCanvas

/// chafa in DIN99d converts every one of its work pixels (8×8 per cell) to DIN99d, over half of a cold first
/// frame's CPU. With half blocks a cell is exactly two colours, so pushsim averages them in RGB (CellRenderer)
/// and matches only those two colours here: 2 conversions per cell instead of 64.
enum DIN99dPalette {
    /// DIN99d coordinates of an sRGB colour (DIN 6176 as chafa computes it: X corrected by Z, CIELAB D65,
    /// then lightness and chroma compressed, hue turned by 50°).
    static func din99d(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (l: Double, a: Double, b: Double) {
        let lr = linear[Int(r)], lg = linear[Int(g)], lb = linear[Int(b)]
        var x = 0.4124 * lr + 0.3576 * lg + 0.1805 * lb
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = 0.0193 * lr + 0.1192 * lg + 0.9505 * lb
        x = 1.12 * x - 0.12 * z
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883)
        let lightness = 116 * fy - 16, la = 500 * (fx - fy), lbb = 200 * (fy - fz)
        let c50 = cos50, s50 = sin50
        let e = c50 * la + s50 * lbb, fv = 1.14 * (c50 * lbb - s50 * la)
        let g99 = (e * e + fv * fv).squareRoot()
        let c99 = 22.5 * log(1 + 0.06 * g99)
        let h99 = atan2(fv, e) + 50 * Double.pi / 180
        return (325.22 * log(1 + 0.0036 * lightness), c99 * cos(h99), c99 * sin(h99))
    }

    /// sRGB's transfer undone for each of the 256 channel values, and the 50° turn's cosine and sine: the same
    /// numbers the conversion computed per colour (a render at 500×200 cells converts 200,000 colours; the powers
    /// and the turn were a fifth of it, issue 25).
    static let linear: [Double] = (0...255).map { v in
        let s = Double(v) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    static let cos50 = cos(50 * Double.pi / 180)
    static let sin50 = sin(50 * Double.pi / 180)

    /// Indices 16–255 (the cube and grey ramp every 256-colour terminal agrees on) in DIN99d, computed once,
    /// ordered by lightness so a search can stop once the lightness difference alone exceeds the best match.
    static let entries: [(index: UInt8, l: Double, a: Double, b: Double)] = (16...255).map { i in
        let p = Palette.xterm256[i]
        let d = din99d(p.r, p.g, p.b)
        return (UInt8(i), d.l, d.a, d.b)
    }.sorted { $0.l < $1.l }

    /// The palette entry nearest to an sRGB colour in DIN99d (on equal distances the lowest index, as a scan of
    /// the indices in order would pick). The search starts at the entry of nearest lightness and walks outwards in
    /// both directions until the lightness difference alone is larger than the best distance: about a fifth of
    /// the 240 distances a full scan computes.
    static func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let c = din99d(r, g, b)
        let e = entries
        var lo = 0, hi = e.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if e[mid].l < c.l { lo = mid + 1 } else { hi = mid }
        }
        var best: UInt8 = 16, bestD = Double.infinity
        func consider(_ i: Int) {
            let dl = e[i].l - c.l, da = e[i].a - c.a, db = e[i].b - c.b
            let d = dl * dl + da * da + db * db
            if d < bestD || (d == bestD && e[i].index < best) { best = e[i].index; bestD = d }
        }
        var up = lo, down = lo - 1
        while up < e.count || down >= 0 {
            if up < e.count {
                let dl = e[up].l - c.l
                if dl * dl > bestD { up = e.count } else { consider(up); up += 1 }
            }
            if down >= 0 {
                let dl = c.l - e[down].l
                if dl * dl > bestD { down = -1 } else { consider(down); down -= 1 }
            }
        }
        return best
    }

    /// A truecolor half-block canvas with every colour replaced by its nearest palette entry (each distinct
    /// colour is matched once).
    static func quantize(_ canvas: inout Canvas) {
        var memo: [UInt32: Color] = [:]
        func map(_ c: Color) -> Color {
            guard case .rgb(let r, let g, let b) = c else { return c }
            let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            if let hit = memo[key] { return hit }
            let out = Color.indexed(nearest(r, g, b))
            memo[key] = out
            return out
        }
        canvas.update(canvas.bounds) { cell in
            cell.fg = map(cell.fg)
            cell.bg = map(cell.bg)
        }
    }
}
