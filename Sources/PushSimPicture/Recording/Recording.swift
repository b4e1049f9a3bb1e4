// A scripted run drawn at a fixed frame rate on the simulated clock: each frame is the picture `snapshot` draws at that
// moment, handed on as soon as it is drawn (to an encoder), so no more than one frame is ever held.

import CPicture
import Foundation
import PushSimApp
import PushSimScreens

public enum Recording {
    public struct Outcome: Equatable, Sendable {
        /// Frames drawn (one every 1/fps from t=0).
        public var frames: Int
        /// Seconds of the run the animation lasts: the script's end plus the tail.
        public var duration: Double
        /// Frames that started from the frame before's kept layer instead of drawing it (`Picture.base`).
        public var copiedLayers = 0
    }

    /// The time of frame `k` at `fps`; the same sum whatever came before, so a frame's moment is exact.
    public static func time(ofFrame k: Int, fps: Double) -> Double { Double(k) / fps }

    /// Milliseconds of `seconds`, rounded, for an encoder's timestamps.
    public static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// Run `steps` on `runner`'s scene from its start, then `tail` seconds more, drawing a frame at every 1/`fps`: a new
    /// picture of `device` at `scale`, drawn by `draw` (the snapshot's own drawing) at that moment, the touch marks
    /// over it when `touches`, then given to `frame` with its index. `progress` hears (frames so far, simulated time).
    /// `touchTarget` is where on the phone the scene's touch area is drawn at a moment (the whole screen when nil).
    public static func run(_ runner: HeadlessRunner, steps: [ScriptStep], fps: Double, tail: Double, device: PictureDevice, scale: Double,
                           touches: Bool = false, touchTarget: ((Double) -> PictureRect?)? = nil, draw: (Picture, Double) -> Void,
                           frame: (Picture, Double, Int) throws(PictureError) -> Void,
                           progress: ((Int, Double) -> Void)? = nil) throws -> Outcome {
        var k = 0
        var limit = Double.infinity
        var failure: PictureError?
        let marks = TouchMarks()
        // A frame starts from the last one's bottom layer when its drawing says nothing in it changed (Picture.base).
        let layers = FrameLayers()
        if touches {
            let scene = runner.scene
            // A finger keeps the mapping it went down with: what it does may change the scene's layout (a tap that
            // expands the notification), and its lift must land where it went down.
            var mapping: (area: Rect, target: PictureRect)?
            let mark = { (phase: TouchPhase, cell: (x: Int, y: Int), t: Double) in
                if phase == .down || mapping == nil {
                    mapping = ((scene as? TouchArea)?.touchArea ?? Rect(x: 0, y: 0, width: runner.size.width, height: runner.size.height),
                               touchTarget?(t) ?? PictureRect(x: 0, y: 0, width: device.width, height: device.height))
                }
                guard let m = mapping else { return }
                let pt = TouchMarks.point(cell: cell, area: m.area, target: m.target)
                marks.record(phase, x: pt.x, y: pt.y, at: t)
                if phase == .up { mapping = nil }
            }
            let previous = runner.onInput
            runner.onInput = { e, t in
                previous?(e, t)
                if let f = TouchMarks.touch(e) { mark(f.phase, (f.x, f.y), t) }
            }
            let previousTouch = runner.onTouch
            runner.onTouch = { phase, cell, t in previousTouch?(phase, cell, t); mark(phase, cell, t) }
        }
        try withoutActuallyEscaping(draw) { draw in
            try withoutActuallyEscaping(frame) { frame in
                runner.nextMoment = {
                    guard failure == nil else { return nil }
                    let m = time(ofFrame: k, fps: fps)
                    return m < limit - 1e-9 ? m : nil
                }
                runner.onMoment = { m in
                    pushsim_anim_frame_starts(Int32(truncatingIfNeeded: k))
                    do throws(PictureError) {
                        let p = try Picture(width: device.width, height: device.height, scale: scale)
                        p.layers = layers
                        draw(p, m)
                        if touches { marks.draw(on: p, at: m) }
                        try frame(p, m, k)
                    } catch {
                        failure = error
                    }
                    k += 1
                    progress?(k, m)
                }
                defer { runner.nextMoment = nil; runner.onMoment = nil }
                try runner.run(steps)
                limit = runner.now + max(0, tail)
                runner.wait(max(0, tail))
            }
        }
        if let failure { throw failure }
        // A run that ends on a frame's own moment still shows that frame for one frame's time.
        let end = max(limit, time(ofFrame: k, fps: fps))
        return Outcome(frames: k, duration: end, copiedLayers: layers.copied)
    }
}
