// The collapsed notification cut as a phone cuts it, iOS's own expanded notification and the refused push, as text.

import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct NotificationTextTests {
    let long = String(repeating: "Spring looks for every day ", count: 12)

    @Test func titleAndSubtitleOneLineBodyFourLinesAtTheDevicesWidth() {
        let t = NotificationText.layout(title: long, subtitle: long, body: long, deviceWidth: 393, thumbnail: false)
        #expect(t.bodyColumns == 44 && t.titleColumns == 41)
        #expect(t.title?.lines.count == 1 && t.title?.lines[0].hasSuffix("…") == true)
        #expect(t.subtitle?.cut == true)
        #expect(t.body.lines.count == NotificationText.bodyLines && t.body.lines.last?.hasSuffix("…") == true)
        #expect(t.truncated == ["title", "subtitle", "body"])
        #expect(t.body.lines.allSatisfy { TextWidth.of($0) <= 44 })
    }

    @Test func shownCharactersMatchTheDisplayedText() throws {
        let t = NotificationText.layout(title: "Short", subtitle: nil, body: long, deviceWidth: 393, thumbnail: false)
        #expect(t.title?.cut == false && t.title?.shownCharacters == 5)
        let body = t.body
        #expect(body.totalCharacters == long.count && body.shownCharacters < body.totalCharacters)
        #expect(body.displayed == String(long.prefix(body.shownCharacters)).trimmingTrailingSpaces + "…")
        // About the third-party 178-character figure on an iPhone 15.
        #expect((160...178).contains(body.shownCharacters))
    }

    @Test func aNarrowerPhoneOrAThumbnailShowsLess() {
        let se = NotificationText.layout(title: nil, subtitle: nil, body: long, deviceWidth: 375, thumbnail: false)
        let max = NotificationText.layout(title: nil, subtitle: nil, body: long, deviceWidth: 430, thumbnail: false)
        let thumb = NotificationText.layout(title: nil, subtitle: nil, body: long, deviceWidth: 393, thumbnail: true)
        let plain = NotificationText.layout(title: nil, subtitle: nil, body: long, deviceWidth: 393, thumbnail: false)
        #expect(se.body.shownCharacters < max.body.shownCharacters)
        #expect(thumb.body.shownCharacters < plain.body.shownCharacters)
    }

    @Test func wideCharactersTakeTwoColumnsAndShortTextIsUncut() {
        let cjk = NotificationText.layout(title: String(repeating: "東", count: 30), subtitle: nil, body: "短い", deviceWidth: 393, thumbnail: false)
        #expect(cjk.title?.shownCharacters == 20)  // 41 columns: 20 wide characters and the "…"
        #expect(cjk.body.cut == false && cjk.truncated == ["title"])
    }

    @Test func lineBreaksInTheBodyAreKept() {
        let t = NotificationText.layout(title: nil, subtitle: nil, body: "one\ntwo\nthree\nfour\nfive", deviceWidth: 393, thumbnail: false)
        #expect(t.body.lines == ["one", "two", "three", "four…"])
        #expect(t.body.shownCharacters == 18 && t.body.displayed == "one two three four…")
    }
}

@Suite struct DeliveryScreenGoldenTests {
    let alert = DeliveryCheck.Alert(title: "Spring sale", subtitle: "This week only",
                                    body: "Five looks, one week only. Tap to see them all, in every colour.")
    let reason = "aps.category \"STORIES\" matches no content extension (the content extension claims only PW_STORIES), so iOS shows its own expanded notification: the story never plays"

    @Test func defaultExpandedNotification() {
        var c = Canvas(size: Size(width: 48, height: 24))
        DefaultExpandedNotification.draw(appName: "Pushsim", alert: alert, picture: ImageSlot.none, reason: reason, into: &c,
                                         rect: Rect(x: 0, y: 0, width: 48, height: 24))
        assertSnapshot(of: c.plainText, as: .lines, named: "default-expanded")
    }

    @Test func defaultExpandedWithoutAttachmentHasNoPicture() {
        var c = Canvas(size: Size(width: 48, height: 16))
        DefaultExpandedNotification.draw(appName: "Pushsim", alert: alert, picture: nil, reason: reason, into: &c,
                                         rect: Rect(x: 0, y: 0, width: 48, height: 16))
        assertSnapshot(of: c.plainText, as: .lines, named: "default-expanded-no-attachment")
        #expect(DefaultExpandedNotification.pictureSize(alert: alert, reason: reason, rect: Rect(x: 0, y: 0, width: 48, height: 24))
                == Size(width: 42, height: 11))
    }

    @Test func collapsedNotificationCutAtTheDevice() {
        let text = NotificationText.layout(title: "Spring sale is on, with five new looks for you", subtitle: nil,
                                           body: String(repeating: "Five looks, one week only. ", count: 8), deviceWidth: 375, thumbnail: false)
        var c = Canvas(size: Size(width: 60, height: 12))
        CollapsedNotification.draw(appName: "Pushsim", text: text, thumbnail: nil, note: "language: de", into: &c,
                                   rect: Rect(x: 0, y: 0, width: 60, height: 12))
        assertSnapshot(of: c.plainText, as: .lines, named: "collapsed-cut-iphone-se")
    }

    @Test func refusedPush() {
        var c = Canvas(size: Size(width: 40, height: 12))
        RejectedPush.draw(reason: "the payload is 4097 bytes as APNs counts them, 1 over the 4096-byte limit", into: &c,
                          rect: Rect(x: 0, y: 0, width: 40, height: 12))
        assertSnapshot(of: c.plainText, as: .lines, named: "apns-refused")
    }
}
