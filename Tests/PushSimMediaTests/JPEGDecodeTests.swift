// JPEG read straight from libjpeg (BoundedDecode.c): the same pixels as gdk-pixbuf's loader, without starting it.

import Foundation
import PushSimCanvas
import Testing
@testable import PushSimMedia

@Suite struct JPEGDecodeTests {
    enum Want: CustomStringConvertible, Sendable {
        case cells(Int, Int), pixels(Int, Int), full
        var description: String {
            switch self {
            case .cells(let w, let h): "cells \(w)×\(h)"
            case .pixels(let w, let h): "pixels \(w)×\(h)"
            case .full: "the SDK's decode"
            }
        }
    }

    /// The direct decode and gdk-pixbuf's, which must agree on every field and every byte.
    static func both(_ bytes: Data, _ want: Want) throws -> (direct: DecodedImage, gdk: DecodedImage) {
        var n = 0
        switch want {
        case .cells(let w, let h):
            return (try ImageDecoder.decode(bytes, limits: DecodeLimits(), cells: Size(width: w, height: h), pixelBytes: &n),
                    try ImageDecoder.decode(bytes, limits: DecodeLimits(), cells: Size(width: w, height: h), pixelBytes: &n, rowByRow: false))
        case .pixels(let w, let h):
            return (try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Size(width: w, height: h), pixelBytes: &n),
                    try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Size(width: w, height: h), pixelBytes: &n, rowByRow: false))
        case .full:
            return (try ImageDecoder.decode(bytes, limits: DecodeLimits(), cells: nil, pixelBytes: &n),
                    try ImageDecoder.decode(bytes, limits: DecodeLimits(), cells: nil, pixelBytes: &n, rowByRow: false))
        }
    }

    /// Also whether libjpeg read it directly (`direct`), or left it to gdk-pixbuf (the SDK's cap must resize it).
    static func expectSame(_ bytes: Data, _ want: Want, _ what: String, direct expected: Bool = true) throws {
        var n = 0
        let cells: Size? = if case .cells(let w, let h) = want { Size(width: w, height: h) } else { nil }
        let pixels: Size? = if case .pixels(let w, let h) = want { Size(width: w, height: h) } else { nil }
        let read = try ImageDecoder.decodeBounded(bytes, limits: DecodeLimits(), cells: cells, pixels: pixels, pixelBytes: &n)
        #expect((read != nil) == expected, "\(what), \(want): read by \(read != nil ? "libjpeg" : "gdk-pixbuf")")
        let (direct, gdk) = try both(bytes, want)
        #expect(direct.width == gdk.width && direct.height == gdk.height, "\(what), \(want): \(direct) against \(gdk)")
        #expect(direct.decodedFor == gdk.decodedFor && direct.format == "jpeg", "\(what), \(want)")
        #expect(direct.declaredWidth == gdk.declaredWidth && direct.declaredHeight == gdk.declaredHeight, "\(what), \(want)")
        let differing = zip(direct.rgba, gdk.rgba).filter { $0 != $1 }.count
        #expect(direct.rgba.count == gdk.rgba.count && differing == 0, "\(what), \(want): \(differing) bytes differ")
    }

    /// A story photo at the scales a first frame and a terminal picture ask for (spec §1.7's aspect-fill box, the
    /// cells' 4×8 pixels), and the sizes left to gdk-pixbuf (the SDK's cap resizes them): the same image either way.
    @Test(arguments: [Want.cells(53, 40), .cells(31, 23), .cells(10, 5), .cells(200, 150), .pixels(520, 780), .pixels(270, 405),
                      .pixels(600, 900), .pixels(1080, 1620), .full])
    func theStoryPhotoIsGdkPixbufsPixels(want: Want) throws {
        // 1080×1620: over the 1500 px cap unless the DCT reduces it, or the box is within the cap (the encoder scales).
        let capped: Bool = switch want {
        case .cells(let w, _): w > 100
        case .pixels(let w, _): w > 1000
        case .full: true
        }
        try Self.expectSame(Fixtures.image("aurora.jpg"), want, "aurora.jpg", direct: !capped)
        // 1200×600 is within the cap at every scale.
        try Self.expectSame(Fixtures.image("banner-sale.jpg"), want, "banner-sale.jpg")
    }

    /// spec §1.10 "respecting EXIF orientation": the eight orientations turn and mirror the picture exactly as
    /// gdk_pixbuf_apply_embedded_orientation does, for a first frame, a terminal picture and the SDK's decode.
    @Test(arguments: 1...8)
    func everyExifOrientationAsGdkPixbufAppliesIt(orientation: Int) throws {
        // 96×40, every pixel different: a wrong turn or mirror cannot match.
        let px = Fixtures.pixels(96, 40) { x, y in (UInt8(x * 2), UInt8(y * 6), UInt8((x * 7 + y * 3) & 255)) }
        let jpeg = Fixtures.withExifOrientation(try ImageDecoder.encode(rgba: px, width: 96, height: 40, format: "jpeg", quality: 95),
                                                UInt16(orientation))
        for want in [Want.full, .cells(4, 2), .pixels(20, 10), .pixels(40, 90)] {
            try Self.expectSame(jpeg, want, "orientation \(orientation)")
        }
        let shown = try ImageDecoder.decode(jpeg)
        #expect((shown.width, shown.height) == ((5...8).contains(orientation) ? (40, 96) : (96, 40)))
    }

    /// The DCT scale for cells covers the picture as it is shown: the upright portrait photo in a portrait story at
    /// 1/4, the same photo turned a quarter by its EXIF tag (shown landscape, so cropped harder) at 1/2; both decoders
    /// agree, and each decode serves the cells it was made for.
    @Test(arguments: [1, 6, 8])
    func theScaleForCellsCoversThePictureAsShown(orientation: Int) throws {
        let jpeg = orientation == 1 ? Fixtures.image("aurora.jpg") : Fixtures.withExifOrientation(Fixtures.image("aurora.jpg"), UInt16(orientation))
        let cells = Size(width: 53, height: 40)
        try Self.expectSame(jpeg, .cells(53, 40), "aurora.jpg, orientation \(orientation)")
        let image = try ImageDecoder.decode(jpeg, cells: cells)
        let expected = orientation == 1 ? (270, 405) : (810, 540)
        #expect((image.width, image.height) == expected, "orientation \(orientation): \(image)")
        #expect(image.suffices(for: cells))
    }

    /// Progressive and greyscale files (made by libjpeg-turbo's jpegtran from a bundled photo) decode the same too.
    @Test(arguments: [["-progressive"], ["-grayscale"], ["-grayscale", "-progressive"]])
    func progressiveAndGreyscaleFiles(options: [String]) throws {
        let jpeg = try Self.jpegtran(options, Fixtures.image("dunes.jpg"))
        for want in [Want.cells(53, 40), .pixels(520, 780)] {
            try Self.expectSame(jpeg, want, "jpegtran \(options.joined(separator: " "))")
        }
        // Its full decode (1620 px, over the cap) is gdk-pixbuf's.
        try Self.expectSame(jpeg, .full, "jpegtran", direct: false)
    }

    static func jpegtran(_ options: [String], _ input: Data) throws -> Data {
        let folder = Fixtures.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/in.jpg", out = folder + "/out.jpg"
        try input.write(to: URL(fileURLWithPath: source))
        let p = Process()
        // libjpeg-turbo-progs, installed by `make deps`.
        p.executableURL = URL(fileURLWithPath: "/usr/bin/jpegtran")
        p.arguments = options + ["-outfile", out, source]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "jpegtran \(options) failed")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    /// The disk cache probes every cached file: a JPEG's header comes from libjpeg, any size, and what libjpeg
    /// cannot read is not an image.
    @Test func theProbeReadsAJPEGHeader() throws {
        #expect(ImageDecoder.probe(Fixtures.image("aurora.jpg")) == ImageHeader(format: "jpeg", width: 1080, height: 1620))
        let jpeg = Fixtures.image("banner-sale.jpg")
        // The header ends where the image data starts: the bytes up to there are enough.
        let scan = try #require(jpeg.firstRange(of: Data([0xFF, 0xDA]))).upperBound
        #expect(ImageDecoder.probe(jpeg.prefix(scan + 16)) == ImageHeader(format: "jpeg", width: 1200, height: 600))
        #expect(ImageDecoder.probe(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46])) == nil)
        #expect(ImageDecoder.probe(Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0x41, count: 600)) == nil)
    }

    /// A damaged progressive JPEG the image fuzz target made (402 bytes): libjpeg reads it past a warning, gdk-pixbuf's
    /// loader refuses it. Every size gets gdk-pixbuf's verdict, so a picture never shows what the SDK's decode (and a
    /// snapshot, a crossfade) refuses; it was shown at some sizes and refused at others.
    @Test func aDamagedJPEGGetsOneVerdictAtEverySize() throws {
        let damaged = try #require(Data(base64Encoded: "/9j/4QAiRXhpZgAAW01NACoAAABxAAEBEgADAAAAAQAGAAAAAAAA/+AAEEpGSUYAAQEAAAEAAQAA/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJCQoUDg8MEBcUGBgXFBZbGh0lHxobIxwWFiAsICMmJykqKRkfLTAtKDAlKCko/9sAQwEHBwcKCAoTCh8TKBoWGigoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo/8IAEQgAEAAYAwEiAAIRAQMRAf/EABYAAQEBAAAAAAAAAAAAAAAAAAUABv/EABYBAQEBAAAAAAAAAAAAAAAAAAQCBv/aAAwDAQACEAMQAAABxiD6EFAtfC0//8QAFhAAAwAAAAAAAAAAAAAAAAAAAAIE/9oACAEBAAEFAknEAT8QgwYZQYZQy+EAIkV4aWYAAFtNTQAqAAAAcQABARIAAwAAAAEABgAAAAAAAP/gABBKRklGAAEBAAABAAEAAP/bAEMABgQFBgUEBgYFBv/Z"))
        var n = 0
        #expect(try ImageDecoder.decodeBounded(damaged, limits: DecodeLimits(), cells: Size(width: 8, height: 4), pixelBytes: &n) == nil)
        #expect(try ImageDecoder.decodeBounded(damaged, limits: DecodeLimits(), cells: nil, pixels: Size(width: 20, height: 10), pixelBytes: &n) == nil)
        let verdicts = [
            Result { () throws(LoadFailure) in try ImageDecoder.decode(damaged) },
            Result { () throws(LoadFailure) in try ImageDecoder.decode(damaged, cells: Size(width: 8, height: 4)) },
            Result { () throws(LoadFailure) in try ImageDecoder.decode(damaged, pixels: Size(width: 20, height: 10)) },
            Result { () throws(LoadFailure) in try ImageDecoder.decode(damaged, limits: DecodeLimits(maxSide: 7, pixelBudget: 1_000_000)) },
        ].map { (try? $0.get()) != nil }
        #expect(Set(verdicts).count == 1, "decoded at some sizes only: \(verdicts)")
    }

    /// Damage reads as a failure naming the cause, or as an image: never a crash, never a stray line on stderr
    /// (libjpeg's warnings are silenced, as gdk-pixbuf silences them).
    @Test func damagedDataIsAFailureOrAPictureNeverACrash() throws {
        let jpeg = Fixtures.image("dunes.jpg")
        #expect(throws: LoadFailure("the JPEG file is truncated (it stops before its end marker)")) {
            try ImageDecoder.decode(jpeg.prefix(jpeg.count / 2), cells: Size(width: 53, height: 40))
        }
        for step in stride(from: 200, to: jpeg.count - 2, by: jpeg.count / 9) {
            var broken = jpeg
            for i in step..<min(step + 64, jpeg.count - 2) { broken[i] = 0xFF ^ broken[i] }
            do {
                let image = try ImageDecoder.decode(broken, limits: DecodeLimits(), pixels: Size(width: 520, height: 780))
                #expect(image.rgba.count == image.width * image.height * 4)
            } catch {
                #expect(!error.reason.isEmpty)
            }
        }
    }
}
