// The SDK releases `--sdk` knows, and which rules each follows.

import Testing
@testable import PushSimEngine

@Suite struct SDKVersionTests {
    // Issue 38 item 9: a 100 KB --sdk value was echoed whole in the refusal.
    @Test func anUnknownReleaseIsQuotedCut() {
        let long = String(repeating: "9", count: 100_000)
        #expect(SDKVersion.unknownMessage(long) == "--sdk: unknown SDK release '\(String(repeating: "9", count: 39))…'; known releases: \(SDKVersion.knownList)")
        #expect(SDKVersion.cut("6.9.9") == "6.9.9")
    }

    @Test func knownReleasesParseAndUnknownOnesDoNot() {
        #expect(SDKVersion("7.2.9") == .newest)
        #expect(SDKVersion("7.1.3") == .v7_1_3)
        // pushwoosh-ios-sdk 7.2.2 (`02d4eb3`) is stored; 7.2.3 is not, and behaves like 7.2.2.
        #expect(SDKVersion("7.2.2") == .v7_2_2)
        #expect(SDKVersion("7.2.3") != nil)
        #expect(SDKVersion("7.3.0") == nil)
        #expect(SDKVersion("latest") == nil)
        #expect(SDKVersion.known == SDKVersion.known.sorted())
        #expect(SDKVersion.knownList == "7.1.3, 7.1.4, 7.2.0, 7.2.1, 7.2.2, 7.2.3, 7.2.4, 7.2.5, 7.2.6, 7.2.7, 7.2.8, 7.2.9")
        #expect(SDKVersion.unknownMessage("8.0") == "--sdk: unknown SDK release '8.0'; known releases: \(SDKVersion.knownList)")
    }

    /// Each rule switches on at the first read release that has it (pushwoosh-ios-sdk 7.2.5 `5741657`, 7.2.6
    /// `93694e4`, 7.2.7 `b1518f7`); 7.1.3 has none of them.
    @Test func rulesSwitchOnAtTheirRelease() {
        let old = SDKVersion.v7_1_3
        #expect(!old.inboxReadsOnDisplay && !old.inboxHeroFromAttachment && !old.inboxCaptionedIcon)
        #expect(!old.inboxRichCardsNeedBody && !old.inboxReportsEveryInteraction && !old.inboxMessageActionOwnsTaps)
        #expect(!old.inboxStringOnlyLinkAndAttachment)
        let v724 = SDKVersion("7.2.4")!
        #expect(!v724.inboxHeroFromAttachment)
        #expect(SDKVersion.v7_2_5.inboxHeroFromAttachment && SDKVersion.v7_2_5.inboxCaptionedIcon)
        #expect(!SDKVersion.v7_2_5.inboxRichCardsNeedBody)
        #expect(SDKVersion.v7_2_6.inboxRichCardsNeedBody && SDKVersion.v7_2_6.inboxStringOnlyLinkAndAttachment)
        // PWInboxMessageInternal.m@02d4eb3 (7.2.2): `l`/`attachment` as strings and non-object items skipped.
        #expect(SDKVersion.v7_2_2.inboxStringOnlyLinkAndAttachment && SDKVersion.v7_2_2.inboxSkipsNonObjectFeedItem)
        #expect(!SDKVersion.v7_2_1.inboxStringOnlyLinkAndAttachment && !SDKVersion.v7_2_1.inboxSkipsNonObjectFeedItem)
        #expect(SDKVersion("7.2.3")!.inboxStringOnlyLinkAndAttachment)
        #expect(!SDKVersion.v7_2_6.inboxReadsOnDisplay)
        let new = SDKVersion.newest
        #expect(new.inboxReadsOnDisplay && new.inboxReportsEveryInteraction && new.inboxMessageActionOwnsTaps)
        #expect(SDKVersion("7.2.8")!.inboxReadsOnDisplay)
    }

    /// PushwooshInApp per release: 7.2.0 `fd34d7d`, 7.2.1 `4c81a0b`, 7.2.4 `e380b5b`, 7.2.7 `b1518f7`.
    @Test func inAppRulesSwitchOnAtTheirRelease() {
        let v720 = SDKVersion.v7_2_0
        #expect(!v720.inAppSheetAndCarouselScrim && !v720.inAppRetriesRefusedLink && !v720.inAppDarkOverlay)
        #expect(SDKVersion.v7_2_1.inAppSheetAndCarouselScrim)
        #expect(!SDKVersion("7.2.3")!.inAppRetriesRefusedLink && SDKVersion.v7_2_4.inAppRetriesRefusedLink)
        #expect(!SDKVersion("7.2.6")!.inAppDarkOverlay && SDKVersion.v7_2_7.inAppDarkOverlay && SDKVersion.newest.inAppDarkOverlay)
    }

    /// PushwooshInboxCarouselSlide.swift@93694e4 (7.2.6): `maxSlides = 5`; before, no limit.
    @Test func inboxCarouselSlideLimitFrom726() {
        #expect(SDKVersion.v7_2_6.inboxCarouselMaxSlides == 5 && SDKVersion.newest.inboxCarouselMaxSlides == 5)
        #expect(SDKVersion.v7_2_5.inboxCarouselMaxSlides == nil && SDKVersion.v7_1_3.inboxCarouselMaxSlides == nil)
    }
}
