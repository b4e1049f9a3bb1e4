// The fidelity audit of spec §3.2–3.10 and §5 (InboxKit): the rules no earlier test pinned, one test each.
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseRulesTests.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct SpecAuditInboxTests {
    let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z
    var parser: InboxFeedParser { InboxFeedParser(now: now, timeZone: TimeZone(identifier: "UTC")!) }

    func msg(_ ap: JSONObject?, title: String? = "T", image: String? = nil, status: InboxStatus = .delivered,
             date: Double? = nil) -> InboxMessage {
        InboxMessage(code: "c", title: title, message: "body", imageUrl: image, sendDate: date.map { Date(timeIntervalSince1970: $0) },
                     actionParams: ap, status: status)
    }

    func serverItem(_ extra: JSONObject = [:]) -> JSONObject {
        var o: JSONObject = ["inbox_id": "m1", "order": "5", "rt": 4_102_444_800, "text": "Body", "action_type": 0, "status": 1]
        for (k, v) in extra { o[k] = v }
        return o
    }

    func loaded(_ ms: [InboxMessage], _ a: InboxAttributes = InboxAttributes(sdk: .v7_1_3)) -> InboxFeed {
        var f = InboxFeed(attributes: a)
        _ = f.load(ms, now: now)
        return f
    }

    // MARK: §3.2 attributes

    // spec §3.2: "automaticReadOnDisappear true, enableDarkTheme true, pullToRefreshEnabled true, swipeToDeleteEnabled
    // true, pinningEnabled true, pinIndicatorVisible true, inlineButtonsEnabled true, forceCellKind nil,
    // emptyMessage "Your inbox is empty", errorMessage "Couldn't load messages"".
    @Test func attributeDefaults() {
        let a = InboxAttributes(sdk: .v7_1_3)
        #expect(a.automaticReadOnDisappear)
        #expect(a.enableDarkTheme)
        #expect(a.pullToRefreshEnabled)
        #expect(a.swipeToDeleteEnabled)
        #expect(a.pinningEnabled)
        #expect(a.pinIndicatorVisible)
        #expect(a.inlineButtonsEnabled)
        #expect(a.forceCellKind == nil)
        #expect(a.emptyMessage == "Your inbox is empty")
        #expect(a.errorMessage == "Couldn't load messages")
    }

    // spec §3.2 "CellKind enum: banner, captioned, classic, carousel, video, wallet, default"; §5.5 "The 7.1.3 code
    // registers 7 entries (6 kinds plus default)", and `default` is the classic cell.
    @Test func sevenCellKindsWithDefaultDrawnAsClassic() {
        #expect(InboxCellKind.allCases.map(\.rawValue) == ["banner", "captioned", "classic", "carousel", "video", "wallet", "default"])
        let r = InboxCellResolver.resolve(msg(nil), forceCellKind: .default, sdk: .v7_1_3)
        #expect(r.kind == .default && r.forced)
        #expect(InboxCellKind.default.rendersButtons == InboxCellKind.classic.rendersButtons)
    }

    // spec §3.2 forceCellKind: "every message uses that kind, bypassing the resolver and its degrade rules" — for
    // every kind, including rich cards with no payload.
    @Test func everyForcedKindSkipsTheResolverAndTheDegradeRules() {
        var a = InboxAttributes(sdk: .v7_1_3)
        for k in InboxCellKind.allCases {
            a.forceCellKind = k
            let f = loaded([msg(["displayType": "classic"], title: nil, date: 2), msg(nil, image: "https://i", date: 1)], a)
            #expect(f.rows.allSatisfy { $0.kind == k && $0.resolution.degrade == nil }, "\(k)")
        }
    }

    // spec §3.2 pinIndicatorVisible: "Hiding it keeps the pinned-first sorting"; pinningEnabled off: no pinned-first.
    @Test func pinningTogglesDriveOrderAndIndicatorSeparately() {
        let ms = [msg(nil, date: 10), InboxMessage(code: "p", sendDate: Date(timeIntervalSince1970: 1), actionParams: ["pinned": true])]
        var a = InboxAttributes(sdk: .v7_1_3)
        a.pinIndicatorVisible = false
        var f = loaded(ms, a)
        #expect(f.rows.map(\.code) == ["p", "c"])
        #expect(!f.showsPin(f.rows[0]))
        a = InboxAttributes(sdk: .v7_1_3)
        a.pinningEnabled = false
        f = loaded(ms, a)
        #expect(f.rows.map(\.code) == ["c", "p"])
        #expect(!f.showsPin(f.rows[1]))
    }

    // MARK: §3.4 cell-kind resolution

    // spec §3.4.2: `u` read as a dictionary and as a JSON string; the value "is lowercased" there too.
    @Test func displayTypeInUIsLowercased() {
        #expect(InboxCellResolver.readDisplayType(["u": ["displayType": "CAPTIONED"]], userData: ["displayType": "CAPTIONED"]) == "captioned")
        let m = msg(["u": #"{"displayType":"Banner"}"#], title: nil, image: "https://i")
        #expect(InboxCellResolver.resolve(m, sdk: .v7_1_3).displayType == "banner")
        #expect(InboxCellResolver.readDisplayType(["userdata": ["displayType": "Video"]], userData: nil) == "video")
    }

    // spec §3.4.2: a `u` without a displayType string does not stop the lookup; `userdata` is next.
    @Test func uWithoutDisplayTypeFallsThroughToUserdata() {
        let m = msg(["u": ["displayType": 7], "userdata": ["displayType": "banner"]], image: "https://i")
        #expect(InboxCellResolver.resolve(m, sdk: .v7_1_3).kind == .banner)
    }

    // spec §3.4.2: "A root string always wins, even if it is not a valid kind. u is then not consulted" — also an
    // empty root string.
    @Test func anEmptyRootDisplayTypeStillWins() {
        let m = msg(["displayType": "", "u": ["displayType": "banner"]], title: "T", image: "https://i")
        let r = InboxCellResolver.resolve(m, sdk: .v7_1_3)
        #expect(r.displayType == "")
        #expect(r.kind == .captioned, "the heuristic, not u")
    }

    // spec §3.4.4 "Has image": `u["image"]` with `u` as a dictionary; an empty image at one level falls to the next.
    @Test func imageFromUAsADictionary() {
        #expect(InboxCellResolver.resolvedImageURL(msg(["u": ["image": "u.jpg"]])) == "u.jpg")
        #expect(InboxCellResolver.resolvedImageURL(msg(["image": 5, "u": ["image": "u.jpg"]])) == "u.jpg", "a non-string root image is skipped")
        #expect(InboxCellResolver.resolvedImageURL(msg(["u": ["image": ""]])) == nil)
        #expect(InboxCellResolver.resolve(msg(["u": ["image": "u.jpg"]], title: nil), sdk: .v7_1_3).kind == .banner, "u.image counts as has-image")
    }

    // spec §3.4.3: the heuristic uses the resolved image (any of the three places), and "no (nil or empty)" title.
    @Test func heuristicUsesTheResolvedImage() {
        #expect(InboxCellResolver.resolve(msg(["image": "a.jpg"], title: ""), sdk: .v7_1_3).kind == .banner)
        #expect(InboxCellResolver.resolve(msg(["image": "a.jpg"], title: "T"), sdk: .v7_1_3).kind == .captioned)
        #expect(InboxCellResolver.resolve(msg(["userdata": ["image": "a.jpg"]], title: nil), sdk: .v7_1_3).kind == .classic, "never userdata")
    }

    // spec §3.4.5: each degrade is reported with the message code and the requested and resulting kinds; a kind that
    // is satisfied is not.
    @Test func satisfiedRichKindsDoNotDegrade() {
        let cases: [(JSONObject, InboxCellKind)] = [
            (["displayType": "carousel", "carousel": [["image": "a.jpg"]]], .carousel),
            (["displayType": "video", "video": ["url": "https://v/a.mp4"]], .video),
            (["displayType": "wallet", "wallet": ["pass": "https://w/p.pkpass"]], .wallet),
            (["displayType": "classic"], .classic),
            (["displayType": "banner", "u": ["image": "x.jpg"]], .banner),
        ]
        for (ap, k) in cases {
            let r = InboxCellResolver.resolve(msg(ap), sdk: .v7_1_3)
            #expect(r.kind == k)
            #expect(r.degrade == nil)
        }
    }

    // spec §3.4 rich-card keys: "looked up at the root first, then in u". The SDK casts the root value (carousel to an
    // array, video to an object, wallet to a usable pass URL) and goes on to `u` when the cast fails.
    @Test func aRootRichValueOfTheWrongShapeFallsThroughToU() {
        let slides = InboxCarouselSlide.decode(msg(["carousel": "not an array", "u": ["carousel": [["image": "u.jpg"]]]]))
        #expect(slides.map(\.image) == ["u.jpg"])
        #expect(InboxCarouselSlide.decode(msg(["carousel": [], "u": ["carousel": [["image": "u.jpg"]]]])).isEmpty,
                "a root array decides, even an empty one")
        let video = InboxVideoContent.decode(msg(["video": "https://v/root.mp4", "u": #"{"video":{"url":"https://v/u.mp4"}}"#]))
        #expect(video?.url == "https://v/u.mp4")
        #expect(InboxVideoContent.decode(msg(["video": ["url": "file:///v.mp4"], "u": ["video": ["url": "https://v/u.mp4"]]])) == nil,
                "a root object decides, even with an unusable url")
        #expect(InboxWalletPass.decode(msg(["wallet": "file:///p.pkpass", "u": ["wallet": "https://w/u.pkpass"]]))?.url == "https://w/u.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": ["pass": 3], "u": #"{"wallet":{"pass":"http://w/u.pkpass"}}"#]))?.url == "http://w/u.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": "https://w/root.pkpass", "u": ["wallet": "https://w/u.pkpass"]]))?.url == "https://w/root.pkpass")
        // And so the resolver keeps the kind instead of degrading it.
        #expect(InboxCellResolver.resolve(msg(["displayType": "carousel", "carousel": "x", "u": ["carousel": [["image": "a"]]]]), sdk: .v7_1_3).kind == .carousel)
    }

    // spec §3.4 carousel `{image (required, non-empty), title?, url? (scheme required)}`: an empty title or url is absent.
    @Test func carouselSlideEmptyTitleAndURLAreAbsent() {
        let s = InboxCarouselSlide.decode(msg(["carousel": [["image": "a", "title": "", "url": ""]]]))
        #expect(s == [InboxCarouselSlide(image: "a", title: nil, url: nil)])
        #expect(InboxVideoContent.decode(msg(["video": ["url": "https://v/a.mp4", "poster": ""]]))?.poster == nil)
        #expect(InboxVideoContent.decode(msg(["video": ["url": ""]])) == nil)
    }

    // MARK: §3.6 buttons

    // spec §3.6 "actionParams["buttons"] as an array": a root value that is not an array falls through to `u`.
    @Test func aNonArrayRootButtonsFallsThroughToU() {
        let b = InboxButton.decode(msg(["buttons": "nope", "u": ["buttons": [["title": "from u"]]]]))
        #expect(b.map(\.title) == ["from u"])
        #expect(InboxButton.decode(msg(["buttons": [], "u": ["buttons": [["title": "x"]]]])).isEmpty, "a root array decides")
    }

    // spec §3.6 action precedence: tokens are case-insensitive; a non-string action is no token; an empty url is no
    // url; both leave the item a custom action carrying everything but title and action.
    @Test func actionTokenEdgeCases() {
        let b = InboxButton.decode(msg(["buttons": [
            ["title": "a", "action": "MARKREAD"],
            ["title": "b", "action": 5, "url": "https://x"],
            ["title": "c", "url": "", "tag": "t"],
            ["title": "d", "action": "open", "url": 7],
        ]]))
        #expect(b.map(\.action) == [.markRead, .openURL("https://x"), .custom(["url": "", "tag": "t"]), .custom(["url": 7])])
    }

    // spec §3.6 tap table: "markRead — Marks read if unread"; on a read message nothing changes.
    @Test func markReadButtonOnAReadMessageDoesNothing() {
        var f = loaded([msg(["buttons": [["title": "R", "action": "markRead"], ["title": "C", "tag": "t"]]], status: .read)])
        var out = f.tapButton("c", index: 1)
        #expect(out.events.map(\.name) == ["button"])
        #expect(out.persist.isEmpty)
        out = f.tapButton("c", index: 2)
        #expect(out.events.map(\.name) == ["button"], "custom on a read message: nothing to mark")
    }

    // spec §3.6 / §5.4: openURL on an unsafe scheme is refused, and the message is still marked read (the SDK marks
    // read after the open call whatever it did).
    @Test func refusedURLStillMarksRead() {
        var f = loaded([msg(["buttons": [["title": "F", "url": "facetime-audio:123"]]])])
        let out = f.tapButton("c", index: 1)
        #expect(out.events.map(\.name) == ["button", "refused_url", "read"])
        #expect(f.rows[0].message.status == .read)
    }

    // MARK: §3.7 order and pinning

    // spec §3.7 isPinned: "The value must be a Bool or NSNumber" — the SDK casts each place to Bool / NSNumber and goes
    // on when the cast fails, so a root string or null decides nothing; "A root value decides, even if false".
    @Test func onlyABoolOrNumberDecidesPinned() {
        #expect(InboxCellResolver.isPinned(msg(["pinned": "true", "u": ["pinned": true]])), "a root string does not decide")
        #expect(InboxCellResolver.isPinned(msg(["pinned": .null, "userdata": ["pinned": 1]])), "nor does a root null")
        #expect(InboxCellResolver.isPinned(msg(["u": ["pinned": "yes"], "userdata": ["pinned": true]])), "nor a string in u")
        #expect(!InboxCellResolver.isPinned(msg(["pinned": "true"])))
        #expect(!InboxCellResolver.isPinned(msg(["pinned": 0, "u": ["pinned": true]])), "a root 0 decides")
        #expect(!InboxCellResolver.isPinned(msg(["u": #"{"pinned":false}"#, "userdata": ["pinned": true]])), "a u false decides")
        #expect(InboxCellResolver.isPinned(msg(["pinned": 0.5])), "NSNumber boolValue: non-zero")
    }

    // spec §3.7: a load orders by the transform over the core order, with the fixed pin reading.
    @Test func loadOrderUsesThePinFallthrough() {
        let ms = [InboxMessage(code: "new", sendDate: Date(timeIntervalSince1970: 50), actionParams: [:]),
                  InboxMessage(code: "pin", sendDate: Date(timeIntervalSince1970: 10), actionParams: ["pinned": "true", "u": ["pinned": 1]])]
        let f = loaded(ms)
        #expect(f.rows.map(\.code) == ["pin", "new"])
        #expect(f.rows[0].pinned)
    }

    // spec §3.7 core order: "sortOrder descending — a string comparison"; "code descending" last.
    @Test func coreOrderTieBreaks() {
        let d = Date(timeIntervalSince1970: 5)
        let ms = [InboxMessage(code: "a", sendDate: d, sortOrder: "100"), InboxMessage(code: "b", sendDate: d, sortOrder: "20"),
                  InboxMessage(code: "x", sendDate: d, sortOrder: "3"), InboxMessage(code: "z", sendDate: d, sortOrder: "3")]
        #expect(InboxFeed.coreOrder(ms).map(\.code) == ["z", "x", "b", "a"])
    }

    // MARK: §3.8 lifecycle

    // spec §3.8 "A debounced reload (merge) is scheduled for max(0, 1.5 s − time since last notification-driven
    // refresh). The first one waits the full 1.5 s."
    @Test func debouncedReloadTiming() {
        var d = InboxRefreshDebounce()
        #expect(d.deadline == nil)
        d.notify(at: 2)
        #expect(d.deadline == 3.5, "the first waits the full 1.5 s")
        d.notify(at: 3)
        #expect(d.deadline == 4.5, "a later notification replaces the pending reload (never refreshed: elapsed 0)")
        var due = d.fire(at: 4.4)
        #expect(!due)
        due = d.fire(at: 4.5)
        #expect(due)
        #expect(d.deadline == nil && d.lastRefresh == 4.5)
        due = d.fire(at: 9)
        #expect(!due, "runs once")
        d.notify(at: 5)
        #expect(d.deadline == 6, "0.5 s after the last reload: 1.0 s left")
        due = d.fire(at: 6)
        #expect(due)
        d.notify(at: 10)
        #expect(d.deadline == 10, "long after the last reload: at once")
    }

    // spec §3.8 updateStates: "Both labels … The table is hidden whenever there is no content": the last row deleted
    // shows the empty label; a failed load with no content the error label.
    @Test func deletingTheLastRowShowsTheEmptyState() {
        var f = loaded([msg(nil)])
        _ = f.delete("c")
        #expect(f.screenState == .empty)
        f.loadFailed("offline")
        #expect(f.screenState == .error)
        _ = f.load([msg(nil)], now: now)
        #expect(f.loadError == nil, "a successful load clears the error")
    }

    // spec §3.8 `.replace`: "the data source becomes exactly transform(serverMessages)" — rows from an earlier load that
    // the new one lacks are gone.
    @Test func replaceLoadDropsEarlierRows() {
        var f = loaded([InboxMessage(code: "old", sendDate: Date(timeIntervalSince1970: 1))])
        _ = f.load([InboxMessage(code: "new", sendDate: Date(timeIntervalSince1970: 2))], now: now)
        #expect(f.rows.map(\.code) == ["new"])
    }

    // MARK: §3.9 interactions

    // spec §3.9 row tap: performAction (Action) then read; "If the message was unread, its row is reloaded" — in place.
    @Test func rowTapOnAReadMessageMovesItToAction() {
        var f = loaded([msg(nil, status: .read)])
        let out = f.tap("c")
        #expect(f.rows[0].message.status == .action, "Read → Action is allowed")
        #expect(out.persist == ["c": .action])
        #expect(out.events.map(\.name) == ["select"], "no read event: it was read already")
    }

    // spec §3.9 clearReadMessages: "the data source is filtered down to unread messages … pinned-unread messages are
    // kept"; read pinned ones go.
    @Test func clearReadKeepsPinnedUnreadAndDropsPinnedRead() {
        let ms = [InboxMessage(code: "pin-unread", sendDate: Date(timeIntervalSince1970: 1), actionParams: ["pinned": true]),
                  InboxMessage(code: "pin-read", sendDate: Date(timeIntervalSince1970: 2), actionParams: ["pinned": true], status: .read),
                  InboxMessage(code: "unread", sendDate: Date(timeIntervalSince1970: 3)),
                  InboxMessage(code: "action", sendDate: Date(timeIntervalSince1970: 4), status: .action)]
        var f = loaded(ms)
        let out = f.clearRead()
        #expect(f.rows.map(\.code) == ["pin-unread", "unread"])
        #expect(out.persist == ["pin-read": .deleted, "action": .deleted])
        #expect(f.unreadCount == 2)
    }

    // spec §3.9 markAllAsRead: "every unread code"; Action rows are already read and stay Action.
    @Test func markAllReadLeavesActionRowsAlone() {
        var f = loaded([msg(nil, status: .action, date: 1), InboxMessage(code: "u", sendDate: Date(timeIntervalSince1970: 2))])
        let out = f.markAllRead()
        #expect(out.events == [Event("read", ["codes": ["u"]])])
        #expect(out.persistAllRead && out.persist.isEmpty, "the store marks every unread code in one statement")
        #expect(f.rows.map(\.message.status) == [.read, .action])
        #expect(f.unreadCount == 0)
    }

    // spec §3.9 swipe to delete on a read row: Deleted is reachable from every status.
    @Test func deleteFromEveryStatus() {
        for s in InboxStatus.allCases where s != .deleted {
            var f = loaded([msg(nil, status: s)])
            let out = f.delete("c")
            #expect(out.persist == ["c": .deleted], "\(s)")
            #expect(f.rows.isEmpty)
        }
    }

    // MARK: §3.10 data layer

    // spec §3.10 "PWInboxMessageType: plain=0, richmedia=1, URL=2, deeplink=3"; status values 0–5.
    @Test func rawValues() {
        #expect([InboxMessageType.plain, .richmedia, .url, .deeplink].map(\.rawValue) == [0, 1, 2, 3])
        #expect(InboxStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    }

    // spec §3.10 type: "If l is present, it overrides" — "URL when it starts with http", so an https link and any
    // "http…" string are URL; a non-http string is a deep link.
    @Test func linkTypePrefixRule() {
        #expect(InboxMessageType.of(["l": "httpfoo"]) == .url, "a plain prefix test, as the SDK does")
        #expect(InboxMessageType.of(["l": "HTTPS://X"]) == .deeplink, "case-sensitive prefix")
        #expect(InboxMessageType.of(["l": "", "rm": "x"]) == .deeplink, "present, even empty, overrides rich media")
        // The SDK reads `l` with pw_stringForKey (strings only): a number or an object there is no link.
        #expect(InboxMessageType.of(["l": 5, "h": "x"]) == .richmedia)
        #expect(InboxMessageType.of(["l": ["u": "https://x"]]) == .plain)
    }

    // spec §3.10 server mapping: "sendDate — send_date, Unix seconds (string or number)"; order a number → string.
    @Test func serverSendDateAsANumberAndOrderAsANumber() throws {
        let r = try parser.parse([.object(serverItem(["send_date": 1_700_000_000, "order": 7]))], file: "f.json")
        #expect(r.messages[0].sendDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(r.messages[0].sortOrder == "7")
    }

    // spec §3.10 "attachmentUrl — actionParams["attachment"], only if it starts with http:// or https://".
    @Test func attachmentHTTPAccepted() throws {
        let r = try parser.parse([.object(serverItem(["action_params": #"{"attachment":"http://cdn/a.png"}"#]))], file: "f.json")
        #expect(r.messages[0].attachmentUrl == "http://cdn/a.png")
    }

    // spec §3.10 Filtering: "the full-list request drops items with status 4"; §7: status 5 is not filtered.
    @Test func deletedServiceIsKept() throws {
        let r = try parser.parse([.object(serverItem(["status": 5]))], file: "f.json")
        #expect(r.messages.map(\.status) == [.deletedService])
        #expect(r.messages[0].isRead && r.messages[0].isActionPerformed)
    }

    // spec §3.10 push mapping: "title and message come from aps.alert.title and aps.alert.body" — an alert object
    // without a title gives a nil title, no alert gives no text; push-only messages have no sortOrder.
    @Test func pushAlertShapes() throws {
        let r = try parser.parse([["aps": ["alert": ["body": "Only body"]], "pw_inbox": "a", "inbox_params": ["rt": "2030-01-01"]],
                                  ["aps": ["badge": 1], "pw_inbox": "b", "inbox_params": ["rt": "2030-01-01"]]], file: "f.json")
        #expect(r.messages.map(\.title) == [nil, nil])
        #expect(r.messages.map(\.message) == ["Only body", nil])
        #expect(r.messages.allSatisfy { $0.sortOrder == nil }, "push-only messages have no sortOrder")
    }

    // spec §3.10 Expiry: "isExpired is expirationDate < now"; expired messages are excluded from every read — a
    // load, and a push arriving.
    @Test func expiryBoundaryOnLoad() {
        let f = loaded([InboxMessage(code: "edge", expirationDate: now), InboxMessage(code: "gone", expirationDate: now.addingTimeInterval(-0.001))])
        #expect(f.rows.map(\.code) == ["edge"], "exactly now is not expired")
    }
}

extension SpecAuditInboxTests {
    // spec §3.10 "Silent inbox push (no alert body)": the SDK tests `message.message` for nil — an empty body is not
    // silent, a title without a body is; server messages never are.
    @Test func whichPushesAreSilent() throws {
        let r = try parser.parse([["aps": ["content-available": 1], "pw_inbox": "a", "inbox_params": ["rt": "2030-01-01"]],
                                  ["aps": ["alert": ["title": "T"]], "pw_inbox": "b", "inbox_params": ["rt": "2030-01-01"]],
                                  ["aps": ["alert": ""], "pw_inbox": "c", "inbox_params": ["rt": "2030-01-01"]],
                                  ["aps": ["alert": ["body": "x"]], "pw_inbox": "d", "inbox_params": ["rt": "2030-01-01"]]], file: "f.json")
        #expect(r.messages.map(InboxFeed.isSilent) == [true, true, false, false])
        #expect(!InboxFeed.isSilent(InboxMessage(code: "s", message: nil)))
    }

    // spec §3.10 silent push: the SDK "stores nothing" of it (only a full load runs), so a silent push in a feed file
    // is not a row; the load says so with a warning naming the file and the code.
    @Test func aSilentPushInAFeedFileIsNotARow() throws {
        let r = try parser.parse([["aps": ["content-available": 1], "pw_inbox": "quiet", "inbox_params": ["rt": "2030-01-01"]],
                                  ["aps": ["alert": "Loud"], "pw_inbox": "loud", "inbox_params": ["rt": "2030-01-01"]]], file: "dir/p.json")
        var f = InboxFeed()
        let events = f.load(r.messages, now: now)
        #expect(f.rows.map(\.code) == ["loud"])
        #expect(events.map(\.name) == ["load", "warning"])
        #expect(events[0]["count"] == 1)
        #expect(events[1]["path"] == "p.json:quiet")
        #expect(events[1]["message"]?.stringValue?.contains("no alert body") == true)
    }

    // spec §3.9 "Carousel slide tap: A slide with a url: asks didSelect; if allowed, opens the url (same safe-scheme
    // check) and marks the message read. A slide without a url: behaves exactly like a row tap."
    @Test func carouselSlideTap() {
        func feed(_ slide: JSONObject) -> InboxFeed {
            loaded([InboxMessage(code: "car", title: "T", sendDate: Date(timeIntervalSince1970: 1),
                                 actionParams: ["displayType": "carousel", "carousel": [.object(slide)], "l": "https://row.link"])])
        }
        var f = feed(["image": "a.jpg", "url": "myapp://slide/1"])
        var out = f.tapSlide("car")
        #expect(out.events.map(\.name) == ["select", "open_url", "read"])
        #expect(out.events[1]["url"] == "myapp://slide/1", "the slide's url, not the message's link")
        #expect(out.persist == ["car": .read], "marked read; no performAction, so not Action")
        f = feed(["image": "a.jpg", "url": "javascript:alert(1)"])
        #expect(f.tapSlide("car").events.map(\.name) == ["select", "refused_url", "read"])
        f = feed(["image": "a.jpg"])
        var row = feed(["image": "a.jpg"])
        out = f.tapSlide("car")
        #expect(out == row.tap("car"), "no url: exactly the row tap")
        #expect(f.rows[0].message.status == .action)
        var plain = loaded([msg(["l": "https://x"])])
        var plainRow = loaded([msg(["l": "https://x"])])
        #expect(plain.tapSlide("c") == plainRow.tap("c"), "not a carousel: the row tap")
    }

    // spec §3.9 "Video: Plays full-screen …, then marks read" — no didSelect and no performAction (Read, not Action),
    // and not the message's link.
    @Test func videoPosterTap() {
        var f = loaded([InboxMessage(code: "vid", title: "T", actionParams: ["displayType": "video", "l": "https://row.link",
                                                                              "video": ["url": "https://v/clip.mp4"]])])
        let out = f.tapVideo("vid")
        #expect(out.events == [Event("play_video", ["code": "vid", "url": "https://v/clip.mp4"]), Event("read", ["codes": ["vid"]])])
        #expect(out.persist == ["vid": .read])
        #expect(out.status == "Playing https://v/clip.mp4 full screen")
        var a = InboxAttributes(sdk: .v7_1_3)
        a.forceCellKind = .video
        var forced = loaded([msg(["l": "https://x"])], a)
        var forcedRow = loaded([msg(["l": "https://x"])], a)
        #expect(forced.tapVideo("c") == forcedRow.tap("c"), "a forced video card with nothing to play: the row tap")
    }
}
