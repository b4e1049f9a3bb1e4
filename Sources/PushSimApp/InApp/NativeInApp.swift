// The SDK's native in-app messages inside `pushsim inapp`: configs arrive (files, steps, the socket), the SDK's parser
// takes or drops them, the presenter queues and plays them, and every callback becomes an event. Its layer over the
// host app (`NativeInAppLayer`) forwards time, keys, mouse and steps here and draws what `presentations` says is on screen.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens
import PushSimStore

/// A config as it reaches the SDK: the JSON, the file it came from (for `inapp_dropped`), and the resource code Core
/// would inject as `inAppId` when the config has none (a campaign ZIP's name).
public struct InAppDelivery: Sendable, Equatable {
    public var config: JSONValue
    public var file: String
    public var resourceCode: String?
    /// What reading it noticed (a localisation that fell back, say): reported as `warning` events on arrival.
    public var warnings: [Diagnostic]
    /// A campaign ZIP's images that cannot be drawn, with why (`warnings` already says so).
    public var unavailableImages: [String: String] = [:]
    /// One `personalized` event per placeholder the device filled (or left as written), emitted on arrival.
    public var events: [Event] = []
    public init(config: JSONValue, file: String, resourceCode: String? = nil, warnings: [Diagnostic] = []) {
        self.config = config; self.file = file; self.resourceCode = resourceCode; self.warnings = warnings
    }

    /// Core's injection: a config without `inAppId` gets the resource code; an explicit one is kept.
    public var injected: JSONValue {
        guard let code = resourceCode, case .object(var o) = config else { return config }
        if o["inAppId"] == nil || o["inAppId"] == .null { o["inAppId"] = .string(code) }
        return .object(o)
    }
}

/// The two things the in-app module needs from outside: the SDK's parser and the reading of a file (a config, a
/// resource ZIP, `-`). Handed in by the command, so the scene runs on whatever the parser branch provides.
public struct InAppIntake: Sendable {
    public var parse: @Sendable (_ config: JSONValue, _ isDark: Bool, _ now: Double) -> InAppParseResult
    public var read: @Sendable (_ path: String) throws(UserError) -> InAppDelivery
    public init(parse: @escaping @Sendable (JSONValue, Bool, Double) -> InAppParseResult,
                read: @escaping @Sendable (String) throws(UserError) -> InAppDelivery = InAppIntake.readJSON) {
        self.parse = parse; self.read = read
    }

    /// A bare `native-config.json` (or `-`).
    public static let readJSON: @Sendable (String) throws(UserError) -> InAppDelivery = { (path: String) throws(UserError) in
        InAppDelivery(config: try InputFile.readJSON(path), file: path)
    }
}

/// What became of one delivery (for `pushsim notify --inapp`'s answer).
public enum InAppDeliveryOutcome: Sendable, Equatable {
    /// Shown or queued; the id (nil: the config has none).
    case accepted(String?)
    /// The parser refused it: the SDK's KEY and a sentence.
    case dropped(InAppDrop)
    case suppressed(String?, InAppSuppression)

    /// The socket's answer line: `ok ID`, or `error …` with the reason.
    public var reply: String {
        switch self {
        case .accepted(let id): return "ok \(id ?? "null")"
        case .dropped(let d): return "error not shown: dropped at \(d.key): \(d.sentence)"
        case .suppressed(let id, let why): return "error not shown: \(id ?? "the message") was suppressed (\(why.rawValue))"
        }
    }
}

