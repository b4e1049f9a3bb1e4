// The SDK's pw_stories lookup and page rules (spec §1.2–1.3), and the diagnostics for everything dropped.

import Testing
@testable import PushSimEngine

private func page(_ image: JSONValue = "https://x/a.jpg", _ extra: JSONObject = [:]) -> JSONValue {
    var o: JSONObject = ["image": image]
    for (k, v) in extra { o[k] = v }
    return .object(o)
}

private func parse(_ info: JSONObject) -> StoriesPayload { StoriesPayloadParser.parse(info) }

@Suite struct StoriesPayloadParserTests {
    // spec §1.2 item 1
    @Test func rootBlockTakesPrecedenceOverCustomData() {
        let p = parse(["pw_stories": ["pages": [page("https://root/1.jpg")]],
                       "u": ["pw_stories": ["pages": [page("https://u/1.jpg")]]]])
        #expect(p.source == .root)
        #expect(p.pages.map(\.image) == ["https://root/1.jpg"])
    }

    // spec §1.2 item 1: no fall-through
    @Test func rootDictionaryWinsEvenWithNoValidPages() {
        let p = parse(["pw_stories": ["pages": [page("nope")]], "u": ["pw_stories": ["pages": [page()]]]])
        #expect(p.pages.isEmpty)
        #expect(p.source == .root)
        #expect(p.diagnostics.contains { $0.severity == .error && $0.path == "pw_stories.pages" })
    }

    // spec §1.3: the error for a block with no usable page says what is wrong for one page as for several
    @Test func noUsablePageErrorReadsRightForOneAndSeveral() {
        let one = parse(["pw_stories": ["pages": [page(5)]]]).diagnostics.first { $0.path == "pw_stories.pages" }
        #expect(one?.message == "the only page has no usable image URL; the SDK shows the notification body instead")
        let two = parse(["pw_stories": ["pages": [page(5), page("nope")]]]).diagnostics.first { $0.path == "pw_stories.pages" }
        #expect(two?.message == "none of the 2 pages has a usable image URL; the SDK shows the notification body instead")
    }

    // spec §1.2 item 1: wrong type falls through
    @Test func nonDictionaryRootFallsThroughToU() {
        let p = parse(["pw_stories": "garbage", "u": ["pw_stories": ["pages": [page()]]]])
        #expect(p.source == .customData)
        #expect(p.pages.count == 1)
        #expect(p.diagnostics.first?.path == "pw_stories")
    }

    // spec §1.2 item 2
    @Test func parsesFromCustomDataJSONString() {
        let u = JSONValue.object(["pw_stories": ["pages": [page()]]]).jsonText()
        let p = parse(["u": .string(u)])
        #expect(p.source == .customData)
        #expect(p.pages.count == 1)
    }

    @Test func parsesFromCustomDataDictionary() {
        #expect(parse(["u": ["pw_stories": ["pages": [page()]]]]).pages.count == 1)
    }

    @Test func userdataIsTriedAfterU() {
        let p = parse(["u": ["other": 1], "userdata": .string(JSONValue.object(["pw_stories": ["pages": [page()]]]).jsonText())])
        #expect(p.source == .userdata)
        #expect(p.pages.count == 1)
    }

    @Test func uStringThatIsNotJSONIsReportedWhenItMentionsStories() {
        let p = parse(["u": "{pw_stories: nope"])
        #expect(p.pages.isEmpty)
        #expect(p.diagnostics.contains { $0.path == "u" && $0.message.contains("not valid JSON") })
    }

    @Test func noBlockAnywhereIsAnError() {
        let p = parse(["aps": ["alert": "Hello"]])
        #expect(p.source == nil)
        #expect(p.body == "Hello")
        #expect(p.diagnostics.map(\.severity) == [.error])
    }

    // spec §1.2 item 3
    @Test func garbageBlockShapeReturnsEmpty() {
        #expect(parse(["pw_stories": ["pages": "x"]]).pages.isEmpty)
        #expect(parse(["pw_stories": [:]]).pages.isEmpty)
        #expect(parse(["pw_stories": ["pages": []]]).pages.isEmpty)
    }

    // spec §1.2 item 3 [INF]: one non-object entry rejects the whole array
    @Test func oneNonObjectEntryRejectsTheWholeArray() {
        let p = parse(["pw_stories": ["pages": [page(), page(), "oops"]]])
        #expect(p.pages.isEmpty)
        let d = p.diagnostics.first { $0.path == "pw_stories.pages[2]" }
        #expect(d?.severity == .error)
        #expect(d?.message.contains("whole pages array") == true)
    }

    // spec §1.3 image
    @Test func malformedEntriesAreSkipped() {
        let p = parse(["pw_stories": ["pages": [["duration": 3], page(12345), page("not a url with spaces"), page("https://ok/1.jpg")]]])
        #expect(p.pages.map(\.image) == ["https://ok/1.jpg"])
        #expect(p.diagnostics.map(\.path) == ["pw_stories.pages[0]", "pw_stories.pages[1].image", "pw_stories.pages[2].image"])
        #expect(p.diagnostics[2].message == #""not a url with spaces" has no scheme; page skipped"#)
    }

