// The stories experience as a scene: the player reducer, the screen, images, keys and mouse, shared by the
// interactive terminal and the headless runner.

import Foundation
import PushSimEngine
import PushSimScreens

public final class StoriesScene: ScriptableScene, Leavable, TouchArea {
    public struct Configuration: Sendable {
        public var options: StoriesOptions
        /// Start as the collapsed notification (interactive default); headless starts expanded.
        public var collapsed: Bool
        /// Show the event log beside the story when there is room.
        public var eventsPane: Bool
        /// Ring the terminal bell on haptics.
        public var bell: Bool
        public var appName: String
        /// Wake for picture-only changes (the next progress-bar eighth, the seconds left, animation frames).
        /// Headless runs turn this off: frames are drawn only after steps, so those wake-ups change nothing.
        public var wakeForAnimation: Bool
        /// The phone and app the push is delivered to (APNs, the extensions, ATS, the device); nil plays the
        /// payload straight into the content extension, as before the delivery path was simulated.
        public var delivery: DeliveryOptions?
        /// Where a relative `file:` attachment resolves (the payload's folder).
        public var payloadFolder: String?
        /// Download an http(s) attachment at arrival to check it against iOS's limits (headless runs; an
        /// interactive run leaves it to the image loader, so the terminal never waits).
        public var attachmentsOverNetwork: Bool

        public init(options: StoriesOptions = StoriesOptions(), collapsed: Bool = false, eventsPane: Bool = false,
                    bell: Bool = false, appName: String = "Pushsim", wakeForAnimation: Bool = true,
                    delivery: DeliveryOptions? = nil, payloadFolder: String? = nil, attachmentsOverNetwork: Bool = false) {
            self.wakeForAnimation = wakeForAnimation
            self.delivery = delivery
            self.payloadFolder = payloadFolder
            self.attachmentsOverNetwork = attachmentsOverNetwork
            self.options = options
            self.collapsed = collapsed
            self.eventsPane = eventsPane
            self.bell = bell
            self.appName = appName
        }
    }

    /// What `--watch` found: nothing new, a new payload, or a file that no longer reads.
    public enum Reload {
        case unchanged
        case changed(StoriesInput)
        case failed(UserError)
    }

    /// The haptic flash of the progress bar.
    public static let flashDuration = 0.15
    /// `--watch` looks at the file at most this often.
    public static let watchInterval = 0.5
    /// Width the events pane needs beside the story.
    public static let paneWidth = 34

    public let sink: EventSink
    public private(set) var input: StoriesInput
    public private(set) var state: StoriesState
    public let configuration: Configuration
    public private(set) var expanded: Bool
    public private(set) var helpShown = false
    public private(set) var exitStatus: Int32?
    public private(set) var lastEvent: String?
    /// The status line's word for `p` when a hold cannot pause (issue 39: `p` did nothing and nothing said why): the
    /// option is off and how to turn it on. The SDK installs its 0.25 s long press always and its handler starts with
    /// `guard longPressToPauseEnabled else { return }`, which is `false` unless a subclass overrides it
    /// (`iOS_SDK/Pushwoosh/PushwooshNotificationUI/PushwooshStoriesViewController.swift`, `handleLongPress`,
    /// 7.0.46–7.1.3), so a hold there does nothing at all, as here.
    static let holdWithoutPause = "--long-press-pause is off: a hold does not pause (run with --long-press-pause)"
    /// The last URL a tap opened (button or link), kept on the status line after the dismiss that follows it.
    public private(set) var lastOpened: String?
    public var leaveAction = LeaveAction.quit
    /// Why the last `--watch` save did not load (file, line and column), shown over the story until a good save.
    public private(set) var reloadError: String?
    public private(set) var size = Size(width: 80, height: 24)
    /// Called at most every `watchInterval` seconds with `--watch` — or, with `watchDescriptor`, on every wake.
    public var reloader: (() -> Reload)?
    /// `u` (several `--tags` devices): the push as the next device receives it, and that device's name; nil with one.
    public var nextDevice: (() -> (input: StoriesInput, name: String)?)?
    /// The device the push is shown for, once `u` switched (the status line names it).
    public var deviceName: String?
    /// The phone (`--device`) and iOS release (`--ios`) the status line ends with when there is room; nil says nothing.
    public var phoneStatus: PhoneStatus?
    /// A descriptor that turns readable when the watched file may have changed (inotify): the run loop waits on it,
    /// so `--watch` needs no polling deadline.
    public var watchDescriptor: Int32?

    let images: ImageSource
    /// The images as the phone gets them (ATS, --image-delay), when delivery is simulated; `images` is this.
    let deliveryImages: DeliveryImages?
    /// The push's arrival: what APNs and iOS did with it; nil when delivery is not simulated.
    public private(set) var arrival: StoriesDelivery?
    var now = 0.0
    var requests: [TerminalRequest] = []
    var flashUntil: Double?
    var crossfadeFrom: (index: Int, start: Double)?
    var mouseDown: (x: Int, y: Int, onPill: Bool, onBanner: Bool)?
    /// The pressed mouse has moved beyond a tap's reach since the press.
    var mouseMoved = false
    var tooSmall = false
    var nextWatchCheck = 0.0
    var paneLines: [String] = []
    /// Where the collapsed notification was last drawn (an `expand` step's finger, a recording's touch area).
    var collapsedFrame: Rect?

