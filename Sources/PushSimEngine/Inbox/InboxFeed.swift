// The InboxKit feed as a pure state machine: the displayed rows, their order, and every user action (spec §3.5–3.9).

import Foundation

/// One displayed message with what its cell needs, resolved once per load.
public struct InboxRow: Sendable, Equatable {
    public var message: InboxMessage
    public var resolution: InboxCellResolution
    public var pinned: Bool
    /// Every valid button in the payload; whether they render depends on the kind and the attributes.
    public var buttons: [InboxButton]
    /// The card's picture: the hero of banner and captioned cards (from 7.2.5 the push attachment first, see
    /// `InboxCellResolver.heroURL`), and what "has image" means to the resolver.
    public var imageURL: String?
    /// The message's icon (`resolvedImageURL`): the classic avatar, and from 7.2.5 the captioned card's round icon.
    /// Before 7.2.5 it is the hero.
    public var iconURL: String?

    public init(_ m: InboxMessage, forceCellKind: InboxCellKind?, sdk: SDKVersion = .newest) {
        self.init(m, forceCellKind: forceCellKind, pinned: InboxCellResolver.isPinned(m), sdk: sdk)
    }

    /// The same with the message's parameters already parsed (`m.params`): they are not parsed again.
    public init(_ m: InboxMessage, forceCellKind: InboxCellKind?, params: InboxMessage.Params, sdk: SDKVersion = .newest) {
        self.init(m, forceCellKind: forceCellKind, pinned: InboxCellResolver.isPinned(m), sdk: sdk, params: params)
    }

    /// With the pin already looked up (a load needs it for every message before sorting). The message is moved
    /// in, not copied.
    init(_ m: consuming InboxMessage, forceCellKind: InboxCellKind?, pinned: Bool, sdk: SDKVersion, params: InboxMessage.Params? = nil) {
        // Stored first and read back from the row: reading the parameter made Swift copy the whole message.
        message = m
        self.pinned = pinned
        // A feed message's parameters are held as text: what the row needs was read when they were checked, unless
        // they hold buttons or an image (then they are parsed here, once for everything), or the caller has them
        // parsed already.
        if params == nil, case .text(let t) = message.storage, t.summary.rowNeeds != .everything {
            let summary = t.summary
            imageURL = message.imageUrl.flatMap { $0.isEmpty ? nil : $0 }
            iconURL = imageURL
            resolution = InboxCellResolver.resolve(code: message.code, title: message.title, body: message.message,
                                                   forceCellKind: forceCellKind, imageURL: imageURL,
                                                   displayType: summary.displayKind?.rawValue, sdk: sdk, decodes: summary.decodes)
            buttons = summary.rowNeeds == .rootButtons ? InboxItemReader.rootButtons(t.text) : []
        } else {
            let p = params ?? message.params
            iconURL = InboxCellResolver.resolvedImageURL(imageUrl: message.imageUrl, p)
            imageURL = sdk.inboxHeroFromAttachment ? InboxCellResolver.attachmentHero(p.actionParams) ?? iconURL : iconURL
            resolution = InboxCellResolver.resolve(code: message.code, title: message.title, body: message.message, p,
                                                   forceCellKind: forceCellKind, imageURL: imageURL, sdk: sdk)
            buttons = InboxButton.decode(p)
        }
    }

    /// The round icon a captioned card shows from 7.2.5 (`PushwooshInboxCaptionedCell.swift`, `5741657`): only when
    /// the icon differs from the hero. Classic cards show `iconURL` as their avatar.
    public func captionedIcon(sdk: SDKVersion) -> String? {
        guard sdk.inboxCaptionedIcon, let icon = iconURL, icon != imageURL else { return nil }
        return icon
    }

    /// The separate icon a card shows besides its picture, for `--dump`: the captioned card's round icon (7.2.5),
    /// or a classic card's avatar when its picture is an attachment hero.
    public func dumpIcon(sdk: SDKVersion) -> String? {
        switch kind {
        case .captioned: return captionedIcon(sdk: sdk)
        case .classic, .default: return iconURL != imageURL ? iconURL : nil
        default: return nil
        }
    }

    public var code: String { message.code }
    public var kind: InboxCellKind { resolution.kind }
}

/// What an action asks the runtime to do: events to emit and statuses to persist, in order.
public struct InboxOutcome: Sendable, Equatable {
    public var events: [Event] = []
    public var persist: [String: InboxStatus] = [:]
    /// `markAllAsRead()` (§3.9) changed rows: every unread code in storage becomes Read, which the store does in one
    /// statement, and the whole table is reloaded (every dot drawn as its status says). `persist` is then empty and
    /// the codes are the `read` event's: a dictionary of every unread code (66,500 in the bench) cost more than
    /// marking them in memory.
    public var persistAllRead = false
    /// One sentence for the status line.
    public var status: String?

