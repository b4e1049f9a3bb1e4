// The inbox feed as a running scene: loads the files, merges with the store, and turns keys, mouse and steps into
// the SDK's actions, events and persisted statuses.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens
import PushSimStore

public final class InboxScene: ScriptableScene, Leavable {
    public let files: [String]
    public private(set) var model: InboxScreenModel
    public let sink: EventSink
    let inboxStore: InboxStore?
    let images: ImageSource
    /// The simulated wall clock at t = 0 (`--now`).
    public let baseDate: Date
    let timeZone: TimeZone
    var size = Size(width: 80, height: 24)
    var now: Double = 0
    public private(set) var exitStatus: Int32?
    public private(set) var helpShown = false
    /// What the last load skipped or degraded, each `path: why`; `w` lists them over the feed.
    public private(set) var warnings: [String] = []
    public private(set) var warningsShown = false
    public var leaveAction: LeaveAction {
        get { model.leave }
        set { model.leave = newValue }
    }
    /// Standard input can be read once; a refresh reuses what was read.
    var stdinDoc: JSONValue?
    /// Relative image paths resolve against the folder of the file that named them.
    var imageBase: [String: String] = [:]

    // Animations and timers, each cancelled by the state it belongs to.
    var deleting: (code: String, start: Double)?
    var refreshStart: Double?
    /// When the feed files were last read successfully (the SDK's last successful fetch): a refresh within
    /// `fetchThrottle` of it returns the stored list instead (spec §3.10 `canReloadData`).
    var lastFetch: Double?
    public static let fetchThrottle = 10.0
    /// `--watch`: the feed files' folders (inotify) and each file's last seen modification time and size.
    var watcher: FileChangeNotifier?
    var watched: [String: String] = [:]
    /// The debounced merge reload after inbox notifications (spec §3.8).
    var refreshDebounce = InboxRefreshDebounce()
    /// Whether the inbox has appeared (`viewDidAppear`: the first moment the scene runs).
    var appeared = false
    var press: (x: Int, y: Int, row: Int?)?
    var dragTo: (x: Int, y: Int)?

    public static let deleteDuration = 0.3
    public static let refreshDuration = 0.6
    /// The debounced merge reload that follows every read or delete notification (spec §3.8).
    public static let reorderDelay = InboxRefreshDebounce.minimumInterval

    /// The socket inbox pushes arrive on (`pushsim notify --inbox`); nil when not listening.
    public let listener: SocketListener?
    /// Pushes answered on the socket so far, and how many of those headless `receive` steps have accounted for.
    var received = 0
    var accountedFor = 0

    /// Loads every file (a failure is a `UserError` naming the file) and shows the merged feed.
    public init(files: [String], attributes: InboxAttributes = InboxAttributes(), now: Date, timeZone: TimeZone = .current,
                store: Store?, images: ImageSource = NoImages(), sink: EventSink, appName: String = "App",
                listener: SocketListener? = nil, device: PersonalizationDevice? = nil, rawPlaceholders: Bool = false) throws(UserError) {
        self.files = files
        self.device = device
        self.rawPlaceholders = rawPlaceholders
        self.listener = listener
        self.sink = sink
        self.baseDate = now
        self.timeZone = timeZone
        self.images = images
        inboxStore = store.map(InboxStore.init)
        var feed = InboxFeed(attributes: attributes)
        feed.loadError = nil
        let ctx = InboxCardContext(theme: .for(dark: attributes.enableDarkTheme), attributes: attributes,
                                   dates: InboxDateFormatter(now: now, timeZone: timeZone), appName: appName)
        model = InboxScreenModel(feed: feed, context: ctx)
        model.context.image = { [weak self] url, size in self?.image(url, size) ?? .none }
        for w in store?.warnings ?? [] {
            sink.emit(.warning(Diagnostic(.warning, path: store?.path ?? "", w)), at: 0)
            model.status = w
        }
        let parsed = try readFeed()
        try apply(parsed, at: 0)
        lastFetch = 0
        // Where to send pushes, until something more urgent (a warning, an action) takes the status line.
        if let listener, model.status.isEmpty { model.status = "Listening for pushsim notify --inbox on \(listener.path)" }
    }

    /// The device a createMessage request's notifications are personalised for (`--tags`); nil: as written.
    var device: PersonalizationDevice?
    /// Every `--tags` device and the one shown, when there are several (`u`, InboxScene+Devices.swift).
    public var devices: (all: [PersonalizationDevice], index: Int)? { didSet { model.deviceName = devices.flatMap { $0.all.count > 1 ? device?.name : nil } } }
    let rawPlaceholders: Bool

    public var wallNow: Date { baseDate.addingTimeInterval(now) }
    public var feed: InboxFeed { model.feed }

    // MARK: loading

    func readFeed() throws(UserError) -> InboxFeedParser.Result {
        var parser = InboxFeedParser(now: wallNow, timeZone: timeZone)
        parser.device = device
        parser.rawPlaceholders = rawPlaceholders
        parser.warnsLeftoverPlaceholders = true
        var results: [InboxFeedParser.Result] = []
        for f in files {
            do {
                if f == "-" {
                    // Standard input can be read once; a refresh parses the same document again.
                    if stdinDoc == nil { stdinDoc = try InputFile.readJSON(f) }
                    results.append(try parser.parse(stdinDoc!, file: InputFile.displayName(f)))
                } else {
                    // Message by message: a large feed is never held as one JSON tree.
                    let result = try InboxFeedFile.withBytes(f, releasing: { bytes, release in
                        do { return try InboxFeedReader.read(buffer: bytes, file: f, parser: parser, release: release) }
                        catch let e as JSONSyntaxError { throw UserError("\(f): not valid JSON: \(e.description)") }
                    })
                    results.append(result)
                }
            } catch let e as UserError {
                throw e
            } catch let e as InboxFeedParser.ShapeError {
                throw UserError(e.description)
            } catch {
                throw UserError("\(f): \(error)")
            }
        }
        return InboxFeedParser.combine(results)
    }