    public init(input: StoriesInput, configuration: Configuration = Configuration(), sink: EventSink,
                images: ImageSource = NoImages(), at t: Double = 0) {
        self.input = input
        self.configuration = configuration
        self.sink = sink
        if let d = configuration.delivery {
            let wrapped = DeliveryImages(inner: images, allowHTTP: d.allowHTTP, delay: d.imageDelay)
            wrapped.now = t
            deliveryImages = wrapped
            self.images = wrapped
        } else {
            deliveryImages = nil
            self.images = images
        }
        self.state = StoriesState(payload: input.payload, options: configuration.options)
        self.expanded = !configuration.collapsed
        self.now = t
        nextWatchCheck = t + StoriesScene.watchInterval
        deliveryImages?.onBlocked = { [unowned self] url in self.blocked(url) }
        arrive(at: t)
        if expanded { open(at: t) }
    }

    /// The push arrives: warnings first (the contract), then what APNs and iOS do with it, then the notification.
    func arrive(at t: Double) {
        for e in input.personalized { emit(e, at: t) }
        if let stop = input.notSent {
            // Pushwoosh's server sends this device nothing: the event, then nothing else.
            arrival = nil
            emit(stop, at: t)
            return
        }
        guard let options = configuration.delivery else {
            arrival = nil
            for d in input.payload.diagnostics { emit(.warning(d), at: t) }
            return
        }
        let a = StoriesDelivery.arrive(input, options: options, folder: configuration.payloadFolder ?? FileManager.default.currentDirectoryPath,
                                       network: configuration.attachmentsOverNetwork)
        arrival = a
        deliveryImages?.active = a.check.applies
        for d in StoriesDelivery.payloadWarnings(input, a.check) + a.diagnostics { emit(.warning(d), at: t) }
        let check = a.check
        if let r = check.rejection {
            emit(Event("apns_rejected", ["bytes": .number(Double(r.bytes)), "limit": .number(Double(r.limit)), "reason": .string(r.reason)]), at: t)
            return
        }
        guard check.applies else { return }
        emit(Event("service_extension", ["ran": .bool(check.serviceExtensionRan), "reason": .string(check.serviceExtensionReason)]), at: t)
        if check.serviceExtensionRan {
            // The extension downloads every page image (and the attachment) before the notification shows.
            deliveryImages?.precached = Set(state.pages.map(\.image))
            for page in state.pages { _ = deliveryImages?.refused(page.image) }
            if let att = check.attachment { _ = deliveryImages?.refused(att.url) }
        }
        if let e = a.notificationEvent { emit(e, at: t) }
    }

    /// False while `url` is still downloading on the simulated slow network (`--image-delay`): the SDK shows its
    /// spinner over the cleared image then. Asking starts the download's clock, as showing the page does.
    public func imageArrived(_ url: String) -> Bool {
        guard let d = deliveryImages, let t = d.arrival(of: url) else { return true }
        return now >= t
    }

    /// ATS refused `url` (once per run): the page or attachment that names it.
    func blocked(_ url: String) {
        let path = arrival?.check.blockedImages.first { $0.url == url }?.path
            ?? (arrival?.check.attachment?.url == url ? arrival?.check.attachment?.path : nil) ?? ""
        emit(Event("ats_blocked", ["url": .string(url), "path": .string(path)]), at: now)
    }

    /// The notification opens: the story starts, unless APNs refused it or iOS expands it with its own view.
    func open(at t: Double) {
        if input.notSent != nil { return }
        if let check = arrival?.check, check.applies {
            if check.rejection != nil { return }
            if case .defaultExpanded(let reason, let path) = check.route {
                emit(Event("default_expanded", ["reason": .string(reason), "path": .string(path)]), at: t)
                return
            }
        }
        apply(StoriesPlayer.reduce(&state, .start(at: t)), at: t)
    }

    /// Where the push stopped before the story, if it did: APNs refused it, or iOS shows its own view.
    public var stopped: (rejected: APNsPayload.Rejection?, defaultReason: String?)? {
        if let stop = input.notSent {
            // Drawn the way an APNs refusal is: nothing reaches the phone.
            return (APNsPayload.Rejection(bytes: 0, limit: APNsPayload.limit, reason: StoriesScene.notSentSentence(stop), path: ""), nil)
        }
        guard let check = arrival?.check, check.applies else { return nil }
        if let r = check.rejection { return (r, nil) }
        if case .defaultExpanded(let reason, _) = check.route { return (nil, reason) }
        return nil
    }

    /// The one line that says why the server sent this device nothing.
    public static func notSentSentence(_ e: Event) -> String {
        if e.name == "template_error" {
            return "Pushwoosh's server refuses the template at \(e["path"]?.stringValue ?? "?"), line \(e["line"]?.jsonText() ?? "?"), column \(e["column"]?.jsonText() ?? "?"): \(e["message"]?.stringValue ?? ""); nothing is sent"
        }
        return "Pushwoosh's server sends this device nothing: it has no \(JSONValue.string(e["tag"]?.stringValue ?? "").jsonText()) tag, and the text uses {Tag|Modifier} (no default)"
    }

    /// Read a stories file (any shape) and build its scene; every failure is one sentence naming the file.
    /// `device`: the device the server personalises the push for (`--tags`); nil leaves the file as written.
    public static func load(path: String, notification: Int? = nil, language: String? = nil,
                            device: PersonalizationDevice? = nil, raw: Bool = false) throws(UserError) -> StoriesInput {
        var doc = try InputFile.readJSON(path)
        var stage: PersonalizedDocument?
        if let device {
            let s = PersonalizationStage.apply(doc, device: device, raw: raw)
            doc = s.doc
            stage = s
        }
        do {
            // The device's own language (its tags file's Language) picks the texts the stage filled.
            var input = try StoriesInput.read(doc, notification: notification, language: language ?? device?.language)
            if let stage {
                input.personalized = stage.events
                input.notSent = stage.stop(for: notification ?? 0)
                input.payload.diagnostics = stage.warnings + input.payload.diagnostics
            }
            return input
        } catch {
            throw UserError("\(InputFile.displayName(path)): \(error.message)")
        }
    }

