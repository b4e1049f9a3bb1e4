// MediaImageSource at a new terminal size: the picture shown before stays (fitted to its new box) while the new size
// renders on a worker, and sizes a burst of resizes passes through while one renders are never rendered.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens
import Testing
@testable import PushSimApp

/// Stands in front of a source's renderer and encoder: records what each is asked for and on which thread, and
/// holds the work until `open()` (with a deadline, so a render made on the caller's thread fails the test instead of
/// hanging it).
final class GatedMediaWork: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private(set) var renderedSizes: [Size] = []
    private(set) var encodedCells: [Size] = []
    private(set) var threads: [pthread_t] = []

    init(on source: MediaImageSource) {
        let loader = source.loader
        source.renderer = { [self] url, size throws(LoadFailure) in
            hold { renderedSizes.append(size) }
            return try loader.render(url, size: size)
        }
        source.encoder = { [self] url, request in
            hold { encodedCells.append(request.cells) }
            return MediaImageSource.encodePixels(loader, url, request)
        }
    }

    private func hold(_ note: () -> Void) {
        condition.lock()
        note()
        threads.append(pthread_self())
        let deadline = Date(timeIntervalSinceNow: 2)
        while !isOpen && condition.wait(until: deadline) {}
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    var log: (rendered: [Size], encoded: [Size], threads: [pthread_t]) {
        condition.lock(); defer { condition.unlock() }
        return (renderedSizes, encodedCells, threads)
    }
}

@Suite final class MediaImageSourceResizeTests {
    let url = "file:../images/aurora.jpg"
    let groups = TestAppGroups()

    func source(_ pipe: WakePipe) -> MediaImageSource {
        MediaImageSource(payloadFolder: MediaImageSourceTests.storiesFolder,
                         appGroup: groups.next(), mode: .background,
                         colorMode: .indexed256, wake: pipe)
    }

    /// The picture as the source has it at `size` now (an image, else the test fails).
    func cells(_ s: MediaImageSource, _ size: Size) -> Canvas? {
        guard case .image(let c) = s.slot(for: url, size: size) else {
            Issue.record("expected a picture at \(size)")
            return nil
        }
        return c
    }

    /// Loaded and shown at `size` in the background, the wake pipe read empty after.
    func shown(_ s: MediaImageSource, _ pipe: WakePipe, at size: Size) -> Canvas? {
        #expect(s.slot(for: url, size: size) == .loading)
        s.waitUntilIdle()
        MediaImageSourceTests.empty(pipe.descriptor)
        return cells(s, size)
    }

    @Test func thePictureShownBeforeAResizeStaysUntilItsNewSizeRenders() throws {
        let pipe = try #require(WakePipe())
        let s = source(pipe)
        let before = Size(width: 30, height: 15), after = Size(width: 40, height: 21)
        let old = try #require(shown(s, pipe, at: before))
        let work = GatedMediaWork(on: s)
        s.terminalResized()
        // At once, with no render on this thread: the old cells centred in the new box, blank around them.
        let standIn = try #require(cells(s, after))
        #expect(standIn.size == after)
        #expect(standIn.images.first?.key == "\(url)@\(after)")
        for y in 0..<after.height {
            for x in 0..<after.width {
                let (ox, oy) = (x - 5, y - 3)
                let expected = (0..<before.width).contains(ox) && (0..<before.height).contains(oy) ? old[ox, oy] : .blank
                #expect(standIn[x, y] == expected, "cell \(x),\(y)")
            }
        }
        // Nothing on screen animates and the render's end wakes the loop: no 50 ms polling frames meanwhile.
        #expect(!s.isBusy)
        #expect(s.work(on: url).rendering)
        // Asked again (the next frame) while it renders: the same stand-in, and still one render.
        #expect(cells(s, after) == standIn)
        #expect(!MediaImageSourceTests.readable(pipe.descriptor))
        work.open()
        s.waitUntilIdle()
        // The render's completion wakes the run loop, which draws the new size once.
        #expect(MediaImageSourceTests.readable(pipe.descriptor))
        let rendered = try #require(cells(s, after))
        #expect(rendered != standIn && rendered.size == after)
        #expect(rendered.images.first?.key == standIn.images.first?.key)
        let log = work.log
        #expect(log.rendered == [after])
        #expect(log.threads.allSatisfy { pthread_equal($0, pthread_self()) == 0 }, "rendered on the caller's thread")
        #expect(!s.isBusy)
    }

    /// A window dragged through sizes: the size being rendered finishes, the ones passed meanwhile are never rendered,
    /// and the size the drag ends at is rendered next.
    @Test func aBurstOfResizesRendersOnlyTheSizeItEndsAt() throws {
        let pipe = try #require(WakePipe())
        let s = source(pipe)
        _ = try #require(shown(s, pipe, at: Size(width: 30, height: 15)))
        let work = GatedMediaWork(on: s)
        let burst = (1...6).map { Size(width: 30 + 3 * $0, height: 15 + $0) }
        for size in burst {
            s.terminalResized()
            #expect(cells(s, size)?.size == size)
        }
        work.open()
        s.waitUntilIdle()
        #expect(work.log.rendered == [burst[0], burst[5]])
        guard case .image = s.slot(for: url, size: burst[5]) else {
            Issue.record("the last size was not rendered")
            return
        }
        #expect(!s.isBusy)
    }

