// The SDK's foreground-push banners in the in-app scene: pushes from the socket (`pushsim notify --push`) and the
// `foreground-push` step, their attachment downloads, timers, taps and drawing. InAppScene calls these hooks.

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

extension InAppScene {
    /// A push arrives (`showForegroundPush(userInfo:)`): its id, or why it cannot be shown. Warnings are emitted.
    public func foregroundPush(_ payload: JSONValue, file: String = "push", at t: Double) -> Result<String, Refusal> {
        // Through the delivery path like any push: one APNs refuses (over 4096 bytes, no aps dictionary) never
        // reaches the app, so the module never sees it.
        if let r = APNsPayload.check(payload) {
            emit(Event("apns_rejected", ["bytes": .number(Double(r.bytes)), "limit": .number(Double(r.limit)), "reason": .string(r.reason)]), at: t)
            return .failure(Refusal(sentence: "not shown: \(r.reason)"))
        }
        let (push, diags) = ForegroundPush.parse(payload, file: file)
        guard let push else {
            return .failure(Refusal(sentence: diags.first(where: { $0.severity == .error })?.description ?? "not a push"))
        }
        for d in diags { emit(.warning(d), at: t) }
        let id = foreground.nextID
        for e in foreground.reduce(.arrive(push), at: t) { emit(e, at: t) }
        pollForegroundAttachments(at: t)
        return .success(id)
    }

    /// A line from the socket that is a foreground push: answered here; nil for any other line.
    func receiveForegroundPush(_ line: String, at t: Double) -> Result<String, Refusal>? {
        guard let payload = ForegroundPushWire.payload(line) else { return nil }
        return foregroundPush(payload, at: t)
    }

    /// Run the banners' timers up to `t`, each event at its own time, and show those whose attachment has come.
    func advanceForegroundPushes(to t: Double) {
        while let d = foreground.nextDeadline, d <= t + 1e-9 {
            for e in foreground.advance(to: d) { emit(e, at: d) }
        }
        pollForegroundAttachments(at: t)
    }

    /// The attachments being downloaded: one that has arrived (or failed) lets its banner appear, with the haptic.
    func pollForegroundAttachments(at t: Double) {
        let size = ForegroundPushBanner.imageSize(cardWidth: ForegroundPushBanner.frame(in: self.size).width)
        for w in foreground.waiting {
            guard let url = w.push.attachment else { continue }
            let loaded: Bool
            switch images.slot(for: url, size: size) {
            case .loading: continue
            case .image, .none: loaded = true  // .none: no image layer here (a snapshot draws the picture itself)
            case .failed: loaded = false
            }
            for e in foreground.reduce(.attachmentDone(id: w.id, loaded: loaded), at: t) { emit(e, at: t) }
        }
        for d in images.takeDiagnostics() { emit(.warning(d), at: t) }
    }

    /// When the foreground banners next need a frame: a timer, an animation, a download, the wave's loop.
    func foregroundDeadline(now: Double) -> Double? {
        var next = foreground.nextDeadline
        func wake(_ at: Double) { next = min(next ?? at, at) }
        if foreground.animating(at: now) { wake(now + Self.frameStep) }
        if !foreground.waiting.isEmpty && images.isBusy { wake(now + Self.frameStep) }
        // The wave mask changes the card's corners a few times a loop: a frame then, none between.
        if foreground.configuration.usePushAnimation {
            for b in foreground.shown where b.hidingSince == nil { wake(ForegroundPushBanner.nextCornerChange(after: now, shownAt: b.shownAt)) }
        }
        return next
    }

    /// A tap at a cell: true when it landed on a foreground banner (the topmost one there takes it).
    func tapForegroundPush(x: Int, y: Int, at t: Double) -> Bool {
        guard let top = foreground.shown.last(where: { $0.hidingSince == nil }) else { return false }
        let r = ForegroundPushBanner.rect(top, presenter: foreground, in: size, at: t)
        guard r.contains(x: x, y: y) else { return false }
        for e in foreground.reduce(.tap, at: t) { emit(e, at: t) }
        return true
    }

    /// The middle of the topmost foreground banner, where `foreground-tap` touches; nil when none shows.
    var foregroundCell: (x: Int, y: Int)? {
        guard let top = foreground.shown.last(where: { $0.hidingSince == nil }) else { return nil }
        return ForegroundPushBanner.rect(top, presenter: foreground, in: size, at: now).centerCell
    }

    /// The `f` key and the `foreground-tap` step: a tap on the topmost banner.
    func tapForegroundPush(at t: Double) {
        for e in foreground.reduce(.tap, at: t) { emit(e, at: t) }
    }

    func drawForegroundPushes(at t: Double, on c: inout Canvas) {
        let images = self.images
        ForegroundPushBanner.draw(foreground, at: max(t, now), appName: appName, image: { images.slot(for: $0, size: $1) }, on: &c)
    }

    /// `foreground-push JSON`, `foreground-push-file PATH`, `foreground-tap`.
    func expandForegroundStep(_ step: ScriptStep) throws -> [PrimitiveStep]? {
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
            return [.call { [unowned self] t in advance(to: t); _ = foregroundPush(doc, file: file, at: t) }]
        case "foreground-tap":
            if foregroundCell == nil { return absent(step, "no foreground push is on screen", needs: "a foreground push") }
            return PrimitiveStep.tap(at: { [unowned self] in foregroundCell }, [.call { [unowned self] t in advance(to: t); tapForegroundPush(at: t) }])
        default:
            return nil
        }
    }
}