    // MARK: - Layout

    /// The smallest terminal that shows the story: the story's minimum plus the status line.
    public var minimumSize: Size {
        let m = StoriesScreen.minimumStorySize(aspectRatio: configuration.options.aspectRatio)
        return Size(width: m.width, height: m.height + 1)
    }

    struct Layout {
        var story: Rect
        var pane: Rect?
    }

    /// The layout for the current size, worked out once per size: every frame, tap and deadline asks for it, and
    /// fitting the story is a loop over widths (issue 14).
    var layout: Layout {
        if let memo = layoutMemo, memo.size == size { return memo.layout }
        let l = layout(for: size)
        layoutMemo = (size, l)
        return l
    }

    private var layoutMemo: (size: Size, layout: Layout)?

    func layout(for size: Size) -> Layout {
        StoriesScene.layout(for: size, aspectRatio: configuration.options.aspectRatio, eventsPane: configuration.eventsPane)
    }

    /// The story's cells in a terminal of `size` (what its picture is drawn in), before any scene exists; nil when the
    /// terminal is too small to show the story. The early decode of the first picture (`EarlyDecode`) asks it from the
    /// command line.
    public static func storySize(screen size: Size, aspectRatio: Double, eventsPane: Bool) -> Size? {
        let m = StoriesScreen.minimumStorySize(aspectRatio: aspectRatio)
        guard size.width >= m.width, size.height >= m.height + 1 else { return nil }
        let story = layout(for: size, aspectRatio: aspectRatio, eventsPane: eventsPane).story
        return Size(width: story.width, height: story.height)
    }

    static func layout(for size: Size, aspectRatio ratio: Double, eventsPane: Bool) -> Layout {
        let avail = Size(width: size.width, height: max(0, size.height - 1))
        let minStory = StoriesScreen.minimumStorySize(aspectRatio: ratio)
        if eventsPane && avail.width - StoriesScene.paneWidth - 1 >= minStory.width {
            let s = StoriesScreen.storySize(fitting: Size(width: avail.width - StoriesScene.paneWidth - 1, height: avail.height), aspectRatio: ratio)
            if s.height >= minStory.height {
                let total = s.width + 1 + StoriesScene.paneWidth
                let x0 = (avail.width - total) / 2
                let story = Rect(x: x0, y: (avail.height - s.height) / 2, width: s.width, height: s.height)
                return Layout(story: story, pane: Rect(x: story.maxX + 1, y: 0, width: size.width - story.maxX - 1, height: avail.height))
            }
        }
        let s = StoriesScreen.storySize(fitting: avail, aspectRatio: ratio)
        return Layout(story: Rect(x: (avail.width - s.width) / 2, y: (avail.height - s.height) / 2, width: s.width, height: s.height), pane: nil)
    }

    // MARK: - Scene

    public func resize(to newSize: Size, at t: Double) {
        advance(to: t)
        let first = !sized
        if !first && newSize != size { images.terminalResized() }
        sized = true
        size = newSize
        // The first size is where the current page's image starts loading (before it the layout was a guess), so a
        // failure is reported then, in time order. A later size renders the picture only when a frame is drawn at it:
        // a window dragged through many sizes, or 2,000 `resize` steps, cost no picture each (issue 25), and several
        // resizes in one wake of the terminal render once, at the last.
        if first, expanded, stopped == nil, state.phase != .idle, let page = state.page {
            _ = images.slot(for: page.image, size: storySize)
            takeImageDiagnostics()
        }
        let small = newSize.width < minimumSize.width || newSize.height < minimumSize.height
        // A help the new size cannot show closes, rather than taking the next key unseen.
        let helpGone = helpShown && !HelpBox.fits(newSize)
        if helpGone { helpShown = false }
        if small != tooSmall || helpGone {
            tooSmall = small
            syncSuspension(at: t)
        }
    }

    public func advance(to t: Double) {
        now = max(now, t)
        deliveryImages?.now = now
        while let d = state.nextDeadline, d <= now {
            apply(StoriesPlayer.advance(&state, to: d), at: d)
        }
        if let f = flashUntil, f <= now { flashUntil = nil }
        if let c = crossfadeFrom {
            // spec §1.7: with crossfade on, the previous picture stays until the new one lands, and the dissolve starts
            // then; so while the new image loads the dissolve's start moves along with the clock.
            if crossfadeWaitsForImage { crossfadeFrom = (c.index, now) }
            else if now - c.start >= configuration.options.crossfadeDuration { crossfadeFrom = nil }
        }
        if reloader != nil, watchDescriptor != nil {
            checkReload()
        } else if reloader != nil, now >= nextWatchCheck {
            nextWatchCheck = now + StoriesScene.watchInterval
            checkReload()
        }
        takeImageDiagnostics()
    }

