// Decoding with gdk-pixbuf: formats, the SDK's 1500 px downsampling, EXIF orientation, the pixel budget (spec §1.10).

import Foundation
import PushSimCanvas
import Testing
@testable import PushSimMedia

@Suite struct DecoderTests {
    @Test func pngDecodesAtItsSize() throws {
        let img = try ImageDecoder.decode(Fixtures.image("avatar-1.png"))
        #expect(img.width == 256 && img.height == 256 && img.format == "png")
        #expect(img.rgba.count == 256 * 256 * 4)
    }

    // spec §1.10: downsampled to at most 1500 px on the longest side; only the in-memory copy.
    @Test func storyJPEGIsDownsampledTo1500OnTheLongestSide() throws {
        let img = try ImageDecoder.decode(Fixtures.image("aurora.jpg"))
        #expect(img.format == "jpeg")
        #expect(img.declaredWidth == 1080 && img.declaredHeight == 1620)
        #expect(img.width == 1000 && img.height == 1500)
    }

    // A first frame needs far fewer pixels than 1500: JPEGs are then decoded at 1/2, 1/4 or 1/8 in the DCT, the
    // smallest that leaves each cell of the picture as shown its source pixels (4×8 for chafa's symbols). aurora.jpg
    // is upright 1080×1620: for 53×40 cells the crop of the 1/4 decode (270×405) is 268×405 against 212×320 needed;
    // for 31×23 the 1/8 decode's (135×203) is 135×200 against 124×184. (Until December 2026 the sideways orientation
    // had to fit too, which took 1/2 and 1/4: four times the pixels for a photo no EXIF tag turns.)
    @Test func jpegDecodedForCellsIsReducedButSufficient() throws {
        let jpeg = Fixtures.image("aurora.jpg")
        let forStory = try ImageDecoder.decode(jpeg, cells: Size(width: 53, height: 40))
        #expect(forStory.width == 270 && forStory.height == 405 && forStory.decodedFor == Size(width: 53, height: 40))
        #expect(forStory.suffices(for: Size(width: 53, height: 40)))
        #expect(!forStory.suffices(for: Size(width: 160, height: 120)))
        let small = try ImageDecoder.decode(jpeg, cells: Size(width: 31, height: 23))
        #expect(small.width == 135 && small.height == 203)
        // Too big a target for any reduction: the SDK's decode.
        let big = try ImageDecoder.decode(jpeg, cells: Size(width: 200, height: 150))
        #expect(big.width == 1000 && big.height == 1500 && big.decodedFor == nil && big.suffices(for: Size(width: 500, height: 500)))
        // A PNG follows the same rule, box-filtered as its rows arrive (BoundedDecodeTests).
        let png = try ImageDecoder.decode(Fixtures.image("city.png"), cells: Size(width: 10, height: 5))
        #expect(png.width == 135 && png.height == 203 && png.decodedFor == Size(width: 10, height: 5))
    }

    @Test func smallImagesAreNotEnlarged() throws {
        let img = try ImageDecoder.decode(Fixtures.image("banner-sale.jpg"))
        #expect(img.width == 1200 && img.height == 600)
    }

    @Test func gifFirstFrame() throws {
        let img = try ImageDecoder.decode(Fixtures.gif1x1)
        #expect(img.format == "gif" && img.width == 1 && img.height == 1)
        #expect(img.pixel(0, 0) == (255, 0, 0))
    }

    @Test func webpThroughTheDebianLoader() throws {
        let px = Fixtures.pixels(8, 4) { x, _ in x < 4 ? (255, 0, 0) : (0, 0, 255) }
        let webp = try ImageDecoder.encode(rgba: px, width: 8, height: 4, format: "webp", quality: 100)
        let img = try ImageDecoder.decode(webp)
        #expect(img.format == "webp" && img.width == 8 && img.height == 4)
        #expect(img.pixel(0, 0).r > 200 && img.pixel(7, 0).b > 200)
    }

    // spec §1.10: "respecting EXIF orientation". Orientation 6 = rotate 90° clockwise for display.
    @Test func exifOrientationIsApplied() throws {
        // 4×2: left half red, right half blue.
        let px = Fixtures.pixels(4, 2) { x, _ in x < 2 ? (255, 0, 0) : (0, 0, 255) }
        let jpeg = try ImageDecoder.encode(rgba: px, width: 4, height: 2, format: "jpeg", quality: 100)
        let plain = try ImageDecoder.decode(jpeg)
        #expect(plain.width == 4 && plain.height == 2)
        let rotated = try ImageDecoder.decode(Fixtures.withExifOrientation(jpeg, 6))
        #expect(rotated.width == 2 && rotated.height == 4)
        // Rotating clockwise puts the left (red) half on top.
        #expect(rotated.pixel(0, 0).r > 150 && rotated.pixel(0, 3).b > 150)
    }

    @Test func transparentPixelsAreShownOverBlack() throws {
        let img = try ImageDecoder.decode(Fixtures.image("hero-bell.png"))
        #expect(img.pixel(0, 0) == (0, 0, 0))
        #expect(img.pixel(256, 200) == (255, 255, 255))
    }

