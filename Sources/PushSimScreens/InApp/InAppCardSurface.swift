// The card every centred template sits on: the config's colour (or the diagonal gradient) inside a rounded frame.

import PushSimEngine

enum InAppCardSurface {
    /// Fill `rect` with the surface and frame it (radius 24 → rounded corners); returns the inside of the frame.
    @discardableResult
    static func draw(_ rect: Rect, surface: InAppSurface, on layer: inout InAppLayer, edges: Box.Edges = .all) -> Rect {
        switch surface {
        case .solid(let c): layer.fill(rect, c)
        case .gradient(let stops): gradient(rect, stops: stops, on: &layer)
        }
        let base = surface.first
        let line = Style(fg: base.opaque.mixed(with: base.contrast, 0.35))
        Box.draw(rect, on: &layer.canvas, corners: .rounded, line: line, edges: edges)
        let top = edges.contains(.top) ? 1 : 0, bottom = edges.contains(.bottom) ? 1 : 0
        let left = edges.contains(.left) ? 1 : 0, right = edges.contains(.right) ? 1 : 0
        return Rect(x: rect.x + left, y: rect.y + top, width: max(0, rect.width - left - right),
                    height: max(0, rect.height - top - bottom))
    }

    /// The SDK's `CAGradientLayer` from (0.1, 0) to (0.9, 1), stops evenly spaced, opaque.
    static func gradient(_ rect: Rect, stops: [InAppColor], on layer: inout InAppLayer) {
        let clip = rect.intersection(layer.canvas.bounds)
        guard let first = stops.first, !clip.isEmpty else { return }
        layer.canvas.coverImages(in: rect)
        let colors = stops.map(\.opaque)
        let w = Double(max(1, rect.width)), h = Double(max(1, rect.height))
        for y in clip.y..<clip.maxY {
            for x in clip.x..<clip.maxX {
                let u = (Double(x - rect.x) + 0.5) / w, v = (Double(y - rect.y) + 0.5) / h
                let t = min(max(((u - 0.1) * 0.8 + v) / 1.64, 0), 1)
                let c = colors.count == 1 ? first.opaque : blend(colors, at: t)
                layer.canvas[x, y] = Cell(" ", bg: c)
            }
        }
    }

    static func blend(_ colors: [Color], at t: Double) -> Color {
        let span = t * Double(colors.count - 1)
        let i = min(Int(span), colors.count - 2)
        return colors[i].mixed(with: colors[i + 1], span - Double(i))
    }
}
