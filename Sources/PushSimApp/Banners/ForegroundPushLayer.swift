// The SDK's foreground-push banners over `pushsim inapp`'s host app: pushes from the socket (`pushsim notify --push`)
// and the `foreground-push` step, their attachment downloads, timers, taps and drawing.

import Foundation
import PushSimEngine
import PushSimScreens

/// The socket's wire form of a foreground push: `{"foreground_push": USERINFO}` on one line (a banner never has
/// that key).
public enum ForegroundPushWire {
    public static let key = "foreground_push"

    public static func line(_ userInfo: JSONValue) -> String { JSONValue.object([key: userInfo]).jsonText() }

    /// The payload of a foreground-push line; nil for any other line (a banner).
    static func payload(_ line: String) -> JSONValue? {
        guard line.contains("\"\(key)\""), let v = try? JSONParser.parse(line), let o = v.objectValue, o.count == 1 else { return nil }
        return o[key]
    }
}

final class ForegroundPushLayer: HostLayer {
    unowned let host: any HostLayerContext
    /// The SDK's own foreground-push banners (PushwooshForegroundPush), configured by the host.
    var presenter = ForegroundPushPresenter()

    init(host: any HostLayerContext) { self.host = host }

    /// A push arrives (`showForegroundPush(userInfo:)`): its id, or why it cannot be shown. Warnings are emitted.
    func push(_ payload: JSONValue, file: String = "push", at t: Double) -> Result<String, InAppScene.Refusal> {
        // Through the delivery path like any push: one APNs refuses (over 4096 bytes, no aps dictionary) never
        // reaches the app, so the module never sees it.
        if let r = APNsPayload.check(payload) {
            host.emit(Event("apns_rejected", ["bytes": .number(Double(r.bytes)), "limit": .number(Double(r.limit)), "reason": .string(r.reason)]), at: t)
            return .failure(InAppScene.Refusal(sentence: "not shown: \(r.reason)"))
        }
        let (push, diags) = ForegroundPush.parse(payload, file: file)
        guard let push else {
            return .failure(InAppScene.Refusal(sentence: diags.first(where: { $0.severity == .error })?.description ?? "not a push"))
        }
        for d in diags { host.emit(.warning(d), at: t) }
        let id = presenter.nextID
        for e in presenter.reduce(.arrive(push), at: t) { host.emit(e, at: t) }
        pollAttachments(at: t)
        return .success(id)
    }

    /// A line from the socket that is a foreground push: answered here; nil for any other line.
    func receivePush(_ line: String, at t: Double) -> Result<String, InAppScene.Refusal>? {
        guard let payload = ForegroundPushWire.payload(line) else { return nil }
        return push(payload, at: t)
    }

    func receive(_ line: String, at t: Double) -> String? { receivePush(line, at: t)?.socketReply }

    /// Run the banners' timers up to `t`, each event at its own time, and show those whose attachment has come.
    func advance(to t: Double) {
        while let d = presenter.nextDeadline, d <= t + 1e-9 {
            for e in presenter.advance(to: d) { host.emit(e, at: d) }
        }
        pollAttachments(at: t)
    }

    /// The attachments being downloaded: one that has arrived (or failed) lets its banner appear, with the haptic.
    func pollAttachments(at t: Double) {
        let size = ForegroundPushBanner.imageSize(cardWidth: ForegroundPushBanner.frame(in: host.size).width)
        for w in presenter.waiting {
            guard let url = w.push.attachment else { continue }
            let loaded: Bool
            switch host.images.slot(for: url, size: size) {
            case .loading: continue
            case .image, .none: loaded = true  // .none: no image layer here (a snapshot draws the picture itself)
            case .failed: loaded = false
            }
            for e in presenter.reduce(.attachmentDone(id: w.id, loaded: loaded), at: t) { host.emit(e, at: t) }
        }
        for d in host.images.takeDiagnostics() { host.emit(.warning(d), at: t) }
    }

