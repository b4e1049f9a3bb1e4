// createMessage → device userInfo: the server's mapping of data, ios_root_params, titles, body and category.

import Testing
@testable import PushSimEngine

@Suite struct PushRequestTests {
    @Test func dataBecomesUAsAJSONString() {
        let (info, diags) = PushRequest.deviceUserInfo(["content": "Hi", "data": ["pw_stories": ["pages": []], "k": 1]])
        #expect(info["u"] == .string(#"{"pw_stories":{"pages":[]},"k":1}"#))
        #expect(info["aps"]?["alert"] == "Hi")
        #expect(diags.isEmpty)
    }

    @Test func rootParamsMergeAtTheRootAndApsMergesIntoAps() {
        let (info, _) = PushRequest.deviceUserInfo([
            "ios_title": "Title", "content": "Body", "ios_category_custom": "PW_STORIES",
            "ios_root_params": ["aps": ["mutable-content": 1], "pw_stories": ["pages": []], "extra": "x"],
        ])
        #expect(info["aps"]?["alert"] == ["title": "Title", "body": "Body"])
        #expect(info["aps"]?["category"] == "PW_STORIES")
        #expect(info["aps"]?["mutable-content"] == 1)
        #expect(info["pw_stories"] == ["pages": []])
        #expect(info["extra"] == "x")
        #expect(info.keys.first == "aps")
    }

    @Test func languageDictionariesPickEnglishElseTheFirst() {
        #expect(PushRequest.localized(["de": "Hallo", "en": "Hello"]) == "Hello")
        #expect(PushRequest.localized(["de": "Hallo", "fr": "Salut"]) == "Hallo")
        #expect(PushRequest.localized("plain") == "plain")
        #expect(PushRequest.localized(5) == nil)
        let (info, _) = PushRequest.deviceUserInfo(["content": ["fr": "Bonjour", "en": "Hello"]])
        #expect(info["aps"]?["alert"] == "Hello")
    }

    @Test func illTypedFieldsAreReportedAndIgnored() {
        let (info, diags) = PushRequest.deviceUserInfo(["content": 5, "ios_root_params": "x", "data": [1], "ios_category_custom": true],
                                                       path: JSONPath("request").key("notifications").index(0))
        #expect(info == ["aps": [:]])
        #expect(diags.map(\.path) == ["request.notifications[0].content", "request.notifications[0].ios_category_custom",
                                      "request.notifications[0].ios_root_params", "request.notifications[0].data"])
        #expect(diags[0].message == "is a number, not a string or language dictionary; ignored")
    }

    @Test func unknownNotificationFieldsAreReported() {
        let (_, diags) = PushRequest.deviceUserInfo(["content": "x", "ios_titel": "typo", "send_date": "now"])
        #expect(diags == [Diagnostic(path: "ios_titel", "is not a createMessage notification field; ignored")])
    }

    @Test func requestWrapperIsOptionalAndNonObjectsAreSkipped() throws {
        let wrapped = try #require(PushRequest(["request": ["application": "X", "notifications": [["content": "a"], 3]]]))
        #expect(wrapped.notifications.count == 1)
        #expect(wrapped.notifications[0].path.description == "request.notifications[0]")
        #expect(wrapped.diagnostics.map(\.path) == ["request.notifications[1]"])
        let bare = try #require(PushRequest(["notifications": [["content": "b"]]]))
        #expect(bare.notifications[0].path.description == "notifications[0]")
        #expect(PushRequest(["aps": [:]]) == nil)
        #expect(PushRequest(["request": "nope", "notifications": []]) == nil)
    }

    @Test func notificationShapeIsRecognisedByItsKeys() {
        #expect(PushRequest.isNotification(["content": "x", "send_date": "now"]))
        #expect(!PushRequest.isNotification(["aps": [:], "content": "x"]))
        #expect(!PushRequest.isNotification(["pages": []]))
    }
}
