// The plain `pushsim stories FILE` form whose first picture decodes while the arguments parse: which command lines
// are that form, and the file and cells it works out, against what the parsed command and its scene have.

import ArgumentParser
import Foundation
import Testing
import PushSimApp
import PushSimCanvas
import PushSimMedia
import PushSimEngine
import PushSimScreens
@testable import pushsim

@Suite struct EarlyPictureTests {
    @Test func thePlainFormIsRecognised() {
        #expect(EarlyPicture.plan(["stories", "one.json"]) == .init(payload: "one.json", appGroup: nil, pixels: .auto))
        #expect(EarlyPicture.plan(["stories", "one.json", "--pixels", "sixel", "--app-group", "g", "--store", "s.sqlite"])
                == .init(payload: "one.json", appGroup: "g", pixels: .sixel))
        #expect(EarlyPicture.plan(["stories", "a b.json", "--pixels=KITTY", "--app-group=/x", "--loop", "--watch"])
                == .init(payload: "a b.json", appGroup: "/x", pixels: .kitty))
    }

    @Test(arguments: [
        [], ["stories"], ["inbox", "feed.json"], ["stories", "-"], ["stories", "--pixels", "sixel", "one.json"],
        ["stories", ""], ["stories", "one.json", "--headless"], ["stories", "one.json", "--events-pane"],
        ["stories", "one.json", "--aspect-ratio", "2"], ["stories", "one.json", "--pixels", "off"],
        ["stories", "one.json", "--pixels", "nonsense"], ["stories", "one.json", "--pixels"],
        ["stories", "one.json", "--loop=yes"], ["stories", "one.json", "-h"], ["stories", "one.json", "--help"],
        ["stories", "one.json", "extra.json"], ["stories", "one.json", "--notification", "1"],
        ["stories", "one.json", "--tags", "t.json"], ["stories", "one.json", "--"],
    ])
    func everyOtherCommandLineIsLeftToTheParse(_ arguments: [String]) {
        #expect(EarlyPicture.plan(arguments) == nil)
    }

    /// A value each neutral option takes.
    static let samples: [String: String] = [
        "--pixels": "sixel", "--app-group": "group", "--store": "s.sqlite", "--device": "iphone-16", "--sdk": "7.2.8",
        "--app-name": "Shop", "--record": "r.cast",
    ]

    // Each option the plain form lets through is a `stories` option, taking a value exactly when the plan reads one,
    // and changes neither the first page nor the story's cells: the same aspect ratio, no events pane, the same payload.
    @Test func theNeutralOptionsAreStoriesOptionsThatLeaveThePictureAsItIs() throws {
        for (name, takesValue) in EarlyPicture.neutralOptions {
            let arguments = ["one.json", name] + (takesValue ? [try #require(Self.samples[name], "a sample for \(name)")] : [])
            let command = try #require(try StoriesCommand.parseAsRoot(arguments) as? StoriesCommand, "\(name)")
            #expect(command.stories.file == "one.json")
            #expect(command.stories.aspectRatio == StoriesOptions().aspectRatio, "\(name)")
            #expect(!command.eventsPane, "\(name)")
            #expect(command.stories.notification == nil, "\(name)")
            #expect(EarlyPicture.plan(["stories"] + arguments) != nil, "\(name)")
            if name == "--app-group" { #expect(command.stories.appGroup == EarlyPicture.plan(["stories"] + arguments)?.appGroup) }
        }
    }

    func folder() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-early-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ text: String, to path: String) { FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }

    @Test func aLocalImageIsFoundBesideThePayloadAtTheScenesCells() throws {
        let dir = folder()
        write(#"{"pw_stories":{"pages":[{"image":"file:a.jpg","duration":5},{"image":"file:b.jpg","duration":5}]}}"#, to: dir + "/one.json")
        let plan = try #require(EarlyPicture.plan(["stories", dir + "/one.json"]))
        let screen = Size(width: 80, height: 40)
        let found = try #require(EarlyPicture.firstPicture(plan, environment: [:], screen: screen))
        #expect(found.path == dir + "/a.jpg")
        // The cells are the scene's own: a scene of that payload asks for its first picture ahead at those cells.
        let images = AheadRecorder()
        let scene = StoriesScene(input: try StoriesScene.load(path: dir + "/one.json"),
                                 configuration: .init(options: StoriesOptions(), collapsed: true),
                                 sink: EventSink(), images: images)
        scene.resize(to: screen, at: 0)
        _ = scene.lookahead(at: 0)
        #expect(images.asked.first?.url == "file:a.jpg")
        #expect(images.asked.first?.size == found.cells)
        for size in [Size(width: 80, height: 24), Size(width: 200, height: 60), Size(width: 30, height: 50)] {
            let other = AheadRecorder()
            let s = StoriesScene(input: try StoriesScene.load(path: dir + "/one.json"),
                                 configuration: .init(options: StoriesOptions(), collapsed: true), sink: EventSink(), images: other)
            s.resize(to: size, at: 0)
            _ = s.lookahead(at: 0)
            #expect(other.asked.first?.size == StoriesScene.storySize(screen: size, aspectRatio: 1.5, eventsPane: false), "\(size)")
        }
    }

    @Test func aRemoteImageIsTakenFromTheCacheOnlyWhenItIsThere() throws {
        let dir = folder(), group = folder()
        let url = "https://cdn.example.invalid/a.jpg"
        write(#"{"pw_stories":{"pages":[{"image":"\#(url)","duration":5}]}}"#, to: dir + "/one.json")
        let plan = try #require(EarlyPicture.plan(["stories", dir + "/one.json", "--app-group", group]))
        #expect(EarlyPicture.firstPicture(plan, environment: [:], screen: Size(width: 80, height: 40)) == nil)
        let cached = DiskCache(base: group).path(for: url)
        try FileManager.default.createDirectory(atPath: (cached as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        write("jpeg bytes", to: cached)
        #expect(EarlyPicture.firstPicture(plan, environment: [:], screen: Size(width: 80, height: 40))?.path == cached)
        // Without --app-group: the default cache, from the environment as the loader finds it.
        let home = folder()
        let plain = try #require(EarlyPicture.plan(["stories", dir + "/one.json"]))
        #expect(EarlyPicture.firstPicture(plain, environment: ["XDG_CACHE_HOME": home], screen: Size(width: 80, height: 40)) == nil)
    }

    @Test func aPayloadThatIsNotARegularFileOrTooLargeOrTooSmallAScreenIsLeftAlone() throws {
        let dir = folder()
        let fifo = dir + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A FIFO is not opened at all (with no writer, an open would wait; with one, its bytes are the parse's).
        let started = Date()
        #expect(EarlyPicture.firstPicture(try #require(EarlyPicture.plan(["stories", fifo])), environment: [:], screen: Size(width: 80, height: 40)) == nil)
        #expect(Date().timeIntervalSince(started) < 5)
        write(String(repeating: " ", count: EarlyPicture.payloadLimit + 1) + "{}", to: dir + "/big.json")
        #expect(EarlyPicture.firstPicture(try #require(EarlyPicture.plan(["stories", dir + "/big.json"])), environment: [:], screen: Size(width: 80, height: 40)) == nil)
        write(#"{"pw_stories":{"pages":[{"image":"file:a.jpg","duration":5}]}}"#, to: dir + "/one.json")
        let plan = try #require(EarlyPicture.plan(["stories", dir + "/one.json"]))
        #expect(EarlyPicture.firstPicture(plan, environment: [:], screen: Size(width: 8, height: 4)) == nil)
        write("not json", to: dir + "/bad.json")
        #expect(EarlyPicture.firstPicture(try #require(EarlyPicture.plan(["stories", dir + "/bad.json"])), environment: [:], screen: Size(width: 80, height: 40)) == nil)
        #expect(EarlyPicture.firstPicture(try #require(EarlyPicture.plan(["stories", dir + "/none.json"])), environment: [:], screen: Size(width: 80, height: 40)) == nil)
    }
}

/// An image source that makes a picture ahead for every request and remembers what was asked.
final class AheadRecorder: ImageSource {
    var asked: [(url: String, size: Size)] = []
    func slot(for url: String, size: Size) -> ImageSlot { .none }
    func prefetch(_ urls: [String]) {}
    var isBusy: Bool { false }
    func takeDiagnostics() -> [Diagnostic] { [] }
    func pictureAhead(for url: String, size: Size) -> Canvas? {
        asked.append((url, size))
        return Canvas(size: size)
    }
}
