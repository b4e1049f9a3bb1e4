// Runs a scene on a simulated clock from a script: every timer fires at its exact time inside a `wait`.

import PushSimEngine
import PushSimScreens

public final class HeadlessRunner {
    public let scene: ScriptableScene
    public private(set) var now: Double = 0
    public private(set) var size: Size
    /// Called with each frame (after every step and once at the end): the `--- t=… ---` header and the text.
    public var onFrame: ((String) -> Void)?
    /// Mouse position of the last `press`, so `release` without coordinates releases there.
    private var pressed: (x: Int, y: Int)?
    /// A recording's frame times: the runner stops at each moment this gives (inside a wait, and before the next
    /// input at the moment itself), advances the scene there and calls `onMoment`, which must move on to the next.
    /// nil when no moment is left.
    public var nextMoment: (() -> Double?)?
    public var onMoment: ((Double) -> Void)?
    /// Every input delivered to the scene, with its time (a recording's touch marks).
    public var onInput: ((InputEvent, Double) -> Void)?
    /// Every scripted gesture's touch (a cell), with its time (a recording's touch marks).
    public var onTouch: ((TouchPhase, (x: Int, y: Int), Double) -> Void)?

    public init(scene: ScriptableScene, size: Size) {
        self.scene = scene
        self.size = size
        scene.resize(to: size, at: 0)
    }

    /// Run every step, writing a frame after each, then a final frame. Stops early if the scene exits.
    public func run(_ steps: [ScriptStep]) throws {
        scene.advance(to: now)
        for step in steps {
            if scene.exitStatus != nil { break }
            try perform(step)
            emitFrame()
        }
        // The implicit final frame: only when it would show something the last step's frame did not (no steps, or a
        // scene that exited before its step's frame). `--script "wait 1.5"` gives one `--- t=1.5 ---` frame, not two.
        emitFrame(skippingRepeat: true)
    }

    public func perform(_ step: ScriptStep) throws {
        reachMoments(upTo: now)
        if let prims = try scene.expand(step) {
            for p in prims { try perform(p) }
            return
        }
        switch step.name {
        case "wait":
            let seconds = try Script.seconds(step)
            if !wait(seconds) {
                throw ScriptError(step, "more than \(firingsPerWait) timers fell due in it (a looping story turns a page at each), "
                    + "so the run stopped at t=\(JSONValue.formatNumber(TimedEvent.roundMillis(now))); give a shorter wait")
            }
        case "key":
            guard let k = Key(name: step.argument) else {
                throw ScriptError(step, "unknown key; use left, right, up, down, enter, space, esc, tab, backspace or one character")
            }
            deliver(.key(k))
        case "click":
            let p = try Script.point(step)
            deliver(.mouse(MouseEvent(.press, x: p.x, y: p.y)))
            deliver(.mouse(MouseEvent(.release, x: p.x, y: p.y)))
        case "press":
            let p = try Script.point(step)
            pressed = p
            deliver(.mouse(MouseEvent(.press, x: p.x, y: p.y)))
        case "release":
            let p = step.argument.isEmpty ? (pressed ?? (0, 0)) : try Script.point(step)
            pressed = nil
            deliver(.mouse(MouseEvent(.release, x: p.x, y: p.y)))
        case "drag":
            let p = try Script.point(step)
            deliver(.mouse(MouseEvent(.drag, x: p.x, y: p.y)))
        case "resize":
            guard let s = Size(parsing: step.argument) else { throw ScriptError(step, "expected a size WxH such as 80x24") }
            size = s
            scene.resize(to: s, at: now)
        default:
            throw ScriptError(step, StepSuggestion.unknown(step.name, scene: scene))
        }
    }

    public func perform(_ p: PrimitiveStep) throws {
        reachMoments(upTo: now)
        switch p {
        case .input(let e):
            if case .resize(let s) = e { size = s; scene.resize(to: s, at: now) } else { deliver(e) }
        case .wait(let d): wait(d)
        case .call(let f): f(now)
        case .touch(let phase, let cell):
            guard let onTouch else { return }
            scene.advance(to: now)
            if let c = cell() { onTouch(phase, c, now) }
        }
    }

    func deliver(_ e: InputEvent) {
        scene.advance(to: now)
        onInput?(e, now)
        scene.handle(e, at: now)
    }

    /// Advance the simulated clock by `seconds`, stopping at every deadline and every moment on the way. False when
    /// more than `firingsPerWait` deadlines fell due on the way: the clock then stands at the last one fired.
    @discardableResult
    public func wait(_ seconds: Double) -> Bool {
        let target = now + seconds
        reachMoments(upTo: target)
        return settle(to: target)
    }

    /// The most deadlines one wait fires: a `wait 1e9` over a looping story would otherwise turn pages (and write
    /// their events) for days of real time.
    public var firingsPerWait = 1_000_000

    /// Hand every moment up to `time` to `onMoment`, the scene advanced to each (never back in time).
    func reachMoments(upTo time: Double) {
        guard let nextMoment, let onMoment else { return }
        while let m = nextMoment(), m <= time + 1e-9 {
            if m > now { settle(to: m) }
            onMoment(m)
        }
    }

    /// Advance the clock to `target`, firing every deadline on the way at its exact time. False, with the clock left at
    /// the last deadline fired, when more than `firingsPerWait` fell due (a scene that never settles must not hang a
    /// run, nor catch up the rest on its own in one `advance`).
    @discardableResult
    func settle(to target: Double) -> Bool {
        var fired = 0
        while let d = scene.nextDeadline(), d <= target + 1e-9, scene.exitStatus == nil {
            fired += 1
            if fired > firingsPerWait { return false }
            now = max(now, d)
            scene.advance(to: now)
        }
        now = target
        scene.advance(to: now)
        return true
    }

    /// The last frame written, so the implicit final frame is not a copy of it.
    private var lastFrame: String?

    public func emitFrame(skippingRepeat: Bool = false) {
        guard let onFrame else { return }
        let frame = "--- t=\(JSONValue.formatNumber(TimedEvent.roundMillis(now))) ---\n" + scene.render(at: now).plainText + "\n"
        if skippingRepeat, frame == lastFrame { return }
        lastFrame = frame
        onFrame(frame)
    }
}