    /// Merge with the store, then a `.replace` load; warnings first, then `load` and `degrade` events.
    func apply(_ parsed: consuming InboxFeedParser.Result, at t: Double) throws(UserError) {
        for e in parsed.personalization { sink.emit(e, at: t) }
        for d in parsed.diagnostics { report(d, at: t) }
        let diagnostics = parsed.diagnostics
        let uniqueCodes = parsed.uniqueCodes
        var messages = parsed.messages
        parsed = InboxFeedParser.Result()  // one copy of a large feed at a time
        let crash = InboxScene.crash(diagnostics, messages, sdk: model.feed.attributes.sdk)
        var bases: [String: String] = [:]
        var dirs: [String: String] = [:]
        // With one feed file every relative image resolves beside it (the fallback of `resolve`), so only several
        // files need the map. By index, and the cheap tests first: this visits every message of a large feed.
        let severalFiles = Set(files.filter { $0 != "-" }).count > 1
        for i in messages.indices where severalFiles {
            guard let u = InboxCellResolver.resolvedImageURL(messages[i]), !u.hasPrefix("/"), !InboxScene.hasScheme(u),
                  let src = messages[i].source, src != "standard input", bases[u] == nil else { continue }
            if dirs[src] == nil { dirs[src] = (src as NSString).deletingLastPathComponent }
            bases[u] = dirs[src]
        }
        // The rows are built into a copy of the feed, kept only once the store has its statuses: a failed merge
        // loads nothing. With a store they are built while the store writes (`merge(beside:)`).
        var next = model.feed
        var events: [Event] = []
        let date = wallNow
        if let s = inboxStore {
            do {
                _ = try s.merge(&messages, at: date, uniqueCodes: uniqueCodes, beside: { merged in
                    var taken: [InboxMessage] = []
                    swap(&taken, &merged)  // moved, not copied: the feed's strings are not retained again
                    events = next.load(consume taken, now: date)
                })
            } catch { throw UserError(error.message) }
        } else {
            events = next.load(consume messages, now: date)
        }
        imageBase = bases
        let keep = model.feed.rows.indices.contains(model.highlighted) ? model.feed.rows[model.highlighted].code : nil
        model.feed = next
        model.context.drawnUnread = []
        model.context.dates = InboxDateFormatter(now: wallNow, timeZone: timeZone)
        for e in events { sink.emit(e, at: t) }
        if let keep, let i = model.feed.index(of: keep) { model.highlighted = i }
        warnings = diagnostics.map(\.description)
        if let crash {
            // What the phone does comes first: an app on this release never shows the feed.
            sink.emit(.warning(Diagnostic(.error, path: "", crash)), at: t)
            warnings.insert(crash, at: 0)
            model.status = crash
        } else if !diagnostics.isEmpty && model.status.isEmpty {
            // The line holds one; `w` shows them all.
            model.status = "\(diagnostics.count) warning\(diagnostics.count == 1 ? "" : "s") (w shows all): \(diagnostics[0])"
        }
        InboxScreen.reveal(&model, size: size)
    }

    /// Why an app on `sdk` crashes as this feed loads, or nil: before 7.2.2 (`PWInboxMessageInternal.m@f8c5cc8`) a
    /// server item that is not an object is still sent `objectForKey:`, and a message's `l` or `attachment` that is not
    /// a string is sent `hasPrefix:` — expired or not, as the parse runs before the expiry filter. pushsim then shows
    /// the feed as 7.2.2 and later do (they skip or ignore what crashes).
    static func crash(_ diagnostics: [Diagnostic], _ messages: [InboxMessage], sdk: SDKVersion) -> String? {
        guard !sdk.inboxSkipsNonObjectFeedItem else { return nil }
        let tail = "; shown here as 7.2.2 and later show it"
        if let d = diagnostics.first(where: { $0.message.hasPrefix("skipped: a message must be an object") }) {
            return "SDK \(sdk): the app crashes when this feed loads: \(d.path) is not an object\(tail)"
        }
        for m in messages {
            guard let p = m.params.actionParams else { continue }
            for key in ["l", "attachment"] where p[key] != nil && p[key]?.stringValue == nil {
                return "SDK \(sdk): the app crashes when this feed loads: \(m.code)'s \(key) is not a string\(tail)"
            }
        }
        return nil
    }

    /// A parser warning as an event; a push APNs refused (never added, as on the phone) is also `apns_rejected`.
    func report(_ d: Diagnostic, at t: Double) {
        sink.emit(.warning(d), at: t)
        guard let r = d.rejection else { return }
        sink.emit(Event("apns_rejected", ["bytes": .number(Double(r.bytes)), "limit": .number(Double(r.limit)),
                                          "reason": .string(r.reason), "path": .string(r.path)]), at: t)
    }

