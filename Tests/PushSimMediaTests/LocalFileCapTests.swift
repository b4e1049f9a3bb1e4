// Issue 25 item 4: a local image has the download's cap, is refused from its size before a byte is read, and bytes
// after a complete image's end marker are not called a cut file.

import Foundation
import Testing
@testable import PushSimMedia

@Suite struct LocalFileCapTests {
    func temporaryFile(_ bytes: Data, extendTo size: Int? = nil) throws -> String {
        let path = NSTemporaryDirectory() + "pushsim-cap-\(UUID().uuidString).png"
        try bytes.write(to: URL(fileURLWithPath: path))
        if let size { #expect(truncate(path, off_t(size)) == 0) }
        return path
    }

    @Test func aFileOverTheCapIsRefusedBySizeWithTheOption() throws {
        // A sparse 600 MB file: refused from its size (reading it used to cost 647 MB).
        let path = try temporaryFile(Fixtures.image("city.png"), extendTo: 600 * 1_048_576)
        defer { unlink(path) }
        #expect(throws: LoadFailure("too large: \(path) is 600 MB, over the 20 MB limit for an image (--image-max-mb)")) {
            try ImageLoader.readFile(path, maxBytes: 20 * 1_048_576)
        }
    }

    @Test func aFileUnderTheCapIsRead() throws {
        let png = Fixtures.image("city.png")
        let path = try temporaryFile(png)
        defer { unlink(path) }
        #expect(try ImageLoader.readFile(path, maxBytes: png.count) == png)
        #expect(throws: LoadFailure.self) { try ImageLoader.readFile(path, maxBytes: png.count - 1) }
    }

    @Test func devicesAndFIFOsAreRefusedWithoutBlocking() throws {
        #expect(throws: LoadFailure("/dev/zero is not a regular file (a device, a pipe or a socket)")) {
            try ImageLoader.readFile("/dev/zero", maxBytes: 1 << 20)
        }
        let fifo = NSTemporaryDirectory() + "pushsim-cap-\(UUID().uuidString).fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: LoadFailure.self) { try ImageLoader.readFile(fifo, maxBytes: 1 << 20) }
    }

    @Test func bytesAfterTheEndMarkerAreNotATruncation() throws {
        var png = Fixtures.image("city.png")
        png.append(Data(count: 200_000))
        let image = try ImageDecoder.decode(png)
        #expect(image.width > 0)
        #expect(ImageDecoder.hasEndMarker(png, format: "png"))
        // A cut one still is.
        #expect(!ImageDecoder.hasEndMarker(Fixtures.image("city.png").dropLast(20), format: "png"))
    }

    /// A JPEG is whole when an EOI marker (FF D9) is in it, looked for from the end: read in place, in a slice too.
    @Test func aJPEGIsWholeWhenItsEndMarkerIsThere() {
        let jpeg = Fixtures.image("aurora.jpg")
        #expect(ImageDecoder.hasEndMarker(jpeg, format: "jpeg"))
        #expect(!ImageDecoder.hasEndMarker(jpeg.prefix(jpeg.count / 2), format: "jpeg"))
        // Trailing bytes after EOI (some cameras append them) are not a truncation.
        #expect(ImageDecoder.hasEndMarker(jpeg + Data(count: 1000), format: "jpeg"))
        // A slice whose indices do not start at 0, ending just after the marker, and one just before it.
        let tail = jpeg.dropFirst(100)
        #expect(ImageDecoder.hasEndMarker(tail, format: "jpeg"))
        #expect(!ImageDecoder.hasEndMarker(Data([0xFF, 0xD8, 0xFF, 0xD9]).dropLast(), format: "jpeg"))
        #expect(ImageDecoder.hasEndMarker(Data([0xFF, 0xD9]), format: "jpeg"))
        #expect(!ImageDecoder.hasEndMarker(Data([0xD9, 0xFF]), format: "jpeg"))
        #expect(!ImageDecoder.hasEndMarker(Data([0xFF]), format: "jpeg"))
        #expect(!ImageDecoder.hasEndMarker(Data(), format: "jpeg"))
    }
}
