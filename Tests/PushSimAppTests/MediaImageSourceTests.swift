// MediaImageSource: the ImageSource seam backed by the media layer, in synchronous (headless) and background modes.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens
import Testing
@testable import PushSimApp

@Suite final class MediaImageSourceTests {
    /// Where the bundled payloads live: their images are `file:../images/…` relative to this folder.
    static let storiesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/stories").standardizedFileURL.path

    /// This test's app groups, each a folder of its own under one that goes with the test.
    let groups = TestAppGroups()

    func source(_ mode: MediaImageSource.Mode) -> MediaImageSource {
        MediaImageSource(payloadFolder: Self.storiesFolder, appGroup: groups.next(), mode: mode, colorMode: .indexed256)
    }

    @Test func synchronousSlotIsRenderedAtOnce() {
        let s = source(.synchronous)
        guard case .image(let canvas) = s.slot(for: "file:../images/aurora.jpg", size: Size(width: 40, height: 20)) else {
            Issue.record("expected an image")
            return
        }
        #expect(canvas.size == Size(width: 40, height: 20))
        #expect(!s.isBusy)
        #expect(s.takeDiagnostics().isEmpty)
    }

    /// A campaign ZIP's missing entry, already warned of on reading: drawn as that failure, with no second warning,
    /// while an image the source already has is not taken away.
    @Test func anImageMarkedUnavailableFailsWithItsReasonAndNoWarning() {
        let s = source(.synchronous)
        s.markUnavailable("img/gone.png", reason: "not in the ZIP (no entry img/gone.png)")
        #expect(s.slot(for: "img/gone.png", size: Size(width: 10, height: 5)) == .failed("not in the ZIP (no entry img/gone.png)"))
        #expect(s.takeDiagnostics().isEmpty)
        let shown = "file:../images/aurora.jpg"
        _ = s.slot(for: shown, size: Size(width: 10, height: 5))
        s.markUnavailable(shown, reason: "no")
        guard case .image = s.slot(for: shown, size: Size(width: 10, height: 5)) else {
            Issue.record("an image already loaded was marked unavailable")
            return
        }
    }

    /// The picture's pixels in background mode: asked on the run loop, answered `.pending` at once (the decode and
    /// the encode run on a worker thread), then the wake descriptor is readable and the same request is ready —
    /// handed over once. Headless (synchronous) sources answer at once, so runs stay deterministic.
    @Test func pixelsAreEncodedOffTheCallersThreadThenHandedOverOnce() throws {
        let pipe = try #require(WakePipe())
        let s = MediaImageSource(payloadFolder: Self.storiesFolder, appGroup: groups.next(),
                                 mode: .background, colorMode: .indexed256, wake: pipe)
        let url = "file:../images/aurora.jpg"
        _ = s.slot(for: url, size: Size(width: 26, height: 20))
        s.waitUntilIdle()
        guard case .image(let canvas) = s.slot(for: url, size: Size(width: 26, height: 20)) else {
            Issue.record("expected an image")
            return
        }
        let provider = try #require(canvas.images.first?.pixels)
        let wake = try #require(provider.wake)
        #expect(wake == pipe.descriptor)
        // The page's load woke the run loop when it landed; read that empty first.
        #expect(Self.readable(wake))
        Self.empty(wake)
        let request = PixelRequest(proto: .sixel, cells: Size(width: 26, height: 20), cellPixels: Size(width: 10, height: 20))
        #expect(provider.answer(for: request) == .pending)
        #expect(provider.answer(for: request) == .pending)   // asked again while it runs: still one encode
        s.waitUntilIdle()
        #expect(Self.readable(wake))
        guard case .ready(let bytes) = provider.answer(for: request) else {
            Issue.record("expected the sixel once the worker finished")
            return
        }
        #expect(bytes.starts(with: Array("\u{1B}P".utf8)))
        #expect(String(decoding: bytes.prefix(40), as: UTF8.self).contains("\"1;1;260;"))   // 26 cells of 10 px
        // Handed over once (the terminal keeps it); asking again is a new encode.
        #expect(provider.answer(for: request) == .pending)
        s.waitUntilIdle()

        let sync = source(.synchronous)
        guard case .image(let c) = sync.slot(for: url, size: Size(width: 26, height: 20)) else {
            Issue.record("expected an image")
            return
        }
        #expect(c.images.first?.pixels.wake == nil)
        guard case .ready(let same) = c.images.first?.pixels.answer(for: request) else {
            Issue.record("a synchronous source answers at once")
            return
        }
        #expect(same == bytes)
    }