    /// `s.contains("://")` over bytes (Foundation's substring search is slow enough to show on a 100,000-row load).
    static func hasScheme(_ s: String) -> Bool {
        var matched = 0
        for b in s.utf8 {
            switch (matched, b) {
            case (0, UInt8(ascii: ":")), (1, UInt8(ascii: "/")): matched += 1
            case (2, UInt8(ascii: "/")): return true
            case (_, UInt8(ascii: ":")): matched = 1
            default: matched = 0
            }
        }
        return false
    }

    func image(_ url: String, _ size: Size) -> ImageSlot {
        images.slot(for: resolve(url), size: size)
    }

    /// A relative path or `file:` URL becomes an absolute path beside the feed file that named it, by the stories
    /// rules (`file:../images/x.jpg`, `file:/abs/x.jpg`, `file:///abs/x.jpg`); other URLs and absolute paths pass
    /// through.
    public func resolve(_ url: String) -> String {
        if url.hasPrefix("/") { return url }
        let scheme = url.contains(":") ? URLText.scheme(of: url) : nil
        if let scheme, scheme.lowercased() != "file" { return url }
        let dir = imageBase[url] ?? files.first(where: { $0 != "-" }).map { ($0 as NSString).deletingLastPathComponent } ?? ""
        let base = URL(fileURLWithPath: dir.isEmpty ? "." : dir).standardizedFileURL.path
        guard scheme != nil else {
            // Absolute, so the image layer does not resolve it a second time against its own base folder.
            return URL(fileURLWithPath: base).appendingPathComponent(url).standardizedFileURL.path
        }
        // A file: URL the image layer cannot read (another host, no path) goes on as written: it reports why.
        guard case .file(let path)? = try? ImageLocation.resolve(url, base: base) else { return url }
        return path
    }

    /// Every warning wrapped to `width`, as many as fit in `height` lines; the rest counted, with where to read them.
    func warningLines(width: Int, height: Int) -> [String] {
        var out: [String] = []
        let w = max(10, width - 4)
        for (k, text) in warnings.enumerated() {
            let lines = TextWidth.wrap(TextWidth.sanitized(text), width: w - 2)
            let left = warnings.count - k
            if out.count + lines.count > height - (left > 1 ? 1 : 0) {
                let names = files.map { ($0 as NSString).lastPathComponent }.joined(separator: " ")
                out.append("… \(left) more: pushsim validate \(names)")
                break
            }
            out += lines.enumerated().map { ($0.offset == 0 ? "• " : "  ") + $0.element }
        }
        return out
    }

    // MARK: Scene

    public func resize(to size: Size, at now: Double) {
        if size != self.size { images.terminalResized() }
        self.size = size
        InboxScreen.reveal(&model, size: size)
        // An overlay the new size cannot show closes, rather than taking the next key unseen.
        if !HelpBox.fits(size) { helpShown = false; warningsShown = false }
    }

    public func render(at now: Double) -> Canvas {
        var c = InboxScreen.render(displayModel(at: now), size: size)
        if helpShown { HelpBox.draw(InboxScreen.helpLines(leave: leaveAction, devices: model.deviceName != nil), title: "Inbox keys", into: &c) }
        if warningsShown { HelpBox.draw(warningLines(width: size.width - 6, height: size.height - 6), title: "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")", into: &c) }
        return c
    }

    /// The model as drawn at `now`: with the swipe to delete and the refresh spinner where their animations are.
    public func displayModel(at now: Double) -> InboxScreenModel {
        var m = model
        if let d = deleting, let i = model.feed.index(of: d.code, hint: model.highlighted) {
            m.deleting = (i, min(1, (now - d.start) / InboxScene.deleteDuration))
        }
        if let r = refreshStart { m.refreshFrame = Int(((now - r) / 0.08).rounded(.down)) }
        return m
    }

    public func nextDeadline() -> Double? {
        var ds: [Double] = []
        if let d = deleting {
            // Animation frames, then the moment the row goes.
            let end = d.start + InboxScene.deleteDuration
            ds.append(min(end, max(now, d.start) + 0.05))
        }
        if let r = refreshStart {
            let end = r + InboxScene.refreshDuration
            ds.append(min(end, now + 0.08))
        }
        if let r = refreshDebounce.deadline { ds.append(r) }
        // Images arriving in the background: look again every 50 ms while any is in flight.
        if images.isBusy { ds.append(now + 0.05) }
        return ds.min()
    }

    public func advance(to t: Double) {
        now = max(now, t)
        if let watcher, watcher.drain() { reloadChangedFiles() }
        if let listener {
            for m in listener.poll() {
                received += 1
                switch InboxPush.decode(m.line).flatMap(arrive) {
                case .success(let codes): listener.reply(m, "ok " + codes.joined(separator: " "))
                case .failure(let e): listener.reply(m, "error \(e.message)")
                }
            }
        }
        for d in images.takeDiagnostics() {
            sink.emit(.warning(d), at: now)
            model.status = d.description
        }
        if let d = deleting, now >= d.start + InboxScene.deleteDuration - 1e-9 {
            deleting = nil
            perform(model.feed.tapDelete(d.code, hint: model.highlighted))
        }
        if let r = refreshStart, now >= r + InboxScene.refreshDuration - 1e-9 {
            refreshStart = nil
            finishRefresh()
        }
        if refreshDebounce.fire(at: now) {
            // The same rows re-sorted (a read card sinks below the unread): the highlight stays on the row the user
            // is looking at, as the list itself does, instead of following the card to where it went (so Down and d
            // act on what is under the cursor on screen).
            model.feed.reorder()
            model.context.drawnUnread = []
            InboxScreen.reveal(&model, size: size)
            // A merge load that succeeded: from 7.2.7 the rows now on screen are read (and so on while unread rows
            // rise into view, each read posting another update).
            markDisplayedAsRead()
        }
        if !appeared {
            appeared = true
            markDisplayedAsRead()
        }
    }

    /// `markDisplayedAsRead` (7.2.7, `PushwooshInboxKitViewController.swift` `b1518f7`), with
    /// `automaticReadOnDisplay` on: every unread row on screen is read in one batch. It runs when the inbox appears,
    /// after each successful load and when a scroll comes to rest. The rows are not reloaded, so their unread dots
    /// stay drawn until the next reload (the debounced merge reload 1.5 s later).
    func markDisplayedAsRead() {
        guard model.feed.attributes.readsOnDisplay, exitStatus == nil, !model.feed.rows.isEmpty else { return }
        let out = model.feed.markRead(rows: InboxScreen.visibleRows(model, size: size))
        let keepStatus = model.status
        perform(out)
        model.status = keepStatus
        for e in out.events where e.name == "read" {
            for v in e["codes"]?.arrayValue ?? [] { if let c = v.stringValue { model.context.drawnUnread.insert(c) } }
        }
    }

    /// The run loop sleeps on the socket and wakes only when a push comes.
    public var wakeDescriptors: [Int32] { (listener?.descriptors ?? []) + (watcher.map { [$0.descriptor] } ?? []) }

    // MARK: --watch

    /// Reload the feed whenever a file changes on disk (a pushsim convenience for editing a feed: the change is
    /// fetched at once, as a pull to refresh past the SDK's 10 s throttle would). False when inotify is missing.
    @discardableResult
    public func watchFiles() -> Bool {
        let paths = files.filter { $0 != "-" }
        guard !paths.isEmpty, let n = FileChangeNotifier(watching: paths) else { return false }
        watcher = n
        for p in paths { watched[p] = InboxScene.stamp(p) }
        return true
    }

    /// Modification time and size: what changes when a file is saved.
    static func stamp(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "missing" }
        return "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(st.st_size)"
    }

