// Downloads against a local server the tests start: every bad answer is a failed load with a reason, never a hang.

import Foundation
import PushSimCanvas
import Testing
@testable import PushSimMedia

@Suite(.serialized) final class HostileServerTests {
    let server: TestHTTPServer
    let png = Fixtures.image("avatar-2.png")

    init() throws {
        let png = Fixtures.image("avatar-2.png")
        server = try TestHTTPServer(routes: [
            "/ok.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: png),
            "/once": .respond(status: 302, headers: ["Location": "/ok.png"]),
            "/missing.png": .respond(status: 404),
            "/error.png": .respond(status: 500),
            "/slow.png": .stall(seconds: 5),
            "/loop": .respond(status: 302, headers: ["Location": "/loop"]),
            "/page.html": .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>Sale!</body></html>".utf8)),
            "/truncated.png": .truncate(body: png.prefix(300), declared: png.count),
            "/huge.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: png.prefix(100), declaredLength: 50_000_000_000),
            "/endless.png": .stream(total: 4 * 1024 * 1024),
            // Complete answers whose bytes still do not decode: half a JPEG, and a decompression bomb.
            "/cut.jpg": .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: Self.cutJPEG),
            "/bomb.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Fixtures.pngBomb(width: 50_000, height: 50_000)),
        ])
    }

    deinit { server.stop() }

    /// Generous timeouts for answers that come at once (the machine may be busy); 0.5 s for the slow server.
    func loader(_ base: String = Fixtures.tempFolder(), timeout: Double = 5) -> ImageLoader {
        ImageLoader(configuration: .init(baseDirectory: "/", cache: DiskCache(base: base),
                                         fetch: FetchLimits(connectTimeout: timeout, totalTimeout: timeout, maxBytes: 1024 * 1024, maxRedirects: 5)))
    }

    /// Loads `path` and returns the failure reason, checking nothing was left in the cache folder.
    func failure(_ path: String, timeout: Double = 5) -> String? {
        let base = Fixtures.tempFolder()
        let l = loader(base, timeout: timeout)
        let started = Date()
        defer { #expect(Date().timeIntervalSince(started) < timeout + 1.5, "\(path) took too long") }
        do {
            _ = try l.render(server.url(path), size: Size(width: 10, height: 5))
            return nil
        } catch {
            #expect(Fixtures.files(in: (base as NSString).appendingPathComponent("pw_stories_cache")).isEmpty, "\(path) left a file")
            return error.reason
        }
    }

    @Test func okIsRenderedAndCachedUnderItsSHA256Name() throws {
        let base = Fixtures.tempFolder()
        let l = loader(base)
        let url = server.url("/ok.png")
        let canvas = try l.render(url, size: Size(width: 10, height: 5))
        #expect(canvas.size == Size(width: 10, height: 5))
        let cache = DiskCache(base: base)
        #expect(Fixtures.files(in: cache.directory) == [DiskCache.fileName(for: url)])
        #expect(cache.read(url) == png)
        // A second loader (a later run) finds the file and never asks the server again.
        _ = try loader(base).image(for: url)
        #expect(server.hitCount("/ok.png") == 1)
    }

    @Test func oneRedirectIsFollowed() throws {
        _ = try loader().image(for: server.url("/once"))
    }

    @Test func notFound() { #expect(failure("/missing.png") == "the server answered HTTP 404 (Not Found)") }

    @Test func serverError() { #expect(failure("/error.png") == "the server answered HTTP 500 (Internal Server Error)") }

    @Test func slowServerTimesOut() { #expect(failure("/slow.png", timeout: 0.5) == "timed out after 0.5 s") }

    @Test func redirectLoop() { #expect(failure("/loop") == "too many redirects (more than 5)") }

    @Test func nonImageBody() { #expect(failure("/page.html") == "not an image (31 bytes, text/html)") }

    @Test func truncatedBody() { #expect(failure("/truncated.png") == "truncated: the connection closed after 300 of \(png.count) bytes") }

    @Test func hugeDeclaredSize() { #expect(failure("/huge.png") == "too large: the server declared 47683 MB, over the 1 MB limit") }

    @Test func endlessBodyIsCutAtTheCap() { #expect(failure("/endless.png") == "too large: more than 1 MB arrived, the limit") }

    @Test func nobodyListening() {
        let l = loader()
        #expect(throws: LoadFailure.self) { try l.image(for: "http://127.0.0.1:1/x.png") }
    }

    static let cutJPEG = { let j = Fixtures.image("dunes.jpg"); return j.prefix(j.count / 2) }()
    static let bombFailure = "the image is 50000×50000 (2500 MP), over the 50 MP decoding budget; refused before decoding"

    // Issue 12, item 4: only bytes that decoded within the limits enter the disk cache (`failure` checks the
    // cache folder is empty). Before, both were kept because their header was an image, and never fetched again.
    @Test func aTruncatedJPEGIsNotCached() { #expect(failure("/cut.jpg") != nil) }

    @Test func aDecompressionBombIsNotCached() { #expect(failure("/bomb.png") == Self.bombFailure) }

    @Test func prefetchKeepsOnlyWhatDecodesAndTriesTheRestAgain() {
        let base = Fixtures.tempFolder()
        let urls = [server.url("/cut.jpg"), server.url("/bomb.png")]
        let first = Prefetcher.run(urls, loader: loader(base))
        #expect(first.failed.count == 2)
        #expect(first.items.last?.outcome == .failed(LoadFailure(Self.bombFailure)))
        #expect(Fixtures.files(in: DiskCache(base: base).directory).isEmpty)
        // Nothing was kept, so a second run asks the server again instead of trusting a bad file.
        let second = Prefetcher.run(urls, loader: loader(base))
        #expect(second.failed.count == 2 && second.cached == 0)
        #expect(server.hitCount("/cut.jpg") == 2 && server.hitCount("/bomb.png") == 2)
    }

    @Test func aCachedFileThatNoLongerDecodesIsFetchedAgain() throws {
        let base = Fixtures.tempFolder()
        let url = server.url("/ok.png")
        try DiskCache(base: base).write(Self.cutJPEG, for: url)
        let image = try loader(base).image(for: url)
        #expect(image.format == "png")
        #expect(server.hitCount("/ok.png") == 1)
        #expect(DiskCache(base: base).read(url) == png)
    }

    // spec §1.10: the pre-fetcher skips what is on disk, downloads the rest, keeps only images.
    @Test func prefetchSummary() throws {
        let base = Fixtures.tempFolder()
        let l = loader(base)
        try DiskCache(base: base).write(png, for: server.url("/cached.png"))
        let local = (Fixtures.imagesFolder as NSString).appendingPathComponent("avatar-1.png")
        let urls = [server.url("/ok.png"), server.url("/cached.png"), server.url("/missing.png"), server.url("/ok.png"), "file://" + local]
        let summary = Prefetcher.run(urls, loader: l)
        #expect(summary.items.map(\.url) == [server.url("/ok.png"), server.url("/cached.png"), server.url("/missing.png"), "file://" + local])
        #expect(summary.fetched == 1 && summary.cached == 1 && summary.local == 1)
        #expect(summary.failed.map(\.outcome) == [.failed(LoadFailure("the server answered HTTP 404 (Not Found)"))])
        #expect(server.hitCount("/cached.png") == 0)
    }
}
