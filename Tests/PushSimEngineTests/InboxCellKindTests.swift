// Cell kind resolution, image lookup, degrade rules, rich-card decoders and pinning (spec §3.4, §3.7).
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseRulesTests.

import Testing
@testable import PushSimEngine

@Suite struct InboxCellKindTests {
    func msg(_ ap: JSONObject?, title: String? = "T", image: String? = nil) -> InboxMessage {
        InboxMessage(code: "c", title: title, imageUrl: image, actionParams: ap)
    }

    func kind(_ m: InboxMessage, force: InboxCellKind? = nil) -> InboxCellKind { InboxCellResolver.resolve(m, forceCellKind: force, sdk: .v7_1_3).kind }

    // spec §3.4.1 / §3.2: forceCellKind wins and bypasses the degrade rules.
    @Test func forcedKindWinsWithoutDegrading() {
        let m = msg(["displayType": "classic"])
        let r = InboxCellResolver.resolve(m, forceCellKind: .banner, sdk: .v7_1_3)
        #expect(r.kind == .banner)
        #expect(r.degrade == nil, "a forced banner with no image shows the placeholder")
    }

    // spec §3.4.2: root string, then u dict, then u JSON string, then userdata.
    @Test func displayTypeLookupOrder() {
        #expect(InboxCellResolver.readDisplayType(["displayType": "Banner"], userData: nil) == "banner", "lowercased")
        #expect(kind(msg(["u": ["displayType": "wallet"], "wallet": "https://a/p.pkpass"])) == .wallet)
        #expect(kind(msg(["u": #"{"displayType":"captioned"}"#], image: "https://i")) == .captioned)
        #expect(kind(msg(["userdata": ["displayType": "banner"]], image: "https://i")) == .banner)
    }

    // spec §3.4.2: a root string wins even when it is not a valid kind; u is not consulted; heuristic used.
    @Test func invalidRootStringStillWinsAndFallsToTheHeuristic() {
        let m = msg(["displayType": "fancy", "u": ["displayType": "banner"]], title: "T", image: "https://i")
        let r = InboxCellResolver.resolve(m, sdk: .v7_1_3)
        #expect(r.displayType == "fancy")
        #expect(r.kind == .captioned)
    }

    @Test func nonStringRootDisplayTypeFallsThroughToU() {
        #expect(InboxCellResolver.readDisplayType(["displayType": 3, "u": ["displayType": "video"]], userData: ["displayType": "video"]) == "video")
    }

    // spec §3.4.3 heuristic: image without title → banner; image and title → captioned; no image → classic.
    @Test func heuristic() {
        #expect(kind(msg(nil, title: nil, image: "https://i")) == .banner)
        #expect(kind(msg(nil, title: "", image: "https://i")) == .banner)
        #expect(kind(msg(nil, title: "T", image: "https://i")) == .captioned)
        #expect(kind(msg(nil, title: "T", image: nil)) == .classic)
        #expect(kind(msg(["displayType": "default"], title: "T", image: "https://i")) == .captioned, "default is not a requestable kind")
    }

    // spec §3.4.4: imageUrl, then actionParams.image, then u.image; never userdata.
    @Test func resolvedImageURLOrder() {
        #expect(InboxCellResolver.resolvedImageURL(msg(["image": "b"], image: "a")) == "a")
        #expect(InboxCellResolver.resolvedImageURL(msg(["image": "b"], image: "")) == "b")
        #expect(InboxCellResolver.resolvedImageURL(msg(["image": "", "u": #"{"image":"c"}"#])) == "c")
        #expect(InboxCellResolver.resolvedImageURL(msg(["userdata": ["image": "d"]])) == nil)
    }

    // spec §3.4.5 degrade rules, each reported.
    @Test func degradeRules() {
        let cases: [(JSONObject, InboxCellKind)] = [
            (["displayType": "banner"], .banner),
            (["displayType": "captioned", "image": ""], .captioned),
            (["displayType": "carousel", "carousel": [["title": "no image"]]], .carousel),
            (["displayType": "video", "video": ["url": "ftp://x/v.mp4"]], .video),
            (["displayType": "wallet", "wallet": "file:///p.pkpass"], .wallet),
        ]
        for (ap, from) in cases {
            let r = InboxCellResolver.resolve(msg(ap), sdk: .v7_1_3)
            #expect(r.kind == .classic)
            #expect(r.degrade?.from == from)
            #expect(r.degrade?.to == .classic)
            #expect(r.degrade?.event.name == "degrade")
            #expect(r.degrade?.event["code"] == "c")
        }
    }

    // spec §3.4 rich-card keys: root first, then u; never userdata.
    @Test func richCardDecoders() {
        let slides = InboxCarouselSlide.decode(msg(["carousel": [["image": "a", "url": "noscheme"], ["image": ""], 5, ["image": "b", "title": "B", "url": "x://y"]]]))
        #expect(slides == [InboxCarouselSlide(image: "a", title: nil, url: nil), InboxCarouselSlide(image: "b", title: "B", url: "x://y")])
        #expect(InboxCarouselSlide.decode(msg(["u": #"{"carousel":[{"image":"u"}]}"#])).map(\.image) == ["u"])
        #expect(InboxCarouselSlide.decode(msg(["userdata": ["carousel": [["image": "x"]]]])).isEmpty)
        #expect(InboxVideoContent.decode(msg(["video": ["url": "https://v/a.mp4", "poster": "p.jpg"]])) == InboxVideoContent(url: "https://v/a.mp4", poster: "p.jpg"))
        #expect(InboxVideoContent.decode(msg(["video": ["url": "myapp://v"]])) == nil)
        #expect(InboxWalletPass.decode(msg(["wallet": "https://w/p.pkpass"]))?.url == "https://w/p.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": ["pass": "http://w/p.pkpass"]]))?.url == "http://w/p.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": ["pass": "wallet://p"]])) == nil)
    }

    // spec §3.7 "What counts as pinned"
    @Test func pinnedLookup() {
        #expect(InboxCellResolver.isPinned(msg(["pinned": true])))
        #expect(InboxCellResolver.isPinned(msg(["pinned": 1])))
        #expect(!InboxCellResolver.isPinned(msg(["pinned": 0])))
        #expect(!InboxCellResolver.isPinned(msg(["pinned": "true"])), "the string true is not pinned")
        #expect(!InboxCellResolver.isPinned(msg(["pinned": false, "u": ["pinned": true]])), "a root value decides even when false")
        #expect(InboxCellResolver.isPinned(msg(["u": #"{"pinned":true}"#])))
        #expect(InboxCellResolver.isPinned(msg(["userdata": ["pinned": 2]])))
        #expect(!InboxCellResolver.isPinned(msg(nil)))
    }

    // spec §3.5: only captioned and classic render inline buttons.
    @Test func onlyCaptionedAndClassicRenderButtons() {
        #expect(InboxCellKind.allCases.filter(\.rendersButtons) == [.captioned, .classic, .default])
    }

    @Test func aKindIsNamedExactlyByItsRawValue() {
        for kind in InboxCellKind.allCases { #expect(InboxCellKind(rawValue: kind.rawValue) == kind) }
        for name in ["", "Banner", "BANNER", "banners", "banne", "classic ", " video", "defaults", "captione", "carousel\u{0}", "wallét"] {
            #expect(InboxCellKind(rawValue: name) == nil)
        }
    }
}