    func reloadChangedFiles() {
        let changed = watched.keys.sorted().filter { InboxScene.stamp($0) != watched[$0] }
        guard !changed.isEmpty else { return }
        for p in changed { watched[p] = InboxScene.stamp(p) }
        let names = changed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        do {
            let parsed = try readFeed()
            try apply(parsed, at: now)
            lastFetch = now
            InboxScreen.reveal(&model, size: size)
            markDisplayedAsRead()
            model.status = "\(names) changed: reloaded, \(model.feed.rows.count) message\(model.feed.rows.count == 1 ? "" : "s")"
        } catch {
            // As a failed fetch: the list stays (§3.8), and the line says why.
            sink.emit(.warning(Diagnostic(.warning, path: "", "\(names) changed but cannot be read, so the previous version stays: \(error.message)")), at: now)
            model.status = "\(names) changed but does not read: \(error.message)"
        }
        InboxScreen.reveal(&model, size: size)
    }

    var highlightedCode: String? {
        model.feed.rows.indices.contains(model.highlighted) ? model.feed.rows[model.highlighted].code : nil
    }

    // MARK: input

    public func handle(_ input: InputEvent, at t: Double) {
        advance(to: t)
        guard exitStatus == nil else { return }
        let scrolled = (model.top, model.topOffset)
        switch input {
        case .resize(let s): resize(to: s, at: t)
        case .key(let k): key(k)
        case .mouse(let e): mouse(e)
        }
        // A scroll that comes to rest (keys and the wheel move the list in one step) reads what it shows (7.2.7).
        if case .resize = input { return }
        if (model.top, model.topOffset) != scrolled { markDisplayedAsRead() }
    }

    func key(_ k: Key) {
        if helpShown || warningsShown {  // any key closes help or the warnings, q included (one level at a time)
            helpShown = false
            warningsShown = false
            return
        }
        switch k {
        case .right, .char("l"): pageSlide(by: 1)
        case .left, .char("h"): pageSlide(by: -1)
        case .down, .char("j"): move(to: model.highlighted + 1)
        case .up, .char("k"): move(to: model.highlighted - 1)
        case .pageDown: move(to: model.highlighted + InboxScreen.pageRows(model, size: size))
        case .pageUp: move(to: model.highlighted - InboxScreen.pageRows(model, size: size))
        case .home: move(to: 0)
        case .end: move(to: model.feed.rows.count - 1)
        case .enter, .space: select()
        case .char(let c) where ("1"..."9").contains(c): button(Int(String(c))!)
        case .char("d"), .delete, .backspace: swipeDelete()
        case .char("r"): refresh()
        case .char("u"): switchDevice()
        case .char("m"): perform(model.feed.markAllRead())
        case .char("c"):
            perform(model.feed.clearRead())
            InboxScreen.reveal(&model, size: size)
        // An overlay opens only where it shows: one too small to draw would take the next key (q) unseen.
        case .char("?"): helpShown = HelpBox.fits(size)
        case .char("w"):
            if warnings.isEmpty { model.status = "No warnings: every message in the feed was read as written" }
            else { warningsShown = HelpBox.fits(size) }
        case _ where leaveAction.leaves(on: k): leave()
        default: break
        }
    }

    func move(to i: Int) {
        guard !model.feed.rows.isEmpty else { return }
        model.highlighted = max(0, min(i, model.feed.rows.count - 1))
        InboxScreen.reveal(&model, size: size)
    }

