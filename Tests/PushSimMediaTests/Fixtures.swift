// Paths and bytes shared by the media tests: the generated sample images and small hand-made files.

import Foundation
@testable import PushSimMedia

enum Fixtures {
    static let imagesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/images").standardizedFileURL.path

    static func image(_ name: String) -> Data {
        FileManager.default.contents(atPath: (imagesFolder as NSString).appendingPathComponent(name))!
    }

    /// A fresh empty folder under the system temporary directory.
    static func tempFolder() -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("pushsim-media-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every file under `folder`, hidden ones included, as relative paths.
    static func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    /// RGBA pixels of a w×h image from a colour function.
    static func pixels(_ w: Int, _ h: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(w * h * 4)
        for y in 0..<h { for x in 0..<w { let c = f(x, y); out += [c.0, c.1, c.2, 255] } }
        return out
    }

    /// The smallest valid GIF: 1×1, one red pixel (two frames would only add a second image block).
    static let gif1x1 = Data([
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
        0xFF, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ])

    /// A PNG that declares `width`×`height` and then breaks off at the start of its pixel data: libpng reports the
    /// header (and gdk-pixbuf the size-prepared signal) when the first IDAT chunk begins, so this is all a refusal
    /// needs — and all it may read.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdrBody: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        let idatStart: [UInt8] = be(1000) + Array("IDAT".utf8) + [0x78, 0x9C, 0x00, 0x00]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdrBody + be(crc32(ihdrBody)) + idatStart)
    }

    /// A decompression bomb made in code (nothing this size is committed): a PNG that declares `width`×`height`
    /// (greyscale) and carries a real start of its pixel data — `rows` zero rows in stored deflate blocks — then
    /// IEND, so a loader that does not stop at the header goes on decoding rows into a buffer of the declared size.
    static func pngBomb(width: UInt32, height: UInt32, rows: Int = 4) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be(UInt32(body.count)) + typed + be(crc32(typed))
        }
        // Each row: filter byte 0, then one zero byte per pixel.
        let raw = [UInt8](repeating: 0, count: rows * (Int(width) + 1))
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let n = min(65_535, raw.count - offset)
            // Not final: the stream (like the image) goes on past what is here.
            zlib += [0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[offset..<offset + n]
            offset += n
        }
        let ihdr = be(width) + be(height) + [8, 0, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    /// `jpeg` with an EXIF APP1 segment (big-endian TIFF, IFD0 holding only Orientation) inserted after SOI.
    static func withExifOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,   // "MM", 42, IFD0 at 8
                             0x00, 0x01,                                        // one entry
                             0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,   // Orientation, SHORT, count 1
                             UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0x00, 0x00,
                             0x00, 0x00, 0x00, 0x00]                            // no next IFD
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: app1)
        out.append(jpeg.dropFirst(2))
        return out
    }
}