    public init() {}
}

public struct InboxFeed: Sendable {
    /// Rows per chunk at the least when several cores build a loaded feed's rows.
    static let minimumChunk = 2_000

    public var attributes: InboxAttributes
    /// The displayed rows, in display order.
    /// Set by a load, by the actions below and by an arriving push (InboxArrival.swift).
    public internal(set) var rows: [InboxRow] = []
    /// Set when the last load failed; the error state shows only while there are no rows.
    public var loadError: String?
    /// Pushes for codes already on screen: the SDK shows them at the next merge reload (`reorder`), not at once.
    public internal(set) var pendingUpdates: [String: InboxMessage] = [:]
    /// Unread rows, kept up to date by every action so a frame never has to count 100,000 rows.
    public private(set) var unreadCount = 0

    public init(attributes: InboxAttributes = InboxAttributes()) {
        self.attributes = attributes
    }

    public enum ScreenState: Equatable, Sendable { case list, empty, error }

    /// `updateStates`: content wins; with none, the error label if the load failed, else the empty label.
    public var screenState: ScreenState {
        if !rows.isEmpty { return .list }
        return loadError == nil ? .empty : .error
    }

    // MARK: loading and ordering

    /// A `.replace` load: the rows become exactly `transform(messages)`, deleted and expired ones (and silent pushes,
    /// which the SDK never stores) filtered out. Returns the `load` event, one `degrade` event per downgraded card
    /// and one `warning` per silent push.
    public mutating func load(_ messages: consuming [InboxMessage], now: Date) -> [Event] {
        var ms = messages
        var silent: [Event] = []
        for i in ms.indices where ms[i].isFromNotification && ms[i].message == nil {
            silent.append(.warning(Diagnostic(.warning, path: ms[i].source.map { "\(($0 as NSString).lastPathComponent):\(ms[i].code)" } ?? ms[i].code,
                "inbox push \(JSONValue.string(ms[i].code).quoted) has no alert body: the SDK treats it as silent, stores nothing and shows only the server's copy of the code, so it is not shown")))
        }
        let keys = InboxFeed.displayOrder(ms, now: now, pinningEnabled: attributes.pinningEnabled)
        // Rows are built straight in display order, by every core at once (each chunk fills its own slice).
        let force = attributes.forceCellKind, sdk = attributes.sdk
        let chunks = ChunkedWork.chunkCount(keys.count, minimum: InboxFeed.minimumChunk)
        pendingUpdates = [:]
        rows = [InboxRow](unsafeUninitializedCapacity: keys.count) { rowBuffer, initialized in
            ms.withUnsafeMutableBufferPointer { messageBuffer in
                nonisolated(unsafe) let (rowBuffer, messageBuffer) = (rowBuffer, messageBuffer)
                ChunkedWork.run(chunks: chunks, count: keys.count) { _, range in
                    for k in range {
                        // Each message is taken out of the array (an empty one left in its place) rather than
                        // copied: a copy retains every string it holds, a cache miss each on a feed this size.
                        var m = InboxMessage(code: "")
                        swap(&m, &messageBuffer[Int(keys[k].position)])
                        (rowBuffer.baseAddress! + k).initialize(to: InboxRow(consume m, forceCellKind: force, pinned: keys[k].pinned, sdk: sdk))
                    }
                }
            }
            initialized = keys.count
        }
        recount()
        loadError = nil
        var events = [Event("load", ["count": .number(Double(rows.count))])]
        for i in rows.indices { if let d = rows[i].resolution.degrade { events.append(d.event) } }
        return events + silent
    }

    /// What the load order compares, read out of a message once: comparing messages themselves would copy one (a
    /// dozen retained strings) per comparison, and a 100,000-message sort makes about two million comparisons.
    struct OrderKey {
        /// The transform's first two keys in one number: pinned (when pinning is on) before unpinned, then
        /// unread before read.
        var group: UInt8
        var pinned: Bool
        var hasDate: Bool
        /// sendDate, with nil as distantPast (the transform's reading).
        var date: Double
        /// The message's position in the loaded array.
        var position: Int32
    }

