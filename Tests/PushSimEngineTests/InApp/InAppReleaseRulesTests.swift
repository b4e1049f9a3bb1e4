// The native in-app module per `--sdk` release: each stored version of a PushwooshInApp file in
// Pushwoosh/pushwoosh-ios-sdk (7.2.0 `fd34d7d`, 7.2.1 `4c81a0b`, 7.2.4 `e380b5b`, 7.2.7 `b1518f7`) and what it changes.

import Testing
@testable import PushSimEngine

@Suite struct InAppReleaseRulesTests {
    typealias F = InAppPlayFixtures

    static let darkModal = InAppFixtures.set(InAppFixtures.config(.modal), "modal.dark", InAppFixtures.json(##"{"background":"#1C1C1E"}"##))

    /// `Model/PWInAppDarkOverlay.swift` exists only from 7.2.7 (`b1518f7`); 7.2.4's parser (`e380b5b`) is
    /// `parse(config)`: a dark phone shows the light config.
    @Test func theDarkOverlayExistsOnlyFrom727() {
        let below = InAppConfigParser.parse(Self.darkModal, isDark: true, now: 1_800_000_000, sdk: SDKVersion("7.2.6")!)
        #expect(below.message?.darkApplied == false)
        #expect(below.darkFallback == nil && below.darkDrop == nil)
        if case .modal(let c)? = below.message?.content { #expect(c.background == .white) } else { Issue.record("no modal") }
        #expect(below.message == InAppConfigParser.parse(Self.darkModal, isDark: false, now: 1_800_000_000, sdk: SDKVersion("7.2.6")!).message)
        let from = InAppConfigParser.parse(Self.darkModal, isDark: true, now: 1_800_000_000, sdk: .v7_2_7)
        #expect(from.message?.darkApplied == true)
        #expect(from.message?.sdk == .v7_2_7, "the message remembers the release that parsed it")
    }

    /// `Views/PWSheetInAppView.swift` and `Views/PWCarouselInAppView.swift` @fd34d7d (7.2.0): `makeBackdrop()`, clear
    /// and not interactive; @4c81a0b (7.2.1) the blocking scrim that closes on a tap.
    @Test func at720TheSheetAndCarouselLetATapBesideThemThrough() {
        for release in [SDKVersion.v7_2_0, .v7_2_1] {
            var sheet = F.sheet("s", dim: true), carousel = F.carousel("c")
            sheet.sdk = release
            carousel.sdk = release
            let expected: InAppLayout.OutsideTap = release == .v7_2_0 ? .passesThrough : .closes
            #expect(sheet.outsideTap == expected)
            #expect(carousel.outsideTap == expected)
            #expect(sheet.backdropDim == (release == .v7_2_0 ? 0 : 0.6))
            #expect(carousel.backdropDim == (release == .v7_2_0 ? 0 : 0.8))
        }
        // The modal's dim scrim is there from 7.2.0 (`PWModalInAppView.swift@fd34d7d`).
        var modal = F.modal("m", dim: true)
        modal.sdk = .v7_2_0
        #expect(modal.outsideTap == .closes && modal.backdropDim == 0.6)
    }

    @Test func at720ATapBesideTheCarouselReachesTheAppAndClosesNothing() {
        var d = InAppDriver()
        var c = F.carousel("c")
        c.sdk = .v7_2_0
        d.arrive(c, at: 0)
        d.gesture(.tapOutside, at: 1)
        d.wait(until: 2)
        #expect(d.log.suffix(1) == ["1 passThrough"])
        #expect(d.p.current?.message.id == "c", "still on screen")
    }

    /// `PWInAppPipController.present` (@fd34d7d): the closing pip keeps `currentMessageId` and its window until the
    /// 0.22 s fade ends; a pip with that id arriving meanwhile is skipped silently, after the close it shows.
    @Test func aPipWithTheClosingOnesIdIsSkippedSilentlyButCounted() {
        var d = InAppDriver(caps: true)
        d.arrive(F.pip("p"), at: 0)
        d.p.dismissPip(at: 1); d.drain()
        d.arrive(F.pip("p"), at: 1.1)
        #expect(d.log == ["0 inapp_will_present p pip", "0 inapp_did_present p pip"], "no event for the skipped one")
        #expect(d.recorded["p"]?.count == 2, "its show is counted all the same")
        d.wait(until: 1.3)
        #expect(d.log.last == "1.22 inapp_closed p")
        #expect(d.p.pip == nil)
        d.arrive(F.pip("p"), at: 1.5)
        #expect(d.log.suffix(2) == ["1.5 inapp_will_present p pip", "1.5 inapp_did_present p pip"])
    }

    @Test func aPipWithAnotherIdDuringTheCloseShows() {
        var d = InAppDriver()
        d.arrive(F.pip("p"), at: 0)
        d.p.dismissPip(at: 1); d.drain()
        d.arrive(F.pip("q"), at: 1.1)
        #expect(d.log.suffix(2) == ["1.1 inapp_will_present q pip", "1.1 inapp_did_present q pip"])
    }

    /// `resolveURL` (`PWInAppConfigParser.swift@e380b5b`, 7.2.4) retries a refused link percent-encoded; 7.2.0's parser
    /// (`@fd34d7d`) is `URL(string:)` alone. `URL(string:)` as on iOS 17 encodes a path's space itself, and the
    /// retry does not rescue a space in the host, so both keep and refuse the same links here.
    @Test func theLinkRetryIs724sAndTheOlderParserUsesURLStringAlone() {
        #expect(InAppURL.resolve("https://example.com/a b", retry: false) == "https://example.com/a%20b")
        #expect(InAppURL.resolve("https://example.com/a b", retry: true) == "https://example.com/a%20b")
        #expect(InAppURL.resolve("myapp://a b", retry: false) == nil && InAppURL.resolve("myapp://a b") == nil)
        let config = InAppFixtures.set(InAppFixtures.config(.modal), "modal.image", "https://example.com/a b.png")
        for release in [SDKVersion.v7_2_0, .v7_2_4] {
            if case .modal(let c)? = InAppConfigParser.parse(config, isDark: false, now: 1_800_000_000, sdk: release).message?.content {
                #expect(c.image == "https://example.com/a%20b.png")
            } else { Issue.record("dropped at \(release)") }
        }
    }
}