    /// Page the highlighted carousel card's slides, as its paging collection view does: one slide a swipe, stopping
    /// at the first and the last (no wrap). Elsewhere ← → do nothing.
    public func pageSlide(by delta: Int) {
        guard let code = highlightedCode, let i = model.feed.index(of: code, hint: model.highlighted),
              model.feed.rows[i].kind == .carousel else { return }
        let slides = InboxCarouselSlide.decode(model.feed.rows[i].message, sdk: model.feed.attributes.sdk)
        guard slides.count > 1 else { model.status = "This carousel has one slide"; return }
        let current = model.context.slide(of: code, count: slides.count)
        let next = max(0, min(current + delta, slides.count - 1))
        guard next != current else {
            model.status = next == 0 ? "First slide" : "Last slide"
            return
        }
        model.context.slides[code] = next
        model.status = "Slide \(next + 1) of \(slides.count)" + (slides[next].title.map { ": \($0)" } ?? "")
        sink.emit(Event("slide", ["code": .string(code), "index": .number(Double(next))]), at: now)
    }

    /// Enter or a click on a row: the SDK's row tap.
    public func select() {
        guard let code = highlightedCode else { model.status = "Nothing to open"; return }
        perform(model.feed.tap(code, hint: model.highlighted))
    }

    public func button(_ n: Int) {
        guard let code = highlightedCode else { model.status = "Nothing to press"; return }
        perform(model.feed.tapButton(code, index: n, hint: model.highlighted))
        InboxScreen.reveal(&model, size: size)
    }

    /// The trailing "Delete" action slides in, then the row goes.
    public func swipeDelete() {
        guard model.feed.attributes.swipeToDeleteEnabled else { model.status = "Swipe to delete is off (--no-swipe-to-delete)"; return }
        guard deleting == nil, let code = highlightedCode else { return }
        deleting = (code, now)
    }

    public func refresh() {
        guard model.feed.attributes.pullToRefreshEnabled else { model.status = "Pull to refresh is off (--no-pull-to-refresh)"; return }
        guard refreshStart == nil else { return }
        refreshStart = now
        statusBeforeRefresh = model.status
        sink.emit(Event("refresh"), at: now)
        InboxScreen.reveal(&model, size: size)
    }

    /// The status line when the spinner started: a key that reports during the refresh (m, c, a button) is kept when
    /// the refresh ends, beside the refresh's own line, instead of being overwritten unseen.
    var statusBeforeRefresh: String?

    func finishRefresh() {
        let during = statusBeforeRefresh.map { $0 != model.status } == true ? model.status : nil
        statusBeforeRefresh = nil
        defer { if let during { model.status = during + " · " + model.status } }
        if let last = lastFetch, now - last < Self.fetchThrottle {
            // No fetch within 10 s of a successful one: the stored list comes back, with no error (§3.10). It is
            // what the screen holds (pushes received since included), loaded again: the transform runs.
            let events = model.feed.load(model.feed.rows.map(\.message), now: wallNow)
            for e in events where e.name == "load" {
                sink.emit(Event("load", ["count": e["count"] ?? .null, "source": "storage"]), at: now)
            }
            let wait = Int((Self.fetchThrottle - (now - last)).rounded(.up))
            model.context.drawnUnread = []
            InboxScreen.reveal(&model, size: size)
            markDisplayedAsRead()
            model.status = "Refreshed from storage (the SDK fetches every 10 s at most; next in \(wait) s)"
            return
        }
        do {
            let parsed = try readFeed()
            try apply(parsed, at: now)
            lastFetch = now
            InboxScreen.reveal(&model, size: size)
            markDisplayedAsRead()
            model.status = "Refreshed: \(model.feed.rows.count) message\(model.feed.rows.count == 1 ? "" : "s")"
        } catch {
            // A failed refresh never blanks an existing list; with no content the error label shows.
            model.feed.loadFailed(error.message)
            sink.emit(.warning(Diagnostic(.warning, path: "", "refresh failed: \(error.message)")), at: now)
            model.status = "Couldn't refresh: \(error.message)"
        }
        InboxScreen.reveal(&model, size: size)
    }

    /// Leaving the screen: with automaticReadOnDisappear, the visible unread rows are marked read in one batch.
    public func leave() {
        if let d = deleting {
            deleting = nil
            perform(model.feed.tapDelete(d.code, hint: model.highlighted))
        }
        if model.feed.attributes.automaticReadOnDisappear {
            let codes = InboxScreen.visibleRows(model, size: size).map { model.feed.rows[$0].code }
            perform(model.feed.markRead(codes))
        }
        listener?.close()
        exitStatus = 0
    }

    /// SIGINT, SIGTERM or SIGHUP: the process ends by the signal right after this, so the socket file goes now.
    public func interrupted(at now: Double) { listener?.close() }

    func perform(_ out: InboxOutcome) {
        for e in out.events { sink.emit(e, at: now) }
        // A row an action changed is redrawn (`repaintRow`): its dot is drawn as its status says. Mark all read
        // reloads the whole table (`markAllAsRead`: `tableView.reloadData()`), so every dot is.
        if out.persistAllRead {
            model.context.drawnUnread = []
        } else if !model.context.drawnUnread.isEmpty {
            for c in out.persist.keys { model.context.drawnUnread.remove(c) }
        }
        if let s = out.status { model.status = s }
        if !out.persist.isEmpty || out.persistAllRead {
            if let st = inboxStore {
                do {
                    if out.persistAllRead { try st.markAllRead(at: wallNow) } else { try st.save(out.persist, at: wallNow) }
                }
                catch {
                    sink.emit(.warning(Diagnostic(.warning, path: st.store.path, error.message)), at: now)
                    model.status = error.message
                }
            }
            // Every mutation posts `…DidUpdate`, which reschedules the debounced reload.
            refreshDebounce.notify(at: now)
        }
        model.highlighted = max(0, min(model.highlighted, model.feed.rows.count - 1))
        InboxScreen.reveal(&model, size: size)
    }