    /// The visible messages (neither deleted nor expired) in display order: `transformOrder` over
    /// `coreOrderIndices` in one sort, the transform's keys first and, where they tie, the core order (which is
    /// what the transform's stability would have kept). The keys are read by every core at once.
    static func displayOrder(_ ms: [InboxMessage], now: Date, pinningEnabled: Bool) -> [OrderKey] {
        let distantPast = Date.distantPast.timeIntervalSinceReferenceDate
        let chunks = ChunkedWork.chunkCount(ms.count, minimum: minimumChunk)
        var parts = [[OrderKey]](repeating: [], count: chunks)
        parts.withUnsafeMutableBufferPointer { parts in
            nonisolated(unsafe) let parts = parts
            ChunkedWork.run(chunks: chunks, count: ms.count) { c, range in
                var keys: [OrderKey] = []
                keys.reserveCapacity(range.count)
                // A silent inbox push (`isSilent`, read field by field so no message is copied) is never stored by
                // the SDK (spec §3.10), so it is never a row either.
                for i in range where !ms[i].status.isDeleted && !ms[i].isExpired(at: now)
                    && !(ms[i].isFromNotification && ms[i].message == nil) {
                    let pinned = ms[i].isPinned
                    let date = ms[i].sendDate?.timeIntervalSinceReferenceDate
                    keys.append(OrderKey(group: (pinningEnabled && pinned ? 0 : 2) + (ms[i].isRead ? 1 : 0), pinned: pinned,
                                         hasDate: date != nil, date: date ?? distantPast, position: Int32(i)))
                }
                parts[c] = keys
            }
        }
        var keys = chunks == 1 ? parts[0] : parts.flatMap { $0 }
        keys.sort { a, b in
            if a.group != b.group { return a.group < b.group }
            if a.date != b.date { return a.date > b.date }
            // The core order from here on.
            if a.hasDate != b.hasDate { return a.hasDate }  // equal once nil means distantPast: the real date first
            let m = Int(a.position), n = Int(b.position)
            if ms[m].sortOrder != ms[n].sortOrder {
                guard let p = ms[m].sortOrder else { return false }
                guard let q = ms[n].sortOrder else { return true }
                return p > q
            }
            if ms[m].code != ms[n].code { return ms[m].code > ms[n].code }
            return m < n
        }
        return keys
    }

    /// A failed load: an existing list stays; the error shows only when there is no content.
    public mutating func loadFailed(_ reason: String) {
        loadError = reason
    }

    /// The debounced `.merge` reload after a mutation: the transform runs again over the current rows.
    public mutating func reorder() {
        // `.merge`: what arrived for codes on screen replaces their rows (a status changed meanwhile is kept when it
        // is further along, as the merge keeps local state); a row deleted meanwhile stays deleted.
        for (code, m) in pendingUpdates.sorted(by: { $0.key < $1.key }) {
            guard let i = index(of: code) else { continue }
            var update = m
            update.status = InboxMerge.winner(stored: rows[i].message.status, feed: m.status)
            rows[i] = InboxRow(update, forceCellKind: attributes.forceCellKind, sdk: attributes.sdk)
        }
        if !pendingUpdates.isEmpty {
            pendingUpdates = [:]
            recount()
        }
        transformRows()
    }

    /// The default transform over the rows as they are (a stable sort).
    mutating func transformRows() {
        let order = InboxFeed.transformOrder(rows.map(\.message.sendDate), unread: rows.map { !$0.message.isRead },
                                             pinned: rows.map(\.pinned), pinningEnabled: attributes.pinningEnabled)
        rows = order.map { rows[$0] }
    }

    /// PWInboxStorage.getAllMessages: sendDate descending, then sortOrder (a string) descending, then code descending.
    public static func coreOrder(_ ms: [InboxMessage]) -> [InboxMessage] {
        coreOrderIndices(ms, Array(ms.indices)).map { ms[$0] }
    }

    static func coreOrderIndices(_ ms: [InboxMessage], _ idx: [Int]) -> [Int] {
        idx.sorted { i, j in
            let a = ms[i], b = ms[j]
            if a.sendDate != b.sendDate {
                // NSSortDescriptor puts nil below every date; descending puts it last.
                guard let x = a.sendDate else { return false }
                guard let y = b.sendDate else { return true }
                return x > y
            }
            if a.sortOrder != b.sortOrder {
                guard let x = a.sortOrder else { return false }
                guard let y = b.sortOrder else { return true }
                return x > y
            }
            return a.code > b.code
        }
    }

    /// InboxKit's `defaultTransform`: pinned first (only when pinning is on), unread before read, then sendDate
    /// descending with nil as distantPast. Stable: ties keep the input order.
    public static func transform(_ ms: [InboxMessage], pinningEnabled: Bool) -> [InboxMessage] {
        let pins = pinningEnabled ? ms.map(InboxCellResolver.isPinned) : Array(repeating: false, count: ms.count)
        return transformOrder(ms.map(\.sendDate), unread: ms.map { !$0.isRead }, pinned: pins, pinningEnabled: pinningEnabled).map { ms[$0] }
    }

