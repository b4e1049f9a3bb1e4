// The stories run and `validate` with the delivery path on: what the phone shows when APNs or iOS stops a push, the
// service extension's pre-cache, --image-delay on the simulated clock, App Transport Security and attachments.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
import PushSimMedia
import PushSimScreens

private let pages: JSONValue = ["pages": [
    ["image": "https://x/a.jpg", "duration": 5, "title": "One"],
    ["image": "http://x/b.jpg", "duration": 4, "title": "Two"],
]]

private func push(category: JSONValue = "PW_STORIES", mutable: Bool = true, body: String = "Five looks, one week only.",
                  extra: JSONObject = [:]) -> JSONValue {
    var aps: JSONObject = ["alert": ["title": "Spring sale", "body": .string(body)], "category": category]
    if mutable { aps["mutable-content"] = 1 }
    var o: JSONObject = ["aps": .object(aps), "pw_stories": pages]
    for (k, v) in extra { o[k] = v }
    return .object(o)
}

private func harness(_ doc: JSONValue, _ delivery: DeliveryOptions = DeliveryOptions(), images: ImageSource = NoImages(),
                     collapsed: Bool = false, folder: String? = nil) throws -> StoriesHarness {
    try StoriesHarness(doc, .init(collapsed: collapsed, delivery: delivery, payloadFolder: folder), size: Size(width: 60, height: 30), images: images)
}

private func names(_ h: StoriesHarness) -> [String] { h.sink.events.map(\.event.name).filter { $0 != "warning" } }

@Suite struct StoriesDeliverySceneTests {
    @Test func aRefusedPushShowsNothingAndSaysWhy() throws {
        let h = try harness(push(body: String(repeating: "x", count: 5000)))
        try h.run("wait 2; tap right")
        #expect(names(h) == ["apns_rejected"])
        let e = try #require(h.sink.events.first { $0.event.name == "apns_rejected" }?.event)
        #expect(e["limit"] == 4096 && (e["bytes"]?.numberValue ?? 0) > 4096)
        let frame = h.frames.last ?? ""
        #expect(frame.contains("no notification") && frame.contains("4096-byte limit") && frame.contains("APNs refused the push"))
    }

    @Test func anUnclaimedCategoryGetsIOSsExpandedViewAndNoStory() throws {
        let h = try harness(push(category: "STORIES", mutable: false))
        try h.run("wait 1")
        #expect(names(h) == ["service_extension", "notification", "default_expanded"])
        let e = try #require(h.sink.events.first { $0.event.name == "default_expanded" }?.event)
        #expect(e["path"] == "aps.category")
        let frame = h.frames.last ?? ""
        #expect(frame.contains("Spring sale") && frame.contains("the story never plays"))
    }

    @Test func theCollapsedNotificationComesFirstThenIOSsViewOnExpand() throws {
        let h = try harness(push(category: "STORIES"), collapsed: true)
        try h.run("wait 1")
        // The service extension ran (mutable-content 1) and App Transport Security refused its download of page 2.
        #expect(names(h) == ["service_extension", "ats_blocked", "notification"])
        try h.run("expand")
        #expect(names(h).last == "default_expanded")
    }

    @Test func httpImagesAreBlockedOncePerURLWithTheFailedLook() throws {
        let images = FakeImages()
        let h = try harness(push(mutable: false), images: images)
        try h.run("tap right; tap left; tap right")
        let blocked = h.sink.events.filter { $0.event.name == "ats_blocked" }
        #expect(blocked.count == 1)
        #expect(blocked.first?.event["path"] == "pw_stories.pages[1].image" && blocked.first?.event["url"] == "http://x/b.jpg")
        #expect(!images.asked.contains { $0.0 == "http://x/b.jpg" })
        #expect(h.frames.last?.contains("image unavailable") == true)
    }

    @Test func theServiceExtensionReportsBlockedImagesAtArrival() throws {
        let h = try harness(push(mutable: true))
        #expect(names(h) == ["service_extension", "ats_blocked", "notification", "start", "show"])
        #expect(h.sink.events.first { $0.event.name == "service_extension" }?.event["ran"] == true)
    }

    @Test func aFileWithoutApsPlaysTheStoriesPartAlone() throws {
        let images = FakeImages()
        let h = try harness(["pw_stories": pages], DeliveryOptions(imageDelay: 2), images: images)
        try h.run("tap right")
        #expect(names(h) == ["start", "show", "show"])
        #expect(images.asked.contains { $0.0 == "http://x/b.jpg" })
    }

    @Test func allowHTTPLoadsThem() throws {
        let h = try harness(push(), DeliveryOptions(allowHTTP: true))
        try h.run("tap right")
        #expect(!names(h).contains("ats_blocked"))
    }