    /// When the foreground banners next need a frame: a timer, an animation, a download, the wave's loop.
    func nextDeadline(now: Double) -> Double? {
        var next = presenter.nextDeadline
        func wake(_ at: Double) { next = min(next ?? at, at) }
        if presenter.animating(at: now) { wake(now + InAppScene.frameStep) }
        if !presenter.waiting.isEmpty && host.images.isBusy { wake(now + InAppScene.frameStep) }
        // The wave mask changes the card's corners a few times a loop: a frame then, none between.
        if presenter.configuration.usePushAnimation {
            for b in presenter.shown where b.hidingSince == nil { wake(ForegroundPushBanner.nextCornerChange(after: now, shownAt: b.shownAt)) }
        }
        return next
    }

    /// A click at a cell: true when it landed on a foreground banner (the topmost one there takes it).
    func click(x: Int, y: Int, at t: Double) -> Bool {
        guard let top = presenter.shown.last(where: { $0.hidingSince == nil }) else { return false }
        let r = ForegroundPushBanner.rect(top, presenter: presenter, in: host.size, at: t)
        guard r.contains(x: x, y: y) else { return false }
        for e in presenter.reduce(.tap, at: t) { host.emit(e, at: t) }
        return true
    }

    /// The middle of the topmost foreground banner, where `foreground-tap` touches; nil when none shows.
    var cell: (x: Int, y: Int)? {
        guard let top = presenter.shown.last(where: { $0.hidingSince == nil }) else { return nil }
        return ForegroundPushBanner.rect(top, presenter: presenter, in: host.size, at: host.now).centerCell
    }

    /// The `f` key and the `foreground-tap` step: a tap on the topmost banner.
    func tap(at t: Double) {
        for e in presenter.reduce(.tap, at: t) { host.emit(e, at: t) }
    }

    func key(_ k: Key, at t: Double) -> Bool {
        guard case .char("f") = k else { return false }
        tap(at: t)
        return true
    }

    /// `f` taps the topmost push while one shows (not one already hiding).
    func liveKeys() -> String? { cell == nil ? nil : "f tap push" }

    func isShowing(_ e: Event) -> Bool { e.name == "foreground_push_show" }

    /// A subview of the app's window: drawn under the banner's own window.
    func draw(at t: Double, on c: inout Canvas) {
        let images = host.images
        ForegroundPushBanner.draw(presenter, at: max(t, host.now), appName: host.appName, image: { images.slot(for: $0, size: $1) }, on: &c)
    }

    /// `foreground-push JSON`, `foreground-push-file PATH`, `foreground-tap`.
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "foreground-push", "foreground-push-file":
            let doc: JSONValue
            if step.name == "foreground-push" {
                guard !step.argument.isEmpty else {
                    throw ScriptError(step, "expected an APNs payload as JSON, such as foreground-push {\"aps\":{\"alert\":{\"title\":\"Hi\",\"body\":\"There\"}}}")
                }
                do { doc = try JSONParser.parse(step.argument) } catch { throw ScriptError(step, "not JSON: \(error.description)") }
            } else {
                guard !step.argument.isEmpty else { throw ScriptError(step, "expected a file, such as foreground-push-file push.json") }
                do { doc = try InputFile.readJSON(step.argument) } catch { throw ScriptError(step, error.message) }
            }
            if doc.objectValue == nil { throw ScriptError(step, "a push must be a JSON object (an APNs payload with aps), not \(doc.quoted)") }
            let file = step.name == "foreground-push" ? "push" : (step.argument as NSString).lastPathComponent
            return [.call { [unowned self] t in host.advance(to: t); _ = push(doc, file: file, at: t) }]
        case "foreground-tap":
            if cell == nil { return host.absent(step, needs: "a foreground push", "no foreground push is on screen") }
            return PrimitiveStep.tap(at: { [unowned self] in cell }, [.call { [unowned self] t in host.advance(to: t); tap(at: t) }])
        default:
            return nil
        }
    }
}