    static func transformOrder(_ sendDates: [Date?], unread: [Bool], pinned: [Bool], pinningEnabled: Bool) -> [Int] {
        let dates = sendDates.map { ($0 ?? .distantPast).timeIntervalSinceReferenceDate }
        return dates.indices.sorted { i, j in
            if pinningEnabled && pinned[i] != pinned[j] { return pinned[i] }
            if unread[i] != unread[j] { return unread[i] }
            if dates[i] != dates[j] { return dates[i] > dates[j] }
            return i < j
        }
    }

    mutating func recount() {
        var n = 0
        for i in rows.indices where !rows[i].message.status.isRead { n += 1 }
        unreadCount = n
    }

    // MARK: lookups

    public func index(of code: String, hint: Int? = nil) -> Int? {
        if let h = hint, rows.indices.contains(h), rows[h].code == code { return h }
        return rows.firstIndex { $0.code == code }
    }

    /// The buttons a row's cell renders: only captioned and classic cells, only with inline buttons enabled.
    public func visibleButtons(_ row: InboxRow) -> [InboxButton] {
        attributes.inlineButtonsEnabled && row.kind.rendersButtons ? row.buttons : []
    }

    public func showsPin(_ row: InboxRow) -> Bool { attributes.showsPin(row.pinned) }

    // MARK: user actions

    /// Row tap. `didSelect` is asked first (the host's answer: `attributes.delegate.select`).
    /// 7.1.3 (`PushwooshInboxKitViewController.swift` 7.1.3): a veto does nothing; otherwise `performAction` (status
    /// Action, which counts as read), `read`, then the SDK's action opens the link, the deep link or the rich media.
    /// 7.2.7 (`b1518f7`): a veto still reports the open (`reportAction`: status Action, read); a video or wallet card
    /// whose message has no action of its own owns the row tap (`handleRowTapOwnedByCard`): it plays the video or
    /// adds the pass.
    public mutating func tap(_ code: String, hint: Int? = nil) -> InboxOutcome {
        var out = InboxOutcome()
        guard let i = index(of: code, hint: hint) else { return out }
        out.events.append(Event("select", ["code": .string(code)]))
        let sdk = attributes.sdk
        if sdk.inboxMessageActionOwnsTaps && !InboxFeed.hasMessageAction(rows[i].message.params.actionParams) {
            if rows[i].kind == .video, let video = InboxVideoContent.decode(rows[i].message) {
                guard attributes.delegate.select else { vetoed(i, "didSelect", &out); return out }
                playVideo(i, video, &out)
                return out
            }
            if rows[i].kind == .wallet, let pass = InboxWalletPass.decode(rows[i].message) {
                guard attributes.delegate.select else { vetoed(i, "didSelect", &out); return out }
                addPass(i, pass, &out)
                return out
            }
        }
        guard attributes.delegate.select else {
            if sdk.inboxReportsEveryInteraction { vetoed(i, "didSelect", &out) }
            else { out.status = "The host's didSelect returned false: nothing happens (SDK \(sdk))" }
            return out
        }
        performMessageAction(i, &out)
        return out
    }

    /// `performAction` then `read` (a no-op after Action), then the message's own action: the link, the deep link
    /// or the rich media (`processActionUserInfo`).
    mutating func performMessageAction(_ i: Int, _ out: inout InboxOutcome) {
        let code = rows[i].code
        let wasUnread = !rows[i].message.isRead
        setStatus(i, .action, &out)
        setStatus(i, .read, &out)
        if wasUnread { out.events.append(Event("read", ["codes": .array([.string(code)])])) }
        let m = rows[i].message
        if let l = m.actionParams?["l"]?.stringValue, !l.isEmpty {
            open(l, &out)
        } else if m.type == .richmedia {
            out.events.append(Event("rich_media", ["code": .string(code)]))
            out.status = "Opened the rich media page of \(code)"
        } else {
            out.status = wasUnread ? "Marked \(code) read; it has no link" : "\(code) has no link"
        }
    }

    /// `hasMessageAction` (7.2.7, `PushwooshInboxKitViewController.swift` `b1518f7`): the message has an action of
    /// its own — `rm` present and not null, or `l`, `h` or `r` a non-empty string.
    public static func hasMessageAction(_ p: JSONObject?) -> Bool {
        guard let p else { return false }
        if let rm = p["rm"], rm != .null { return true }
        for key in ["l", "h", "r"] { if let s = p[key]?.stringValue, !s.isEmpty { return true } }
        return false
    }

    /// `reportAction` (7.2.7, `PWInbox.m` `b1518f7`): the open is reported — status Action, so the message is read —
    /// without running the message's action.
    mutating func report(_ i: Int, _ out: inout InboxOutcome) {
        let wasUnread = !rows[i].message.isRead
        setStatus(i, .action, &out)
        if wasUnread && rows[i].message.isRead { out.events.append(Event("read", ["codes": .array([.string(rows[i].code)])])) }
    }

