// The assertions of the SDK's own InboxKit unit tests that pushsim's contract can show, ported one for one
// (Pushwoosh/pushwoosh-ios-sdk, iOS_SDK/Pushwoosh/PushwooshTests/PushwooshInboxKit/PushwooshInboxRichCardsTest.swift
// @4cb8fc2 and PushwooshInboxKitAttributesTest.swift @93694e4, 7.2.6). Each test names the method it ports. The SDK's
// `FakeMessage` has the title "Title" and the body "Body" unless a test says otherwise; `msg` does the same.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct SDKInboxKitUnitTestPorts {
    func msg(title: String? = "Title", body: String? = "Body", image: String? = nil, _ ap: JSONObject? = nil) -> InboxMessage {
        InboxMessage(code: "c", title: title, message: body, imageUrl: image, sendDate: Date(timeIntervalSince1970: 0), actionParams: ap)
    }

    func kind(_ m: InboxMessage) -> InboxCellKind { InboxCellResolver.resolve(m, sdk: .v7_2_6).kind }

    // MARK: PushwooshInboxRichCardsTest

    /// `testCarouselDecodesSlidesFromRoot`
    @Test func carouselDecodesSlidesFromRoot() {
        let s = InboxCarouselSlide.decode(msg(["carousel": [["image": "https://x/1.jpg", "title": "A", "url": "myapp://1"], ["image": "https://x/2.jpg"]]]))
        #expect(s.count == 2)
        #expect(s[0] == InboxCarouselSlide(image: "https://x/1.jpg", title: "A", url: "myapp://1"))
        #expect(s[1].title == nil && s[1].url == nil)
    }

    /// `testCarouselSkipsSlidesWithoutImage`
    @Test func carouselSkipsSlidesWithoutImage() {
        #expect(InboxCarouselSlide.decode(msg(["carousel": [["title": "no image"], ["image": "https://x/ok.jpg"]]])).count == 1)
    }

    /// `testCarouselSlideDropsSchemelessURL`
    @Test func carouselSlideDropsSchemelessURL() {
        let s = InboxCarouselSlide.decode(msg(["carousel": [["image": "https://x/1.jpg", "url": "p/1"]]]))
        #expect(s == [InboxCarouselSlide(image: "https://x/1.jpg", title: nil, url: nil)])
    }

    /// `testCarouselDecodesFromStringEncodedU`, `testCarouselDecodesFromDictEncodedU`, `testCarouselReturnsEmptyWhenMissing`
    @Test func carouselDecodesFromUAndIsEmptyWithoutData() {
        #expect(InboxCarouselSlide.decode(msg(["u": #"{"carousel":[{"image":"https://x/1.jpg"}]}"#])).count == 1)
        #expect(InboxCarouselSlide.decode(msg(["u": ["carousel": [["image": "https://x/1.jpg"]]]])).count == 1)
        #expect(InboxCarouselSlide.decode(msg()).isEmpty)
    }

    /// `testVideoDecodesURLOnly`, `testVideoDecodesPoster`, `testVideoReturnsNilWithoutURL`,
    /// `testVideoReturnsNilForSchemelessURL`, `testVideoRejectsNonNetworkScheme`, `testVideoDecodesFromStringEncodedU`
    @Test func videoDecoding() {
        #expect(InboxVideoContent.decode(msg(["video": ["url": "https://x/v.mp4"]])) == InboxVideoContent(url: "https://x/v.mp4", poster: nil))
        #expect(InboxVideoContent.decode(msg(["video": ["url": "https://x/v.mp4", "poster": "https://x/p.jpg"]]))?.poster == "https://x/p.jpg")
        #expect(InboxVideoContent.decode(msg(["video": ["poster": "https://x/p.jpg"]])) == nil)
        #expect(InboxVideoContent.decode(msg(["video": ["url": "clip.mp4"]])) == nil)
        #expect(InboxVideoContent.decode(msg(["video": ["url": "file:///etc/passwd"]])) == nil)
        #expect(InboxVideoContent.decode(msg(["u": #"{"video":{"url":"https://x/v.mp4"}}"#]))?.url == "https://x/v.mp4")
    }

    /// `testWalletDecodesBareString`, `testWalletDecodesObjectFormAtRoot`, `testWalletReturnsNilForSchemelessURL`,
    /// `testWalletRejectsNonNetworkScheme`, `testWalletDecodesObjectFormNestedInU`, `testWalletReturnsNilWithoutPass`,
    /// `testWalletDecodesFromStringEncodedU`
    @Test func walletDecoding() {
        #expect(InboxWalletPass.decode(msg(["wallet": "https://x/coupon.pkpass"]))?.url == "https://x/coupon.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": ["pass": "https://x/coupon.pkpass"]]))?.url == "https://x/coupon.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": "coupon.pkpass"])) == nil)
        #expect(InboxWalletPass.decode(msg(["wallet": "file:///var/mobile/secret"])) == nil)
        #expect(InboxWalletPass.decode(msg(["u": ["wallet": ["pass": "https://x/coupon.pkpass"]]]))?.url == "https://x/coupon.pkpass")
        #expect(InboxWalletPass.decode(msg(["wallet": ["foo": "bar"]])) == nil)
        #expect(InboxWalletPass.decode(msg(["u": #"{"wallet":"https://x/coupon.pkpass"}"#]))?.url == "https://x/coupon.pkpass")
    }

    /// `testResolverPicksCarouselWithSlides`, `testResolverDegradesCarouselWithoutSlides`, `testResolverPicksVideoWithContent`,
    /// `testResolverDegradesVideoWithoutContent`, `testResolverPicksWalletWithPass`, `testResolverDegradesWalletWithoutPass`
    @Test func resolverPicksOrDegradesRichCards() {
        #expect(kind(msg(["displayType": "carousel", "carousel": [["image": "https://x/1.jpg"]]])) == .carousel)
        #expect(kind(msg(["displayType": "carousel"])) == .classic)
        #expect(kind(msg(["displayType": "video", "video": ["url": "https://x/v.mp4"]])) == .video)
        #expect(kind(msg(["displayType": "video"])) == .classic)
        #expect(kind(msg(["displayType": "wallet", "wallet": "https://x/c.pkpass"])) == .wallet)
        #expect(kind(msg(["displayType": "wallet"])) == .classic)
    }

    /// `testResolvedImageURLFromStringEncodedU`, `testResolvedImageURLPrefersMessageImage`
    @Test func resolvedImageURL() {
        #expect(InboxCellResolver.resolvedImageURL(msg(["u": #"{"displayType":"banner","image":"https://x/b.jpg"}"#])) == "https://x/b.jpg")
        #expect(InboxCellResolver.resolvedImageURL(msg(image: "https://x/direct.jpg", ["u": #"{"image":"https://x/other.jpg"}"#])) == "https://x/direct.jpg")
    }

    // MARK: PushwooshInboxKitAttributesTest

    /// `testResolverHonoursServerBannerWhenImagePresent`, `testResolverHonoursServerCaptionedWhenImagePresent`
    @Test func resolverHonoursTheServersKindWithAnImage() {
        #expect(kind(msg(image: "https://x/y.png", ["displayType": "banner"])) == .banner)
        #expect(kind(msg(image: "https://x/y.png", ["displayType": "captioned"])) == .captioned)
    }

    /// `testResolverDegradesBannerWithoutImageToClassic`, `testResolverDegradesCaptionedWithEmptyImageToClassic`,
    /// `testResolverDegradesCaptionedWithoutTitleToClassic`, `testResolverDegradesCaptionedWithoutBodyToClassic`
    @Test func resolverDegradesToClassic() {
        #expect(kind(msg(image: nil, ["displayType": "banner"])) == .classic)
        #expect(kind(msg(image: "", ["displayType": "captioned"])) == .classic)
        #expect(kind(msg(title: "", image: "https://x/y.png", ["displayType": "captioned"])) == .classic)
        #expect(kind(msg(body: "", image: "https://x/y.png", ["displayType": "captioned"])) == .classic)
    }

    /// `testResolverHeuristicClassicWhenImageTitleNoBody`, `testResolverHeuristicBannerWhenImageNoTitle`,
    /// `testResolverFallsBackToClassicForTextMessage`, `testResolverReadsDisplayTypeFromStringEncodedU`
    @Test func resolverHeuristics() {
        #expect(kind(msg(body: "", image: "https://x/y.png")) == .classic)
        #expect(kind(msg(title: "", image: "https://x/y.png")) == .banner)
        #expect(kind(msg(title: "Hello", image: nil)) == .classic)
        #expect(kind(msg(image: "https://x/y.png", ["u": #"{"displayType":"banner"}"#])) == .banner)
    }
}