    public func nextDeadline() -> Double? {
        var best: Double?
        func consider(_ d: Double?) { if let d { best = min(best ?? d, d) } }
        consider(state.nextDeadline)
        if configuration.wakeForAnimation && expanded && !tooSmall && state.isRunning, let page = state.page {
            let elapsed = state.elapsed(at: now)
            // The next moment one eighth of a progress-bar cell fills at the current width.
            let span = ProgressBar.eighthsSpan(count: state.pages.count, width: layout.story.width - 2, index: state.index)
            if span > 0 {
                let step = max(page.duration, 0.01) / span
                let k = (elapsed / step + 1e-9).rounded(.down) + 1
                if k * step <= page.duration { consider(now + max(k * step - elapsed, 1e-6)) }
            }
            // The status line's whole seconds left.
            let left = page.duration - elapsed
            let frac = left - left.rounded(.down)
            if frac > 1e-9 { consider(now + frac) }
        }
        consider(flashUntil)
        if crossfadeFrom != nil && configuration.wakeForAnimation && !crossfadeWaitsForImage { consider(now + 1.0 / 30) }
        if images.isBusy { consider(now + 0.05) }
        if expanded { consider(deliveryImages?.nextArrival) }
        if reloader != nil && watchDescriptor == nil { consider(nextWatchCheck) }
        return best
    }

    /// With `--watch` on inotify, the loop sleeps until the file's folder changes.
    public var wakeDescriptors: [Int32] { reloader == nil ? [] : watchDescriptor.map { [$0] } ?? [] }

    public func takeRequests() -> [TerminalRequest] {
        defer { requests.removeAll() }
        return requests
    }

    // MARK: - Input

    public func handle(_ e: InputEvent, at t: Double) {
        advance(to: t)
        switch e {
        case .resize(let s): resize(to: s, at: t)
        case .key(let k): handleKey(k)
        case .mouse(let m): handleMouse(m)
        }
    }

    func handleKey(_ k: Key) {
        if k == .char("u"), !helpShown, let next = nextDevice?() {
            deviceName = next.name
            replaceInput(next.input)
            return
        }
        if helpShown {
            helpShown = false
            syncSuspension(at: now)
            return
        }
        // The help opens only where it shows (over the too-small line too, in what room there is): one that could not
        // be seen would take the next q unseen.
        if k == .char("?") {
            if HelpBox.fits(size) { helpShown = true; syncSuspension(at: now) }
            return
        }
        // One rule (LeaveAction): q or Esc dismisses the story, showing the dismiss screen (r replays); there q
        // leaves. The collapsed notification and a finished pass are already that screen. A terminal too small for
        // the story pauses it and takes only q, Esc and ?: q means what it means on the story under it, so `q q`
        // always means dismiss, then leave (the README says the same).
        let dismissing = k == .char("q") || k == .esc
        if tooSmall && !dismissing { return }
        let atLastLevel = !expanded || state.phase == .dismissed || state.phase == .completed || stopped != nil
        if atLastLevel && leaveAction.leaves(on: k) {
            if state.phase != .dismissed { apply(StoriesPlayer.reduce(&state, .dismiss(at: now)), at: now) }
            exitStatus = 0
            return
        }
        if !expanded {
            if k == .enter || k == .space { expand(at: now) }
            return
        }
        if stopped != nil { return }
        if state.phase == .dismissed || state.phase == .completed || state.phase == .fallback {
            if k == .char("r") { replay(at: now); return }
            if dismissing && state.phase == .fallback {
                apply(StoriesPlayer.reduce(&state, .dismiss(at: now)), at: now)
                return
            }
            if state.phase != .completed { return }
        }
        let w = Double(layout.story.width)
        switch k {
        case .left, .char("h"): tap(fraction: 1.0 / 6)
        case .right, .char("l"), .space: tap(fraction: 5.0 / 6)
        case .char("1"): tap(fraction: 1.0 / 6)
        case .char("2"): tap(fraction: 0.5)
        case .char("3"): tap(fraction: 5.0 / 6)
        case .enter, .char("b"): apply(StoriesPlayer.reduce(&state, .button(at: now)), at: now)
        case .char("p"):
            if state.finger == nil {
                apply(StoriesPlayer.reduce(&state, .fingerDown(x: w / 2, width: w, at: now)), at: now)
                // The SDK pauses on a long press only with longPressToPauseEnabled: say why a hold will change nothing.
                if !configuration.options.longPressPause { lastEvent = StoriesScene.holdWithoutPause }
            } else {
                apply(StoriesPlayer.reduce(&state, .fingerUp(at: now)), at: now)
            }
        case _ where dismissing:
            apply(StoriesPlayer.reduce(&state, .dismiss(at: now)), at: now)
        default: break
        }
    }

    func tap(fraction: Double) {
        let w = Double(layout.story.width)
        apply(StoriesPlayer.reduce(&state, .tap(x: fraction * w, width: w, at: now)), at: now)
    }

