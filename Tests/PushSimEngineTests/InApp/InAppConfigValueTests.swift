// What the parser keeps (spec §2): the envelope's tolerance, the primitives' edges, the clamps, and the warnings where
// the phone will differ from the config.

import Testing
@testable import PushSimEngine

@Suite struct InAppConfigValueTests {
    func parsed(_ layout: InAppLayout, _ changes: [(String, JSONValue?)] = [], now: Double = 1_800_000_000) -> InAppParseResult {
        var config = InAppFixtures.config(layout)
        for (path, value) in changes { config = InAppFixtures.set(config, path, value) }
        return InAppFixtures.parse(config, now: now)
    }

    // MARK: envelope

    @Test func inAppIdIsAStringOrANumbersText() {
        #expect(parsed(.modal, [("inAppId", "welcome")]).message?.id == "welcome")
        #expect(parsed(.modal, [("inAppId", 40213)]).message?.id == "40213")
        #expect(parsed(.modal, [("inAppId", 42.5)]).message?.id == "42.5")
        #expect(parsed(.modal, [("inAppId", "")]).message?.id == nil)
        let boolean = parsed(.modal, [("inAppId", true)])
        #expect(boolean.message?.id == nil)
        #expect(boolean.warnings.contains { $0.path == "inAppId" })
        #expect(parsed(.modal, [("inAppId", .object([:]))]).message?.id == nil)
        #expect(parsed(.modal).message?.id == nil)
    }

    @Test func envelopeNumbersMayBeStringsAndBooleansOrNonFiniteAreAbsent() {
        let m = parsed(.modal, [("inAppId", "x"), ("maxDisplays", "2.9"), ("cooldown", "86400")]).message
        #expect(m?.maxDisplays == 2)
        #expect(m?.cooldown == 86400)
        #expect(parsed(.modal, [("inAppId", "x"), ("maxDisplays", "1e3")]).message?.maxDisplays == 1000)
        #expect(parsed(.modal, [("inAppId", "x"), ("maxDisplays", -1.7)]).message?.maxDisplays == -1)
        for absent: JSONValue in [true, "inf", "nan", "five", " 5", .null, .array([])] {
            let r = parsed(.modal, [("inAppId", "x"), ("maxDisplays", absent), ("cooldown", absent)])
            #expect(r.message?.maxDisplays == nil && r.message?.cooldown == nil, "\(absent)")
            #expect(r.message != nil, "the envelope never drops")
        }
        #expect(parsed(.modal, [("inAppId", "x"), ("maxDisplays", "five")]).warnings.contains { $0.path == "maxDisplays" && $0.message.hasPrefix("ignored") })
    }

    @Test func expireDateWinsOverTtlAndTtlCountsFromArrival() {
        #expect(parsed(.modal, [("expireDate", 1924992000), ("ttl", 60)]).message?.expiresAt == 1924992000)
        #expect(parsed(.modal, [("expireDate", "1924992000")]).message?.expiresAt == 1924992000)
        #expect(parsed(.modal, [("ttl", 604800)], now: 1000).message?.expiresAt == 605800)
        #expect(parsed(.modal, [("ttl", "3600")], now: 1000).message?.expiresAt == 4600)
        #expect(parsed(.modal, [("ttl", 0)]).message?.expiresAt == nil)
        #expect(parsed(.modal, [("ttl", -5)]).message?.expiresAt == nil)
        #expect(parsed(.modal, [("expireDate", "nan"), ("ttl", 10)], now: 5).message?.expiresAt == 15, "an unusable expireDate lets ttl count")
        #expect(parsed(.modal, [("expireDate", 0)]).message?.expiresAt == 0, "any finite expireDate is used, even 0")
        #expect(parsed(.modal, [("expireDate", 1_000)], now: 2_000).warnings.contains { $0.path == "expireDate" && $0.message.contains("already past") })
        #expect(parsed(.modal, [("expireDate", 1_924_992_000_000)]).warnings.contains { $0.path == "expireDate" && $0.message.contains("milliseconds") })
    }

