// The in-app banners over `pushsim inapp`'s host app: the presenter's timers, the t/s keys, a press that drags or taps
// the banner, the `notify` and `banner-*` steps, the socket's banner lines, and the banner's drawing.

import Foundation
import PushSimEngine
import PushSimScreens

final class BannerLayer: HostLayer {
    unowned let host: any HostLayerContext
    private(set) var presenter = BannerPresenter()
    /// Every URL a tap opened, in order (the simulator's stand-in for UIApplication.open).
    private(set) var openedURLs: [String] = []
    /// Where the press that took the banner went down.
    var pressed: (x: Int, y: Int)?

    init(host: any HostLayerContext) { self.host = host }

    // MARK: Time

    /// Fire every timer due at or before `limit`, each at its own time (moving the host's clock to it).
    func fireTimers(until limit: Double) {
        while let timer = presenter.timer, timer.at <= limit {
            host.now = max(host.now, timer.at)
            apply(presenter.reduce(.timerFired(generation: timer.generation), at: timer.at))
        }
    }

    func advance(to t: Double) { fireTimers(until: t + 1e-9) }

    func prefetch() {
        if let img = presenter.current?.banner.image { _ = host.images.slot(for: img, size: BannerOverlay.thumbnail) }
    }

    func nextDeadline(now: Double) -> Double? {
        var next = presenter.nextDeadline
        func wake(_ at: Double) { next = min(next ?? at, at) }
        if let end = presenter.animationEnd(at: now) { wake(min(end, now + InAppScene.frameStep)) }
        if presenter.current?.banner.image != nil && host.images.isBusy { wake(now + InAppScene.frameStep) }
        return next
    }

    // MARK: Keys and mouse

    func key(_ k: Key, at t: Double) -> Bool {
        switch k {
        case .char("t"): apply(presenter.reduce(.tap, at: t))
        case .char("s"), .char("x"): apply(presenter.reduce(.swipe, at: t))
        default: return false
        }
        return true
    }

    /// A press on the banner (not one already leaving) is its: a drag or a tap, decided as it moves and lets go.
    func press(x: Int, y: Int, at t: Double) -> Bool {
        guard presenter.current.map({ !$0.isLeaving }) == true && rect(at: t).contains(x: x, y: y) else { return false }
        pressed = (x, y)
        return true
    }

    func drag(x: Int, y: Int, at t: Double) {
        guard let p = pressed else { return }
        apply(presenter.reduce(.drag(fraction: fraction(from: p.y, to: y)), at: t))
    }

    func release(x: Int, y: Int, at t: Double) {
        guard let p = pressed else { return }
        pressed = nil
        let f = fraction(from: p.y, to: y)
        let dragged: Bool
        if case .dragging = presenter.current?.phase { dragged = true } else { dragged = false }
        // Moved up: a drag decided on release. Not moved: a tap. Pulled down: it settles back.
        if f > 0 || dragged { apply(presenter.reduce(.release(fraction: f), at: t)) }
        else if y == p.y { apply(presenter.reduce(.tap, at: t)) }
    }

    /// How far up a drag from row `y0` to row `y1` moved the banner, as a fraction of its height.
    func fraction(from y0: Int, to y1: Int) -> Double {
        max(0, Double(y0 - y1) / Double(BannerOverlay.height))
    }

    // MARK: Arrivals

    /// A banner arrives as JSON text (the socket, `notify`): shown or queued; the result is its id.
    func notify(text: String, at t: Double) -> Result<String, InAppScene.Refusal> {
        let (banner, diags) = BannerParser.parse(text: text, defaultID: presenter.nextGeneratedID)
        return arrive(banner, diags, at: t)
    }

    func notify(_ json: JSONValue, at t: Double) -> Result<String, InAppScene.Refusal> {
        let (banner, diags) = BannerParser.parse(json, defaultID: presenter.nextGeneratedID)
        return arrive(banner, diags, at: t)
    }

    func arrive(_ banner: Banner?, _ diags: [Diagnostic], at t: Double) -> Result<String, InAppScene.Refusal> {
        guard let banner else {
            let e = diags.first { $0.severity == .error } ?? Diagnostic(.error, path: "", "not a banner")
            return .failure(InAppScene.Refusal(sentence: e.description))
        }
        for d in diags { host.emit(.warning(d), at: t) }
        // A banner the presenter drops (its queue is full) is refused, so the sender hears it was not shown.
        let refusal = presenter.refusal(of: banner)
        apply(presenter.reduce(.arrive(banner), at: t))
        if let refusal { return .failure(InAppScene.Refusal(sentence: refusal)) }
        return .success(banner.id)
    }