public final class NativeInApp {
    public private(set) var presenter: InAppPresenter
    public let intake: InAppIntake
    /// The phone's appearance when a config arrives (`--dark`): decided at parse time, as the SDK does.
    public var isDark: Bool
    let store: Store?
    /// The host scene's event writer (it also keeps the status line).
    let emitEvent: (Event, Double) -> Void
    /// A tap the messages let through: the host app gets it.
    var onPassThrough: ((Double) -> Void)?
    /// A delivery's images that cannot be drawn (a campaign ZIP's missing entries), already warned of: the scene's
    /// image source draws them as failures without a second warning.
    var onUnavailableImages: (([String: String]) -> Void)?
    /// Every URL opened, in order.
    public private(set) var openedURLs: [String] = []
    /// The last refusal, in words, shown on screen until the next config arrives (the SDK only logs it).
    public private(set) var notice: String?
    var now = 0.0
    /// Keyboard state: the scratch brush (fractions of the area) and whether it is down; a story held by a key.
    var brush = InAppPoint(x: 0.5, y: 0.5)
    var brushDown = false
    var holding = false
    /// The mouse button is down on a message: where, when, on what.
    var mouse: MouseState?
    struct MouseState {
        var x: Int, y: Int, at: Double
        var hit: InAppHit
        var layout: InAppLayout?
        var onPip: Bool
        /// A sheet's drag: the finger's rows over the last tenth of a second (for its speed at the release).
        var moves: [(y: Int, t: Double)] = []
    }

    public init(intake: InAppIntake, options: InAppPresenterOptions = InAppPresenterOptions(), capsEnabled: Bool = false,
                isDark: Bool = false, store: Store? = nil, emit: @escaping (Event, Double) -> Void) {
        self.intake = intake
        self.isDark = isDark
        self.store = store
        self.emitEvent = emit
        var records: [String: InAppDisplayRecord] = [:]
        var warning: String?
        if let store {
            do { records = try store.loadInAppDisplays() } catch { warning = error.message }
        }
        presenter = InAppPresenter(options: options, frequency: InAppFrequency(capsEnabled: capsEnabled, records: records))
        if let warning { emit(.warning(Diagnostic(path: "", warning)), 0) }
    }

    // MARK: Arrival

    /// A config arrives at `t`: parsed as the SDK parses it (the dark overlay when the phone is dark), then presented.
    @discardableResult
    public func deliver(_ d: InAppDelivery, at t: Double) -> InAppDeliveryOutcome {
        advance(to: t)
        notice = nil
        for e in d.events { emitEvent(e, t) }
        for w in d.warnings { emitEvent(.warning(w), t) }
        if !d.unavailableImages.isEmpty { onUnavailableImages?(d.unavailableImages) }
        let r = intake.parse(d.injected, isDark, presenter.wall(at: t))
        if let reason = r.darkFallback {
            var f: JSONObject = ["id": Self.rawID(d.injected), "reason": .string(reason)]
            if let k = r.darkDrop?.key { f["key"] = .string(k) }
            emitEvent(Event("inapp_dark_fallback", f), t)
        }
        guard let m = r.message else {
            let drop = r.drop ?? InAppDrop(key: "unexpected", path: "", sentence: "the config was not accepted")
            emitEvent(Event("inapp_dropped", ["file": .string(d.file), "key": .string(drop.key), "message": .string(drop.sentence)]), t)
            notice = "not shown: \(drop.sentence)"
            return .dropped(drop)
        }
        presenter.arrive(m, at: t)
        let effects = presenter.takeEffects()
        let refusal = InAppPresenter.refusal(in: effects, of: m)
        perform(effects)
        if let refusal {
            notice = "not shown: \(m.id ?? "a message without inAppId") was suppressed (\(refusal.rawValue))"
            return .suppressed(m.id, refusal)
        }
        return .accepted(m.id)
    }

    /// The id as the config gives it, for events about a config that may not parse: a string, a number's digits.
    static func rawID(_ config: JSONValue) -> JSONValue {
        switch config["inAppId"] {
        case .string(let s) where !s.isEmpty: return .string(s)
        case .number(let n): return .string(JSONValue.formatNumber(n))
        default: return .null
        }
    }

    // MARK: Time and gestures

    public func advance(to t: Double) {
        now = max(now, t)
        presenter.advance(to: t)
        perform(presenter.takeEffects())
    }

    public var nextDeadline: Double? { presenter.nextDeadline }

    /// A gesture on what is on screen; false when nothing there takes it.
    @discardableResult
    public func gesture(_ g: InAppGesture, at t: Double) -> Bool {
        advance(to: t)
        let taken = presenter.gesture(g, at: t)
        perform(presenter.takeEffects())
        return taken
    }

