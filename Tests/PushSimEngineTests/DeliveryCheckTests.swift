// The path before the SDK: APNs' size and shape, category routing, the service extension, App Transport Security,
// the attachment, localisation keys and createMessage languages (Apple's documentation; Pushwoosh's docs and source).

import Testing
@testable import PushSimEngine

private let page: JSONValue = ["image": "https://cdn.example.com/1.jpg"]

/// A userInfo with `aps` and one valid page.
private func push(_ aps: JSONObject = ["alert": ["title": "T", "body": "B"], "category": "PW_STORIES", "mutable-content": 1],
                  pages: [JSONValue] = [page], extra: JSONObject = [:]) -> JSONValue {
    var o: JSONObject = ["aps": .object(aps), "pw_stories": ["pages": .array(pages)]]
    for (k, v) in extra { o[k] = v }
    return .object(o)
}

private func check(_ doc: JSONValue, _ options: DeliveryOptions = DeliveryOptions()) throws -> DeliveryCheck {
    DeliveryCheck.evaluate(try StoriesInput.read(doc), options: options)
}

/// A payload padded with `filler` characters in `u` to exactly `bytes` bytes (the filler may be multi-byte).
private func payload(bytes: Int, filler: Character) -> JSONValue {
    let base: JSONObject = ["aps": ["category": "PW_STORIES", "alert": "é/€"], "u": ""]
    let empty = APNsPayload.bytes(.object(base))
    let unit = String(filler).utf8.count
    let room = bytes - empty
    let text = String(repeating: filler, count: room / unit) + String(repeating: "a", count: room % unit)
    var o = base
    o["u"] = .string(text)
    return .object(o)
}

@Suite struct APNsPayloadTests {
    @Test func countsCompactUTF8WithSlashesAndNonASCIIRaw() {
        // {"aps":{},"u":"a/é"}: 21 bytes — `/` one byte (not \/), é two bytes (not \u00e9).
        #expect(APNsPayload.bytes(["aps": [:], "u": "a/é"]) == 21)
        #expect(APNsPayload.bytes(["aps": ["alert": "😀"]]) == "{\"aps\":{\"alert\":\"😀\"}}".utf8.count)
    }

    /// The count is the writer's output, byte for byte, without writing it: escapes, control characters, numbers,
    /// empty and nested containers, keys that need escaping.
    @Test func theCountIsWhatTheWriterWrites() {
        let values: [JSONValue] = [
            .null, true, false, 0, -1, 1.5, 1e20, .number(.nan), "", "a\"b\\c\nd\re\tf", "\u{01}\u{1F}\u{7F}x", "é€😀/",
            [], [:], [[], [:], [1, "x", .null]], ["k\"ey": ["a": [1, 2, ["b": "c\u{0}"]]], "": ""],
            ["aps": ["alert": ["title": "Sale", "body": .string(String(repeating: "long text, ", count: 50))], "mutable-content": 1],
             "pw_inbox": "c1", "inbox_params": ["rt": "2030-01-01"]],
        ]
        for v in values {
            #expect(v.compactByteCount == v.jsonText().utf8.count, "\(v.jsonText())")
        }
    }

    @Test(arguments: ["é", "€", "😀"] as [Character])
    func exactly4096IsAcceptedAnd4097Refused(_ filler: Character) throws {
        let at = payload(bytes: 4096, filler: filler)
        #expect(APNsPayload.bytes(at) == 4096)
        #expect(APNsPayload.check(at) == nil)
        let over = payload(bytes: 4097, filler: filler)
        #expect(APNsPayload.bytes(over) == 4097)
        let r = try #require(APNsPayload.check(over))
        #expect(r.bytes == 4097 && r.limit == 4096)
        #expect(r.reason.contains("4097 bytes") && r.reason.contains("1 over the 4096-byte limit"))
    }

    @Test func shapeApsMustBeADictionary() throws {
        let r = try #require(APNsPayload.check(["aps": "alert", "pw_stories": ["pages": [page]]]))
        #expect(r.path == "aps" && r.reason.contains("aps is a string, not a dictionary"))
        #expect(APNsPayload.check(["u": "x"])?.reason.contains("no aps") == true)
        #expect(APNsPayload.check([1, 2])?.reason.contains("not a JSON object") == true)
    }

    @Test func aRequestsBuiltUserInfoIsALowerBound() throws {
        let body = String(repeating: "x", count: 5000)
        let c = try check(["content": .string(body), "ios_category_custom": "PW_STORIES", "data": ["pw_stories": ["pages": [page]]]])
        let r = try #require(c.rejection)
        #expect(c.lowerBound)
        #expect(r.reason.contains("a lower bound: the server adds its own keys") && r.path == "")
        #expect(c.diagnostics.map(\.severity) == [.error])
    }