    /// A collapsed notification is almost always opened next: its first page's picture is encoded ahead (issue 15's
    /// performance line) with exactly the placement, size and scrim the opened page's frame will carry, so the terminal
    /// holds the bytes that frame sends. No cells are rendered ahead and nothing is reported; while a page plays the
    /// next page is the one ahead; a headless (synchronous) run never looks ahead.
    @Test func theCollapsedStoryEncodesItsFirstPageAhead() throws {
        let pipe = try #require(WakePipe())
        let s = MediaImageSource(payloadFolder: Self.storiesFolder, appGroup: groups.next(),
                                 mode: .background, colorMode: .indexed256, wake: pipe)
        let doc: JSONValue = ["aps": ["alert": ["title": "Aurora", "body": "Open"]], "pw_stories": ["pages": [
            ["image": "file:../images/aurora.jpg", "duration": 5, "title": "One", "subtitle": "Under the scrim"],
            ["image": "file:../images/dunes.jpg", "duration": 4, "title": "Two"],
        ]]]
        let scene = StoriesScene(input: try StoriesInput.read(doc), configuration: .init(collapsed: true), sink: EventSink(), images: s)
        #expect(scene.lookahead(at: 0) == nil)   // not sized yet: the layout is a guess
        scene.resize(to: Size(width: 80, height: 40), at: 0)
        _ = scene.render(at: 0)
        let ahead = try #require(scene.lookahead(at: 0))
        let placed = try #require(ahead.images.first)
        #expect(ahead.images.count == 1 && placed.rect == scene.layout.story && placed.scrim != nil)
        #expect(!s.isBusy)   // the picture's pixels only: no cells rendered ahead
        let request = PixelRequest(proto: .sixel, cells: Size(width: placed.rect.width, height: placed.rect.height),
                                   cellPixels: Size(width: 10, height: 20), scrim: placed.scrim)
        #expect(placed.pixels.answer(for: request) == .pending)
        s.waitUntilIdle()
        #expect(Self.readable(pipe.descriptor))
        guard case .ready(let bytes) = placed.pixels.answer(for: request) else {
            Issue.record("expected the first page's sixel, made while the notification is collapsed")
            return
        }
        #expect(bytes.starts(with: Array("\u{1B}P".utf8)))
        #expect(scene.lookahead(at: 0.1) == ahead)   // kept: asking after every frame costs nothing

        // Opened: the page's frame carries the very placement prepared (same key, cells and scrim), so the terminal
        // sends the bytes it holds in the first frame that shows the page.
        scene.handle(.key(.enter), at: 0.2)
        s.waitUntilIdle()
        let shown = try #require(scene.render(at: 0.3).images.first)
        #expect(shown == placed)
        #expect(s.takeDiagnostics().isEmpty)
        // Playing page 1: page 2 is the one ahead.
        let next = try #require(scene.lookahead(at: 0.3)?.images.first)
        #expect(next.key.hasPrefix("file:../images/dunes.jpg@") && next.rect == placed.rect)
        s.waitUntilIdle()

        let headless = StoriesScene(input: try StoriesInput.read(doc), configuration: .init(collapsed: true), sink: EventSink(),
                                    images: source(.synchronous))
        headless.resize(to: Size(width: 80, height: 40), at: 0)
        #expect(headless.lookahead(at: 0) == nil)
    }

