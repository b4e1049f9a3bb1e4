// The headless steps of the contract's "Native in-app messages" section: each becomes a call on the simulated clock.
// A step whose control is not on screen at its moment (no message yet, a sheet has no spin) does nothing and says so
// in a `warning` event; a step that cannot be understood stops the script with one sentence.

import PushSimEngine

extension NativeInApp {
    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        let words = step.words
        func gesture(_ g: InAppGesture, _ what: String) -> [PrimitiveStep] {
            [.call { [unowned self] t in
                if !self.gesture(g, at: t) { self.unavailable(step, what, at: t) }
            }]
        }
        switch step.name {
        case "inapp":
            guard !step.argument.isEmpty else { throw ScriptError(step, "expected a native-config.json as JSON, such as inapp {\"displayType\":\"modal\",…}") }
            let config: JSONValue
            do { config = try JSONParser.parse(step.argument) } catch { throw ScriptError(step, "not JSON (\(error.description))") }
            let d = InAppDelivery(config: config, file: "-")
            return [.call { [unowned self] t in self.deliver(d, at: t) }]
        case "inapp-file":
            guard !step.argument.isEmpty else { throw ScriptError(step, "expected a path, such as inapp-file native-config.json") }
            let d: InAppDelivery
            do { d = try intake.read(step.argument) } catch { throw ScriptError(step, error.message) }
            return [.call { [unowned self] t in self.deliver(d, at: t) }]
        case "button":
            guard let n = Int(step.argument), n >= 1 else { throw ScriptError(step, "expected a button number from 1, such as button 1") }
            return gesture(.button(n - 1), "a button \(n)")
        case "close": return try bare(step, gesture(.close, "a close chip"))
        case "tap":
            switch step.argument {
            case "": return gesture(.tap, "a message to tap (banner, pip, carousel item or story)")
            case "left": return gesture(.tapAt(1.0 / 6), "stories to tap")
            case "middle": return gesture(.tapAt(0.5), "stories to tap")
            case "right": return gesture(.tapAt(5.0 / 6), "stories to tap")
            default:
                guard let x = Double(step.argument), x >= 0, x <= 1 else {
                    throw ScriptError(step, "expected tap, tap left|middle|right, or tap X with X a fraction 0–1 of the width")
                }
                return gesture(.tapAt(x), "stories to tap")
            }
        case "tap-outside": return try bare(step, gesture(.tapOutside, "a message with an outside (it covers the screen)"))
        case "hold":
            let s = try Script.seconds(step)
            return gesture(.fingerDown, "stories to hold") + [.wait(s)] + [.call { [unowned self] t in _ = self.gesture(.fingerUp, at: t) }]
        case "swipe":
            guard (1...3).contains(words.count), let d = InAppGesture.Direction(rawValue: words[0]) else {
                throw ScriptError(step, "expected swipe left, right, up or down, or a sheet's drag: swipe down POINTS [POINTS/S], such as swipe down 60 or swipe down 40 1200")
            }
            guard words.count > 1 else { return gesture(.swipe(d), "a message that takes a swipe \(d.rawValue)") }
            let distance = try Self.amount(words[1], unit: "pt", step)
            let velocity = words.count > 2 ? try Self.amount(words[2], unit: "pt/s", step) : 0
            return [.call { [unowned self] t in self.sheetDrag(d, distance: distance, velocity: velocity, step: step, at: t) }]
        case "scratch":
            let points = try words.map { w throws(ScriptError) in try Self.fraction(w, step) }
            guard !points.isEmpty else { throw ScriptError(step, "expected points X,Y (fractions 0–1 of the scratch area), such as scratch 0.1,0.5 0.9,0.5") }
            return gesture(.scratch(points), "a scratch card")
        case "reveal": return try bare(step, gesture(.reveal, "a scratch card with a reveal button"))
        case "spin": return try bare(step, gesture(.spin, "a spin wheel"))
        case "claim": return try bare(step, gesture(.claim, "a promo code to claim"))
        case "mute": return try bare(step, gesture(.mute, "a video or pip"))
        case "expand": return try bare(step, gesture(.expand, "a pip"))
        case "pip-drag":
            guard words.count == 1 else { throw ScriptError(step, "expected one point X,Y (fractions 0–1 of the screen), such as pip-drag 0.1,0.2") }
            return gesture(.pipDrag(try Self.fraction(words[0], step)), "a pip")
        case "video-ready": return try bare(step, gesture(.videoReady, "a video or pip"))
        case "video-fail": return try bare(step, gesture(.videoFail, "a video or pip"))
        case "video-end": return try bare(step, gesture(.videoEnd, "a video or pip"))
        case "background": return try bare(step, [.call { [unowned self] t in self.setBackground(true, at: t) }])
        case "foreground": return try bare(step, [.call { [unowned self] t in self.setBackground(false, at: t) }])
        case "pause":
            guard step.argument == "on" || step.argument == "off" else { throw ScriptError(step, "expected pause on or pause off") }
            let on = step.argument == "on"
            return [.call { [unowned self] t in self.setPaused(on, at: t) }]
        case "dismiss": return try bare(step, [.call { [unowned self] t in self.dismiss(at: t) }])
        case "advance":
            let s = try Script.seconds(step)
            return [.call { [unowned self] t in self.advanceWall(by: s, at: t) }]
        default:
            return nil
        }
    }

    /// `swipe up|down POINTS [POINTS/S]`: a finger drags the sheet that far and lets go at that speed (0: at rest), and
    /// the SDK's rule decides (`PWSheetInAppView.handlePan`): past 90 pt or faster than 900 pt/s downward it closes,
    /// else it springs back. On another template the distance means nothing: it takes the plain swipe, with a warning.
    func sheetDrag(_ d: InAppGesture.Direction, distance: Double, velocity: Double, step: ScriptStep, at t: Double) {
        guard focused?.layout == .sheet, d == .up || d == .down else {
            let what = focused.map { "the \($0.layout.rawValue) on screen takes a plain swipe" } ?? "no native in-app message is on screen"
            emitEvent(.warning(Diagnostic(path: "", "step \(step.number) (\(step.description)): a drag's distance and speed apply to a sheet's swipe up or down; \(what)")), t)
            if focused != nil, !gesture(.swipe(d), at: t) { unavailable(step, "a message that takes a swipe \(d.rawValue)", at: t) }
            return
        }
        let sign = d == .down ? 1.0 : -1.0
        gesture(.drag(sign * distance), at: t)
        gesture(.release(sign * distance, velocity: sign * velocity), at: t)
    }

    /// A number ≥ 0, with or without its unit (`60`, `60pt`; `1200`, `1200pt/s`).
    static func amount(_ w: String, unit: String, _ step: ScriptStep) throws(ScriptError) -> Double {
        let digits = w.hasSuffix(unit) ? String(w.dropLast(unit.count)) : w
        guard let v = Double(digits), v.isFinite, v >= 0 else {
            throw ScriptError(step, "expected a distance in points and a speed in points per second, each a number 0 or more, such as swipe down 60 or swipe down 40 1200 (got \(w))")
        }
        return v
    }

    func bare(_ step: ScriptStep, _ p: [PrimitiveStep]) throws -> [PrimitiveStep] {
        guard step.argument.isEmpty else { throw ScriptError(step, "\(step.name) takes no argument") }
        return p
    }

    /// `X,Y` with both in 0…1.
    static func fraction(_ w: String, _ step: ScriptStep) throws(ScriptError) -> InAppPoint {
        let parts = w.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), (0...1).contains(x), (0...1).contains(y) else {
            throw ScriptError(step, "expected points X,Y with X and Y fractions from 0 to 1, such as 0.25,0.5 (got \(w))")
        }
        return InAppPoint(x: x, y: y)
    }

    func unavailable(_ step: ScriptStep, _ what: String, at t: Double) {
        let on = focused.map { "the \($0.layout.rawValue) on screen has no such control" } ?? "no native in-app message is on screen"
        emitEvent(AbsentTarget.warning(step, needs: what, on), t)
    }
}
