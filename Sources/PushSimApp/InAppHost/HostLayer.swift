// One surface shown over the host app in `pushsim inapp` (the banners, the SDK's foreground pushes, the native
// messages): its own timers, keys, touches, steps, socket lines and drawing. `InAppScene` composes them (`HostLayers`).

import PushSimEngine
import PushSimScreens

/// A surface over the host app. Every input is offered to the layers in turn until one takes it (`true`, or a non-nil
/// answer); what none takes goes to the app. Each requirement has a default that takes nothing, so a layer names only
/// what it does.
protocol HostLayer: AnyObject {
    /// Run its timers up to `t`, each event at its own time.
    func advance(to t: Double)
    /// After the socket's lines: start loading what the next frame draws.
    func prefetch()
    /// When it next changes on its own (a timer, an animation frame, a download); nil when it waits for input.
    func nextDeadline(now: Double) -> Double?
    /// A key: true when taken (no layer below and not the app sees it).
    func key(_ k: Key, at t: Double) -> Bool
    /// A press at a cell of the phone's screen: true when the gesture is this layer's (its drag and release come here).
    func press(x: Int, y: Int, at t: Double) -> Bool
    func drag(x: Int, y: Int, at t: Double)
    func release(x: Int, y: Int, at t: Double)
    /// A click no layer's press took (down and up in place): true when it landed on this layer.
    func click(x: Int, y: Int, at t: Double) -> Bool
    /// A line from the socket: the answer, or nil when the line is not this layer's.
    func receive(_ line: String, at t: Double) -> String?
    /// One of its script steps, expanded; nil when the step is not its.
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]?
    /// Draw over what is below, at `t`.
    func draw(at t: Double, on c: inout Canvas)
    /// The status line's key hints, and a note after them, while this layer has the keyboard; nil when it has not.
    func keyHints(leave: LeaveAction) -> (hints: String, note: String?)?
    /// The help box (`?`) while this layer has the keyboard; nil when it has not.
    func help(leave: LeaveAction) -> (title: String, lines: [String])?
    /// The keys it answers now, for the status line (`t tap  s swipe` while a banner shows); nil while none does
    /// anything, so the line never offers a key that does nothing.
    func liveKeys() -> String?
    /// Whether `e`, one of its own events, says something new appeared on it (the host's "opened …" gives way then).
    func isShowing(_ e: Event) -> Bool
}

extension HostLayer {
    func advance(to t: Double) {}
    func prefetch() {}
    func nextDeadline(now: Double) -> Double? { nil }
    func key(_ k: Key, at t: Double) -> Bool { false }
    func press(x: Int, y: Int, at t: Double) -> Bool { false }
    func drag(x: Int, y: Int, at t: Double) {}
    func release(x: Int, y: Int, at t: Double) {}
    func click(x: Int, y: Int, at t: Double) -> Bool { false }
    func receive(_ line: String, at t: Double) -> String? { nil }
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? { nil }
    func draw(at t: Double, on c: inout Canvas) {}
    func keyHints(leave: LeaveAction) -> (hints: String, note: String?)? { nil }
    func help(leave: LeaveAction) -> (title: String, lines: [String])? { nil }
    func liveKeys() -> String? { nil }
    func isShowing(_ e: Event) -> Bool { false }
}

/// What a layer has of the host it is shown over: the clock, the phone's screen, images, the event log.
protocol HostLayerContext: AnyObject {
    /// The simulated clock, as far as the host has advanced. A layer firing its timers in turn moves it to each, so
    /// what the host does next happens after them.
    var now: Double { get set }
    /// The phone's screen the layers are laid out in.
    var size: Size { get }
    var images: ImageSource { get }
    var appName: String { get }
    /// No colours (NO_COLOR): drawings tell their parts apart by shade and glyph.
    var monochrome: Bool { get }
    /// Write an event (the host also shows it on the status line).
    func emit(_ e: Event, at t: Double)
    /// Bring the whole host, every layer, to `t` (a step's call does this first).
    func advance(to t: Double)
}

extension HostLayerContext {
    /// A step whose target is absent from this screen: when it is reached, the host comes to its time and writes the
    /// absent-target warning (`AbsentTarget`), and the run goes on.
    func absent(_ step: ScriptStep, needs what: String, _ onScreen: String) -> [PrimitiveStep] {
        [.call { [unowned self] t in advance(to: t); emit(AbsentTarget.warning(step, needs: what, onScreen), at: t) }]
    }
}