    func handleMouse(_ m: MouseEvent) {
        guard !tooSmall else { return }
        let story = layout.story
        switch m.kind {
        case .press:
            guard mouseDown == nil else { return }
            if !expanded {
                mouseDown = (m.x, m.y, false, true)
                return
            }
            let onPill = StoriesScreen.pillFrame(state, rect: story, layout: textLayout(in: story))?.contains(x: m.x, y: m.y) ?? false
            mouseDown = (m.x, m.y, onPill, false)
            mouseMoved = false
            if !onPill && story.contains(x: m.x, y: m.y) {
                let w = Double(story.width)
                apply(StoriesPlayer.reduce(&state, .fingerDown(x: Double(m.x - story.x) + 0.5, width: w, at: now)), at: now)
            }
        case .release:
            guard let down = mouseDown else { return }
            mouseDown = nil
            if down.onBanner {
                if !expanded { expand(at: now) }
                return
            }
            if down.onPill {
                if StoriesScreen.pillFrame(state, rect: story, layout: textLayout(in: story))?.contains(x: m.x, y: m.y) ?? false {
                    apply(StoriesPlayer.reduce(&state, .button(at: now)), at: now)
                }
                return
            }
            if mouseMoved || Self.movedAway(from: (down.x, down.y), to: (m.x, m.y)) {
                apply(StoriesPlayer.reduce(&state, .fingerMovedAway(at: now)), at: now)
            } else {
                apply(StoriesPlayer.reduce(&state, .fingerUp(at: now)), at: now)
            }
        case .drag:
            // spec §1.6: no swipe; a touch that moves is no tap (and, before 0.25 s, no long press).
            guard let down = mouseDown, !down.onPill, !down.onBanner, !mouseMoved,
                  Self.movedAway(from: (down.x, down.y), to: (m.x, m.y)) else { return }
            mouseMoved = true
            if state.finger?.longPress == false {
                apply(StoriesPlayer.reduce(&state, .fingerMovedAway(at: now)), at: now)
            }
        case .wheelUp, .wheelDown:
            break
        }
    }

    /// Beyond a tap's reach: more than one cell sideways (about 10 pt on a phone-sized story) or onto another row.
    static func movedAway(from a: (x: Int, y: Int), to b: (x: Int, y: Int)) -> Bool {
        abs(a.x - b.x) > 1 || a.y != b.y
    }

    // MARK: - Actions

    public func expand(at t: Double) {
        advance(to: t)
        guard !expanded else { return }
        expanded = true
        open(at: t)
        syncSuspension(at: t)
    }

    /// A story that cannot be seen does not play on, like a hidden view: a terminal too small for it, or the `?`
    /// help over it (its timer and progress bar wait, and go on where they were when it closes).
    func syncSuspension(at t: Double) {
        let hidden = tooSmall || helpShown
        if hidden != state.suspended {
            apply(StoriesPlayer.reduce(&state, hidden ? .suspend(at: t) : .unsuspend(at: t)), at: t)
        }
    }

    /// Play the notification again from the start (after a dismiss or a finished pass).
    public func replay(at t: Double) {
        advance(to: t)
        guard stopped == nil else { return }
        state = StoriesState(payload: input.payload, options: configuration.options)
        crossfadeFrom = nil
        lastShownIndex = nil
        flashUntil = nil
        lastOpened = nil
        expanded = true
        apply(StoriesPlayer.reduce(&state, .start(at: t)), at: t)
        syncSuspension(at: t)
    }

    public func send(_ action: StoriesAction) {
        apply(StoriesPlayer.reduce(&state, action), at: now)
    }

    func checkReload() {
        guard let reloader else { return }
        switch reloader() {
        case .unchanged:
            return
        case .failed(let e):
            reloadError = e.message
            emit(.warning(Diagnostic(path: "", "reload failed, still showing the previous version: \(e.message)")), at: now)
        case .changed(let newInput):
            reloadError = nil
            replaceInput(newInput)
        }
    }

    /// A new push for the same scene (a `--watch` save, `u`'s next device): it arrives again.
    func replaceInput(_ newInput: StoriesInput) {
        input = newInput
        state = StoriesState(payload: newInput.payload, options: configuration.options)
        arrive(at: now)
        crossfadeFrom = nil
        lastShownIndex = nil
        if expanded { open(at: now) }
        syncSuspension(at: now)
    }

    func apply(_ effects: [StoriesEffect], at t: Double) {
        for effect in effects {
            if let e = effect.event { emit(e, at: t) }
            switch effect {
            case .haptic:
                flashUntil = t + StoriesScene.flashDuration
                if configuration.bell { requests.append(.bell) }
            case .loadImage(let url):
                // Before the first resize the layout is a guess; loading at that size would render twice.
                let slot = sized ? images.slot(for: url, size: storySize) : nil
                // Crossfade on keeps the previous picture while the new one loads, even when Reduce Motion makes the
                // swap itself instant (spec §1.7: Reduce Motion affects only the dissolve).
                if configuration.options.crossfade, let prev = lastShownIndex, prev != state.index,
                   configuration.options.crossfadeDuration > 0 || slot == .loading {
                    var from = prev
                    // The page being left never showed its picture, so the one on screen is still the older one; a late
                    // image for a page already left is ignored (spec §1.7).
                    if let held = crossfadeFrom, sized, state.pages.indices.contains(prev),
                       images.slot(for: state.pages[prev].image, size: storySize) == .loading {
                        from = held.index
                    }
                    crossfadeFrom = from == state.index ? nil : (from, t)
                }
                lastShownIndex = state.index
            case .prefetch(let urls):
                images.prefetch(urls)
            case .emit, .openURL, .dismiss:
                break
            }
        }
        takeImageDiagnostics()
    }

    /// The page whose picture is dissolving away at `t` and how far the dissolve has gone (0…1); nil when none runs.
    /// Pictures (`pushsim snapshot`) blend the two images with this, as the cell screen does.
    public func crossfade(at t: Double) -> (fromIndex: Int, progress: Double)? {
        guard let from = crossfadeFrom, state.pages.indices.contains(from.index) else { return nil }
        if crossfadeWaitsForImage { return (from.index, 0) }
        let d = configuration.options.crossfadeDuration
        return (from.index, d > 0 ? min(1, max(0, (t - from.start) / d)) : 1)
    }

