// One tab's run: a scene driven as the terminal drives it (the monotonic clock, input, deadlines), drawn as pictures.

import Foundation
import NIOCore
import PushSimApp
import PushSimCanvas
import PushSimEngine
import PushSimPicture
import PushSimScreens

/// What a tab sends, parsed; and what the server tells every run (a FILE changed).
public enum RunInput: Sendable, Equatable {
    case pointer(MouseEvent.Kind, x: Double, y: Double)
    case key(Key)
    case pick(name: String, value: String)
    case restart
    case reload
    /// A deadline's timer, or a scene descriptor became readable.
    case tick
    case close

    /// A message from the page, parsed: `{"type":"down|move|up","x":…,"y":…}` (points on the phone),
    /// `{"type":"key","key":"left"}`, `{"type":"pick","name":"device","value":"iphone-se"}`, `{"type":"restart"}`.
    /// nil for anything else (the caller logs it once and drops the tab).
    public static func parse(_ text: String) -> RunInput? {
        guard let data = text.data(using: .utf8), data.count <= 4096,
              let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let type = o["type"] as? String else { return nil }
        func number(_ k: String) -> Double? {
            guard let v = (o[k] as? NSNumber)?.doubleValue else { return nil }
            return v.isFinite && abs(v) < 100_000 ? v : nil
        }
        switch type {
        case "down", "move", "up":
            guard let x = number("x"), let y = number("y") else { return nil }
            let kind: MouseEvent.Kind = type == "down" ? .press : type == "move" ? .drag : .release
            return .pointer(kind, x: x, y: y)
        case "key":
            guard let name = o["key"] as? String, name.count <= 16, let k = Key(name: name) else { return nil }
            return .key(k)
        case "pick":
            guard let name = o["name"] as? String, let value = o["value"] as? String, name.count <= 32, value.count <= 64 else { return nil }
            return .pick(name: name, value: value)
        case "restart": return .restart
        default: return nil
        }
    }
}

/// Builds a run for the pickers' current values; nil with one sentence when the experience cannot be played now.
public typealias ExperienceFactory = @Sendable ([String: String]) -> Result<BrowserExperience, BrowserProblem>

