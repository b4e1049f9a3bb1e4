// The `bell.badge.fill` glyph drawn as a path (the system symbol is not a font glyph off Apple platforms).

import CPicture

public enum Bell {
    /// A filled bell of height `size` centred on (centerX, centerY), with the badge dot top-right.
    public static func draw(on p: Picture, centerX cx: Double, centerY cy: Double, size s: Double, color: PictureColor,
                            badge: Bool = true) {
        let cr = p.cr
        p.setColor(color)
        let top = cy - s * 0.45, bottom = cy + s * 0.28, half = s * 0.42
        cairo_new_path(cr)
        cairo_move_to(cr, cx - half, bottom)
        cairo_curve_to(cr, cx - half * 0.72, bottom - s * 0.12, cx - half * 0.78, top + s * 0.35, cx - half * 0.7, top + s * 0.2)
        cairo_curve_to(cr, cx - half * 0.55, top - s * 0.02, cx + half * 0.55, top - s * 0.02, cx + half * 0.7, top + s * 0.2)
        cairo_curve_to(cr, cx + half * 0.78, top + s * 0.35, cx + half * 0.72, bottom - s * 0.12, cx + half, bottom)
        cairo_close_path(cr)
        cairo_fill(cr)
        // The clapper under the rim.
        p.fillCircle(x: cx, y: bottom + s * 0.09, radius: s * 0.1, color)
        if badge { p.fillCircle(x: cx + half * 0.78, y: top + s * 0.08, radius: s * 0.15, color) }
    }
}