    @Test func numbersInMessagesArePlainDigits() throws {
        let r = try #require(APNsPayload.check(payload(bytes: 12345, filler: "a")))
        #expect(r.reason.contains("12345 bytes") && !r.reason.contains("12,345"))
    }
}

@Suite struct DeliveryRoutingTests {
    @Test func theStoriesCategoryGoesToTheContentExtension() throws {
        let c = try check(push())
        #expect(c.route == .contentExtension && c.playsStory && c.diagnostics.isEmpty)
        #expect(c.serviceExtensionRan)
    }

    @Test func anotherCategoryGetsIOSsOwnExpandedNotification() throws {
        let c = try check(push(["alert": "B", "category": "STORIES", "mutable-content": 1]))
        guard case .defaultExpanded(let reason, let path) = c.route else { Issue.record("routed to the extension"); return }
        #expect(path == "aps.category" && reason.contains("\"STORIES\"") && reason.contains("PW_STORIES"))
        #expect(c.diagnostics.first { $0.path == "aps.category" }?.severity == .error)
        #expect(!c.playsStory)
    }

    @Test func categoriesAreCaseSensitiveAndTheHintSaysSo() throws {
        let c = try check(push(["alert": "B", "category": "pw_stories", "mutable-content": 1]))
        #expect(c.diagnostics.first { $0.path == "aps.category" }?.message.contains("case-sensitive") == true)
    }

    @Test func extensionCategoriesReplaceTheDefault() throws {
        let custom = DeliveryOptions(extensionCategories: ["PROMO", "STORIES"])
        #expect(try check(push(["alert": "B", "category": "STORIES", "mutable-content": 1]), custom).route == .contentExtension)
        #expect(try check(push(), custom).route != .contentExtension)
    }

    @Test func aMissingOrNonStringCategoryIsExpandedByIOS() throws {
        let missing = try check(push(["alert": "B", "mutable-content": 1]))
        #expect(missing.diagnostics.first { $0.path == "aps.category" }?.message.hasPrefix("is not set") == true)
        let number = try check(push(["alert": "B", "category": 7, "mutable-content": 1]))
        #expect(number.diagnostics.first { $0.path == "aps.category" }?.message.hasPrefix("is a number, not a string") == true)
        #expect(number.route != .contentExtension)
    }

    @Test func aRequestsCategoryIsReportedWhereItWasWritten() throws {
        let c = try check(["request": ["notifications": [["content": "B", "ios_category_custom": "STORIES",
                                                          "data": ["pw_stories": ["pages": [page]]]]]]])
        #expect(c.route == .defaultExpanded(reason: c.route.reason ?? "", path: "request.notifications[0].ios_category_custom"))
        let viaRoot = try check(["content": "B", "ios_root_params": ["aps": ["category": "X"]], "data": ["pw_stories": ["pages": [page]]]])
        #expect(viaRoot.diagnostics.contains { $0.path == "ios_root_params.aps.category" && $0.severity == .error })
    }

    @Test func aFileWithoutApsIsTheStoriesPartAlone() throws {
        let c = try check(["pw_stories": ["pages": [page]]])
        #expect(!c.applies && c.diagnostics.isEmpty && c.rejection == nil)
    }
}

@Suite struct ServiceExtensionTests {
    @Test func runsOnlyWithMutableContentOneAndAnAlert() throws {
        #expect(try check(push()).serviceExtensionRan)
        let off = try check(push(["alert": "B", "category": "PW_STORIES"]))
        #expect(!off.serviceExtensionRan && off.serviceExtensionReason.contains("not set"))
        let d = try #require(off.diagnostics.first)
        #expect(d.severity == .warning && d.path == #"aps["mutable-content"]"# && d.message.contains("no story image is pre-cached"))
        #expect(try !check(push(["alert": "B", "category": "PW_STORIES", "mutable-content": 0])).serviceExtensionRan)
        #expect(try !check(push(["category": "PW_STORIES", "mutable-content": 1])).serviceExtensionRan)
    }

    @Test func theAppMayHaveNone() throws {
        let c = try check(push(), DeliveryOptions(hasServiceExtension: false))
        #expect(!c.serviceExtensionRan && c.serviceExtensionReason.contains("--no-service-extension"))
    }
}

@Suite struct AppTransportSecurityTests {
    @Test func theOnlyPageOverHttpIsAnError() throws {
        let c = try check(push(pages: [["image": "http://cdn.example.com/1.jpg"]]))
        #expect(c.blockedImages == [.init(url: "http://cdn.example.com/1.jpg", path: "pw_stories.pages[0].image")])
        #expect(c.diagnostics.map(\.severity) == [.error])
        #expect(c.diagnostics[0].message.contains("App Transport Security"))
    }

    @Test func oneHttpPageAmongOthersIsAWarningAndEachURLIsBlockedOnce() throws {
        let http: JSONValue = ["image": "HTTP://cdn.example.com/2.jpg"]
        let c = try check(push(pages: [page, http, http]))
        #expect(c.blockedImages.map(\.path) == ["pw_stories.pages[1].image"])
        #expect(c.diagnostics.map(\.severity) == [.warning, .warning])
    }