    /// In a terminal that shows pixels, a page whose cells are not rendered yet shows its picture's box blank (the
    /// placement the pixels go into, as chafa shows nothing before its picture) rather than a spinner, and its cells
    /// are rendered only once the encode is over: on two cores they took a core from it. They still come (an overlay
    /// covering the picture shows them).
    @Test func aPictureBeingEncodedIsABlankBoxAndItsCellsWait() throws {
        let pipe = try #require(WakePipe())
        let s = MediaImageSource(payloadFolder: Self.storiesFolder, appGroup: groups.next(),
                                 mode: .background, colorMode: .indexed256, wake: pipe)
        let url = "file:../images/aurora.jpg", size = Size(width: 26, height: 20)
        let placed = try #require(s.pictureAhead(for: url, size: size)?.images.first)
        let request = PixelRequest(proto: .sixel, cells: size, cellPixels: Size(width: 10, height: 20))
        #expect(placed.pixels.answer(for: request) == .pending)
        guard case .image(let box) = s.slot(for: url, size: size) else {
            Issue.record("expected the picture's box, not a spinner")
            return
        }
        #expect(box.images.first?.key == placed.key)
        #expect((0..<size.height).allSatisfy { y in (0..<size.width).allSatisfy { box[$0, y] == .blank } })
        #expect(s.isBusy)
        var both = false
        while s.isBusy {
            let w = s.work(on: url)
            both = both || (w.encoding && w.rendering)
            usleep(100)
        }
        #expect(!both, "the cells rendered while the pixels encoded")
        s.waitUntilIdle()
        guard case .image(let cells) = s.slot(for: url, size: size) else {
            Issue.record("expected the rendered cells once the encode was over")
            return
        }
        #expect(cells.images.first?.key == placed.key && cells != box)
        guard case .ready = placed.pixels.answer(for: request) else {
            Issue.record("expected the picture's bytes")
            return
        }
        // Without a terminal asking for pixels, a page that loads shows the spinner (spec §1.7).
        #expect(s.slot(for: "file:../images/dunes.jpg", size: size) == .loading)
        s.waitUntilIdle()
    }