    @Test func capsWithoutAnIdAreNeverEnforced() {
        let r = parsed(.modal, [("maxDisplays", 1), ("cooldown", 60)])
        #expect(r.warnings.filter { $0.message.hasPrefix("never enforced") }.map(\.path) == ["maxDisplays", "cooldown"])
        #expect(!parsed(.modal, [("inAppId", "a"), ("maxDisplays", 1)]).warnings.contains { $0.message.hasPrefix("never enforced") })
    }

    // MARK: primitives

    @Test func displayTypeIsCaseInsensitiveAndReadsTheLowercaseBlock() {
        var config = InAppFixtures.config(.scratchcard)
        config = InAppFixtures.set(config, "displayType", "ScratchCard")
        #expect(InAppFixtures.parse(config).message?.layout == .scratchcard)
        var block = InAppFixtures.config(.modal)
        block = InAppFixtures.set(block, "displayType", "MODAL")
        #expect(InAppFixtures.parse(block).message?.layout == .modal)
        let moved = InAppFixtures.set(InAppFixtures.set(block, "Modal", InAppFixtures.config(.modal)["modal"]), "modal", nil)
        #expect(InAppFixtures.parse(moved).drop?.key == "modal", "the block key itself is lowercase")
    }

    @Test func coloursAreCSSHexWithAlphaLast() {
        #expect(InAppConfigParser.hexColor("#fff") == InAppColor(red: 1, green: 1, blue: 1))
        #expect(InAppConfigParser.hexColor("#0F08") == InAppColor(red: 0, green: 1, blue: 0, alpha: 8.0 / 15))
        #expect(InAppConfigParser.hexColor("#FF000080") == InAppColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(InAppConfigParser.hexColor("#1c1C1e") == InAppColor(red: 28.0 / 255, green: 28.0 / 255, blue: 30.0 / 255))
        #expect(InAppConfigParser.colorValue("#fff \n") == .white, "trimmed after the # check")
        #expect(InAppConfigParser.colorValue(" #fff") == nil)
        #expect(InAppConfigParser.colorValue("fff") == nil, "the parser wants the leading hash")
        for bad in ["#", "#ff", "#fffff", "#fffffff", "#fffffffff", "#xyz", "#0x12"] {
            #expect(InAppConfigParser.colorValue(.string(bad)) == nil, "\(bad)")
        }
    }

    @Test func nullIsAbsentOnlyForOptionalFields() {
        let r = parsed(.modal, [("modal.title", .null), ("modal.message", .null), ("modal.image", .null)])
        guard case .modal(let c)? = r.message?.content else { Issue.record("modal"); return }
        #expect(c.title == nil && c.message == nil && c.image == nil)
        #expect(parsed(.modal, [("modal.showClose", .null)]).drop?.key == "modal.showClose")
    }

    @Test func actionTypesAreCaseInsensitiveAndLinksAreResolved() {
        let r = parsed(.banner, [("banner.action", .object(["type": "URL", "url": "https://example.com/a b"]))])
        guard case .banner(let b)? = r.message?.content else { Issue.record("banner"); return }
        #expect(b.action == .url("https://example.com/a%20b"))
        let close = parsed(.banner, [("banner.action", .object(["type": "Close", "url": 5]))])
        guard case .banner(let c)? = close.message?.content else { Issue.record("banner"); return }
        #expect(c.action == .close, "a close action needs no url")
    }

    @Test func linksFollowTheSDKsRetryRule() {
        #expect(InAppURL.resolve("https://example.com/x") == "https://example.com/x")
        #expect(InAppURL.resolve("myapp://orders/1?x=1#top") == "myapp://orders/1?x=1#top")
        #expect(InAppURL.resolve("https://example.com/ü") == "https://example.com/%C3%BC")
        #expect(InAppURL.resolve("http://a b.com") == nil, "a space in the host is not rescued")
        #expect(InAppURL.resolve("http://[::1") == nil)
    }

    @Test func unknownKeysAreIgnoredButAMisspeltKnownKeyIsWarned() {
        let r = parsed(.modal, [("modal.extra", 5), ("modal.showclose", false), ("campaign", "x")])
        #expect(r.drop == nil)
        #expect(r.warnings.map(\.path) == ["modal.showclose"])
        #expect(r.warnings.first?.message.contains("did you mean `showClose`?") == true)
        #expect(parsed(.modal, [("displaytype", "modal")]).warnings.contains { $0.path == "displaytype" })
    }

