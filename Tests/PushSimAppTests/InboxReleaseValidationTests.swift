// `pushsim validate` on inbox feeds under both sides of the post-7.1.3 changes (pushwoosh-ios-sdk 7.2.5 `5741657`,
// 7.2.6 `93694e4`, 7.2.7 `b1518f7`): each changed rule gives a finding under the chosen --sdk.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct InboxReleaseValidationTests {
    func item(_ code: String, title: String = "T", text: String = "Body", image: String? = nil, params: String) -> String {
        let img = image.map { #","image":"\#($0)""# } ?? ""
        let p = params.replacingOccurrences(of: "\"", with: "\\\"")
        return #"{"inbox_id":"\#(code)","order":"1","rt":4102444800,"title":"\#(title)","text":"\#(text)","action_type":0,"status":1\#(img),"action_params":"\#(p)"}"#
    }

    func findings(_ items: [String], sdk: SDKVersion) throws -> [String] {
        let path = try validationTemp("[\(items.joined(separator: ","))]")
        let r = PayloadValidation.check(path, options: PayloadValidation.Options(now: validationNow, timeZone: TimeZone(identifier: "UTC")!, sdk: sdk))
        return r.findings.map { "\($0.severity) \($0.path): \($0.message)" }
    }

    @Test func aNonStringLinkCrashes713AndIsIgnoredFrom726() throws {
        let feed = [item("a", params: #"{"l":5,"attachment":{"url":"x"}}"#)]
        let old = try findings(feed, sdk: .v7_1_3)
        #expect(old.contains { $0.hasPrefix("error [0].action_params.l: is 5, not a string: SDK 7.1.3 sends it hasPrefix:") })
        #expect(old.contains { $0.hasPrefix("error [0].action_params.attachment:") })
        let new = try findings(feed, sdk: .newest)
        #expect(new.contains("warning [0].action_params.l: is 5, not a string: SDK 7.2.9 ignores it, so the message has no link (type plain); SDK 7.1.3 sends it hasPrefix: and the app crashes"))
        #expect(!new.contains { $0.hasPrefix("error") })
    }

    @Test func theAttachmentHero() throws {
        let feed = [item("a", image: "https://x/icon.png", params: #"{"attachment":"https://x/hero.jpg"}"#)]
        #expect(try findings(feed, sdk: .newest) == [
            #"warning [0].action_params.attachment: is the card's hero on SDK 7.2.9 (7.2.5 and later), not "https://x/icon.png", which becomes the round icon of a captioned card and a classic card's avatar; SDK 7.1.3 shows "https://x/icon.png" and never this"#,
        ])
        #expect(try findings(feed, sdk: .v7_1_3) == [
            #"warning [0].action_params.attachment: is not shown on SDK 7.1.3: its cards show "https://x/icon.png"; from 7.2.5 it is the hero of banner and captioned cards"#,
        ])
        let ftp = [item("b", params: #"{"attachment":"ftp://x/a.jpg"}"#)]
        #expect(try findings(ftp, sdk: .newest).first?.contains("is not an http:// or https:// URL") == true)
    }

    @Test func cardsThatChangeKind() throws {
        let feed = [item("a", text: "", image: "https://x/a.png", params: "{}"),
                    item("b", title: "", params: #"{"b":"https://x/b.png"}"#)]
        #expect(try findings(feed, sdk: .newest) == [
            "warning [0]: shown as classic on SDK 7.2.9, but as captioned on SDK 7.1.3: from 7.2.6 captioned and carousel cards need a title and a body",
            "warning [1]: shown as banner on SDK 7.2.9, but as classic on SDK 7.1.3: from 7.2.5 the attachment counts as the card's image",
        ])
        let old = try findings(feed, sdk: .v7_1_3)
        #expect(old.contains("warning [0]: shown as captioned on SDK 7.1.3, but as classic on SDK 7.2.9: from 7.2.6 captioned and carousel cards need a title and a body"))
        #expect(try findings(feed, sdk: .v7_2_6) == findings(feed, sdk: .newest).map { $0.replacingOccurrences(of: "7.2.9", with: "7.2.6") })
    }

    @Test func theMessageActionOwnsTheTaps() throws {
        let feed = [item("a", params: #"{"l":"https://x/own","buttons":[{"title":"Go","url":"https://x/go"},{"title":"Later","action":"dismiss"}]}"#)]
        #expect(try findings(feed, sdk: .newest) == [
            #"warning [0]: the message's own action (l "https://x/own") owns every tap on SDK 7.2.9: tapping "Go" (URL button) runs it instead of their own destination (SDK 7.1.3 opens that)"#,
        ])
        #expect(try findings(feed, sdk: .v7_1_3) == [
            #"warning [0]: the message has its own action (l "https://x/own"); from SDK 7.2.7 it owns every tap, so tapping "Go" (URL button) would run it instead of their own destination"#,
        ])
    }

    @Test func tabsAreIgnored() throws {
        #expect(try findings([item("a", params: #"{"tabId":"news"}"#)], sdk: .newest) == [
            "warning [0].action_params.tabId: is ignored: inbox tabs (SDK 7.3.0) have no published source, so pushsim shows every message in one list",
        ])
    }
}