    /// One mark-read through the same path a key press takes (the bench's unit of persistence).
    public func markReadForBench(_ code: String) {
        perform(model.feed.markRead([code]))
    }

    /// Mark all read (the `m` key) through the same path a key press takes, for the bench.
    public func markAllReadForBench() {
        perform(model.feed.markAllRead())
    }

    // MARK: receiving pushes

    /// An inbox push arrives (the socket, `push`, `push-file`): parsed with the device's clock (its receive time
    /// becomes `sendDate`, spec §3.10), each message merged into the feed as the SDK does on `…DidReceiveInPush`
    /// (§3.8), its status stored. Returns the codes, or why nothing arrived.
    public func deliver(_ push: InboxPush, at t: Double) -> Result<[String], UserError> {
        advance(to: t)
        return arrive(push)
    }

    /// The arrival itself, at the scene's current time (`advance` calls it for what the socket brought).
    func arrive(_ push: InboxPush) -> Result<[String], UserError> {
        var parser = InboxFeedParser(now: wallNow, timeZone: timeZone)
        // A createMessage request the sender did not fill (`notify --inbox` without --tags) is filled for this device.
        if !push.personalized {
            parser.device = device
            parser.rawPlaceholders = rawPlaceholders
        }
        let parsed: InboxFeedParser.Result
        do { parsed = try parser.parse(push.payload, file: push.file) }
        catch { return .failure(UserError(error.description)) }
        for e in parsed.personalization { sink.emit(e, at: now) }
        for d in parsed.diagnostics { report(d, at: now) }
        guard !parsed.messages.isEmpty else {
            return .failure(InboxPush.noMessage((push.file as NSString).lastPathComponent, parsed.diagnostics))
        }
        let keep = highlightedCode
        // A code not on screen may still be in the store (deleted on this device): the merge rules apply to it.
        var stored: [String: InboxStatus] = [:]
        let unseen = parsed.messages.map(\.code).filter { model.feed.index(of: $0) == nil }
        if let st = inboxStore, !unseen.isEmpty {
            do { stored = try st.statuses(of: unseen) }
            catch { sink.emit(.warning(Diagnostic(.warning, path: st.store.path, error.message)), at: now) }
        }
        for m in parsed.messages {
            if InboxFeed.isSilent(m) {
                arriveSilent(m)
                continue
            }
            if let u = InboxCellResolver.resolvedImageURL(m), !u.hasPrefix("/"), !InboxScene.hasScheme(u), push.file != "standard input" {
                imageBase[u] = (push.file as NSString).deletingLastPathComponent
            }
            perform(model.feed.receive(m, stored: stored[m.code], now: wallNow))
        }
        // `…DidReceiveInPush` is posted for every inbox push, changed rows or not.
        refreshDebounce.notify(at: now)
        if let keep, let i = model.feed.index(of: keep) { model.highlighted = i }
        InboxScreen.reveal(&model, size: size)
        return .success(parsed.messages.map(\.code))
    }

    /// A silent inbox push (no alert body, spec §3.10): the SDK keeps nothing of the push itself. It resets the
    /// service's throttle and runs a full load (here: the feed files are read again), whose messages new to the
    /// feed join it (`…DidUpdate` with `messagesAdded`), then posts `…DidReceiveInPush` with the server's copy of
    /// the pushed code. Without a server copy nothing is shown, and a warning says why.
    func arriveSilent(_ push: InboxMessage) {
        let parsed: InboxFeedParser.Result
        // The push resets the service's 10 s throttle and runs a full load.
        do { parsed = try readFeed(); lastFetch = now } catch {
            warn("silent inbox push \(JSONValue.string(push.code).quoted): the full load it starts failed: \(error.message)")
            return
        }
        let fresh = parsed.messages.filter { m in
            (m.code == push.code || model.feed.index(of: m.code) == nil) && !m.status.isDeleted && !m.isExpired(at: wallNow)
        }
        var stored: [String: InboxStatus] = [:]
        if let st = inboxStore, !fresh.isEmpty {
            do { stored = try st.statuses(of: fresh.map(\.code)) }
            catch { sink.emit(.warning(Diagnostic(.warning, path: st.store.path, error.message)), at: now) }
        }
        var found = false
        // A message deleted on this device stays deleted, as a load's merge keeps it (no warning: nothing arrived).
        for m in fresh where stored[m.code]?.isDeleted != true {
            found = found || m.code == push.code
            perform(model.feed.receive(m, stored: stored[m.code], now: wallNow))
        }
        if !found {
            warn("silent inbox push \(JSONValue.string(push.code).quoted) (no alert body): the SDK shows only the server's copy after a full load, and the feed files have no visible message with that code")
        }
    }

    /// A warning that is nobody's input error (the socket could not be used): an event and the status line.
    public func warn(_ message: String) {
        sink.emit(.warning(Diagnostic(.warning, path: "", message)), at: now)
        model.status = message
    }