    /// A gesture on the pip or on the shared-window message.
    @discardableResult
    public func gesture(_ g: InAppGesture, onPip: Bool, at t: Double) -> Bool {
        advance(to: t)
        let taken = presenter.gesture(g, onPip: onPip, at: t)
        perform(presenter.takeEffects())
        return taken
    }

    public func dismiss(at t: Double) { advance(to: t); presenter.dismissAll(at: t); perform(presenter.takeEffects()) }
    public func setPaused(_ on: Bool, at t: Double) { advance(to: t); presenter.setPaused(on, at: t); perform(presenter.takeEffects()) }
    public func setBackground(_ on: Bool, at t: Double) { advance(to: t); presenter.setBackground(on, at: t); perform(presenter.takeEffects()) }
    public func advanceWall(by s: Double, at t: Double) { advance(to: t); presenter.advanceWall(by: s) }

    func perform(_ effects: [TimedInAppEffect]) {
        for e in effects {
            switch e.effect {
            case .emit(let ev):
                // A new message starts with the keyboard's finger up and the scratch brush in the middle.
                if ev.name == "inapp_did_present" { holding = false; brushDown = false; brush = InAppPoint(x: 0.5, y: 0.5) }
                emitEvent(ev, e.t)
            case .openURL(let url):
                openedURLs.append(url)
                emitEvent(Event("open_url", ["url": .string(url)]), e.t)
            case .recordShown(let id, let r):
                do { try store?.saveInAppDisplay(id: id, r) } catch { emitEvent(.warning(Diagnostic(path: "", error.message)), e.t) }
            case .passThrough:
                onPassThrough?(e.t)
            }
        }
    }

    // MARK: What is on screen

    public var isPresenting: Bool { presenter.isPresenting || !presenter.leaving.isEmpty }
    public func presentations(at t: Double) -> [InAppPresentation] {
        var shown = presenter.presentations(at: t)
        // The keyboard's finger shows where it is once it has moved or is down.
        for i in shown.indices where shown[i].message.layout == .scratchcard {
            if brushDown || brush != InAppPoint(x: 0.5, y: 0.5) {
                shown[i].scratchCursor = brush
                shown[i].scratchFingerDown = brushDown
            }
        }
        return shown
    }
    /// The message keys act on: the shared-window one, else the pip.
    public var focused: InAppPlayer? { presenter.current ?? presenter.pip }
}

extension InAppIntake {
    /// The SDK's parser at `release` (`--sdk`), and pushsim's reading of a config, a campaign ZIP (localised for
    /// `language`, its own images unpacked under `cacheBase` for drawing) or `-`.
    /// `tags`: the device's tag dictionary for a ZIP's tag placeholders (`PersonalizationDevice.nativeTags`); `raw`
    /// (`--raw-placeholders`): a ZIP's config as written. A bare `native-config.json` is always shown as written: the
    /// SDK fills placeholders in `PWResource` (Pushwoosh iOS SDK `PushwooshCore/InAppMessages/PWResource.m`), which only
    /// a campaign resource goes through, so each placeholder is a `raw` event and a warning.
    public static func sdk(language: String? = nil, release: SDKVersion = .newest, cacheBase: String = DiskCache.defaultBase(),
                           imageMaxBytes: Int = InAppSource.defaultImageMaxBytes, tags: JSONObject? = nil, raw: Bool = false) -> InAppIntake {
        InAppIntake(parse: { c, dark, now in InAppConfigParser.parse(c, isDark: dark, now: now, sdk: release) },
                    read: { (path: String) throws(UserError) -> InAppDelivery in
                        let l = try InAppSource.load(path: path, language: language, unpackImagesInto: cacheBase, imageMaxBytes: imageMaxBytes,
                                                     tags: tags, raw: raw)
                        var d = InAppDelivery(config: l.config, file: l.file, resourceCode: l.idOverride, warnings: l.warnings)
                        d.unavailableImages = l.unavailableImages
                        d.events = l.events
                        if !l.fromZIP {
                            let r = InAppLocalizer.asWritten(l.config, why: "a native-config.json given by itself is shown as written: the SDK fills placeholders only in a campaign resource ZIP (PWResource)")
                            d.events = r.events
                            d.warnings += r.warnings
                        }
                        return d
                    })
    }
}