    /// A host veto from 7.2.7 on: the interaction is still reported as an open (and the message read).
    mutating func vetoed(_ i: Int, _ callback: String, _ out: inout InboxOutcome) {
        report(i, &out)
        out.status = "The host's \(callback) returned false; the open is still reported, so \(rows[i].code) is read (SDK \(attributes.sdk))"
    }

    /// A tap on a carousel card's slide (§3.9); `slide` is the one on screen (the card pages its slides; the first
    /// when it has not been paged). 7.1.3: a slide with a url asks `didSelect`, then opens it (unsafe schemes
    /// refused) and marks the message read — no `performAction`, so the status is Read; a slide without a url, or a
    /// card that is not a carousel, is the row tap. 7.2.7: a message with its own action takes the row tap instead;
    /// otherwise the open is reported first, then `didSelect`, then the url opens.
    public mutating func tapSlide(_ code: String, slide: Int = 0, hint: Int? = nil) -> InboxOutcome {
        guard let i = index(of: code, hint: hint), rows[i].kind == .carousel else { return tap(code, hint: hint) }
        let slides = InboxCarouselSlide.decode(rows[i].message, sdk: attributes.sdk)
        guard slides.indices.contains(slide), let url = slides[slide].url else { return tap(code, hint: hint) }
        let sdk = attributes.sdk
        if sdk.inboxMessageActionOwnsTaps && InboxFeed.hasMessageAction(rows[i].message.params.actionParams) {
            return tap(code, hint: i)
        }
        var out = InboxOutcome()
        out.events.append(Event("select", ["code": .string(code)]))
        if sdk.inboxReportsEveryInteraction { report(i, &out) }
        guard attributes.delegate.select else {
            out.status = sdk.inboxReportsEveryInteraction
                ? "The host's didSelect returned false; the open is still reported, so \(code) is read (SDK \(sdk))"
                : "The host's didSelect returned false: the slide opens nothing (SDK \(sdk))"
            return out
        }
        open(url, &out)
        markRead(i, &out)
        return out
    }

    /// A tap on a video card's poster (§3.9): the SDK plays the video full screen — no `didSelect`, no
    /// `performAction` — then marks the message read. pushsim has no player: a `play_video` event and the status
    /// line say what would play. A card without a playable video (a forced kind) is the row tap; from 7.2.7 so is
    /// a message with an action of its own, and the play is reported as an open first.
    public mutating func tapVideo(_ code: String, hint: Int? = nil) -> InboxOutcome {
        guard let i = index(of: code, hint: hint), rows[i].kind == .video,
              let video = InboxVideoContent.decode(rows[i].message) else { return tap(code, hint: hint) }
        if attributes.sdk.inboxMessageActionOwnsTaps && InboxFeed.hasMessageAction(rows[i].message.params.actionParams) {
            return tap(code, hint: i)
        }
        var out = InboxOutcome()
        playVideo(i, video, &out)
        return out
    }

    mutating func playVideo(_ i: Int, _ video: InboxVideoContent, _ out: inout InboxOutcome) {
        if attributes.sdk.inboxReportsEveryInteraction { report(i, &out) }
        out.events.append(Event("play_video", ["code": .string(rows[i].code), "url": .string(video.url)]))
        markRead(i, &out)
        out.status = "Playing \(video.url) full screen"
    }

    /// The wallet card's add (§3.9): the pass is downloaded and offered to Wallet, then the message is read. pushsim
    /// downloads nothing: a `wallet_add` event and the status line say what would be added.
    mutating func addPass(_ i: Int, _ pass: InboxWalletPass, _ out: inout InboxOutcome) {
        if attributes.sdk.inboxReportsEveryInteraction { report(i, &out) }
        out.events.append(Event("wallet_add", ["code": .string(rows[i].code), "url": .string(pass.url)]))
        markRead(i, &out)
        out.status = "Adding the pass \(pass.url) to Apple Wallet"
    }

