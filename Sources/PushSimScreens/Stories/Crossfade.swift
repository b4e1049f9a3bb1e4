// Blends two pictures cell by cell for the 0.3 s page crossfade (colours mixed; glyphs switch half way, all from one side so wide graphemes stay whole).

public enum Crossfade {
    /// `from` at t = 0, `to` at t = 1. Canvases of different sizes give `to`.
    public static func blend(from: Canvas, to: Canvas, _ t: Double) -> Canvas {
        guard from.size == to.size else { return to }
        let k = min(max(t, 0), 1)
        if k >= 1 { return to }
        var out = to
        for y in 0..<to.height {
            for x in 0..<to.width {
                let a = from[x, y], b = to[x, y]
                var c = k < 0.5 ? a : b
                c.bg = a.bg.mixed(with: b.bg, k)
                c.fg = a.fg.mixed(with: b.fg, k)
                out[x, y] = c
            }
        }
        return out
    }
}
