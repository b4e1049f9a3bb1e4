// Every bundled stories sample loads, builds its scene, and behaves as its description says; hostile files fail cleanly.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
import PushSimScreens

@Suite struct StoriesSamplesTests {
    let resources = Resources.locate()

    @Test func everySampleBuildsAScene() throws {
        let samples = SampleCatalog.storiesSamples(resources)
        #expect(samples.count == 9)
        for s in samples {
            #expect(s.experience == .stories)
            #expect(s.command.hasPrefix("pushsim stories Resources/stories/") || s.command.hasPrefix("pushsim stories Resources/personalization/campaign.json --tags "))
            let scene = try s.makeScene()
            #expect(scene is StoriesScene)
        }
    }

    @Test func samplesHaveTheShapesTheyClaim() throws {
        func input(_ f: String) throws -> StoriesInput { try StoriesScene.load(path: resources.path("stories/\(f)")) }
        let sale = try input("spring-sale.json")
        #expect(sale.shape == .createMessage)
        #expect(sale.payload.pages.count == 5)
        #expect(sale.payload.pages.last?.hasCallToAction == true)
        #expect(sale.payload.diagnostics.isEmpty)
        #expect(sale.userInfo["aps"]?["category"] == "PW_STORIES")
        let travel = try input("travel-userinfo.json")
        #expect(travel.shape == .userInfo)
        #expect(travel.payload.source == .customData)
        #expect(travel.userInfo["u"]?.stringValue != nil)
        let loop = try input("loop-teaser.json")
        #expect(loop.shape == .storiesBlock)
        #expect(loop.payload.pages.map(\.duration) == [2, 2, 2.5])
        let cjk = try input("cjk-emoji.json")
        #expect(cjk.shape == .notification)
        #expect(cjk.payload.source == .root)
        #expect(cjk.payload.pages.count == 3)
        let broken = try input("broken.json")
        #expect(broken.payload.isFallback)
        #expect(broken.payload.diagnostics.count >= 4)
    }

    /// A sample opened from the home screen takes the path `pushsim stories FILE` takes (issue 22): APNs, the
    /// extensions, App Transport Security, on the default phone. The bundled pushes pass; the wrong-category sample
    /// shows iOS's own view.
    @Test func samplesFromHomeGoThroughTheDeliveryPath() throws {
        var seen: [String: StoriesScene] = [:]
        for s in SampleCatalog.storiesSamples(resources) where !s.command.contains("--tags") {
            let scene = try #require(try s.makeScene() as? StoriesScene)
            #expect(scene.configuration.delivery == DeliveryOptions(), "\(s.title): the command's defaults")
            #expect(scene.arrival != nil, "\(s.title): delivery is simulated")
            let file = s.command.split(separator: " ").first { $0.hasPrefix("Resources/stories/") }?.split(separator: "/").last
            seen[String(file ?? "")] = scene
        }
        for f in ["spring-sale.json", "travel-userinfo.json", "cjk-emoji.json", "broken.json"] {
            let check = try #require(seen[f]?.arrival?.check)
            #expect(check.applies && check.playsStory && check.serviceExtensionRan, "\(f) passes APNs and iOS")
            #expect(check.diagnostics.isEmpty, "\(f): \(check.diagnostics)")
        }
        #expect(seen["loop-teaser.json"]?.arrival?.check.applies == false, "a bare pw_stories block has no push around it")
        let wrong = try #require(seen["wrong-category.json"])
        #expect(wrong.stopped?.defaultReason?.contains(#"aps.category "STORIES" matches no content extension"#) == true)
        #expect(wrong.arrival?.check.serviceExtensionRan == false)
        // Expanded, iOS's own view: the story never starts.
        wrong.expand(at: 0.5)
        #expect(wrong.sink.events.contains { $0.event.name == "default_expanded" })
        #expect(!wrong.sink.events.contains { $0.event.name == "start" })
    }

    @Test func sampleImagesAreTheMediaSetRelativeToThePayload() throws {
        let names: Set = ["aurora.jpg", "dunes.jpg", "city.png", "ocean.jpg", "forest.png"]
        for f in ["spring-sale.json", "travel-userinfo.json", "loop-teaser.json", "cjk-emoji.json"] {
            let input = try StoriesScene.load(path: resources.path("stories/\(f)"))
            for p in input.payload.pages {
                #expect(p.image.hasPrefix("file:../images/"))
                #expect(names.contains(String(p.image.dropFirst("file:../images/".count))))
            }
        }
    }
}