    /// Inline button tap (§3.6); the host's `didTapButton` answer is `attributes.delegate.button`.
    /// 7.1.3: the delegate is asked first and a veto does nothing. 7.2.7: the open is reported before the delegate
    /// is asked (a veto then stops, the message already read), except an `openURL` button on a message with an
    /// action of its own: it runs that action instead of opening the button's URL, and reports only after a veto.
    public mutating func tapButton(_ code: String, index n: Int, hint: Int? = nil) -> InboxOutcome {
        var out = InboxOutcome()
        guard let i = index(of: code, hint: hint) else { return out }
        let buttons = visibleButtons(rows[i])
        guard n >= 1, n <= buttons.count else {
            out.status = buttons.isEmpty ? "This card has no buttons" : "This card has \(buttons.count) button\(buttons.count == 1 ? "" : "s")"
            return out
        }
        let b = buttons[n - 1]
        let sdk = attributes.sdk
        out.events.append(Event("button", ["code": .string(code), "index": .number(Double(n)), "action": .string(b.action.name)]))
        var ownAction = false
        if case .openURL = b.action, sdk.inboxMessageActionOwnsTaps, InboxFeed.hasMessageAction(rows[i].message.params.actionParams) {
            ownAction = true
        }
        if sdk.inboxReportsEveryInteraction && !ownAction { report(i, &out) }
        guard attributes.delegate.button else {
            if ownAction { report(i, &out) }
            out.status = sdk.inboxReportsEveryInteraction
                ? "The host's didTapButton returned false; the open is still reported, so \(code) is read (SDK \(sdk))"
                : "The host's didTapButton returned false: nothing happens (SDK \(sdk))"
            return out
        }
        if ownAction {
            performMessageAction(i, &out)
            out.status = "“\(b.title)” ran the message's own action (SDK \(sdk): it owns every tap)" + (out.status.map { ": \($0)" } ?? "")
            return out
        }
        switch b.action {
        case .openURL(let url):
            open(url, &out)
            markRead(i, &out)
        case .dismiss:
            let del = delete(code, hint: i)
            out.events += del.events
            out.persist.merge(del.persist) { $1 }
            out.status = del.status == nil || del.events.contains(where: { $0.name == "delete" })
                ? "“\(b.title)” dismissed the message" : del.status
        case .markRead:
            markRead(i, &out)
            out.status = "“\(b.title)” marked the message read"
        case .custom(let payload):
            markRead(i, &out)
            out.status = "“\(b.title)” sent a custom action \(JSONValue.object(payload).jsonText()) to the delegate"
        }
        return out
    }

    /// Swipe to delete (§3.9): `shouldDelete` (the host's answer: `attributes.delegate.delete`), then status Deleted
    /// and the row goes. From 7.2.7 the open is reported first, so a vetoed delete leaves the row read.
    public mutating func delete(_ code: String, hint: Int? = nil) -> InboxOutcome {
        var out = InboxOutcome()
        guard let i = index(of: code, hint: hint) else { return out }
        if attributes.sdk.inboxReportsEveryInteraction { report(i, &out) }
        guard attributes.delegate.delete else {
            out.status = attributes.sdk.inboxReportsEveryInteraction
                ? "The host's shouldDelete returned false: \(code) stays, now read (SDK \(attributes.sdk))"
                : "The host's shouldDelete returned false: \(code) stays"
            return out
        }
        setStatus(i, .deleted, &out)
        // Deleted counts as read, so setStatus already took an unread row out of unreadCount.
        rows.remove(at: i)
        out.events.append(Event("delete", ["code": .string(code)]))
        out.status = "Deleted \(code)"
        return out
    }

    /// `markRead(messages:)`: skips messages already read; the rest become Read.
    public mutating func markRead(_ codes: [String]) -> InboxOutcome {
        markRead(rows: codes.compactMap { index(of: $0) })
    }

    /// `markAllAsRead()`: every unread message, in one pass over the rows (looking each code up again, as
    /// `markRead(codes)` does for a few, made this quadratic: 20 s at 20,000 messages). Unread rows (Created,
    /// Delivered) can always move to Read, so each becomes Read in place.
    public mutating func markAllRead() -> InboxOutcome {
        var out = InboxOutcome()
        var done: [JSONValue] = []
        done.reserveCapacity(unreadCount)
        for i in rows.indices where !rows[i].message.status.isRead {
            rows[i].message.status = .read
            done.append(.string(rows[i].message.code))
        }
        unreadCount = 0
        let n = done.count
        if n > 0 {
            out.events.append(Event("read", ["codes": .array(done)]))
            out.persistAllRead = true
        }
        out.status = n == 0 ? "Nothing unread" : "Marked \(n) message\(n == 1 ? "" : "s") read"
        return out
    }

    /// `clearReadMessages()`: every read message is deleted; the list keeps the unread ones.
    public mutating func clearRead() -> InboxOutcome {
        var out = InboxOutcome()
        var kept: [InboxRow] = []
        kept.reserveCapacity(rows.count)
        for i in rows.indices {
            if rows[i].message.isRead {
                setStatus(i, .deleted, &out)
                out.events.append(Event("delete", ["code": .string(rows[i].code)]))
            } else {
                kept.append(rows[i])
            }
        }
        let n = rows.count - kept.count
        rows = kept
        recount()
        out.status = n == 0 ? "No read messages to clear" : "Cleared \(n) read message\(n == 1 ? "" : "s")"
        return out
    }

