// Every stories file shape (request, notification, userInfo, bare block) and paths that point into the original file.

import Testing
@testable import PushSimEngine

@Suite struct StoriesInputTests {
    let block: JSONValue = ["pages": [["image": "https://x/a.jpg"], ["image": "oops"]]]

    @Test func createMessageUsesTheFirstNotificationByDefault() throws {
        let doc: JSONValue = ["request": ["notifications": [["content": "first", "data": ["pw_stories": block]], ["content": "second"]]]]
        let input = try StoriesInput.read(doc)
        #expect(input.shape == .createMessage)
        #expect(input.notificationCount == 2)
        #expect(input.payload.pages.count == 1)
        #expect(input.payload.pagePaths == ["request.notifications[0].data.pw_stories.pages[0]"])
        #expect(input.payload.body == "first")
        #expect(input.userInfo["u"]?.stringValue?.hasPrefix(#"{"pw_stories""#) == true)
        #expect(input.payload.diagnostics.map(\.path) == ["request.notifications[0].data.pw_stories.pages[1].image",
                                                         "request.notifications[0].ios_category_custom"])
        let second = try StoriesInput.read(doc, notification: 1)
        #expect(second.payload.body == "second")
        #expect(second.payload.isFallback)
    }

    @Test func notificationOutOfRangeIsOneSentence() {
        let doc: JSONValue = ["request": ["notifications": [["content": "x"]]]]
        #expect(throws: StoriesInputError("--notification 3 is out of range: the request has 1 notification (0)")) {
            try StoriesInput.read(doc, notification: 3)
        }
    }

    @Test func rootParamsPathsPointIntoIosRootParams() throws {
        let input = try StoriesInput.read(["content": "x", "ios_category_custom": "PW_STORIES", "ios_root_params": ["pw_stories": block]])
        #expect(input.shape == .notification)
        #expect(input.payload.source == .root)
        #expect(input.payload.diagnostics.map(\.path) == ["ios_root_params.pw_stories.pages[1].image"])
    }

    @Test func userInfoIsReadAsIs() throws {
        let input = try StoriesInput.read(["aps": ["alert": "b"], "u": .string(JSONValue.object(["pw_stories": block]).jsonText())])
        #expect(input.shape == .userInfo)
        #expect(input.payload.diagnostics.map(\.path) == ["u.pw_stories.pages[1].image", "aps.category"])
        #expect(input.payload.diagnostics[1].message.hasPrefix("is not set; iOS opens the stories content extension only"))
        let withCategory = try StoriesInput.read(["aps": ["category": "PW_STORIES"], "pw_stories": ["pages": [["image": "https://a"]]]])
        #expect(withCategory.payload.diagnostics.isEmpty)
    }

    @Test func bareBlockPathsStartAtPages() throws {
        let input = try StoriesInput.read(block)
        #expect(input.shape == .storiesBlock)
        #expect(input.payload.diagnostics.map(\.description) == [#"pages[1].image: "oops" has no scheme; page skipped"#])
    }

    @Test func notAStoriesPayloadIsOneSentence() {
        #expect(throws: StoriesInputError.self) { try StoriesInput.read([1, 2]) }
        do {
            _ = try StoriesInput.read(["hello": 1])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("not a stories payload"))
            #expect(error.message.contains("\"hello\""))
        }
    }

    @Test func readAllReturnsEveryNotification() throws {
        let doc: JSONValue = ["notifications": [["content": "a"], ["content": "b"], ["content": "c"]]]
        #expect(try StoriesInput.readAll(doc).map(\.payload.body) == ["a", "b", "c"])
    }
}
