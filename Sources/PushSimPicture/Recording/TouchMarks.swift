// Where a recorded run's fingers were: a translucent mark at each tap, hold, drag, scratch or spin, fading out after.

import PushSimScreens

/// The mouse input a run delivered, turned into touches on the phone. The script's cells map onto the phone's screen
/// in proportion (the headless screen is the phone, cell by cell), which is where the scenes place what they draw.
final class TouchMarks {
    struct Touch {
        var points: [(x: Double, y: Double, t: Double)]
        var up: Double?
    }

    /// How long a mark takes to fade after the finger lifts, and its size.
    static let fade = 0.5
    static let radius = 22.0

    private var touches: [Touch] = []

    func record(_ e: InputEvent, at t: Double, grid: Size) {
        guard case .mouse(let m) = e, grid.width > 0, grid.height > 0 else { return }
        let x = (Double(m.x) + 0.5) / Double(grid.width), y = (Double(m.y) + 0.5) / Double(grid.height)
        switch m.kind {
        case .press:
            touches.append(Touch(points: [(x, y, t)], up: nil))
        case .drag:
            if let i = touches.indices.last, touches[i].up == nil { touches[i].points.append((x, y, t)) }
            else { touches.append(Touch(points: [(x, y, t)], up: nil)) }
        case .release:
            if let i = touches.indices.last, touches[i].up == nil {
                if let last = touches[i].points.last, abs(last.x - x) + abs(last.y - y) > 1e-9 { touches[i].points.append((x, y, t)) }
                touches[i].up = t
            }
        case .wheelUp, .wheelDown:
            break
        }
    }

    func draw(on p: Picture, at t: Double, device: PictureDevice) {
        for touch in touches {
            let shown = touch.points.filter { $0.t <= t + 1e-9 }
            guard let head = shown.last else { continue }
            let alpha: Double
            if let up = touch.up, up <= t + 1e-9 {
                let gone = (t - up) / Self.fade
                guard gone < 1 else { continue }
                alpha = 1 - gone
            } else {
                alpha = 1
            }
            // The drag's path so far, then the finger.
            for pt in shown.dropLast() {
                p.fillCircle(x: pt.x * device.width, y: pt.y * device.height, radius: Self.radius * 0.35,
                             PictureColor.white.alpha(0.35 * alpha))
            }
            let cx = head.x * device.width, cy = head.y * device.height
            p.fillCircle(x: cx, y: cy, radius: Self.radius + 1.5, PictureColor.black.alpha(0.25 * alpha))
            p.fillCircle(x: cx, y: cy, radius: Self.radius, PictureColor.white.alpha(0.55 * alpha))
        }
    }
}