    // MARK: helpers

    /// Applies a status change only when the SDK's transition table allows it.
    mutating func setStatus(_ i: Int, _ s: InboxStatus, _ out: inout InboxOutcome) {
        let old = rows[i].message.status
        guard old.canMove(to: s) else { return }
        rows[i].message.status = s
        if !old.isRead && s.isRead { unreadCount -= 1 }
        out.persist[rows[i].code] = s
    }

    /// The rows at `indices` that are unread become Read, in that order, reported in one `read` event.
    public mutating func markRead(rows indices: [Int]) -> InboxOutcome {
        var out = InboxOutcome()
        out.persist.reserveCapacity(min(indices.count, unreadCount))
        var done: [JSONValue] = []
        for i in indices where !rows[i].message.isRead {
            setStatus(i, .read, &out)
            if rows[i].message.isRead { done.append(.string(rows[i].code)) }
        }
        if !done.isEmpty { out.events.append(Event("read", ["codes": .array(done)])) }
        return out
    }

    mutating func markRead(_ i: Int, _ out: inout InboxOutcome) {
        guard !rows[i].message.isRead else { return }
        setStatus(i, .read, &out)
        if rows[i].message.isRead { out.events.append(Event("read", ["codes": .array([.string(rows[i].code)])])) }
    }

    func open(_ url: String, _ out: inout InboxOutcome) {
        if InboxURLPolicy.isRefused(url) {
            out.events.append(Event("refused_url", ["url": .string(url)]))
            out.status = "Refused to open \(url) (unsafe scheme)"
        } else {
            out.events.append(Event("open_url", ["url": .string(url)]))
            out.status = "Opened \(url)"
        }
    }

    // MARK: --dump

    /// The feed as displayed: `[{"code","kind","pinned","read","title","message","image","icon"?,"date","buttons":[…]}]`
    /// (`image` the card's picture, the hero; `icon` only where a card shows one besides it).
    public func dump() -> JSONValue {
        .array(rows.map(dumpRow))
    }

