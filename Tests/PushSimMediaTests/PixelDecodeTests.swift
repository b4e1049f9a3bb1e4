// Decoding for a terminal picture: the JPEG DCT scale picked for a pixel box (spec §1.7's aspect-fill), EXIF-aware.

import CImaging
import Foundation
import Testing
@testable import PushSimMedia
import PushSimCanvas

@Suite struct PixelDecodeTests {
    // spec §1.7: the story image is aspect-fill, so the picture scales by max(box w / image w, box h / image h) and
    // its crop keeps at least the box's pixels exactly when both decoded sides are at least the box's: the smallest
    // of 1/8, 1/4, 1/2 that does so is decoded (libjpeg rounds the scaled sides up).
    @Test(arguments: [
        // 1080×1620 (the bench photo) in a 52×39 story of 10×20 px cells: 540×810 covers 520×780.
        (1080, 1620, 520, 780, 2),
        (1080, 1620, 541, 780, 1),            // one pixel wider than half: the full decode
        (1080, 1620, 270, 405, 4),
        (1080, 1620, 135, 203, 8),            // 1620 / 8 = 202.5, rounded up to 203: still covers
        (1080, 1620, 135, 204, 4),
        (1080, 1620, 1080, 1620, 1),
        (3200, 2400, 400, 100, 8),            // a wide strip (an inbox banner): the width decides
        (3200, 2400, 100, 600, 4),            // a tall box over a wide image: the height decides
    ])
    func theSmallestScaleThatCoversTheBox(w: Int, h: Int, pw: Int, ph: Int, denominator: Int) {
        #expect(pushsim_pixels_denominator(gint(w), gint(h), gint(pw), gint(ph), 0) == denominator)
    }

    // spec §1.10 "respecting EXIF orientation": a picture turned a quarter shows its decoded sides exchanged, so the
    // box is compared with them exchanged.
    @Test func aQuarterTurnExchangesTheSidesCompared() {
        // A 1620×1080 file shown upright as 1080×1620: half (810×540) would cover a 520×780 box only if not turned.
        #expect(pushsim_pixels_denominator(1620, 1080, 520, 780, 0) == 1)
        #expect(pushsim_pixels_denominator(1620, 1080, 520, 780, 1) == 2)
    }

    @Test func theBenchPhotoIsDecodedAtHalfForItsStoryBox() throws {
        let jpeg = Fixtures.image("aurora.jpg")
        var bytes = 0
        let image = try ImageDecoder.decode(jpeg, limits: DecodeLimits(), pixels: Size(width: 520, height: 780), pixelBytes: &bytes)
        #expect(image.width == 540 && image.height == 810)
        #expect(bytes <= 540 * 810 * 4)
        // A box taller than the SDK's 1500 px cap keeps the cap (the phone never shows more than that).
        let tall = try ImageDecoder.decode(jpeg, limits: DecodeLimits(), pixels: Size(width: 1080, height: 1620))
        #expect(max(tall.width, tall.height) == 1500)
        // A full decode for a box within the cap skips the cap's pass: the encoder scales to the box anyway.
        let near = try ImageDecoder.decode(jpeg, limits: DecodeLimits(), pixels: Size(width: 600, height: 900))
        #expect(near.width == 1080 && near.height == 1620)
    }

    @Test(arguments: [(UInt16(1), false), (3, false), (5, true), (6, true), (8, true)])
    func exifOrientationIsReadFromTheFile(orientation: UInt16, swaps: Bool) throws {
        let jpeg = try ImageDecoder.encode(rgba: Fixtures.pixels(16, 8) { _, _ in (1, 2, 3) }, width: 16, height: 8, format: "jpeg")
        #expect(ImageDecoder.exifSwapsSides(Fixtures.withExifOrientation(jpeg, orientation)) == swaps)
        #expect(!ImageDecoder.exifSwapsSides(jpeg))
        #expect(!ImageDecoder.exifSwapsSides(Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00])))   // cut short: upright
    }

    @Test func aTurnedJPEGIsDecodedForItsShownSides() throws {
        // 64×32 stored, shown 32×64 (orientation 6): a 16×32 box is covered by the 1/2 decode (shown 16×32).
        let px = Fixtures.pixels(64, 32) { x, _ in x < 32 ? (255, 0, 0) : (0, 0, 255) }
        let jpeg = Fixtures.withExifOrientation(try ImageDecoder.encode(rgba: px, width: 64, height: 32, format: "jpeg", quality: 95), 6)
        let image = try ImageDecoder.decode(jpeg, limits: DecodeLimits(), pixels: Size(width: 16, height: 32))
        #expect(image.width == 16 && image.height == 32)
    }
}