    @Test func emptyButtonsAndEmptyCarouselItemsAreFine() {
        let r = parsed(.modal, [("modal.buttons", .array([])), ("modal.showClose", true)])
        guard case .modal(let c)? = r.message?.content else { Issue.record("modal"); return }
        #expect(c.buttons.isEmpty)
        guard case .carousel(let k)? = parsed(.carousel).message?.content else { Issue.record("carousel"); return }
        #expect(k.items[1] == InAppCarouselItem())
        #expect(k.items[0].action == .url("https://example.com/1"))
    }

    // MARK: clamps

    @Test func storyDurationIsClampedTo30WithAWarning() {
        let r = parsed(.stories, [("stories.items[0].duration", 45), ("stories.items[1].duration", 0.01)])
        guard case .stories(let s)? = r.message?.content else { Issue.record("stories"); return }
        #expect(s.items.map(\.duration) == [30, 0.01], "no minimum")
        // Under one 60 Hz frame (StoriesState.shortestPage): said, the value kept as the SDK keeps it.
        #expect(r.warnings.map(\.path) == ["stories.items[0].duration", "stories.items[1].duration"])
    }

    @Test(arguments: [(40.0, 0.40), (0.3, 0.30), (1.5, 0.15), (90, 0.70), (1, 0.70), (0.1, 0.15), (15, 0.15), (70, 0.70), (100, 0.70)])
    func pipWidthIsAPercentOrAFractionThenClamped(_ raw: Double, _ width: Double) {
        let r = parsed(.pip, [("pip.width", .number(raw))])
        guard case .pip(let p)? = r.message?.content else { Issue.record("pip"); return }
        #expect(abs(p.width - width) < 1e-12)
        let clamped = abs((raw > 1 ? raw / 100 : raw) - width) > 1e-12
        #expect(r.warnings.contains { $0.path == "pip.width" } == clamped)
    }

    @Test func pipBorderRadiusDefaultsTo16() {
        for changes: [(String, JSONValue?)] in [[], [("pip.borderRadius", .null)]] {
            guard case .pip(let p)? = parsed(.pip, changes).message?.content else { Issue.record("pip"); return }
            #expect(p.borderRadius == 16)
        }
        guard case .pip(let p)? = parsed(.pip, [("pip.borderRadius", 0)]).message?.content else { Issue.record("pip"); return }
        #expect(p.borderRadius == 0)
    }

    @Test(arguments: [(0.05, 0.1), (0.1, 0.1), (0.55, 0.55), (0.9, 0.9), (0.95, 0.9), (1, 0.9)])
    func scratchThresholdIsClamped(_ raw: Double, _ kept: Double) {
        let r = parsed(.scratchcard, [("scratchcard.revealThreshold", .number(raw))])
        guard case .scratchcard(let s)? = r.message?.content else { Issue.record("scratchcard"); return }
        #expect(s.revealThreshold == kept)
        #expect(r.warnings.contains { $0.path == "scratchcard.revealThreshold" } == (raw != kept))
    }

    @Test(arguments: [(-3.0, 0), (0, 0), (2.7, 2), (1, 1), (99, 2), (-0.5, 0), (1.999, 1)])
    func winIndexIsClampedThenTruncated(_ raw: Double, _ index: Int) {
        let r = parsed(.spinwheel, [("spinwheel.winIndex", .number(raw))])
        guard case .spinwheel(let w)? = r.message?.content else { Issue.record("spinwheel"); return }
        #expect(w.winIndex == index)
        #expect(r.warnings.contains { $0.path == "spinwheel.winIndex" } == (Double(index) != raw))
    }

