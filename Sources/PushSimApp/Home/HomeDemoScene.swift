// A built-in stand-in page for terminal checks (`pushsim --demo`): the story page's progress bar, no payload.

import PushSimScreens

/// Three looping pages of `pageSeconds` each with a segmented progress bar, like a story without its engine.
/// `p` pauses and resumes, `→`/space skips, `q`/Esc quits. It exists so the terminal layer's loop, diffing and
/// wake-ups can be measured and tested on their own.
public final class HomeDemoScene: Scene {
    public let pageCount = 3
    public let pageSeconds: Double
    public private(set) var page = 0
    public private(set) var paused = false
    public private(set) var exitStatus: Int32?
    /// The last input, shown on screen so end-to-end tests can check how keys and mouse were decoded.
    public private(set) var lastInput: String = "none"

    private var size = Size(width: 80, height: 24)
    /// Playback time of the current page at `anchor` (the last start, resume or page change).
    private var elapsedAtAnchor = 0.0
    private var anchor = 0.0
    private var now = 0.0

    public init(pageSeconds: Double = 5) { self.pageSeconds = pageSeconds }

    public func resize(to size: Size, at now: Double) {
        if size != self.size { lastInput = "resize \(size)" }
        self.size = size
    }

    private func elapsed(at t: Double) -> Double { paused ? elapsedAtAnchor : elapsedAtAnchor + (t - anchor) }

    public func handle(_ input: InputEvent, at now: Double) {
        advance(to: now)
        switch input {
        case .key(let k): lastInput = "key \(k)"
        case .mouse(let m): lastInput = "mouse \(m.kind) \(m.x),\(m.y)"
        case .resize(let s): lastInput = "resize \(s)"
        }
        guard case .key(let k) = input else { return }
        switch k {
        case .char("p"):
            elapsedAtAnchor = elapsed(at: now)
            anchor = now
            paused.toggle()
        case .char("q"), .esc:
            exitStatus = 0
        case .right, .space:
            go(to: (page + 1) % pageCount, at: now)
        case .left:
            go(to: max(0, page - 1), at: now)
        default:
            break
        }
    }

    private func go(to p: Int, at t: Double) {
        page = p
        elapsedAtAnchor = 0
        anchor = t
    }

    public func advance(to t: Double) {
        now = max(now, t)
        guard !paused else { return }
        while elapsed(at: now) >= pageSeconds {
            let end = anchor + (pageSeconds - elapsedAtAnchor)
            go(to: (page + 1) % pageCount, at: end)
        }
    }

    /// The bar spans the row but its first and last cells, as the story page's does.
    private var barWidth: Int { max(0, size.width - 2) }

    /// The next moment an eighth of a cell fills, or the page ends; nil while paused.
    public func nextDeadline() -> Double? {
        guard !paused, exitStatus == nil else { return nil }
        let steps = max(1, ProgressBar.eighthsSpan(count: pageCount, width: barWidth, index: page))
        let e = elapsed(at: now)
        let next = (((e / pageSeconds) * steps).rounded(.down) + 1) / steps * pageSeconds
        return anchor + (min(next, pageSeconds) - elapsedAtAnchor)
    }

    public func render(at t: Double) -> Canvas {
        var c = Canvas(size: size, fill: Cell(" ", bg: .rgb(20, 24, 40)))
        let fraction = min(1, max(0, elapsed(at: t) / pageSeconds))
        // The story page's bar, drawn the same way (the terminal's default colours, so a step is a cursor move and a
        // glyph): the demo measures the terminal layer as a story drives it.
        ProgressBar.draw((0..<pageCount).map { p in p < page ? 1 : p > page ? 0 : fraction }, into: &c, x: 1, y: 0, width: barWidth)
        let mid = Rect(x: 0, y: 0, width: size.width, height: size.height)
        c.centered("Demo page \(page + 1) of \(pageCount)", in: mid, y: size.height / 2 - 1, style: Style(fg: .white, attrs: [.bold]))
        c.centered(paused ? "paused — p resumes" : "p pause · → next · q quit", in: mid, y: size.height / 2 + 1,
                   style: Style(fg: .rgb(188, 188, 188)))
        c.centered("last input: \(lastInput)", in: mid, y: size.height - 1, style: Style(fg: .rgb(138, 138, 138)))
        return c
    }
}