    /// Any line no layer above claims is read as a banner (the socket's first format): its id, or why not.
    func receive(_ line: String, at t: Double) -> String? { notify(text: line, at: t).socketReply }

    func apply(_ effects: [BannerEffect]) {
        for e in effects {
            switch e {
            case .emit(let ev): host.emit(ev, at: host.now)
            case .openURL(let url):
                openedURLs.append(url)
                host.emit(Event("open_url", ["url": .string(url)]), at: host.now)
            }
        }
    }

    // MARK: Steps

    /// `notify JSON`, `banner-tap`, `banner-swipe`, `banner-drag FRACTION`.
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "notify":
            guard !step.argument.isEmpty else { throw ScriptError(step, "expected a banner as JSON, such as notify {\"title\":\"Hi\",\"body\":\"There\"}") }
            let (banner, diags) = BannerParser.parse(text: step.argument, defaultID: presenter.nextGeneratedID)
            if banner == nil {
                let e = diags.first { $0.severity == .error }?.description ?? "not a banner"
                throw ScriptError(step, e)
            }
            return [.call { [unowned self] t in host.advance(to: t); _ = arrive(banner, diags, at: t) }]
        case "banner-tap", "banner-swipe":
            if let absent = absentBanner(step) { return absent }
            let action: BannerAction = step.name == "banner-tap" ? .tap : .swipe
            let call: [PrimitiveStep] = [.call { [unowned self] t in host.advance(to: t); apply(presenter.reduce(action, at: t)) }]
            let banner = { [unowned self] in rect(at: host.now).centerCell }
            return action == .tap ? PrimitiveStep.tap(at: banner, call) : PrimitiveStep.swipe(from: banner, by: 0, -4, call)
        case "banner-drag":
            guard let f = Double(step.argument), f.isFinite, f >= 0, f <= 1 else {
                throw ScriptError(step, "expected a fraction of the banner's height from 0 to 1, such as banner-drag 0.3")
            }
            if let absent = absentBanner(step) { return absent }
            let banner = { [unowned self] in rect(at: host.now).centerCell }
            let rows = -Int((f * Double(max(1, BannerOverlay.rect(in: host.size, offset: 0).height))).rounded())
            return PrimitiveStep.swipe(from: banner, by: 0, rows, [.call { [unowned self] t in
                host.advance(to: t)
                apply(presenter.reduce(.drag(fraction: f), at: t))
                apply(presenter.reduce(.release(fraction: f), at: t))
            }])
        default:
            return nil
        }
    }

    /// With no banner to act on, the step is the absent-target warning (`AbsentTarget`), when it is reached.
    func absentBanner(_ step: ScriptStep) -> [PrimitiveStep]? {
        guard let cur = presenter.current else { return host.absent(step, needs: "a banner", "no banner is on screen (send one first with notify {…})") }
        return cur.isLeaving ? host.absent(step, needs: "a banner", "banner \(cur.banner.id) is already leaving") : nil
    }

    // MARK: Drawing

    /// `t` and `s` act on a banner on screen that is not already leaving (BannerPresenter's tap and swipe).
    func liveKeys() -> String? { presenter.current.map { !$0.isLeaving } == true ? "t tap  s swipe" : nil }

    func isShowing(_ e: Event) -> Bool { e.name == "banner_show" }

    func draw(at t: Double, on c: inout Canvas) {
        guard let cur = presenter.current else { return }
        let slot = cur.banner.image.map { host.images.slot(for: $0, size: BannerOverlay.thumbnail) } ?? .none
        BannerOverlay.draw(cur.banner, image: slot, offset: presenter.offset(at: max(t, host.now)), appName: host.appName, on: &c)
    }

    /// The part of the banner on screen at `t`, from the layout (a headless run may never have drawn a frame).
    func rect(at t: Double) -> Rect {
        guard presenter.current != nil else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let size = host.size
        return BannerOverlay.rect(in: size, offset: presenter.offset(at: t)).intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