    @Test func allowHTTPLetsThemThrough() throws {
        let c = try check(push(pages: [["image": "http://cdn.example.com/1.jpg"]]), DeliveryOptions(allowHTTP: true))
        #expect(c.blockedImages.isEmpty && c.diagnostics.isEmpty)
    }
}

@Suite struct AttachmentAndAlertTests {
    @Test func theRootAttachmentAndARequestsIosAttachment() throws {
        let c = try check(push(extra: ["attachment": "https://cdn.example.com/a.png"]))
        #expect(c.attachment?.url == "https://cdn.example.com/a.png" && c.attachment?.path == "attachment")
        let r = try check(["content": "B", "ios_category_custom": "PW_STORIES", "ios_attachment": "https://cdn.example.com/a.png",
                           "ios_root_params": ["aps": ["mutable-content": 1]], "data": ["pw_stories": ["pages": [page]]]])
        #expect(r.attachment?.path == "ios_attachment")
        let (info, _) = PushRequest.deviceUserInfo(["content": "B", "ios_attachment": "https://x/a.png", "ios_subtitle": "S"])
        #expect(info["attachment"] == "https://x/a.png" && info["aps"]?["alert"]?["subtitle"] == "S")
    }

    @Test func anAttachmentThatIsNotAStringOrIsHttpIsReported() throws {
        #expect(try check(push(extra: ["attachment": 5])).diagnostics.first?.message.contains("not a URL string") == true)
        #expect(try check(push(extra: ["attachment": "http://x/a.png"])).diagnostics.first?.message.contains("App Transport Security") == true)
    }

    @Test func locKeysShowTheKeyAndSaySo() throws {
        let c = try check(push(["alert": ["title-loc-key": "PROMO_TITLE", "loc-key": "PROMO_BODY", "body": "ignored"],
                                "category": "PW_STORIES", "mutable-content": 1]))
        #expect(c.alert.title == "PROMO_TITLE" && c.alert.body == "PROMO_BODY")
        #expect(c.diagnostics.map(\.path) == [#"aps.alert["loc-key"]"#, #"aps.alert["title-loc-key"]"#])
        #expect(c.diagnostics.allSatisfy { $0.message.contains("Localizable.strings") })
    }
}

@Suite struct LanguagePickTests {
    let dict: JSONObject = ["fr": "Bonjour", "default": "Hi", "en": "Hello", "de": "Hallo"]

    @Test func exactThenBaseThenDefaultThenEnglishThenFirst() {
        #expect(LanguagePick.pick(dict, device: "de")?.key == "de")
        #expect(LanguagePick.pick(dict, device: "DE")?.key == "de")
        #expect(LanguagePick.pick(dict, device: "de-AT")?.key == "de")
        #expect(LanguagePick.pick(dict, device: "ja")?.key == "default")
        #expect(LanguagePick.pick(["fr": "Bonjour", "en": "Hello"], device: "ja")?.key == "en")
        #expect(LanguagePick.pick(["fr": "Bonjour", "it": "Ciao"], device: "ja")?.key == "fr")
        #expect(LanguagePick.pick(["fr": 1], device: "fr") == nil)
    }

    @Test func aRequestIsReadInTheDevicesLanguage() throws {
        let n: JSONValue = ["ios_title": ["en": "Sale", "de": "Angebot"], "content": ["en": "Now", "de": "Jetzt"],
                            "ios_category_custom": "PW_STORIES", "data": ["pw_stories": ["pages": [page]]]]
        let de = try StoriesInput.read(n, language: "de")
        #expect(de.payload.title == "Angebot" && de.payload.body == "Jetzt" && de.language == "de")
        let ja = try StoriesInput.read(n, language: "ja")
        #expect(ja.payload.title == "Sale" && ja.language == "en")
        #expect(try StoriesInput.read(n).language == "en")
        let c = DeliveryCheck.evaluate(de, options: DeliveryOptions(language: "de"))
        #expect(DeliveryCheck.SourcePaths(input: de).source("aps.alert.body") == "content.de")
        #expect(c.language == "de")
    }
}

@Suite struct BrokenCustomDataTests {
    @Test func aUThatIsNotJSONIsAnErrorAtUWhenThePushNamesACategory() throws {
        let input = try StoriesInput.read(["aps": ["alert": "B", "category": "PW_STORIES"], "u": "{not json"])
        let d = try #require(input.payload.diagnostics.first { $0.path == "u" })
        #expect(d.severity == .error && d.message.contains("not valid JSON"))
        #expect(!input.payload.diagnostics.contains { $0.path == "" })
    }
}

extension DeliveryCheck.Route {
    var reason: String? { if case .defaultExpanded(let r, _) = self { return r }; return nil }
}