    @Test func anOversizedImageIsRefusedFromItsHeaderBeforeDecoding() {
        // 20000×20000 declared, no pixel data at all: only the header was read when it was refused.
        #expect(throws: LoadFailure("the image is 20000×20000 (400 MP), over the 50 MP decoding budget; refused before decoding")) {
            try ImageDecoder.decode(Fixtures.pngHeader(width: 20000, height: 20000))
        }
        #expect(throws: LoadFailure.self) {
            try ImageDecoder.decode(Fixtures.image("avatar-1.png"), limits: DecodeLimits(pixelBudget: 1000))
        }
    }

    // Issue 12, item 3: a 170 KB PNG declaring 50000×50000 took 9.8 GB and 26 s although it was "refused before
    // decoding": the 1×1 target set at size-prepared let the PNG loader allocate the declared size and gdk-pixbuf
    // scale all of it at close. Refused now with no pixel buffer at all (bytes counted, not time).
    @Test(arguments: [(50_000, 50_000), (8_000, 8_000)])
    func aDecompressionBombIsRefusedWithoutAPixelBuffer(width: Int, height: Int) {
        let bomb = Fixtures.pngBomb(width: UInt32(width), height: UInt32(height))
        var pixelBytes = -1
        #expect(throws: LoadFailure.overBudget(width: width, height: height, budget: 50_000_000)) {
            try ImageDecoder.decode(bomb, limits: DecodeLimits(), cells: nil, pixelBytes: &pixelBytes)
        }
        #expect(pixelBytes == 0)
    }

    /// Every installed loader pushsim relies on stops at the header when refused: none allocates pixels.
    @Test(arguments: ["png", "jpeg", "webp", "gif"])
    func everyFormatIsRefusedBeforeItsPixelsExist(format: String) throws {
        let bytes = format == "gif" ? Fixtures.gif1x1
            : try ImageDecoder.encode(rgba: Fixtures.pixels(64, 48) { x, y in (UInt8(x * 4), UInt8(y * 5), 90) }, width: 64, height: 48, format: format)
        var pixelBytes = -1
        #expect(throws: LoadFailure.self) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(pixelBudget: 0), cells: nil, pixelBytes: &pixelBytes)
        }
        #expect(pixelBytes == 0, "\(format) allocated \(pixelBytes) bytes of pixels for a refused image")
        if format == "webp" { #expect(ImageDecoder.webpCanvasSize(bytes).map { [$0.0, $0.1] } == [64, 48]) }
        // Within the budget the same bytes decode, and the count is the buffer's real size.
        _ = try ImageDecoder.decode(bytes, limits: DecodeLimits(), cells: nil, pixelBytes: &pixelBytes)
        #expect(pixelBytes > 0)
    }

    /// A large-but-allowed JPEG is decoded at about the size its cells need (1/8 in the DCT here), so its memory
    /// follows the cells drawn, not the file: 3200×2400 for 40×20 cells allocates 400×300 pixels.
    @Test func aLargeJPEGIsDecodedAtTheSizeOfItsCells() throws {
        let jpeg = try ImageDecoder.encode(rgba: Fixtures.pixels(3200, 2400) { x, y in (UInt8(x & 255), UInt8(y & 255), 60) },
                                           width: 3200, height: 2400, format: "jpeg")
        var small = 0, full = 0
        let image = try ImageDecoder.decode(jpeg, limits: DecodeLimits(), cells: Size(width: 40, height: 20), pixelBytes: &small)
        #expect(image.width == 400 && image.height == 300)
        #expect(small <= 400 * 300 * 4)
        _ = try ImageDecoder.decode(jpeg, limits: DecodeLimits(), cells: nil, pixelBytes: &full)
        #expect(full >= 1500 * 1125 * 3)
    }

    @Test func validateSeesABombFromItsHeader() throws {
        let folder = Fixtures.tempFolder()
        let bomb = (folder as NSString).appendingPathComponent("bomb.png")
        let fine = (folder as NSString).appendingPathComponent("fine.png")
        try Fixtures.pngBomb(width: 50_000, height: 50_000).write(to: URL(fileURLWithPath: bomb))
        try Fixtures.image("avatar-1.png").write(to: URL(fileURLWithPath: fine))
        #expect(ImageDecoder.headerRefusal(ofFileAt: bomb)
                == LoadFailure("the image is 50000×50000 (2500 MP), over the 50 MP decoding budget; refused before decoding"))
        #expect(ImageDecoder.headerRefusal(ofFileAt: fine) == nil)
        #expect(ImageDecoder.headerRefusal(ofFileAt: folder + "/absent.png") == nil)
    }

    @Test func notAnImage() {
        #expect(ImageDecoder.probe(Data("<html>nope</html>".utf8)) == nil)
        #expect(throws: LoadFailure.self) { try ImageDecoder.decode(Data("<html>nope</html>".utf8)) }
        #expect(throws: LoadFailure("the file is empty")) { try ImageDecoder.decode(Data()) }
    }

    @Test func probeReadsOnlyTheHeader() {
        #expect(ImageDecoder.probe(Fixtures.image("city.png")) == ImageHeader(format: "png", width: 1080, height: 1620))
        // Over the decoding budget is still an image: the pre-fetcher keeps it; decoding refuses it later.
        #expect(ImageDecoder.probe(Fixtures.pngHeader(width: 20000, height: 20000)) == ImageHeader(format: "png", width: 20000, height: 20000))
        #expect(ImageDecoder.probe(Fixtures.pngHeader(width: 300, height: 200)) == ImageHeader(format: "png", width: 300, height: 200))
    }

    @Test func aTruncatedFileIsAFailureNotACrash() {
        let png = Fixtures.image("city.png")
        #expect(throws: LoadFailure("the PNG file is truncated (it stops before its end marker)")) {
            try ImageDecoder.decode(png.prefix(png.count / 2))
        }
        let jpeg = Fixtures.image("dunes.jpg")
        #expect(throws: LoadFailure.self) { try ImageDecoder.decode(jpeg.prefix(jpeg.count / 3)) }
        #expect(throws: LoadFailure.self) { try ImageDecoder.decode(Fixtures.gif1x1.prefix(20)) }
    }
}