    var lastShownIndex: Int?
    /// A crossfade is held because the current page's image has not arrived yet.
    var crossfadeWaitsForImage: Bool {
        guard crossfadeFrom != nil, sized, let page = state.page else { return false }
        return images.slot(for: page.image, size: storySize) == .loading
    }
    /// Whether the host has told the scene its size yet (the runner and the terminal do before drawing).
    var sized = false
    var storySize: Size { Size(width: layout.story.width, height: layout.story.height) }

    func takeImageDiagnostics() {
        for var d in images.takeDiagnostics() {
            // The image layer knows the URL, not where the payload wrote it: name the page's image key.
            if d.path.isEmpty, let i = state.pages.firstIndex(where: { d.message.hasPrefix("image \($0.image) ") }),
               input.payload.pagePaths.indices.contains(i) {
                d.path = input.payload.pagePaths[i] + ".image"
            }
            emit(.warning(d), at: now)
        }
    }

    func emit(_ e: Event, at t: Double) {
        sink.emit(e, at: t)
        if e.name == "open_url", let url = e["url"]?.stringValue { lastOpened = url }
        var text = e.name
        if e.name == "warning" {
            // What is wrong and where, not the bare word (the path is empty for a whole-file problem).
            let path = e["path"]?.stringValue ?? "", message = e["message"]?.stringValue ?? ""
            text = "⚠ " + (path.isEmpty ? message : "\(path): \(message)")
        } else if let first = e.fields.first(where: { _ in true }) {
            text += " " + (first.value.stringValue ?? first.value.jsonText())
        }
        lastEvent = text
        paneLines.append(TimedEvent(t: t, event: e).jsonLine)
        if paneLines.count > 200 { paneLines.removeFirst(paneLines.count - 200) }
    }

    // MARK: - Drawing