@Suite struct StoriesHostileInputTests {
    func write(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "pushsim-stories-\(UUID().uuidString).json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func loadError(_ bytes: [UInt8]) throws -> String? {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try StoriesScene.load(path: path)
            return nil
        } catch {
            #expect(error.message.hasPrefix(path + ": "))
            #expect(!error.message.contains("\n"))
            return error.message
        }
    }

    @Test func missingFileIsOneLine() {
        #expect(throws: UserError("/nonexistent/stories.json: no such file")) { try StoriesScene.load(path: "/nonexistent/stories.json") }
    }

    @Test func syntaxErrorNamesLineAndColumn() throws {
        let m = try loadError(Array("{\n  \"pages\": [\n    {\"image\": }\n  ]\n}".utf8))
        #expect(m?.contains("line 3, column 15") == true)
    }

    @Test func tenThousandLevelsOfNestingDoNotCrash() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(try loadError(Array(("{\"pages\":" + deep + "}").utf8))?.contains("nesting") == true)
        let deepObj = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(try loadError(Array(deepObj.utf8)) != nil)
    }

    @Test func invalidUTF8IsOneLine() throws {
        #expect(try loadError([0x7B, 0x22, 0x70, 0xFF, 0x22, 0x3A, 0x31, 0x7D])?.contains("invalid UTF-8") == true)
    }

    @Test func notAStoriesPayloadIsOneLine() throws {
        #expect(try loadError(Array("[1,2,3]".utf8))?.contains("not a stories payload") == true)
        #expect(try loadError(Array("{\"hello\":\"world\"}".utf8))?.contains("not a stories payload") == true)
        #expect(try loadError(Array("".utf8))?.contains("empty") == true)
    }

    @Test func hugeAndNonFiniteNumbersAndWrongTypesEverywhere() throws {
        let text = """
        {"aps":{"alert":1e999},"pw_stories":{"pages":[
          {"image":"https://a","duration":1e999},{"image":"https://b","duration":-1e999},
          {"image":"https://c","duration":123456789012345678901234567890,"title":[],"subtitle":{},"link":5,"button_title":null},
          {"image":true},{"image":null},{"image":[]},{"image":{}},{"image":"https://d","duration":[1]}]}}
        """
        let path = try write(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try StoriesScene.load(path: path)
        #expect(input.payload.pages.map(\.duration) == [5, 5, 30, 5])
        let sink = EventSink()
        let scene = StoriesScene(input: input, sink: sink)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("wait 100; tap left; tap right; hold 1; button"))
        #expect(sink.names.filter { $0 == "finish" }.count == 1)
    }

    @Test func twentyMegabyteFileIsReadAndPlayed() throws {
        var text = "{\"pw_stories\":{\"pages\":["
        let page = "{\"image\":\"https://cdn.example.com/\(String(repeating: "x", count: 180)).jpg\",\"duration\":1,\"title\":\"Page\"},"
        let count = 20 * 1_048_576 / page.utf8.count
        text.reserveCapacity(21 * 1_048_576)
        for _ in 0..<count { text += page }
        text += "{\"image\":\"https://last\"}]}}"
        #expect(text.utf8.count > 20 * 1_000_000)
        let path = try write(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try StoriesScene.load(path: path)
        #expect(input.payload.pages.count == count + 1)
        let sink = EventSink()
        let scene = StoriesScene(input: input, sink: sink)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("tap right; wait 2"))
        #expect(sink.names.filter { $0 != "warning" }.prefix(3) == ["start", "show", "show"])
    }

    /// The personalised campaign's three devices (Resources/personalization/): the server fills the push for each
    /// (docs.pushwoosh.com/developer/guides/personalization/dynamic-content), the SE one cuts the long name.
    @Test func personalisedSamplesShowEachDevicesText() throws {
        let samples = SampleCatalog.storiesSamples(Resources.locate()).filter { $0.command.contains("--tags") }
        #expect(samples.count == 3)
        let scenes = try samples.map { try #require(try $0.makeScene() as? StoriesScene) }
        #expect(scenes[0].input.payload.pages.first?.title == "Hey Anna")
        #expect(scenes[0].input.userInfo["aps"]?["alert"]?["body"] == "Hallo Anna: 4 neue Looks für dich.")
        #expect(scenes[1].input.payload.pages.first?.title == "Hey Maximiliane-Charlotte von Wolkenstein-Trostburg")
        #expect(scenes[1].arrival?.diagnostics.contains { $0.message.hasPrefix("is cut on iphone-se") } == true)
        #expect(scenes[2].input.payload.pages.first?.title == "Hey there")
        #expect(scenes.allSatisfy { $0.input.notSent == nil })
    }
}