    /// Headless `receive`: wait in real time for one push on the socket (the simulated clock stands still).
    func receive(from listener: SocketListener, within limit: Double, at t: Double) {
        if listener.wait(within: limit, until: { received > accountedFor }, drain: { advance(to: t) }) {
            accountedFor += 1
        } else {
            sink.emit(.warning(Diagnostic(path: "", "no inbox push arrived on \(listener.path) within \(JSONValue.formatNumber(limit)) s")), at: t)
        }
    }

    // MARK: mouse

    func mouse(_ e: MouseEvent) {
        if helpShown {
            if e.kind == .release { helpShown = false }
            return
        }
        switch e.kind {
        case .wheelUp, .wheelDown:
            InboxScreen.scroll(&model, by: e.kind == .wheelDown ? 3 : -3, size: size)
            let visible = InboxScreen.visibleRows(model, size: size)
            if !visible.contains(model.highlighted), let first = visible.first {
                model.highlighted = model.topOffset > 0 && visible.count > 1 ? visible[1] : first
            }
        case .press:
            let layout = InboxScreen.renderWithLayout(model, size: size).layout
            press = (e.x, e.y, layout.card(at: e.x, e.y)?.row)
            dragTo = nil
        case .drag:
            if press != nil { dragTo = (e.x, e.y) }
        case .release:
            guard let p = press else { return }
            press = nil
            let end = dragTo ?? (e.x, e.y)
            dragTo = nil
            let dx = end.x - p.x, dy = end.y - p.y
            if abs(dx) >= 3 && abs(dy) <= 1, let row = p.row, inGallery(p.x, p.y, row: row) {
                // A horizontal swipe on a carousel's slides pages them (the gallery takes the pan, not the row).
                model.highlighted = row
                pageSlide(by: dx < 0 ? 1 : -1)
            } else if dx <= -6 && abs(dy) <= 1, let row = p.row {
                model.highlighted = row
                swipeDelete()
            } else if dy >= 2 && abs(dx) < 6 && model.top == 0 && model.topOffset == 0 {
                refresh()
            } else if abs(dx) <= 1 && abs(dy) <= 0 {
                click(x: p.x, y: p.y)
            }
        }
    }

    /// Whether (x, y) is on the slides of the carousel card of `row`.
    func inGallery(_ x: Int, _ y: Int, row: Int) -> Bool {
        guard model.feed.rows.indices.contains(row), model.feed.rows[row].kind == .carousel,
              let card = InboxScreen.renderWithLayout(model, size: size).layout.cards.first(where: { $0.row == row }) else { return false }
        return y > card.rect.y && y <= card.rect.y + InboxCard.imageRows
    }

    func click(x: Int, y: Int) {
        let layout = InboxScreen.renderWithLayout(model, size: size).layout
        guard let card = layout.card(at: x, y) else { return }
        model.highlighted = card.row
        if let b = card.buttons.firstIndex(where: { $0.contains(x: x, y: y) }) {
            button(b + 1)
        } else if y > card.rect.y, y <= card.rect.y + InboxCard.imageRows, model.feed.rows[card.row].kind == .carousel {
            // The slide's own tap (spec §3.9); the rest of the card is the row tap.
            let code = model.feed.rows[card.row].code
            perform(model.feed.tapSlide(code, slide: model.context.slides[code] ?? 0, hint: card.row))
        } else if y > card.rect.y, y <= card.rect.y + InboxCard.imageRows, model.feed.rows[card.row].kind == .video {
            // The poster plays the video (spec §3.9).
            perform(model.feed.tapVideo(model.feed.rows[card.row].code, hint: card.row))
        } else {
            select()
        }
    }

    // MARK: steps

    public func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "down": return [.input(.key(.down))]
        case "swipe":
            // The highlighted carousel's slides: `swipe left` shows the next (the content moves left).
            switch step.argument {
            case "left": return PrimitiveStep.swipe(from: { [weak self] in self?.rowCell(at: 0.75) }, by: -(size.width / 3), 0, [.input(.key(.right))])
            case "right": return PrimitiveStep.swipe(from: { [weak self] in self?.rowCell(at: 0.25) }, by: size.width / 3, 0, [.input(.key(.left))])
            default: throw ScriptError(step, "expected swipe left (the next slide) or swipe right (the previous one)")
            }
        case "up": return [.input(.key(.up))]
        case "select": return PrimitiveStep.tap(at: { [weak self] in self?.rowCell(at: 0.5) }, [.input(.key(.enter))])
        case "button":
            guard let n = Int(step.argument), n >= 1 else { throw ScriptError(step, "expected a button number from 1, such as 'button 2'") }
            if let onScreen = noButton(n) {
                return [.call { [weak self] t in self?.advance(to: t); self?.sink.emit(AbsentTarget.warning(step, needs: "a button \(n)", onScreen), at: t) }]
            }
            return PrimitiveStep.tap(at: { [weak self] in self?.buttonCell(n) }, [.call { [weak self] t in self?.advance(to: t); self?.button(n) }])
        case "delete":
            // The finger swipes the row to the left while it slides out.
            // The finger drags the row left as it slides out (12 columns over the animation, as the screen draws it).
            let half = InboxScene.deleteDuration / 2
            let start = TouchMemo()
            func left(_ n: Int) -> () -> (x: Int, y: Int)? { { start.cell.map { (x: $0.x - n, y: $0.y) } } }
            return [.touch(.down, { [weak self] in start.cell = self?.rowCell(at: 0.8); return start.cell }), .input(.key(.char("d"))),
                    .wait(half), .touch(.move, left(6)), .wait(half), .touch(.move, left(12)), .touch(.up, left(12))]
        case "refresh":
            // Pulled down from the top of the list.
            let half = InboxScene.refreshDuration / 2
            return PrimitiveStep.stroke(from: { [weak self] in self.map { (x: $0.size.width / 2, y: 2) } }, through: [(0, 2), (0, 4)],
                                        [.input(.key(.char("r"))), .wait(half)]) + [.wait(half)]
        case "back": return [.input(.key(.char("q")))]
        case "push":
            guard !step.argument.isEmpty else {
                throw ScriptError(step, "expected an inbox push as JSON, such as push {\"pw_inbox\":\"p1\",\"inbox_params\":{\"rt\":\"2030-01-01\"},\"aps\":{\"alert\":\"Hi\"}}")
            }
            let doc: JSONValue
            do { doc = try JSONParser.parse(step.argument) } catch { throw ScriptError(step, "not JSON: \(error.description)") }
            return try pushStep(step, InboxPush(file: "push", payload: doc))
        case "push-file":
            guard !step.argument.isEmpty else { throw ScriptError(step, "expected a file, such as push-file offer.json") }
            do { return try pushStep(step, InboxPush.read(step.argument, now: wallNow, timeZone: timeZone).push) }
            catch let e as UserError { throw ScriptError(step, e.message) }
        case "receive":
            guard let listener else {
                throw ScriptError(step, "this run is not listening; give --socket PATH to receive inbox pushes from pushsim notify --inbox")
            }
            let limit = step.argument.isEmpty ? 5 : try Script.seconds(step)
            return [.call { [weak self] t in self?.receive(from: listener, within: limit, at: t) }]
        default: return nil
        }
    }
}