    /// The UTF-8 of `dump().jsonText()`, handed over in pieces of about `chunkSize` bytes as it is made: a
    /// 100,000-row feed never exists as one tree of values and one string at once. `blockRows` is the rows each core
    /// writes per round (tests take small blocks, so a few hundred rows run every round and core a large feed does).
    public func writeDump(chunkSize: Int = 1 << 16, blockRows: Int = InboxFeed.dumpBlockRows, _ chunk: ([UInt8]) -> Void) {
        // Rows are written by every core at once, a block of rows each per round, and the pieces handed over in
        // order: one thread writing a 1,000,000-row dump took as long as parsing the feed on two.
        let block = max(1, blockRows)
        let cores = ChunkedWork.chunkCount(rows.count, minimum: block)
        var out: [UInt8] = [UInt8(ascii: "[")]
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + cores * block)
            var pieces = [[[UInt8]]](repeating: [], count: cores)
            pieces.withUnsafeMutableBufferPointer { pieces in
                nonisolated(unsafe) let pieces = pieces
                ChunkedWork.run(chunks: cores, count: end - start) { c, range in
                    var buffer = ByteBuffer(capacity: chunkSize + 4096)
                    defer { buffer.deallocate() }
                    for i in range.lowerBound + start..<range.upperBound + start {
                        if i > 0 { buffer.append(UInt8(ascii: ",")) }
                        writeDumpRow(i, into: &buffer)
                        if buffer.count >= chunkSize {
                            pieces[c].append(buffer.bytes)
                            buffer.removeAll()
                        }
                    }
                    if buffer.count > 0 { pieces[c].append(buffer.bytes) }
                }
            }
            for piece in pieces.joined() {
                // The opening bracket goes with the first piece, as one buffer used to carry it.
                if out.isEmpty { chunk(piece) } else { out += piece; chunk(out); out = [] }
            }
            start = end
        }
        out.append(UInt8(ascii: "]"))
        chunk(out)
    }

    /// Rows each core writes per round of a --dump: each round starts its threads and waits for the slower one, so
    /// fewer, larger rounds (31 instead of 244 for 1,000,000 rows on two cores) wait less; about 5 MB a core.
    public static let dumpBlockRows = 16_384

    /// `dumpRow(r)`'s text written field by field: a value tree per row (nine members, its buttons) was most of
    /// what remained of a 100,000-row --dump.
    private func writeDumpRow(_ i: Int, into out: inout ByteBuffer) {
        // Each key with the brace or comma before it: one append, not two (a row's appends are most of its cost).
        func key(_ k: StaticString) { out.append(k) }
        func string(_ s: String?) {
            if let s { JSONValue.writeString(s, into: &out) } else { out.append("null") }
        }
        // Read in place through `rows[i]`: a local copy of the row or its message retained each of its strings.
        key(#"{"code":"#); JSONValue.writeString(rows[i].message.code, into: &out)
        key(#","kind":"#); JSONValue.writeString(rows[i].kind.rawValue, into: &out)
        key(#","pinned":"#); out.append(attributes.pinningEnabled && rows[i].pinned ? "true" : "false")
        key(#","read":"#); out.append(rows[i].message.isRead ? "true" : "false")
        key(#","title":"#); string(rows[i].message.title)
        key(#","message":"#); string(rows[i].message.message)
        key(#","image":"#); string(rows[i].imageURL)
        if let icon = rows[i].dumpIcon(sdk: attributes.sdk) { key(#","icon":"#); JSONValue.writeString(icon, into: &out) }
        if rows[i].kind == .carousel {
            key(#","slides":"#)
            for b in String(InboxCarouselSlide.decode(rows[i].message, sdk: attributes.sdk).count).utf8 { out.append(b) }
        }
        key(#","date":"#)
        if let date = rows[i].message.sendDate {
            out.append(UInt8(ascii: "\""))
            InboxFeed.writeISO8601(date, into: &out)
            out.append(UInt8(ascii: "\""))
        } else {
            out.append("null")
        }
        key(#","buttons":["#)
        if attributes.inlineButtonsEnabled && rows[i].kind.rendersButtons {  // visibleButtons, without a copy
            for k in rows[i].buttons.indices {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                rows[i].buttons[k].writeDump(into: &out)
            }
        }
        out.append("]}")
    }

    private func dumpRow(_ r: InboxRow) -> JSONValue {
        let m = r.message
        var o: JSONObject = [
            "code": .string(m.code),
            "kind": .string(r.kind.rawValue),
            "pinned": .bool(attributes.pinningEnabled && r.pinned),
            "read": .bool(m.isRead),
            "title": m.title.map(JSONValue.string) ?? .null,
            "message": m.message.map(JSONValue.string) ?? .null,
            "image": r.imageURL.map(JSONValue.string) ?? .null,
        ]
        // In the order writeDumpRow writes them.
        if let icon = r.dumpIcon(sdk: attributes.sdk) { o["icon"] = .string(icon) }
        // The slides a carousel card shows (at most five from 7.2.6).
        if r.kind == .carousel { o["slides"] = .number(Double(InboxCarouselSlide.decode(m, sdk: attributes.sdk).count)) }
        o["date"] = m.sendDate.map { .string(InboxFeed.iso8601($0)) } ?? .null
        o["buttons"] = .array(visibleButtons(r).map(\.dumpValue))
        return .object(o)
    }

    /// `2026-11-23T12:00:00Z`: what ISO8601DateFormatter's internet date-time gives (UTC, whole seconds, rounded
    /// down), by arithmetic: creating a formatter per row was most of a 100,000-row --dump.
    public static func iso8601(_ d: Date) -> String {
        var out: [UInt8] = []
        writeISO8601(d, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `iso8601(d)`'s UTF-8, appended digit by digit (the --dump writes one per row).
    static func writeISO8601<Out: ByteAppending>(_ d: Date, into out: inout Out) {
        let t = d.timeIntervalSince1970.rounded(.down)
        guard t.isFinite, abs(t) < 1e14 else { return }
        let secs = Int64(t)
        let (days, rem) = (secs >= 0 ? secs / 86_400 : (secs - 86_399) / 86_400, ((secs % 86_400) + 86_400) % 86_400)
        // Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's civil_from_days).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        // Made in a buffer on the stack and appended once: an append per byte was 1,300 instructions a row.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { b in
            var n = 0
            func put(_ c: UInt8) { b[n] = c; n += 1 }
            func digits(_ v: Int64, _ width: Int) {
                var p: Int64 = 1
                for _ in 1..<width { p *= 10 }
                while p > 0 { put(UInt8(ascii: "0") + UInt8(v / p % 10)); p /= 10 }
            }
            if year >= 0 && year < 10_000 { digits(year, 4) } else { for c in String(year).utf8 { put(c) } }
            put(UInt8(ascii: "-")); digits(month, 2)
            put(UInt8(ascii: "-")); digits(day, 2)
            put(UInt8(ascii: "T")); digits(rem / 3600, 2)
            put(UInt8(ascii: ":")); digits(rem % 3600 / 60, 2)
            put(UInt8(ascii: ":")); digits(rem % 60, 2)
            put(UInt8(ascii: "Z"))
            out.append(bytes: UnsafeBufferPointer(rebasing: b[0..<n]))
        }
    }
}