    @Test func withoutTheServiceExtensionImagesArriveAfterTheDelayWhileTheTimerRuns() throws {
        let images = FakeImages()
        images.slots["https://x/a.jpg"] = .image(Canvas(size: Size(width: 1, height: 1)))
        let h = try harness(push(mutable: false), DeliveryOptions(imageDelay: 3), images: images)
        try h.run("wait 1")
        #expect(h.scene.images.slot(for: "https://x/a.jpg", size: Size(width: 4, height: 4)) == .loading)
        #expect(h.scene.nextDeadline().map { $0 <= 3 } == true)
        try h.run("wait 2.5")
        #expect(h.scene.images.slot(for: "https://x/a.jpg", size: Size(width: 4, height: 4)) != .loading)
        // The page's timer ran meanwhile (spec §1.4): page 0 lasts 5 s whatever the network does.
        try h.run("wait 2")
        #expect(h.log.contains("5 show 1"))
    }

    @Test func preCachedImagesIgnoreTheDelay() throws {
        let images = FakeImages()
        images.slots["https://x/a.jpg"] = .image(Canvas(size: Size(width: 1, height: 1)))
        let h = try harness(push(mutable: true), DeliveryOptions(allowHTTP: true, imageDelay: 3), images: images)
        try h.run("wait 0.5")
        #expect(h.scene.images.slot(for: "https://x/a.jpg", size: Size(width: 4, height: 4)) != .loading)
    }

    @Test func theNotificationEventSaysWhatWasCutAndTheLanguage() throws {
        let doc: JSONValue = ["ios_title": ["en": "Sale", "de": "Angebot"], "content": ["en": "Now", "de": .string(String(repeating: "Jetzt sehen ", count: 30))],
                              "ios_category_custom": "PW_STORIES", "ios_root_params": ["aps": ["mutable-content": 1]], "data": ["pw_stories": pages]]
        let input = try StoriesInput.read(doc, language: "de")
        let h2 = try StoriesHarness(input: input, .init(delivery: DeliveryOptions(allowHTTP: true, language: "de")))
        let n = try #require(h2.sink.events.first { $0.event.name == "notification" }?.event)
        #expect(n["title"] == "Angebot" && n["language"] == "de" && n["truncated"] == ["body"] && n["thumbnail"] == .null)
        #expect(n["body"]?.stringValue?.hasSuffix("…") == true)
        #expect(h2.sink.events.contains { $0.event.name == "warning" && $0.event["path"] == "content.de" })
    }

    @Test func aLocalAttachmentBecomesTheThumbnail() throws {
        let dir = NSTemporaryDirectory() + "pushsim-attach-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir + "/a.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))
        let h = try harness(push(extra: ["attachment": "file:a.png"]), DeliveryOptions(allowHTTP: true), folder: dir)
        #expect(h.sink.events.first { $0.event.name == "notification" }?.event["thumbnail"] == "file:a.png")
        let off = try harness(push(mutable: false, extra: ["attachment": "file:a.png"]), DeliveryOptions(allowHTTP: true), folder: dir)
        #expect(off.sink.events.first { $0.event.name == "notification" }?.event["thumbnail"] == .null)
    }
}

@Suite struct AttachmentCheckTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "pushsim-attach-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d + "/folder.png", withIntermediateDirectories: true)
        return d
    }()

    @Test func aFolderAFifoAndAnUnknownTypeAreOneLineEach() throws {
        #expect(AttachmentCheck.problem("file:folder.png", folder: dir, allowHTTP: false, network: false)?.contains("is a folder") == true)
        let fifo = dir + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        // stat, never open: a FIFO with no writer must not block.
        #expect(AttachmentCheck.problem("file:pipe.png", folder: dir, allowHTTP: false, network: false)?.contains("is a FIFO") == true)
        #expect(FileManager.default.createFile(atPath: dir + "/x.png", contents: Data("not an image".utf8)))
        #expect(AttachmentCheck.problem("file:x.png", folder: dir, allowHTTP: false, network: false)?.contains("none of the types") == true)
        #expect(AttachmentCheck.problem("file:missing.png", folder: dir, allowHTTP: false, network: false)?.contains("does not exist") == true)
    }

    @Test func applesSizeLimitsByKind() throws {
        #expect(AttachmentCheck.contentProblem([0xFF, 0xD8, 0xFF, 0xE0], size: 10 * 1024 * 1024) == nil)
        #expect(AttachmentCheck.contentProblem([0xFF, 0xD8, 0xFF, 0xE0], size: 10 * 1024 * 1024 + 1)?.contains("10 MB") == true)
        #expect(AttachmentCheck.contentProblem(Array("ID3".utf8) + [3, 0], size: 5 * 1024 * 1024 + 1)?.contains("5 MB") == true)
        #expect(AttachmentCheck.contentProblem([0, 0, 0, 0x18] + Array("ftypmp42".utf8), size: 50 * 1024 * 1024) == nil)
        #expect(AttachmentCheck.kind(ofName: "https://x/clip.MP4?x=1") == .video)
    }

    @Test func aServerThatCannotBeReachedHereIsNoVerdictOnThePhone() {
        let why = AttachmentCheck.problem("https://127.0.0.1:1/a.jpg", folder: dir, allowHTTP: false, network: true,
                                          fetch: FetchLimits(connectTimeout: 2, totalTimeout: 2))
        #expect(why?.hasPrefix(AttachmentCheck.unreachable) == true)
    }

    @Test func httpIsRefusedBeforeAnyDownload() {
        #expect(AttachmentCheck.problem("http://x/a.png", folder: dir, allowHTTP: false, network: true) == DeliveryImages.atsReason)
    }
}