    static func readable(_ fd: Int32) -> Bool {
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) == 1
    }

    static func empty(_ fd: Int32) {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(fd, &sink, sink.count) > 0 {}
    }

    /// A background load wakes the run loop when it lands (not at the scene's next 50 ms poll), and an idle source
    /// writes nothing, so an idle run has no wake-ups.
    @Test func aBackgroundLoadWakesTheRunLoopWhenItLands() throws {
        let pipe = try #require(WakePipe())
        let s = MediaImageSource(payloadFolder: Self.storiesFolder, appGroup: groups.next(),
                                 mode: .background, colorMode: .indexed256, wake: pipe)
        #expect(!Self.readable(pipe.descriptor))
        #expect(s.slot(for: "file:../images/dunes.jpg", size: Size(width: 20, height: 10)) == .loading)
        s.waitUntilIdle()
        #expect(Self.readable(pipe.descriptor))
        Self.empty(pipe.descriptor)
        #expect(!Self.readable(pipe.descriptor))
        guard case .image = s.slot(for: "file:../images/dunes.jpg", size: Size(width: 20, height: 10)) else {
            Issue.record("expected the image")
            return
        }
        #expect(!Self.readable(pipe.descriptor))
    }

    @Test func payloadFolderOfAFile() {
        #expect(MediaImageSource.folder(of: "/a/b/story.json") == "/a/b")
    }

    // A failed image: a placeholder with the reason, and one warning however often the page is shown.
    @Test func failureIsReportedOnceWithTheReason() {
        let s = source(.synchronous)
        let missing = (Self.storiesFolder as NSString).deletingLastPathComponent + "/images/nope.jpg"
        #expect(s.slot(for: "file:../images/nope.jpg", size: Size(width: 10, height: 5)) == .failed("no such file: \(missing)"))
        #expect(s.slot(for: "file:../images/nope.jpg", size: Size(width: 12, height: 5)) == .failed("no such file: \(missing)"))
        #expect(s.takeDiagnostics() == [Diagnostic(.warning, path: "", "image file:../images/nope.jpg could not be loaded: no such file: \(missing); a placeholder is shown")])
        #expect(s.takeDiagnostics().isEmpty)
    }

    // An unreachable server: a placeholder with the reason and one warning, quickly, never a hang.
    @Test func unreachableServerIsAFailedSlotWithAWarning() {
        let s = MediaImageSource(payloadFolder: Self.storiesFolder, appGroup: groups.next(),
                                 mode: .synchronous, colorMode: .indexed256, fetch: FetchLimits(connectTimeout: 2, totalTimeout: 2))
        let url = "http://127.0.0.1:1/page.jpg"
        #expect(s.slot(for: url, size: Size(width: 10, height: 5)) == .failed("could not connect to 127.0.0.1:1 (connection refused)"))
        #expect(s.takeDiagnostics() == [Diagnostic(.warning, path: "", "image \(url) could not be loaded: could not connect to 127.0.0.1:1 (connection refused); a placeholder is shown")])
    }

    @Test func emptyURLOrSizeIsNoImage() {
        let s = source(.synchronous)
        #expect(s.slot(for: "", size: Size(width: 10, height: 5)) == .none)
        #expect(s.slot(for: "file:../images/aurora.jpg", size: Size(width: 0, height: 5)) == .none)
    }

    // spec §1.7: a spinner while the image is not in memory; the image once it lands.
    @Test func backgroundLoadsShowLoadingThenTheImage() {
        let s = source(.background)
        let size = Size(width: 30, height: 15)
        #expect(s.slot(for: "file:../images/dunes.jpg", size: size) == .loading)
        s.waitUntilIdle()
        #expect(!s.isBusy)
        guard case .image(let c) = s.slot(for: "file:../images/dunes.jpg", size: size) else {
            Issue.record("expected the image after the load landed")
            return
        }
        #expect(c.size == size)
        // Decoded in memory: another size is drawn at once, with no spinner (the SDK sets a cached image directly).
        guard case .image = s.slot(for: "file:../images/dunes.jpg", size: Size(width: 20, height: 10)) else {
            Issue.record("expected an immediate render from memory")
            return
        }
    }

    // spec §1.10: pages 1…n-1 are pre-fetched after the first is shown (decoded into memory, rendered at the size in use).
    @Test func prefetchWarmsMemoryInTheBackground() {
        let s = source(.background)
        let size = Size(width: 16, height: 8)
        _ = s.slot(for: "file:../images/city.png", size: size)
        s.prefetch(["file:../images/ocean.jpg", "file:../images/forest.png"])
        s.waitUntilIdle()
        #expect(s.loader.isInMemory("file:../images/ocean.jpg") && s.loader.isInMemory("file:../images/forest.png"))
        guard case .image = s.slot(for: "file:../images/forest.png", size: size) else {
            Issue.record("expected the pre-fetched page to be ready")
            return
        }
    }

    @Test func backgroundFailureLandsAsAFailedSlot() {
        let s = source(.background)
        #expect(s.slot(for: "file:../images/nope.png", size: Size(width: 8, height: 4)) == .loading)
        s.waitUntilIdle()
        guard case .failed(let reason) = s.slot(for: "file:../images/nope.png", size: Size(width: 8, height: 4)) else {
            Issue.record("expected a failed slot")
            return
        }
        #expect(reason.hasPrefix("no such file: "))
        #expect(s.takeDiagnostics().count == 1)
    }
}

/// App-group folders for one test, under a temporary folder removed when the test's suite instance goes (Swift
/// Testing makes one per test): the render cache each source writes there no longer stays behind in /tmp.
final class TestAppGroups: @unchecked Sendable {
    let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("pushsim-app-\(UUID().uuidString)")

    /// A new app-group path (not created: the source makes what it writes).
    func next() -> String { (root as NSString).appendingPathComponent(UUID().uuidString) }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}
