// InboxKit's rules that changed after 7.1.3, each under both releases: pushwoosh-ios-sdk 7.1.3 (`f8c5cc8`) against
// 7.2.5 (`5741657`), 7.2.6 (`93694e4`) and 7.2.7 (`b1518f7`) — PushwooshInboxKitAttributes.swift,
// PushwooshInboxKitViewController.swift, PushwooshInboxCaptionedCell.swift, PWInbox.m, PWInboxMessageInternal.m.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxReleaseRulesTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let old = SDKVersion.v7_1_3, new = SDKVersion.newest

    func msg(_ code: String = "c", title: String? = "T", body: String? = "B", image: String? = nil, ap: JSONObject? = nil,
             status: InboxStatus = .delivered, date: Double = 100) -> InboxMessage {
        InboxMessage(code: code, title: title, message: body, imageUrl: image, sendDate: Date(timeIntervalSince1970: date),
                     actionParams: ap, status: status)
    }

    func feed(_ ms: [InboxMessage], sdk: SDKVersion, _ tweak: (inout InboxAttributes) -> Void = { _ in }) -> InboxFeed {
        var a = InboxAttributes(sdk: sdk)
        tweak(&a)
        var f = InboxFeed(attributes: a)
        _ = f.load(ms, now: now)
        return f
    }

    func dumpRow(_ f: InboxFeed, _ i: Int = 0) -> JSONObject { f.dump().arrayValue![i].objectValue! }

    // MARK: hero (resolvedBannerURL, 7.2.5)

    @Test func heroComesFromTheAttachmentFrom725() {
        let m = msg(image: "https://x/icon.png", ap: ["attachment": "https://x/hero.jpg", "b": "https://x/b.jpg"])
        #expect(InboxRow(m, forceCellKind: nil, sdk: new).imageURL == "https://x/hero.jpg")
        #expect(InboxRow(m, forceCellKind: nil, sdk: new).iconURL == "https://x/icon.png")
        #expect(InboxRow(m, forceCellKind: nil, sdk: .v7_2_5).imageURL == "https://x/hero.jpg")
        #expect(InboxRow(m, forceCellKind: nil, sdk: SDKVersion("7.2.4")!).imageURL == "https://x/icon.png")
        #expect(InboxRow(m, forceCellKind: nil, sdk: old).imageURL == "https://x/icon.png")
        // `b` (Android's key) when `attachment` is not an http(s) string; the prefix check is case-sensitive.
        let b = msg(ap: ["attachment": "ftp://x/a.jpg", "b": "https://x/b.jpg"])
        #expect(InboxCellResolver.heroURL(b, sdk: new) == "https://x/b.jpg")
        let upper = msg(ap: ["attachment": "HTTPS://x/a.jpg"])
        #expect(InboxCellResolver.heroURL(upper, sdk: new) == nil)
        let number = msg(ap: ["attachment": 5, "image": "https://x/i.png"])
        #expect(InboxCellResolver.heroURL(number, sdk: new) == "https://x/i.png", "not a string: the icon chain")
    }

    @Test func theAttachmentCountsAsAnImageForTheResolver() {
        // An inbox push's actionParams is its whole userInfo: a root attachment and no inbox image.
        let m = msg(title: nil, ap: ["attachment": "https://x/hero.jpg"])
        #expect(InboxCellResolver.resolve(m, sdk: new).kind == .banner)
        #expect(InboxCellResolver.resolve(m, sdk: old).kind == .classic)
    }

    @Test func dumpImageIsTheHeroAndTheIconIsSeparate() {
        let m = msg(image: "https://x/icon.png", ap: ["attachment": "https://x/hero.jpg"])
        let newRow = dumpRow(feed([m], sdk: new))
        #expect(newRow["kind"] == "captioned")
        #expect(newRow["image"] == "https://x/hero.jpg")
        #expect(newRow["icon"] == "https://x/icon.png")
        #expect(newRow["read"] == false, "--dump marks nothing read")
        let oldRow = dumpRow(feed([m], sdk: old))
        #expect(oldRow["image"] == "https://x/icon.png")
        #expect(oldRow["icon"] == nil)
        // The streamed dump writes the same members in the same order.
        var bytes: [UInt8] = []
        feed([m], sdk: new).writeDump { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self) == feed([m], sdk: new).dump().jsonText())
    }

    @Test func theCaptionedIconShowsOnlyWhenItDiffersFromTheHero() {
        let same = InboxRow(msg(image: "https://x/a.png"), forceCellKind: nil, sdk: new)
        #expect(same.kind == .captioned && same.captionedIcon(sdk: new) == nil)
        let differs = InboxRow(msg(image: "https://x/a.png", ap: ["attachment": "https://x/h.png"]), forceCellKind: nil, sdk: new)
        #expect(differs.captionedIcon(sdk: new) == "https://x/a.png")
        #expect(differs.captionedIcon(sdk: SDKVersion("7.2.4")!) == nil)
    }

    // MARK: resolver (defaultCellKindResolver, 7.2.6)

    @Test func captionedNeedsATitleAndABodyFrom726() {
        let noBody = msg(body: "", image: "https://x/a.png")
        #expect(InboxCellResolver.resolve(noBody, sdk: new).kind == .classic, "heuristic: image + title but no body")
        #expect(InboxCellResolver.resolve(noBody, sdk: new).degrade == nil, "the heuristic asks for classic: nothing degrades")
        #expect(InboxCellResolver.resolve(noBody, sdk: .v7_2_5).kind == .captioned)
        #expect(InboxCellResolver.resolve(noBody, sdk: old).kind == .captioned)
        let asked = msg(body: nil, image: "https://x/a.png", ap: ["displayType": "captioned"])
        let r = InboxCellResolver.resolve(asked, sdk: new)
        #expect(r.kind == .classic && r.degrade?.reason == "no title/body")
        #expect(InboxCellResolver.resolve(asked, sdk: old).kind == .captioned)
        let noImage = msg(image: nil, ap: ["displayType": "captioned"])
        #expect(InboxCellResolver.resolve(noImage, sdk: new).degrade?.reason == "no image")
    }

    @Test func carouselNeedsATitleAndABodyFrom726() {
        let slides: JSONValue = [["image": "https://x/1.png"], ["image": "https://x/2.png"]]
        let noBody = msg(body: "", ap: ["displayType": "carousel", "carousel": slides])
        let r = InboxCellResolver.resolve(noBody, sdk: new)
        #expect(r.kind == .classic && r.degrade?.reason == "no title/body")
        #expect(InboxCellResolver.resolve(noBody, sdk: old).kind == .carousel)
        let noTitle = msg(title: "", ap: ["displayType": "carousel", "carousel": slides])
        #expect(InboxCellResolver.resolve(noTitle, sdk: new).kind == .classic)
        let ok = msg(ap: ["displayType": "carousel", "carousel": slides])
        #expect(InboxCellResolver.resolve(ok, sdk: new).kind == .carousel)
        let noSlides = msg(ap: ["displayType": "carousel", "carousel": []])
        #expect(InboxCellResolver.resolve(noSlides, sdk: new).degrade?.reason == "no decodable carousel slides")
        // forceCellKind still bypasses all of it.
        #expect(InboxCellResolver.resolve(noBody, forceCellKind: .carousel, sdk: new).kind == .carousel)
    }

    // MARK: core parsing (PWInboxMessageInternal.m, 7.2.6)

    @Test func onlyAStringLinkMakesAURLOrDeepLink() {
        #expect(InboxMessageType.of(["l": 5]) == .plain)
        #expect(InboxMessageType.of(["l": "https://x"]) == .url)
        #expect(InboxMessageType.of(["l": "app://x"]) == .deeplink)
    }

    // MARK: read on display (automaticReadOnDisplay, 7.2.7)

    @Test func readOnDisplayExistsFrom727AndCanBeTurnedOff() {
        var a = InboxAttributes(sdk: new)
        #expect(a.readsOnDisplay)
        a.automaticReadOnDisplay = false
        #expect(!a.readsOnDisplay)
        #expect(!InboxAttributes(sdk: .v7_2_6).readsOnDisplay)
        #expect(!InboxAttributes(sdk: old).readsOnDisplay)
        #expect(InboxAttributes().sdk == .newest && InboxAttributes().automaticReadOnDisappear)
    }

    // MARK: reportAction (7.2.7): every interaction opens, even vetoed

    @Test func aVetoedRowTapStillReadsFrom727() {
        var f = feed([msg(ap: ["l": "https://x"])], sdk: new) { $0.delegate.select = false }
        let out = f.tap("c")
        #expect(f.rows[0].message.status == .action)
        #expect(out.events.map(\.name) == ["select", "read"])
        #expect(out.persist == ["c": .action])
        var o = feed([msg(ap: ["l": "https://x"])], sdk: old) { $0.delegate.select = false }
        let oldOut = o.tap("c")
        #expect(o.rows[0].message.status == .delivered, "7.1.3: a veto does nothing")
        #expect(oldOut.persist.isEmpty && oldOut.events.map(\.name) == ["select"])
    }

    @Test func anAllowedRowTapPerformsTheActionInBoth() {
        for sdk in [old, new] {
            var f = feed([msg(ap: ["l": "https://x"])], sdk: sdk)
            let out = f.tap("c")
            #expect(out.events.map(\.name) == ["select", "read", "open_url"], "SDK \(sdk)")
            #expect(f.rows[0].message.status == .action)
        }
    }

    @Test func buttonsReportBeforeTheDelegateFrom727() {
        let ap: JSONObject = ["buttons": [["title": "Go", "url": "https://x/go"]]]
        var f = feed([msg(ap: ap)], sdk: new) { $0.delegate.button = false }
        let out = f.tapButton("c", index: 1)
        #expect(f.rows[0].message.status == .action)
        #expect(out.events.map(\.name) == ["button", "read"])
        var o = feed([msg(ap: ap)], sdk: old) { $0.delegate.button = false }
        let oldOut = o.tapButton("c", index: 1)
        #expect(o.rows[0].message.status == .delivered)
        #expect(oldOut.events.map(\.name) == ["button"])
        // Allowed: reported (Action), then the URL opens.
        var g = feed([msg(ap: ap)], sdk: new)
        #expect(g.tapButton("c", index: 1).events.map(\.name) == ["button", "read", "open_url"])
        #expect(g.rows[0].message.status == .action)
        var h = feed([msg(ap: ap)], sdk: old)
        _ = h.tapButton("c", index: 1)
        #expect(h.rows[0].message.status == .read, "7.1.3: the button only reads")
    }

    @Test func aVetoedDeleteLeavesTheRowReadFrom727() {
        var f = feed([msg()], sdk: new) { $0.delegate.delete = false }
        let out = f.delete("c")
        #expect(f.rows.count == 1 && f.rows[0].message.isRead)
        #expect(out.events.map(\.name) == ["read"])
        var o = feed([msg()], sdk: old) { $0.delegate.delete = false }
        _ = o.delete("c")
        #expect(o.rows.count == 1 && !o.rows[0].message.isRead)
        var d = feed([msg()], sdk: new)
        #expect(d.delete("c").events.map(\.name) == ["read", "delete"])
        #expect(d.rows.isEmpty)
    }

    @Test func videoPlayIsReportedFirstFrom727() {
        let ap: JSONObject = ["displayType": "video", "video": ["url": "https://x/v.mp4"]]
        var f = feed([msg(ap: ap)], sdk: new)
        let out = f.tapVideo("c")
        #expect(out.events.map(\.name) == ["read", "play_video"])
        #expect(f.rows[0].message.status == .action)
        var o = feed([msg(ap: ap)], sdk: old)
        #expect(o.tapVideo("c").events.map(\.name) == ["play_video", "read"])
        #expect(o.rows[0].message.status == .read)
    }

    // MARK: the message's own action owns every tap (hasMessageAction, 7.2.7)

    @Test func hasMessageAction() {
        #expect(InboxFeed.hasMessageAction(["l": "https://x"]))
        #expect(InboxFeed.hasMessageAction(["h": "abc"]))
        #expect(InboxFeed.hasMessageAction(["r": "x"]))
        #expect(InboxFeed.hasMessageAction(["rm": ["url": "x"]]))
        #expect(InboxFeed.hasMessageAction(["rm": 0]), "rm counts when present and not null")
        #expect(!InboxFeed.hasMessageAction(["rm": .null]))
        #expect(!InboxFeed.hasMessageAction(["l": ""]))
        #expect(!InboxFeed.hasMessageAction(["l": 5]))
        #expect(!InboxFeed.hasMessageAction(nil))
    }

    @Test func aURLButtonRunsTheMessageActionFrom727() {
        let ap: JSONObject = ["l": "https://x/own", "buttons": [["title": "Go", "url": "https://x/button"]]]
        var f = feed([msg(ap: ap)], sdk: new)
        let out = f.tapButton("c", index: 1)
        #expect(out.events.compactMap { $0["url"]?.stringValue } == ["https://x/own"])
        #expect(f.rows[0].message.status == .action)
        var o = feed([msg(ap: ap)], sdk: old)
        #expect(o.tapButton("c", index: 1).events.compactMap { $0["url"]?.stringValue } == ["https://x/button"])
        // Vetoed: reported only after the veto.
        var v = feed([msg(ap: ap)], sdk: new) { $0.delegate.button = false }
        #expect(v.tapButton("c", index: 1).events.map(\.name) == ["button", "read"])
    }

    @Test func aSlideTapGoesToTheMessageActionFrom727() {
        let ap: JSONObject = ["l": "https://x/own", "displayType": "carousel", "carousel": [["image": "https://x/1.png", "url": "https://x/slide"]]]
        var f = feed([msg(ap: ap)], sdk: new)
        #expect(f.tapSlide("c").events.compactMap { $0["url"]?.stringValue } == ["https://x/own"])
        var o = feed([msg(ap: ap)], sdk: old)
        #expect(o.tapSlide("c").events.compactMap { $0["url"]?.stringValue } == ["https://x/slide"])
        // Without a message action the slide's URL opens, after the report.
        let plain: JSONObject = ["displayType": "carousel", "carousel": [["image": "https://x/1.png", "url": "https://x/slide"]]]
        var p = feed([msg(ap: plain)], sdk: new)
        #expect(p.tapSlide("c").events.map(\.name) == ["select", "read", "open_url"])
    }

    @Test func videoAndWalletCardsOwnTheRowTapFrom727() {
        let video: JSONObject = ["displayType": "video", "video": ["url": "https://x/v.mp4"]]
        var f = feed([msg(ap: video)], sdk: new)
        #expect(f.tap("c").events.map(\.name) == ["select", "read", "play_video"])
        var o = feed([msg(ap: video)], sdk: old)
        #expect(o.tap("c").events.map(\.name) == ["select", "read"], "7.1.3: the row tap performs the (empty) action")
        let wallet: JSONObject = ["displayType": "wallet", "wallet": "https://x/p.pkpass"]
        var w = feed([msg(ap: wallet)], sdk: new)
        #expect(w.tap("c").events.map(\.name) == ["select", "read", "wallet_add"])
        // With a message action the row tap runs it, not the video.
        let own: JSONObject = ["displayType": "video", "video": ["url": "https://x/v.mp4"], "l": "https://x/own"]
        var m = feed([msg(ap: own)], sdk: new)
        #expect(m.tap("c").events.map(\.name) == ["select", "read", "open_url"])
        var n = feed([msg(ap: own)], sdk: new)
        #expect(n.tapVideo("c").events.map(\.name) == ["select", "read", "open_url"], "the poster runs the message action")
    }

    // MARK: carousel slides (PushwooshInboxCarouselSlide.swift, 7.2.6)

    /// `PushwooshInboxCarouselSlide.swift@93694e4` (7.2.6): `maxSlides = 5`, slides read in order, one without an image
    /// skipped and taking no place; before 7.2.6 every slide with an image shows.
    @Test func theCarouselShowsAtMostFiveSlidesFrom726() {
        let items: [JSONValue] = [["image": "https://x/1.jpg"], ["title": "no image"], ["image": "https://x/2.jpg"], ["image": ""],
                                  ["image": "https://x/3.jpg"], ["image": "https://x/4.jpg"], ["image": "https://x/5.jpg"],
                                  ["image": "https://x/6.jpg"], ["image": "https://x/7.jpg"]]
        let m = msg(ap: ["displayType": "carousel", "carousel": .array(items)])
        #expect(InboxCarouselSlide.decode(m, sdk: .v7_2_6).map(\.image) == (1...5).map { "https://x/\($0).jpg" })
        #expect(InboxCarouselSlide.decode(m, sdk: .v7_2_5).count == 7)
        #expect(InboxCarouselSlide.decode(m, sdk: old).count == 7)
        // `--dump` gives the number shown on carousel rows, and only there.
        #expect(dumpRow(feed([m], sdk: new))["slides"] == 5)
        #expect(dumpRow(feed([m], sdk: .v7_2_5))["slides"] == 7)
        #expect(dumpRow(feed([msg()], sdk: new))["slides"] == nil)
        var bytes: [UInt8] = []
        feed([m], sdk: new).writeDump { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""slides":5,"date""#), "the streamed --dump writes it too")
    }
}
