// The SDK's native in-app messages as a layer over `pushsim inapp`'s host app: time, keys, mouse, steps and socket
// lines go to `NativeInApp`; this draws what its presentations say is on screen, over the banners.

import PushSimEngine
import PushSimScreens
import PushSimStore

final class NativeInAppLayer: HostLayer {
    unowned let host: any HostLayerContext
    let native: NativeInApp
    /// Where a click the messages let through landed (`host_click`'s cell), while its release is handled.
    var passThroughAt: (x: Int, y: Int)?
    /// The last frame drew a spinner.
    var spinning = false

    init(host: any HostLayerContext, native: NativeInApp) {
        self.host = host
        self.native = native
    }

    func advance(to t: Double) { native.advance(to: t) }

    func nextDeadline(now: Double) -> Double? {
        var next = native.nextDeadline
        func wake(_ at: Double) { next = min(next ?? at, at) }
        if native.presenter.isMoving(at: now) { wake(now + InAppScene.frameStep) }
        if let tick = native.presenter.nextTick(after: now) { wake(tick) }
        // A spinner on the last frame (an image or a video loading) turns a step at a time, 8 a second; an image
        // that lands wakes the loop through its pipe, and the frame after it has no spinner: nothing to wake for.
        if spinning { wake(InAppSpinner.nextStep(after: now)) }
        return next
    }

    func key(_ k: Key, at t: Double) -> Bool { native.key(k, at: t) }

    /// A message above the app takes a press on it (the SDK's window sits over the app's).
    func press(x: Int, y: Int, at t: Double) -> Bool { native.press(x: x, y: y, in: host.size, at: t) }

    func drag(x: Int, y: Int, at t: Double) { native.drag(x: x, y: y, in: host.size, at: t) }

    func release(x: Int, y: Int, at t: Double) {
        passThroughAt = (x, y)
        native.release(x: x, y: y, in: host.size, at: t)
        passThroughAt = nil
    }

    /// `pushsim notify --inapp`'s lines; any other is not the messages'.
    func receive(_ line: String, at t: Double) -> String? {
        guard let d = InAppDelivery(socketLine: line) else { return nil }
        return native.deliver(d, at: t).reply
    }

    /// A native step with its finger's touches, at the elements it names on this screen.
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        guard let r = try native.expand(step) else { return nil }
        return native.touches(for: step, r, size: { [unowned self] in host.size })
    }

    func draw(at t: Double, on c: inout Canvas) {
        let images = host.images
        let maps = InAppScreen.draw(native.presentations(at: max(t, host.now)), images: { u, s in images.slot(for: u, size: s) }, at: t,
                                    options: InAppDrawOptions(monochrome: host.monochrome), on: &c)
        spinning = maps.contains { $0.spinning }
        if let notice = native.notice, c.width > 4 {
            // The SDK only logs why it refused a config; the tester reads it here until the next one arrives.
            let line = " " + TextWidth.truncate(TextWidth.sanitized(notice), to: c.width - 4) + " "
            c.text(line, x: 1, y: 1, style: Style(fg: .white, bg: .rgb(160, 40, 40), attrs: .bold))
        }
    }

    /// A message's keys, while one has the keyboard; a flood says how many wait behind the message on screen.
    func keyHints(leave: LeaveAction) -> (hints: String, note: String?)? {
        guard native.focused != nil else { return nil }
        let n = native.presenter.queue.count
        return (InAppKeys.hints(for: native.presentations(at: host.now), leave: leave), n > 0 ? "\(n) waiting" : nil)
    }

    func isShowing(_ e: Event) -> Bool { e.name == "inapp_did_present" }

    func help(leave: LeaveAction) -> (title: String, lines: [String])? {
        guard native.focused != nil else { return nil }
        return ("Native in-app", InAppKeys.helpLines(for: native.presentations(at: host.now), leave: leave) + ["", "Send one:  pushsim notify --inapp FILE"])
    }
}

extension InAppScene {
    /// Turn on the native in-app messages: a layer over the banners, whose events go through this scene's event log
    /// and status line, and a tap they let through reaches the host app as `host_click`.
    public func attachNative(intake: InAppIntake, options: InAppPresenterOptions, capsEnabled: Bool, isDark: Bool,
                             store: Store?) -> NativeInApp {
        let n = NativeInApp(intake: intake, options: options, capsEnabled: capsEnabled, isDark: isDark, store: store) { [unowned self] e, t in
            self.emit(e, at: t)
        }
        let layer = NativeInAppLayer(host: self, native: n)
        n.onPassThrough = { [unowned self, unowned layer] t in
            // A step's tap-outside lands beside the message: the middle of the app's list, left edge.
            let at = layer.passThroughAt ?? (2, InAppHostScreen.listRect(in: size).y + InAppHostScreen.listRect(in: size).height / 2)
            hostClick(x: at.x, y: at.y, at: t)
        }
        n.onUnavailableImages = { [images] unavailable in
            for (url, why) in unavailable { images.markUnavailable(url, reason: why) }
        }
        setNative(layer)
        return n
    }
}
