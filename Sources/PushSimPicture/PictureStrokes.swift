// Lines, dashes, polygons, wedges, rotation and erasing on a picture: what the native in-app templates draw beyond
// filled rectangles (the scratch brush, the promo chip's dashed border, the wheel's slices and pointer, symbols).

import CPicture
import Foundation

extension Picture {
    /// A point in the picture's coordinates (points).
    public typealias Point = (x: Double, y: Double)

    /// Stroke a polyline with round caps and joins (a single point draws a dot of `width`).
    public func strokePolyline(_ points: [Point], width: Double, _ color: PictureColor) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        // A lone point is a zero-length segment: with round caps cairo draws it as a dot, as a tap on the foil does.
        for p in points.count == 1 ? points : Array(points.dropFirst()) { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }

    /// Draw `body` clearing what it paints instead of covering it (CAShapeLayer masks, the scratch card's brush).
    public func erasing(_ body: () -> Void) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        body()
        cairo_restore(cr)
    }

    /// Draw `body` into a layer of its own, then composite it at `alpha`: unlike `withAlpha`, what `body` erases is
    /// erased from the layer only, never from what is under it.
    public func layer(alpha: Double = 1, _ body: () -> Void) {
        guard alpha > 0 else { return }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, min(1, alpha))
    }

    /// The outline of a rounded rectangle in dashes (`dash` on/off lengths in points), inside `r`.
    public func strokeRoundedDashed(_ r: PictureRect, radius: Double, _ color: PictureColor, lineWidth: Double, dash: [Double]) {
        cairo_save(cr)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        strokeRounded(r, radius: radius, color, lineWidth: lineWidth)
        cairo_restore(cr)
    }

    /// A closed polygon, filled.
    public func fillPolygon(_ points: [Point], _ color: PictureColor) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// A pie slice from `start` to `end` (radians, 0 = 3 o'clock, clockwise on screen), filled, then outlined with
    /// `stroke` when given.
    public func wedge(centerX cx: Double, centerY cy: Double, radius: Double, from start: Double, to end: Double,
                      fill: PictureColor, stroke: (color: PictureColor, width: Double)? = nil) {
        func path() {
            cairo_new_path(cr)
            cairo_move_to(cr, cx, cy)
            cairo_arc(cr, cx, cy, radius, start, end)
            cairo_close_path(cr)
        }
        setColor(fill)
        path()
        cairo_fill(cr)
        if let stroke {
            setColor(stroke.color)
            cairo_set_line_width(cr, stroke.width)
            path()
            cairo_stroke(cr)
        }
    }

    /// A circle's outline, `lineWidth` wide and centred on the radius.
    public func strokeCircle(x: Double, y: Double, radius: Double, _ color: PictureColor, lineWidth: Double) {
        setColor(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        cairo_stroke(cr)
    }

    /// Draw `body` rotated by `angle` radians (clockwise on screen) about (cx, cy).
    public func rotated(_ angle: Double, aboutX cx: Double, y cy: Double, _ body: () -> Void) {
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_rotate(cr, angle)
        cairo_translate(cr, -cx, -cy)
        body()
        cairo_restore(cr)
    }

    /// A linear gradient with stops at `locations` (0…1, one per colour), filling a rounded rectangle; CAGradientLayer's
    /// `locations`, which `fillGradient` spaces evenly.
    public func fillGradient(_ r: PictureRect, radius: Double = 0, colors: [PictureColor], locations: [Double],
                             from start: Point, to end: Point) {
        guard colors.count == locations.count, colors.count > 1 else {
            return fillGradient(r, radius: radius, colors: colors, from: start, to: end)
        }
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        defer { cairo_pattern_destroy(pattern) }
        for (c, at) in zip(colors, locations) { cairo_pattern_add_color_stop_rgba(pattern, at, c.r, c.g, c.b, c.a) }
        cairo_set_source(cr, pattern)
        roundedPath(r, radius: radius)
        cairo_fill(cr)
    }
}