@Suite struct StoriesDeliveryValidationTests {
    func check(_ doc: JSONValue, _ delivery: DeliveryOptions = DeliveryOptions()) -> PayloadValidation.FileReport {
        PayloadValidation.check(doc, source: PayloadValidation.Source(path: "-", name: "push.json"),
                                options: PayloadValidation.Options(delivery: delivery))
    }

    @Test func theOpeningScenarioIsNotOK() {
        // STORIES, an http image, no mutable-content and a 5,000-byte body: APNs refuses it.
        let big = check(push(category: "STORIES", mutable: false, body: String(repeating: "x", count: 5000)))
        #expect(big.errorCount == 1 && big.findings.first?.message.contains("over the 4096-byte limit") == true)
        #expect(PayloadValidation.exitStatus([big]) == 1)
        // Smaller: it arrives, but iOS expands it itself; the http image and the missing mutable-content are warned.
        let small = check(push(category: "STORIES", mutable: false))
        #expect(small.findings.contains { $0.severity == .error && $0.path == "aps.category" })
        #expect(small.findings.contains { $0.severity == .warning && $0.path == #"aps["mutable-content"]"# })
        #expect(small.findings.contains { $0.severity == .warning && $0.path == "pw_stories.pages[1].image" })
    }

    @Test func aCutBodySaysHowManyCharactersShow() throws {
        let r = check(push(body: String(repeating: "Five looks, one week only. ", count: 10)), DeliveryOptions(allowHTTP: true, deviceName: "iphone-se", deviceWidth: 375))
        let d = try #require(r.findings.first { $0.path == "aps.alert.body" })
        #expect(d.severity == .warning && d.message.contains("is cut on iphone-se") && d.message.contains("4 lines show"))
    }

    @Test func aUThatIsNotJSONIsAStoriesPayloadReportedAtU() {
        let r = check(["aps": ["alert": "Hi", "category": "PW_STORIES", "mutable-content": 1], "u": "{\"pw\":"])
        #expect(r.kinds == [.stories])
        #expect(r.findings.contains { $0.path == "u" && $0.severity == .error })
    }

    @Test func withoutDeliveryTheSDKsRulesAlone() {
        let r = PayloadValidation.check(push(category: "STORIES", mutable: false), source: PayloadValidation.Source(path: "-", name: "p"),
                                        options: PayloadValidation.Options())
        #expect(r.findings.isEmpty)
    }
}

@Suite struct InboxPinnedStringTests {
    @Test func aStringPinnedIsAWarning() {
        let push: JSONValue = ["aps": ["alert": "Hi"], "pw_inbox": "m1", "pinned": "true", "inbox_params": ["rt": "2100-01-01 00:00"]]
        let r = PayloadValidation.check(push, source: PayloadValidation.Source(path: "-", name: "p"), options: PayloadValidation.Options(kind: .inbox))
        #expect(r.findings.contains { $0.path == "pinned" && $0.severity == .warning && $0.message.contains("pins nothing") })
        let ok: JSONValue = ["aps": ["alert": "Hi"], "pw_inbox": "m1", "pinned": true, "inbox_params": ["rt": "2100-01-01 00:00"]]
        let r2 = PayloadValidation.check(ok, source: PayloadValidation.Source(path: "-", name: "p"), options: PayloadValidation.Options(kind: .inbox))
        #expect(!r2.findings.contains { $0.path == "pinned" })
    }

    @Test func anInboxPushAPNsRefusesIsAnErrorAndIsNotDelivered() throws {
        let big: JSONValue = ["aps": ["alert": .string(String(repeating: "é", count: 2100))], "pw_inbox": "m1",
                              "inbox_params": ["rt": "2100-01-01 00:00"]]
        let r = PayloadValidation.check(big, source: PayloadValidation.Source(path: "-", name: "p"),
                                        options: PayloadValidation.Options(kind: .inbox, delivery: DeliveryOptions()))
        #expect(r.findings.contains { $0.severity == .error && $0.path == "" && $0.message.contains("over the 4096-byte limit") })
        let refusal = try #require(InboxPush.apnsRefusal(big))
        #expect(refusal.bytes > 4096)
        #expect(InboxPush.apnsRefusal(["pw_inbox": "m1"]) == nil)
        let file = NSTemporaryDirectory() + "pushsim-big-push-\(UUID().uuidString).json"
        try big.jsonText().write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: UserError.self) { _ = try InboxPush.read(file) }
    }
}
