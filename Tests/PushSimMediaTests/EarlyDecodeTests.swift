// The decode started before the command line is parsed: taken only as the very decode the loader would make.

import Foundation
import Testing
@testable import PushSimMedia
import PushSimCanvas

@Suite struct EarlyDecodeTests {
    static let box = Size(width: 520, height: 780)

    /// The bench photo written to a fresh folder, with its bytes.
    func photo() -> (folder: String, path: String, bytes: Data) {
        let folder = Fixtures.tempFolder()
        let bytes = Fixtures.image("aurora.jpg")
        let path = folder + "/aurora.jpg"
        FileManager.default.createFile(atPath: path, contents: bytes)
        return (folder, path, bytes)
    }

    @Test func theSameBytesBoxAndLimitsGetTheLoadersOwnDecode() throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.outcome == .pending)
        let taken = try #require(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()))
        // The decoder is deterministic: what was made early is what the loader would have decoded.
        #expect(taken == (try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Self.box)))
        #expect(early.outcome == .taken)
        // One answer per process: asked again, it has nothing (and holds nothing).
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
    }

    @Test(arguments: ["box", "bytes", "limits"])
    func anyOtherRequestFindsNothingAndDropsIt(_ differing: String) {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        var other = bytes
        other[other.count - 3] ^= 0xFF
        let answer = early.take(bytes: differing == "bytes" ? other : bytes,
                                pixels: differing == "box" ? Size(width: 521, height: 780) : Self.box,
                                limits: differing == "limits" ? DecodeLimits(maxSide: 1000) : DecodeLimits())
        #expect(answer == nil)
        #expect(early.outcome == .missed)
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
    }

    @Test func aRequestBeforeAnyDecodeEndsItUnstarted() {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
        // Too late: a decode started now would be for nobody, so none is.
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.outcome == .none)
    }

    @Test func aRequestWhileTheDecodeRunsWaitsForIt() {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            started.signal()
            early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        }
        thread.start()
        started.wait()
        // Once it has begun, whether it is still running or done, the answer is the decode, never nil.
        var waited = 0
        while early.outcome == .none && waited < 2000 { usleep(1000); waited += 1 }
        let answer = early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits())
        #expect(answer?.width == 540 && answer?.height == 810)
    }

    @Test func aFileThatIsNotARegularFileOrTooLargeIsNotDecoded() throws {
        let (folder, path, bytes) = photo()
        let fifo = folder + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o600) == 0)
        let early = EarlyDecode()
        // A FIFO without a writer: refused at once (the open does not block), nothing kept.
        early.decode(imageAt: fifo, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.outcome == .missed)
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
        let small = EarlyDecode()
        small.decode(imageAt: path, pixels: Self.box, maxBytes: bytes.count - 1)
        #expect(small.outcome == .missed)
    }

    @Test func theLoaderDrawsTheEarlyDecodeOnlyForItsBytes() throws {
        let (folder, _, bytes) = photo()
        let loader = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())),
                                 early: EarlyDecode())
        // A marker in place of the early decode: the loader hands it over as the picture for the same bytes and box.
        var marker = try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Self.box)
        marker.rgba[0] = marker.rgba[0] &+ 1
        loader.early.plant(bytes: bytes, pixels: Self.box, limits: DecodeLimits(), image: marker)
        #expect(try loader.image(for: "file:aurora.jpg", pixels: Self.box) == marker)
        // The next request decodes from the file as before.
        let again = try loader.image(for: "file:aurora.jpg", pixels: Self.box)
        #expect(again == (try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Self.box)))

        let other = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())),
                                early: EarlyDecode())
        var changed = bytes
        changed[changed.count - 3] ^= 0xFF
        other.early.plant(bytes: changed, pixels: Self.box, limits: DecodeLimits(), image: marker)
        #expect(try other.image(for: "file:aurora.jpg", pixels: Self.box) != marker)
    }
}
