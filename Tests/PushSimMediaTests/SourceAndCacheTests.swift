// Image sources (paths, file: URLs, http) and the SDK's disk cache names and atomic writes (spec §1.10).

import Foundation
import Testing
@testable import PushSimMedia

@Suite struct ImageLocationTests {
    @Test func relativePathResolvesAgainstThePayloadFolder() throws {
        #expect(try ImageLocation.resolve("../images/aurora.jpg", base: "/data/stories") == .file(path: "/data/images/aurora.jpg"))
        #expect(try ImageLocation.resolve("pic.png", base: "/data/stories") == .file(path: "/data/stories/pic.png"))
        #expect(try ImageLocation.resolve("/abs/pic.png", base: "/data/stories") == .file(path: "/abs/pic.png"))
    }

    // The samples use `file:../images/x.jpg`: the SDK needs a scheme, and the path is relative to the payload.
    @Test func relativeFileURLResolvesAgainstThePayloadFolder() throws {
        #expect(try ImageLocation.resolve("file:../images/aurora.jpg", base: "/data/stories") == .file(path: "/data/images/aurora.jpg"))
        #expect(try ImageLocation.resolve("file:/abs/x.png", base: "/data/stories") == .file(path: "/abs/x.png"))
    }

    @Test func absoluteFileURLsIncludingLocalhostAndPercentEncoding() throws {
        #expect(try ImageLocation.resolve("file:///tmp/a%20b.png", base: "/x") == .file(path: "/tmp/a b.png"))
        #expect(try ImageLocation.resolve("file://localhost/tmp/a.png", base: "/x") == .file(path: "/tmp/a.png"))
        #expect(throws: LoadFailure.self) { try ImageLocation.resolve("file://elsewhere/tmp/a.png", base: "/x") }
    }

    @Test func httpAndHttpsAreRemote() throws {
        #expect(try ImageLocation.resolve("https://cdn.example.com/a.jpg", base: "/x") == .remote(URL(string: "https://cdn.example.com/a.jpg")!))
        #expect(try ImageLocation.resolve("HTTP://cdn.example.com/a.jpg", base: "/x") == .remote(URL(string: "HTTP://cdn.example.com/a.jpg")!))
    }

    @Test func otherSchemesAreRefusedWithTheFix() {
        #expect(throws: LoadFailure("the URL scheme 'ftp:' is not supported; use http(s)://, file: or a path")) {
            try ImageLocation.resolve("ftp://example.com/a.jpg", base: "/x")
        }
    }
}

@Suite struct DiskCacheTests {
    // spec §1.10: the file name is the lowercase hex SHA-256 of url.absoluteString (values from `sha256sum`).
    @Test func fileNamesAreTheSHA256OfTheURLString() {
        #expect(DiskCache.fileName(for: "https://example.com/stories/aurora.jpg") == "a1cec771a98a82d043e846f2878ae6608e8f526a59fba76a3e2c54f9efb47225")
        #expect(DiskCache.fileName(for: "file:../images/aurora.jpg") == "973d2a3bdc5e4f3bd79af8f950c979bc3d61b24c7021e84354d9e1728e576634")
        #expect(DiskCache.fileName(for: "https://cdn.example.com/a%20b.png?x=1&y=2") == "2d0b84264390bca5a4cfaf6cc17edc628f9b6ac4ff9d0d2d55f931bb6c9ae917")
        #expect(DiskCache.fileName(for: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    // spec §1.10: <base>/pw_stories_cache/<name>, no extension.
    @Test func layoutUnderTheBase() {
        let cache = DiskCache(base: "/group")
        #expect(cache.directory == "/group/pw_stories_cache")
        #expect(cache.path(for: "https://example.com/stories/aurora.jpg") == "/group/pw_stories_cache/a1cec771a98a82d043e846f2878ae6608e8f526a59fba76a3e2c54f9efb47225")
    }

    @Test func defaultBaseFollowsXDG() {
        #expect(DiskCache.defaultBase(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/pushsim")
        #expect(DiskCache.defaultBase(environment: ["HOME": "/h"]) == "/h/.cache/pushsim")
        #expect(DiskCache.defaultBase(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/pushsim")
    }

    @Test func atomicWriteLeavesOnlyTheFinalFile() throws {
        let base = Fixtures.tempFolder()
        let cache = DiskCache(base: base)
        let url = "https://example.com/x.png"
        try cache.write(Data([1, 2, 3]), for: url)
        try cache.write(Data([4, 5]), for: url)
        #expect(cache.read(url) == Data([4, 5]))
        #expect(Fixtures.files(in: cache.directory) == [DiskCache.fileName(for: url)])
    }

    @Test func aFailedWriteLeavesNothingAndSaysWhere() throws {
        let base = Fixtures.tempFolder()
        // The cache folder's path is taken by a file, so the folder cannot be created.
        _ = FileManager.default.createFile(atPath: (base as NSString).appendingPathComponent("pw_stories_cache"), contents: Data())
        let cache = DiskCache(base: base)
        #expect(throws: LoadFailure.self) { try cache.write(Data([1]), for: "https://example.com/x.png") }
        #expect(Fixtures.files(in: base) == ["pw_stories_cache"])
    }
}