extension InboxScene {
    /// The highlighted row's card at `fraction` of its width, mid-height (where a scripted tap or swipe on it lands);
    /// nil when it is not on screen.
    func rowCell(at fraction: Double) -> (x: Int, y: Int)? {
        let layout = InboxScreen.renderWithLayout(model, size: size).layout
        guard let card = layout.cards.first(where: { $0.row == model.highlighted }) else { return nil }
        let r = card.rect
        let visible = (max(r.y, layout.list.y), min(r.maxY, layout.list.maxY))
        guard visible.1 > visible.0 else { return nil }
        return (r.x + min(r.width - 1, Int(fraction * Double(r.width))), (visible.0 + visible.1) / 2)
    }

    /// The middle of the highlighted row's button `n` (from 1), when drawn.
    /// Why `button N` has nothing to press on the highlighted card (`AbsentTarget`), or nil when it has that button.
    func noButton(_ n: Int) -> String? {
        guard let code = highlightedCode else { return "the feed is empty" }
        let count = model.feed.visibleButtons(model.feed.rows[model.highlighted]).count
        guard n > count else { return nil }
        return "the highlighted card (\(code)) has " + (count == 0 ? "no buttons" : "only \(count) button\(count == 1 ? "" : "s")")
    }

    func buttonCell(_ n: Int) -> (x: Int, y: Int)? {
        let layout = InboxScreen.renderWithLayout(model, size: size).layout
        guard let card = layout.cards.first(where: { $0.row == model.highlighted }), card.buttons.indices.contains(n - 1) else { return nil }
        return card.buttons[n - 1].centerCell
    }

    /// A `push` step: checked now (a payload with no inbox message is a script error), delivered when reached.
    func pushStep(_ step: ScriptStep, _ push: InboxPush) throws -> [PrimitiveStep] {
        let probe = InboxFeedParser(now: wallNow, timeZone: timeZone)
        let parsed: InboxFeedParser.Result
        do { parsed = try probe.parse(push.payload, file: push.file) } catch { throw ScriptError(step, error.description) }
        // A push APNs refuses is delivered all the same: the phone shows nothing and the events say why.
        if parsed.messages.isEmpty && !parsed.diagnostics.contains(where: { $0.rejection != nil }) {
            throw ScriptError(step, InboxPush.noMessage(push.file, parsed.diagnostics).message)
        }
        return [.call { [weak self] t in _ = self?.deliver(push, at: t) }]
    }
}

extension InboxFeed {
    /// The delete that ends a swipe (or a dismiss button).
    mutating func tapDelete(_ code: String, hint: Int?) -> InboxOutcome { delete(code, hint: hint) }
}

// `u` with several `--tags` devices: the feed files read again, their createMessage notifications filled for the next
// device, as a refresh would load them; the status line names the device shown.
extension InboxScene {
    /// The next `--tags` device (wrapping round); with one device `u` says there is nothing to switch to.
    func switchDevice() {
        guard let d = devices, d.all.count > 1 else {
            model.status = "One device: give --tags more than once (or a file of several devices) to switch with u"
            return
        }
        let next = (d.index + 1) % d.all.count
        let before = device
        device = d.all[next]
        do {
            let parsed = try readFeed()
            try apply(parsed, at: now)
        } catch {
            device = before
            model.status = "device \(d.all[next].name) cannot be shown, the feed stays: \(error.message)"
            sink.emit(.warning(Diagnostic(.warning, path: "", "u: device \(d.all[next].name): \(error.message)")), at: now)
            return
        }
        devices = (d.all, next)
        InboxScreen.reveal(&model, size: size)
        markDisplayedAsRead()
        model.status = "The feed as this device receives it: \(model.feed.rows.count) message\(model.feed.rows.count == 1 ? "" : "s")"
    }
}