public struct BrowserProblem: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The loop of one tab. Like the terminal's: wait for input or the scene's next deadline (nothing at all when the
/// scene has none: an idle tab costs no wake-ups), advance the scene to the monotonic clock, hand it the input, and
/// send a new picture when it differs from the last one sent.
final class BrowserRun {
    static let screen = Size(width: 80, height: 24)

    let make: ExperienceFactory
    let queue: OutboundQueue
    let inputs: Mailbox<RunInput>
    let pickers: [BrowserPicker]
    let log: @Sendable (String) -> Void
    var choices: [String: String]
    var experience: BrowserExperience?
    var start = ContinuousClock.now
    var lastPicture: [UInt8] = []
    var timer: Scheduled<Void>?
    var timerDeadline: Double?
    var ended = false

    init(make: @escaping ExperienceFactory, pickers: [BrowserPicker], queue: OutboundQueue,
         inputs: Mailbox<RunInput>, log: @escaping @Sendable (String) -> Void) {
        self.make = make
        self.pickers = pickers
        self.queue = queue
        self.inputs = inputs
        self.log = log
        choices = Dictionary(uniqueKeysWithValues: pickers.map { ($0.name, $0.initial) })
    }

    var now: Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    func run() async {
        begin()
        while true {
            schedule()
            // Everything that arrived meanwhile, handled before one picture for all of it.
            let batch = await inputs.next()
            if let end = batch.firstIndex(of: .close) {
                for input in batch[..<end] { handle(input) }
                break
            }
            for input in batch { handle(input) }
            present()
        }
        timer?.cancel()
        finish()
    }

    private func finish() {
        experience?.finish()
        experience = nil
        queue.close()
    }

    /// Build the run for the current choices and show its first picture.
    private func begin() {
        experience?.finish()
        experience = nil
        lastPicture = []
        ended = false
        switch make(choices) {
        case .failure(let p):
            queue.push(text: Self.message("problem", ["message": .string(p.message)]))
        case .success(let e):
            experience = e
            start = .now
            e.scene.resize(to: Self.screen, at: 0)
            e.scene.advance(to: 0)
            var hello = JSONObject()
            hello["width"] = .number(e.device.width)
            hello["height"] = .number(e.device.height)
            hello["pickers"] = .array(pickers.map { p in
                var o = JSONObject()
                o["name"] = .string(p.name)
                o["label"] = .string(p.label)
                o["values"] = .array(p.values.map { .string($0) })
                o["value"] = .string(choices[p.name] ?? p.initial)
                return .object(o)
            })
            queue.push(text: Self.message("run", hello))
            for event in e.sink.events { queue.push(text: Self.eventMessage(event)) }
            let queue = self.queue
            let previous = e.sink.onEvent
            e.sink.onEvent = { event in previous?(event); queue.push(text: Self.eventMessage(event)) }
            present()
        }
    }

    private func handle(_ input: RunInput) {
        switch input {
        case .pick(let name, let value):
            guard let p = pickers.first(where: { $0.name == name }), p.values.contains(value) else {
                log("a tab picked \(name)=\(value), which is not offered; ignored")
                return
            }
            choices[name] = value
            begin()
        case .restart, .reload:
            begin()
        case .tick, .close:
            if let e = experience { e.scene.advance(to: now) }
        case .key(let k):
            deliver(.key(k))
        case .pointer(let kind, let x, let y):
            guard let e = experience else { return }
            let t = now
            e.scene.advance(to: t)
            let area = (e.scene as? TouchArea)?.touchArea ?? Rect(x: 0, y: 0, width: Self.screen.width, height: Self.screen.height)
            let target = e.touchTarget?(t, e.device) ?? PictureRect(x: 0, y: 0, width: e.device.width, height: e.device.height)
            let c = BrowserExperience.cell(atX: x, y: y, area: area, target: target)
            deliver(.mouse(MouseEvent(kind, x: c.x, y: c.y)))
        }
    }

    private func deliver(_ input: InputEvent) {
        guard let e = experience, !ended else { return }
        let t = now
        e.scene.advance(to: t)
        e.scene.handle(input, at: t)
    }

    /// A timer for the scene's next deadline (replacing one set for another moment); none when it has none.
    private func schedule() {
        let deadline = ended ? nil : experience?.scene.nextDeadline()
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        timer = nil
        timerDeadline = deadline
        guard let deadline else { return }
        let delay = max(0, deadline - now)
        let inputs = self.inputs
        // Rounded up to the millisecond, so the wake lands at or after the deadline, never a hair before. On NIO's
        // loops, not Task.sleep (LoopTimer says why).
        timer = LoopTimer.after(milliseconds: Int64(min(delay * 1000, 86_400_000).rounded(.up))) { inputs.post(.tick) }
    }

    /// Draw the moment and queue the picture if it differs from the last one sent; say when the run has ended.
    private func present() {
        guard let e = experience else { return }
        let t = now
        e.scene.advance(to: t)
        if timerDeadline.map({ $0 <= t }) ?? false { timerDeadline = nil }
        if let status = e.scene.exitStatus, !ended {
            ended = true
            var o = JSONObject()
            o["status"] = .number(Double(status))
            queue.push(text: Self.message("ended", o))
        }
        do throws(PictureError) {
            let p = try Picture(width: e.device.width, height: e.device.height, scale: e.scale)
            e.draw(p, t, e.device)
            let png = try p.pngData()
            guard png != lastPicture else { return }
            lastPicture = png
            queue.push(frame: png)
        } catch {
            queue.push(text: Self.message("problem", ["message": .string(error.message)]))
        }
    }

    static func message(_ type: String, _ fields: JSONObject) -> String {
        var o = fields
        o["type"] = .string(type)
        return JSONValue.object(o).jsonText()
    }

    /// The event's JSON line, as `--events` writes it, inside `{"type":"event","event":…}`.
    static func eventMessage(_ e: TimedEvent) -> String { #"{"type":"event","event":"# + e.jsonLine + "}" }
}