    @Test func anySchemeIsAcceptedAndOrderIsKept() {
        let p = parse(["pw_stories": ["pages": [page("myapp://a"), page("bad"), page("file:../images/aurora.jpg"), page("http://b")]]])
        #expect(p.pages.map(\.image) == ["myapp://a", "file:../images/aurora.jpg", "http://b"])
    }

    @Test func aLocalPathGetsAFileURLSuggestion() {
        let p = parse(["pw_stories": ["pages": [page("images/x.jpg")]]])
        #expect(p.diagnostics[0].message == #""images/x.jpg" has no scheme; page skipped (a local file needs a file: URL relative to the payload, such as file:images/x.jpg)"#)
    }

    @Test func emptyImageIsAbsent() {
        let p = parse(["pw_stories": ["pages": [page(""), page()]]])
        #expect(p.pages.count == 1)
        #expect(p.diagnostics[0].message == "is empty; page skipped")
    }

    // spec §1.3 duration
    @Test func durationDefaultsToFive() {
        #expect(parse(["pw_stories": ["pages": [page()]]]).pages[0].duration == 5)
    }

    @Test func nonNumericDurationFallsBackToDefault() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["duration": "7"]), page("https://b", ["duration": nil])]]])
        #expect(p.pages.map(\.duration) == [5, 5])
        #expect(p.diagnostics[0].path == "pw_stories.pages[0].duration")
    }

    @Test func nonPositiveDurationFallsBackToDefault() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["duration": 0]), page("https://b", ["duration": -3]),
                                                page("https://c", ["duration": .number(.infinity)]), page("https://d", ["duration": false])]]])
        #expect(p.pages.map(\.duration) == [5, 5, 5, 5])
    }

    @Test func hugeDurationIsClamped() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["duration": 1e308]), page("https://b", ["duration": 31])]]])
        #expect(p.pages.map(\.duration) == [30, 30])
        #expect(p.diagnostics[0].message.contains("clamped to 30 s"))
    }

    @Test func integerAndFractionalDurationsParsed() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["duration": 3]), page("https://b", ["duration": 2.5]), page("https://c", ["duration": 30])]]])
        #expect(p.pages.map(\.duration) == [3, 2.5, 30])
        #expect(p.diagnostics.isEmpty)
    }

    @Test func trueDurationBridgesToOneSecond() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["duration": true])]]])
        #expect(p.pages[0].duration == 1)
        #expect(p.diagnostics.count == 1)
    }

    // spec §1.3 link
    @Test func schemelessLinkIsDropped() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["link": "shop/sale", "button_title": "Shop"])]]])
        #expect(p.pages[0].link == nil)
        #expect(!p.pages[0].hasCallToAction)
        #expect(p.diagnostics.map(\.path) == ["pw_stories.pages[0].link", "pw_stories.pages[0].button_title"])
    }

    @Test func charactersOldIOSRejectsAreWarnedButKept() {
        let p = parse(["pw_stories": ["pages": [page("https://x/a b.jpg", ["link": "app://a|b", "button_title": "Go"])]]])
        #expect(p.pages.count == 1)
        #expect(p.pages[0].hasCallToAction)
        #expect(p.diagnostics.map(\.path) == ["pw_stories.pages[0].image", "pw_stories.pages[0].link"])
        #expect(p.diagnostics[0].message.hasPrefix("contains a space, which iOS 16 and earlier reject"))
    }

    // spec §1.3 strings
    @Test func parsesTitleAndSubtitleAndEmptyStringsAreAbsent() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["title": "T", "subtitle": "S", "button_title": "", "link": "app://x"]),
                                                page("https://b", ["title": "", "subtitle": ""])]]])
        #expect(p.pages[0].title == "T")
        #expect(p.pages[0].subtitle == "S")
        #expect(p.pages[0].buttonTitle == nil)
        #expect(p.pages[1].title == nil && p.pages[1].subtitle == nil)
    }

    // spec §1.7: CTA only with link and non-empty title
    @Test func callToActionNeedsLinkAndTitle() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["link": "app://x", "button_title": "Go"]), page("https://b", ["link": "app://x"])]]])
        #expect(p.pages.map(\.hasCallToAction) == [true, false])
    }

    @Test func wrongTypesAndUnknownKeysAreReported() {
        let p = parse(["pw_stories": ["pages": [page("https://a", ["title": 3, "buttonTitle": "Go"])]]])
        #expect(p.pages[0].title == nil)
        #expect(p.diagnostics.contains { $0.path == "pw_stories.pages[0].title" && $0.message == "is a number, not a string; ignored" })
        #expect(p.diagnostics.contains { $0.path == "pw_stories.pages[0].buttonTitle" && $0.message.contains("did you mean \"button_title\"") })
    }

    // spec §1.8: fallback body
    @Test func fallbackBodyComesFromAlertBodyOrAlertString() {
        #expect(parse(["aps": ["alert": ["title": "T", "body": "B"]]]).body == "B")
        #expect(parse(["aps": ["alert": "S"]]).body == "S")
        #expect(parse([:]).body == "")
    }

    @Test func noPageLimit() {
        let many = JSONValue.array((0..<500).map { page(.string("https://x/\($0).jpg")) })
        #expect(parse(["pw_stories": ["pages": many]]).pages.count == 500)
    }
}
