// Where a recorded run's fingers were: a translucent mark at each tap, hold, drag, swipe, scratch or spin, fading out after.

import PushSimApp
import PushSimScreens

/// The touches a run made — the mouse input it delivered and the touches of its scripted gestures (a `button`, a
/// `spin`, an inbox `delete`), both as the cells the scene is clicked at — placed on the phone's screen. A cell maps
/// from the scene's touch area (the cells that stand for the phone: all of them unless the scene is a `TouchArea`)
/// onto the picture's rectangle for it (`place`; the whole screen by default), in proportion.
final class TouchMarks {
    struct Touch {
        var points: [(x: Double, y: Double, t: Double)]
        var up: Double?
    }

    /// How long a mark takes to fade after the finger lifts, and its size.
    static let fade = 0.5
    static let radius = 22.0

    private var touches: [Touch] = []

    /// A mouse event as a finger at a cell; nil for the wheel and keys.
    static func touch(_ e: InputEvent) -> (phase: TouchPhase, x: Int, y: Int)? {
        guard case .mouse(let m) = e else { return nil }
        switch m.kind {
        case .press: return (.down, m.x, m.y)
        case .drag: return (.move, m.x, m.y)
        case .release: return (.up, m.x, m.y)
        case .wheelUp, .wheelDown: return nil
        }
    }

    /// A finger at a point of the phone's screen (points).
    func record(_ phase: TouchPhase, x: Double, y: Double, at t: Double) {
        switch phase {
        case .down:
            touches.append(Touch(points: [(x, y, t)], up: nil))
        case .move:
            if let i = touches.indices.last, touches[i].up == nil { touches[i].points.append((x, y, t)) }
            else { touches.append(Touch(points: [(x, y, t)], up: nil)) }
        case .up:
            if let i = touches.indices.last, touches[i].up == nil {
                if let last = touches[i].points.last, abs(last.x - x) + abs(last.y - y) > 1e-9 { touches[i].points.append((x, y, t)) }
                touches[i].up = t
            }
        }
    }

    /// The point of the phone a cell stands for: its centre's place in `area`, at the same place in `target`.
    static func point(cell: (x: Int, y: Int), area: Rect, target: PictureRect) -> (x: Double, y: Double) {
        let fx = (Double(cell.x - area.x) + 0.5) / Double(max(1, area.width))
        let fy = (Double(cell.y - area.y) + 0.5) / Double(max(1, area.height))
        return (target.x + fx * target.width, target.y + fy * target.height)
    }

    func draw(on p: Picture, at t: Double) {
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
                p.fillCircle(x: pt.x, y: pt.y, radius: Self.radius * 0.35, PictureColor.white.alpha(0.35 * alpha))
            }
            p.fillCircle(x: head.x, y: head.y, radius: Self.radius + 1.5, PictureColor.black.alpha(0.25 * alpha))
            p.fillCircle(x: head.x, y: head.y, radius: Self.radius, PictureColor.white.alpha(0.55 * alpha))
        }
    }
}