    /// A render that lands after a further resize (the frame at the new size not drawn yet) counts for the size it was
    /// asked at: the next size is still rendered on a worker, with that render as its stand-in.
    @Test func aRenderLandingAfterTheNextResizeIsStillAStandIn() throws {
        let pipe = try #require(WakePipe())
        let s = source(pipe)
        _ = try #require(shown(s, pipe, at: Size(width: 30, height: 15)))
        let work = GatedMediaWork(on: s)
        let b = Size(width: 36, height: 18), c = Size(width: 40, height: 21)
        s.terminalResized()
        _ = cells(s, b)
        s.terminalResized()
        work.open()
        s.waitUntilIdle()
        let rendered = try #require(s.loader.renders.value(for: ImageLoader.RenderKey(url: url, size: b, options: s.loader.configuration.render)))
        let standIn = try #require(cells(s, c))
        let same = standIn.cells == MediaImageSource.fit(rendered, into: c).cells
        #expect(same, "the stand-in is not the render that landed")
        s.waitUntilIdle()
        #expect(work.log.rendered == [b, c])
        #expect(work.log.threads.allSatisfy { pthread_equal($0, pthread_self()) == 0 }, "rendered on the caller's thread")
    }

    /// The same for a picture's pixels: requests of one URL made while one encodes wait, and only the last one asked is
    /// encoded next (the terminal asks again for the picture it still shows).
    @Test func aBurstOfPixelRequestsEncodesOnlyTheLastAsked() throws {
        let pipe = try #require(WakePipe())
        let s = source(pipe)
        let work = GatedMediaWork(on: s)
        let requests = (0..<4).map { PixelRequest(proto: .sixel, cells: Size(width: 20 + $0, height: 10 + $0), cellPixels: Size(width: 10, height: 20)) }
        for r in requests { #expect(s.pixels(url, r) == .pending) }
        work.open()
        s.waitUntilIdle()
        #expect(work.log.encoded == [requests[0].cells, requests[3].cells])
        guard case .ready = s.pixels(url, requests[3]) else {
            Issue.record("the last request's bytes are not ready")
            return
        }
        guard case .ready = s.pixels(url, requests[0]) else {
            Issue.record("the first request's bytes were dropped")
            return
        }
        // A request dropped while waiting is encoded when asked again.
        #expect(s.pixels(url, requests[1]) == .pending)
        s.waitUntilIdle()
        guard case .ready = s.pixels(url, requests[1]) else {
            Issue.record("a request asked again was not encoded")
            return
        }
    }

    /// Without a resize, another size of a picture decoded in memory (a notification's thumbnail opened into its story)
    /// is rendered at once, as the SDK shows an image it holds: no stand-in.
    @Test func anotherSizeWithoutAResizeIsRenderedAtOnce() throws {
        let pipe = try #require(WakePipe())
        let s = source(pipe)
        _ = try #require(shown(s, pipe, at: Size(width: 6, height: 3)))
        let big = Size(width: 30, height: 15)
        let c = try #require(cells(s, big))
        #expect(c == s.loader.renders.value(for: ImageLoader.RenderKey(url: url, size: big, options: s.loader.configuration.render)).map {
            $0.withPicture(key: "\(url)@\(big)", pixels: c.images[0].pixels)
        })
        #expect(!s.isBusy)
    }

    /// A story in a terminal resized while a page shows (the simulated clock; cells, no pixels): the frame at the new
    /// size comes with no render on the run loop's thread and shows the page's picture, not a spinner; the render's
    /// arrival brings the new size's picture.
    @Test func aStoryResizedKeepsItsPictureWhileTheNewSizeRenders() throws {
        let pipe = try #require(WakePipe())
        let s = source(pipe)
        let doc: JSONValue = ["pw_stories": ["pages": [["image": .string(url), "duration": 5, "title": "One"]]]]
        let scene = StoriesScene(input: try StoriesInput.read(doc), configuration: .init(), sink: EventSink(), images: s)
        scene.resize(to: Size(width: 80, height: 40), at: 0)
        _ = scene.render(at: 0)
        s.waitUntilIdle()
        let first = scene.render(at: 0.1)
        let work = GatedMediaWork(on: s)
        scene.resize(to: Size(width: 100, height: 50), at: 0.2)
        let during = scene.render(at: 0.2)
        let story = scene.layout.story
        #expect(during.images.first?.rect == story)
        #expect(!StoriesScreen.spinnerFrames.contains { during.plainText.contains($0) })
        let centre = (story.x + story.width / 2, story.y + story.height / 4)
        #expect(during[centre.0, centre.1] != .blank, "the picture's middle is blank")
        work.open()
        s.waitUntilIdle()
        let after = scene.render(at: 0.3)
        #expect(after != during && after != first)
        #expect(work.log.rendered == [Size(width: story.width, height: story.height)])
        #expect(work.log.threads.allSatisfy { pthread_equal($0, pthread_self()) == 0 })
    }
}