    public func render(at t: Double) -> Canvas {
        var canvas = Canvas(size: size)
        if tooSmall {
            let q = state.phase == .dismissed || state.phase == .completed || !expanded ? leaveAction.hint : "q dismiss"
            // ? opens the keys' help in what room there is (below HelpBox's smallest box it does not open, and the
            // line does not offer it).
            let withHelp = q + " · ? keys"
            let keys = HelpBox.fits(size) && TextWidth.of(withHelp) <= size.width ? withHelp : q
            TooSmall.draw(need: minimumSize, into: &canvas, style: Style(), keys: keys)
            if helpShown { StoriesScreen.drawHelp(into: &canvas, leave: leaveAction) }
            return canvas
        }
        let l = layout
        let story = l.story
        let wide = Rect(x: 0, y: story.y, width: l.pane.map { $0.x - 1 } ?? size.width, height: size.height - 1 - story.y)
        if let why = stopped?.rejected {
            RejectedPush.draw(reason: why.reason, into: &canvas, rect: Rect(x: 0, y: 0, width: wide.width, height: size.height - 1))
        } else if !expanded {
            // The banner is as wide as a phone's lock screen allows, not the story's width.
            if let a = arrival, let text = a.text {
                let thumb = a.thumbnail.map { images.slot(for: $0, size: Size(width: 6, height: 3)) }
                collapsedFrame = CollapsedNotification.draw(appName: configuration.appName, text: text, thumbnail: thumb, note: a.note,
                                                            into: &canvas, rect: wide)
            } else {
                collapsedFrame = CollapsedNotification.draw(appName: configuration.appName, title: input.payload.title, body: input.payload.body,
                                                            into: &canvas, rect: wide)
            }
        } else if let reason = stopped?.defaultReason, let a = arrival {
            let area = Rect(x: 0, y: 0, width: wide.width, height: size.height - 1)
            let pictureSize = DefaultExpandedNotification.pictureSize(alert: a.check.alert, reason: reason, rect: area)
            let picture = a.thumbnail.flatMap { url in pictureSize.map { images.slot(for: url, size: $0) } }
            DefaultExpandedNotification.draw(appName: configuration.appName, alert: a.check.alert, picture: picture, reason: reason,
                                             into: &canvas, rect: area)
        } else if state.phase == .fallback || state.pages.isEmpty {
            // The error (why nothing plays) first, then what was dropped on the way.
            let findings = input.payload.diagnostics.filter { $0.severity == .error } + input.payload.diagnostics.filter { $0.severity != .error }
            StoriesScreen.drawFallback(body: state.body, warnings: findings.map { "\($0.path): \($0.message)" }, into: &canvas, rect: story)
        } else {
            canvas.blit(backdrop(at: t), x: story.x, y: story.y)
            StoriesScreen.drawControls(state, at: t, into: &canvas, rect: story, flash: flashUntil.map { t < $0 } ?? false,
                                       pillPressed: mouseDown?.onPill ?? false, layout: textLayout(in: story))
        }
        if expanded && state.phase == .dismissed {
            canvas.update(story) { c in
                c.bg = c.bg.darkened(0.6)
                c.fg = c.fg.darkened(0.6)
            }
            canvas.centered("dismissed", in: story, y: story.y + story.height / 2 - 1, style: Style(fg: .white, attrs: .bold))
            canvas.centered("r replay · \(leaveAction.hint)", in: story, y: story.y + story.height / 2, style: Style(fg: .rgb(200, 200, 200)))
        }
        if let pane = l.pane {
            EventLogPane.draw(paneLines, into: &canvas, rect: pane)
        }
        if let reloadError {
            // A broken save under --watch: the whole reason (file, line, column) on up to three lines over the story's
            // foot, until a save loads.
            let text = "⚠ Not reloaded: \(reloadError) (still showing the last version that loaded)"
            let lines = TextWidth.wrap(TextWidth.sanitized(text), width: max(1, size.width - 2), maxLines: 3)
            let style = Style(fg: .white, bg: .rgb(150, 30, 30), attrs: .bold)
            for (k, line) in lines.enumerated() {
                let y = size.height - 1 - lines.count + k
                canvas.fill(Rect(x: 0, y: y, width: size.width, height: 1), with: Cell(" ", fg: .white, bg: .rgb(150, 30, 30)))
                canvas.text(line, x: 1, y: y, style: style)
            }
        }
        var statusText = StoriesScreen.statusLine(state, at: t, lastEvent: lastEvent, opened: lastOpened, leave: leaveAction, width: size.width)
        if let stop = stopped, stop.rejected != nil || expanded {
            statusText = (input.notSent != nil ? "Pushwoosh sends this device nothing" : stop.rejected != nil ? "APNs refused the push · nothing shows" : "iOS's own notification · the story never plays") + " · \(leaveAction.hint)"
        }
        if let deviceName { statusText = "device \(deviceName) (u next) · " + statusText }
        if let phoneStatus { statusText = phoneStatus.appended(to: statusText, width: size.width) }
        let status = TextWidth.truncate(statusText, to: size.width)
        canvas.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1), with: Cell(" ", fg: .black, bg: .rgb(200, 200, 200)))
        canvas.text(status, x: 0, y: size.height - 1, style: Style(fg: .black, bg: .rgb(200, 200, 200)))
        if helpShown { StoriesScreen.drawHelp(into: &canvas, leave: leaveAction) }
        takeImageDiagnostics()
        return canvas
    }

    /// The current page's picture, crossfaded from the previous page's while a crossfade runs; with crossfade on,
    /// the previous picture stays while the new one loads (spec §1.7).
    /// The page's picture with its scrim and text, kept while nothing it depends on changes: a page that plays
    /// redraws only its bar, not a scrim over every image cell per frame (issue 14). A spinner or a crossfade
    /// changes with time and is drawn afresh.
    func backdrop(at t: Double) -> Canvas {
        let sz = storySize
        let page = state.page!
        let slot = images.slot(for: page.image, size: sz)
        let still = crossfadeFrom == nil && slot != .loading
        if still, let k = backdrops.firstIndex(where: { $0.index == state.index && $0.count == state.pages.count && $0.page == page
                                                             && $0.size == sz && $0.slot == slot }) {
            let hit = backdrops.remove(at: k)
            backdrops.append(hit)
            return hit.canvas
        }
        var layer = imageLayer(at: t)
        let local = Rect(x: 0, y: 0, width: sz.width, height: sz.height)
        StoriesScreen.drawBackdrop(page, into: &layer, rect: local, layout: textLayout(in: local))
        if still {
            backdrops.append((state.index, state.pages.count, page, sz, slot, layer))
            if backdrops.count > StoriesScene.keptBackdrops { backdrops.removeFirst() }
        }
        return layer
    }

    /// The page a user most likely sees next, with its picture's placement and scrim as that page's frame will have
    /// them (`Scene.lookahead`): the first page while the notification is collapsed (opening it is almost always the
    /// next step), the next page while a page plays. Kept per page and size, so a frame asks for it at no cost.
    public func lookahead(at t: Double) -> Canvas? {
        guard sized, !tooSmall, !helpShown, state.phase != .fallback, !state.pages.isEmpty, stopped == nil else { return nil }
        let index: Int
        if !expanded { index = 0 }
        else if state.phase == .playing && state.index + 1 < state.pages.count { index = state.index + 1 }
        else { return nil }
        let page = state.pages[index]
        if let m = lookaheadMemo, m.index == index, m.page == page, m.size == size { return m.canvas }
        let sz = storySize
        guard var layer = images.pictureAhead(for: page.image, size: sz) else { return nil }
        let local = Rect(x: 0, y: 0, width: sz.width, height: sz.height)
        // The scrim the page's frame puts over its picture, which the pixels carry too.
        StoriesScreen.drawBackdrop(page, into: &layer, rect: local)
        var canvas = Canvas(size: size)
        canvas.blit(layer, x: layout.story.x, y: layout.story.y)
        lookaheadMemo = (index, page, size, canvas)
        return canvas
    }

    private var lookaheadMemo: (index: Int, page: StoryPage, size: Size, canvas: Canvas)?

    /// The last few pages' backdrops, most recent last (going back a page, as taps often do, finds it drawn), keyed by
    /// everything a backdrop is drawn from (a --watch reload may change a page in place).
    private var backdrops: [(index: Int, count: Int, page: StoryPage, size: Size, slot: ImageSlot, canvas: Canvas)] = []
    static let keptBackdrops = 6

    /// The current page's text layout in `rect`, kept per page and rect: the controls and the pill ask for it on every
    /// frame and tap, and wrapping the title and subtitle each time was a fifth of a headless taps run. nil without
    /// a page (the fallback).
    func textLayout(in rect: Rect) -> StoriesScreen.TextLayout? {
        guard let page = state.page else { return nil }
        let key = LayoutKey(index: state.index, rect: rect)
        // The last one asked for first: a frame and the taps on one page ask for the same layout again and again.
        if let last = lastLayout, last.key == key, last.page == page { return last.layout }
        let layout: StoriesScreen.TextLayout
        if let l = layouts[key], l.page == page {
            layout = l.layout
        } else {
            layout = StoriesScreen.textLayout(page, rect: rect)
            if layouts.count > 256 { layouts.removeAll() }
            layouts[key] = (page, layout)
        }
        lastLayout = (key, page, layout)
        return layout
    }

    private var lastLayout: (key: LayoutKey, page: StoryPage, layout: StoriesScreen.TextLayout)?

    private struct LayoutKey: Hashable { var index: Int; var rect: Rect }
    private var layouts: [LayoutKey: (page: StoryPage, layout: StoriesScreen.TextLayout)] = [:]

    func imageLayer(at t: Double) -> Canvas {
        let sz = storySize
        let page = state.page!
        let slot = images.slot(for: page.image, size: sz)
        let current = StoriesScreen.imageLayer(slot, pageIndex: state.index, pageCount: state.pages.count, url: page.image, size: sz, now: t)
        guard let from = crossfadeFrom, state.pages.indices.contains(from.index) else { return current }
        let prevURL = state.pages[from.index].image
        let prev = StoriesScreen.imageLayer(images.slot(for: prevURL, size: sz), pageIndex: from.index, pageCount: state.pages.count,
                                            url: prevURL, size: sz, now: t)
        if slot == .loading { return prev }
        let d = configuration.options.crossfadeDuration
        return Crossfade.blend(from: prev, to: current, d > 0 ? (t - from.start) / d : 1)
    }

    // MARK: - Script steps

    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "tap":
            let frac: Double
            switch step.argument.lowercased() {
            case "left": frac = 1.0 / 6
            case "middle": frac = 0.5
            case "right": frac = 5.0 / 6
            default:
                guard let v = Double(step.argument), v.isFinite, (0...1).contains(v) else {
                    throw ScriptError(step, "expected left, middle, right or a fraction of the width from 0 to 1")
                }
                frac = v
            }
            let p = tapPoint(frac)
            return [.input(.mouse(MouseEvent(.press, x: p.x, y: p.y))), .input(.mouse(MouseEvent(.release, x: p.x, y: p.y)))]
        case "hold":
            let seconds = try Script.seconds(step)
            let p = tapPoint(0.5)
            return [.input(.mouse(MouseEvent(.press, x: p.x, y: p.y))), .wait(seconds), .input(.mouse(MouseEvent(.release, x: p.x, y: p.y)))]
        case "button":
            if let onScreen = noButton {
                return [.call { [unowned self] t in self.advance(to: t); self.emit(AbsentTarget.warning(step, needs: "a call-to-action button", onScreen), at: t) }]
            }
            return PrimitiveStep.tap(at: { [unowned self] in self.pillCell }, [.call { [unowned self] t in self.advance(to: t); self.send(.button(at: t)) }])
        case "dismiss":
            let dismiss: [PrimitiveStep] = [.call { [unowned self] t in self.advance(to: t); self.send(.dismiss(at: t)) }]
            guard let swipe = dismissSwipe else { return dismiss }
            return PrimitiveStep.swipe(from: { swipe.from }, by: 0, swipe.dy, dismiss)
        case "expand":
            return PrimitiveStep.tap(at: { [unowned self] in self.collapsedCell }, [.call { [unowned self] t in self.expand(at: t) }])
        case "replay":
            return [.call { [unowned self] t in self.replay(at: t) }]
        default:
            return nil
        }
    }

    /// Why a `button` step has nothing to press (`AbsentTarget`), or nil when the page on screen shows its button.
    var noButton: String? {
        switch state.phase {
        case .idle: return "the notification is still collapsed (expand it first)"
        case .fallback: return "the notification shows its body (the payload has no valid page)"
        case .dismissed: return "the story was dismissed"
        case .playing, .completed:
            guard let page = state.page else { return "no story page is on screen" }
            return page.hasCallToAction ? nil : "page \(state.index) has no button (it needs button_title and link)"
        }
    }

    /// The middle of the call-to-action pill, when the page shows one (where a `button` step touches).
    var pillCell: (x: Int, y: Int)? {
        guard expanded, !tooSmall else { return nil }
        let story = layout.story
        return StoriesScreen.pillFrame(state, rect: story, layout: textLayout(in: story))?.centerCell
    }

    /// Where a `dismiss` step's finger goes while the story is open: a swipe down from its upper part, iOS's own gesture
    /// on an expanded notification. The SDK has none of its own (`PushwooshStoriesViewController` installs a tap and a
    /// long press only, and leaves out swipes as they conflict with the system's dismiss), so the system closes the
    /// content extension (its fallback too). Nil while the notification is collapsed or already dismissed.
    var dismissSwipe: (from: (x: Int, y: Int), dy: Int)? {
        guard expanded, !tooSmall, stopped == nil, state.phase != .dismissed else { return nil }
        let r = layout.story
        return ((r.x + r.width / 2, r.y + r.height / 4), max(2, r.height / 3))
    }

    /// The story's cells while it plays (the phone's story in a recording), the collapsed notification's before it
    /// opens; the whole screen otherwise.
    public var touchArea: Rect {
        if expanded && stopped == nil { return layout.story }
        if !expanded && stopped?.rejected == nil, let frame = collapsedFrame { return frame }
        return Rect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The middle of the collapsed notification, where an `expand` step touches (as drawn now).
    var collapsedCell: (x: Int, y: Int)? {
        guard !expanded, !tooSmall, stopped?.rejected == nil else { return nil }
        _ = render(at: now)
        return collapsedFrame?.centerCell
    }

    /// The cell at mid-height of the story area at `fraction` of its width (a pill on that row is avoided).
    func tapPoint(_ fraction: Double) -> (x: Int, y: Int) {
        let r = layout.story
        let x = r.x + min(r.width - 1, max(0, Int((fraction * Double(r.width)).rounded(.down))))
        return (x, r.y + r.height / 2)
    }
}
