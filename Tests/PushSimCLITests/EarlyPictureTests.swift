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
        ["stories", ""], ["stories", "one.json", "--events-pane"],
        ["stories", "one.json", "--aspect-ratio", "2"], ["stories", "one.json", "--pixels", "off"],
        ["stories", "one.json", "--pixels", "nonsense"], ["stories", "one.json", "--pixels"],
        ["stories", "one.json", "--loop=yes"], ["stories", "one.json", "-h"], ["stories", "one.json", "--help"],
        ["stories", "one.json", "extra.json"], ["stories", "one.json", "--notification", "1"],
        ["stories", "one.json", "--tags", "t.json"], ["stories", "one.json", "--"],
        // The headless options only with --headless, which draws no pixels, and read as the command reads them.
        ["stories", "one.json", "--size", "80x40"], ["stories", "one.json", "--frames", "-", "--pixels", "sixel"],
        ["stories", "one.json", "--headless", "--pixels", "sixel"], ["stories", "one.json", "--headless", "--size", "0x0"],
        ["stories", "one.json", "--headless", "--size", "80"], ["stories", "one.json", "--headless", "--colors", "many"],
        ["stories", "one.json", "--headless", "--symbols", "nonsense"], ["stories", "one.json", "--headless", "--size"],
        ["stories", "one.json", "--headless", "--aspect-ratio", "2"], ["stories", "one.json", "--headless=yes"],
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

    @Test func theHeadlessFormIsRecognised() {
        #expect(EarlyPicture.plan(["stories", "one.json", "--headless"])
                == .init(payload: "one.json", appGroup: nil, pixels: .auto, headless: true, size: TerminalOptions.defaultSize))
        #expect(EarlyPicture.plan(["stories", "one.json", "--headless", "--size", "80x40", "--app-group", "g", "--frames", "-",
                                   "--colors=mono", "--symbols", "block", "--script", "wait 1", "--events", "e.jsonl"])
                == .init(payload: "one.json", appGroup: "g", pixels: .auto, headless: true, size: Size(width: 80, height: 40),
                         colors: "mono", symbols: "block"))
    }

    /// A value each headless option takes.
    static let headlessSamples: [String: String] = [
        "--size": "80x40", "--frames": "-", "--colors": "256", "--symbols": "block", "--script": "wait 1",
        "--script-file": "s.txt", "--events": "-",
    ]

    /// A folder with a one-page story whose picture is `a.jpg` beside it.
    func story() -> String {
        let dir = folder()
        write(#"{"pw_stories":{"pages":[{"image":"file:a.jpg","duration":5},{"image":"file:b.jpg","duration":5}]}}"#, to: dir + "/one.json")
        return dir
    }

    // Each headless option is a `stories` option, taking a value exactly when the plan reads one; it leaves the first
    // page and the story's cells as they are, and the cells' colours and symbols are the ones the command's images have.
    @Test func theHeadlessOptionsAreStoriesOptionsThatTheCellsAreReadFrom() throws {
        let dir = story()
        for (name, takesValue) in EarlyPicture.headlessOptions {
            var arguments = [dir + "/one.json", "--store", dir + "/s.sqlite", name]
            if takesValue { arguments.append(try #require(Self.headlessSamples[name], "a sample for \(name)")) }
            if name != "--headless" { arguments.append("--headless") }
            let command = try #require(try StoriesCommand.parseAsRoot(arguments) as? StoriesCommand, "\(name)")
            let plan = try #require(EarlyPicture.plan(["stories"] + arguments), "\(name)")
            #expect(command.terminal.headless && plan.headless)
            #expect(command.terminal.parsedSize == plan.size, "\(name)")
            #expect(!command.eventsPane, "\(name)")
            let environment = ProcessInfo.processInfo.environment
            let images = command.terminal.imageSource(payload: command.stories.file, appGroup: command.stories.appGroup, fetch: command.stories.fetch)
            #expect(images.loader.configuration.render == EarlyPicture.renderOptions(plan, environment: environment), "\(name)")
            #expect(images.loader.configuration.decode == DecodeLimits())
            // The scene the command makes asks for its first picture at the cells the plan works out.
            let recorder = SlotRecorder()
            let scene = command.stories.makeScene(sink: EventSink(), images: recorder, headless: true, device: command.device)
            scene.resize(to: plan.size, at: 0)
            let found = try #require(EarlyPicture.firstPicture(plan, environment: environment, screen: plan.size), "\(name)")
            #expect(found.path == dir + "/a.jpg")
            #expect(recorder.asked.first?.url == "file:a.jpg", "\(name)")
            #expect(recorder.asked.first?.size == found.cells, "\(name)")
        }
        // The colours from the environment as the command reads them: NO_COLOR, COLORTERM, TERM.
        let plan = try #require(EarlyPicture.plan(["stories", dir + "/one.json", "--headless"]))
        #expect(EarlyPicture.renderOptions(plan, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])?.colorMode == .monochrome)
        #expect(EarlyPicture.renderOptions(plan, environment: ["COLORTERM": "truecolor"])?.colorMode == .truecolor)
        #expect(EarlyPicture.renderOptions(plan, environment: ["TERM": "xterm"])?.colorMode == .indexed8)
    }

    @Test func aHeadlessRunsFirstCellsAreMadeAsTheLoaderWouldMakeThem() throws {
        let dir = story()
        try FileManager.default.copyItem(atPath: Self.aurora, toPath: dir + "/a.jpg")
        let group = folder()
        let plan = try #require(EarlyPicture.plan(["stories", dir + "/one.json", "--headless", "--size", "80x40", "--app-group", group]))
        let early = EarlyDecode()
        EarlyPicture.decode(plan, environment: ["TERM": "xterm-256color"], into: early)
        let cells = try #require(EarlyPicture.firstPicture(plan, environment: [:], screen: plan.size)).cells
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.jpg"))
        let options = RenderOptions(colorMode: .indexed256, symbols: .halfBlocks)
        let made = try #require(early.takeCells(bytes: bytes, cells: cells, options: options, limits: DecodeLimits()))
        // What the command's own loader draws for that page from scratch.
        let loader = ImageLoader(configuration: .init(baseDirectory: dir, cache: DiskCache(base: folder()), render: options), early: EarlyDecode())
        #expect(made.rendered == (try loader.render("file:a.jpg", size: cells)))
    }

    static let aurora: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Resources/images/aurora.jpg").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Resources/images/aurora.jpg").path
    }()

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

/// An image source that remembers the cells asked for.
final class SlotRecorder: ImageSource {
    var asked: [(url: String, size: Size)] = []
    func slot(for url: String, size: Size) -> ImageSlot {
        asked.append((url, size))
        return .none
    }
    func prefetch(_ urls: [String]) {}
    var isBusy: Bool { false }
    func takeDiagnostics() -> [Diagnostic] { [] }
}