    @Test func surfaceIsSolidForOneColourAndAGradientForMore() {
        guard case .scratchcard(let s)? = parsed(.scratchcard, [("scratchcard.background", .array(["#ABC"]))]).message?.content else { Issue.record("s"); return }
        #expect(s.background == .solid(InAppConfigParser.hexColor("#ABC")!))
        guard case .scratchcard(let g)? = parsed(.scratchcard).message?.content else { Issue.record("s"); return }
        #expect(g.background == .gradient(["#111111", "#222222", "#333333"].map { InAppConfigParser.hexColor($0)! }))
    }

    @Test func rewardCodeEmptyCountsAsNone() {
        guard case .scratchcard(let s)? = parsed(.scratchcard, [("scratchcard.reward.code", "")]).message?.content else { Issue.record("s"); return }
        #expect(s.reward.code == nil)
        #expect(s.reward.title?.text == "10% off")
    }

    // MARK: warnings

    @Test func forcedCloseChipsAreWarned() {
        func chip(_ layout: InAppLayout, _ changes: [(String, JSONValue?)]) -> Bool {
            parsed(layout, changes).warnings.contains { $0.path == "\(layout.rawValue).showClose" }
        }
        #expect(chip(.modal, [("modal.showClose", false), ("modal.buttons", .array([]))]))
        #expect(!chip(.modal, [("modal.showClose", false)]))
        #expect(!chip(.sheet, [("sheet.showClose", false), ("sheet.buttons", .array([]))]), "sheet honours showClose literally")
        #expect(chip(.fullscreen, [("fullscreen.showClose", false), ("fullscreen.buttons", .array([]))]))
        #expect(chip(.video, [("video.buttons", .array([]))]))
        #expect(!chip(.video, []), "video with a button and showClose false: no chip, nothing to warn")
        #expect(chip(.carousel, [("carousel.showClose", false)]))
        #expect(chip(.pip, [("pip.showClose", false)]))
        #expect(chip(.scratchcard, [("scratchcard.showClose", false), ("scratchcard.reward.button", nil)]))
        #expect(!chip(.scratchcard, [("scratchcard.showClose", false)]))
        #expect(chip(.spinwheel, [("spinwheel.showClose", false)]), "segment 1's own reward has no button")
        #expect(!chip(.spinwheel, [("spinwheel.showClose", false), ("spinwheel.winIndex", 0)]), "segment 0 falls back to the wheel reward, which has a button")
        #expect(!chip(.banner, [("banner.showClose", false)]))
    }

    @Test func wheelWarningsWeightsLoseTitleAndTheHubsAction() {
        let r = parsed(.spinwheel, [("spinwheel.segments[0].weight", 5), ("spinwheel.loseTitle", .object(["text": "Sorry", "color": "#000"]))])
        #expect(r.warnings.contains { $0.path == "spinwheel.segments" && $0.message.contains("never draws by weight") })
        #expect(r.warnings.contains { $0.path == "spinwheel.loseTitle" && $0.message.hasPrefix("never shown") })
        #expect(!parsed(.spinwheel).warnings.contains { $0.path == "spinwheel.segments" }, "equal weights mislead no one")
        #expect(r.warnings.contains { $0.path == "spinwheel.spinButton.action" })
        #expect(parsed(.scratchcard).warnings.contains { $0.path == "scratchcard.revealButton.action" && $0.message.contains("reveals") })
    }

    @Test func bannerWithoutAutoDismissStaysAndSaysSo() {
        for absent: JSONValue? in [nil, .null] {
            let r = parsed(.banner, [("banner.autoDismiss", absent)])
            guard case .banner(let b)? = r.message?.content else { Issue.record("banner"); return }
            #expect(b.autoDismiss == 0)
            #expect(r.warnings.contains { $0.path == "banner.autoDismiss" && $0.message.contains("stays on screen") })
        }
    }

    @Test func aValidFixtureHasOnlyTheWarningsItEarns() {
        #expect(parsed(.modal).warnings.isEmpty)
        #expect(parsed(.sheet).warnings.isEmpty)
        #expect(parsed(.stories).warnings.isEmpty)
        #expect(parsed(.banner).warnings.isEmpty)
        #expect(parsed(.fullscreen).warnings.isEmpty)
        #expect(parsed(.pip).warnings.isEmpty)
        #expect(parsed(.carousel).warnings.isEmpty)
    }
}
