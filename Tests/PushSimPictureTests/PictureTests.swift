// The picture primitives the experiences rely on: aspect-fill and aspect-fit, the stories bar, text limits, errors.

import Foundation
import PushSimMedia
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct PictureTests {
    /// A 4:1 image: red, green (the middle half), blue.
    static let stripes: DecodedImage = {
        var rgba: [UInt8] = []
        for _ in 0..<10 {
            for x in 0..<40 {
                rgba += x < 10 ? [255, 0, 0, 255] : x < 30 ? [0, 255, 0, 255] : [0, 0, 255, 255]
            }
        }
        return DecodedImage(width: 40, height: 10, rgba: rgba)
    }()

    func pixel(_ p: Picture, _ x: Int, _ y: Int) -> [UInt8] {
        let px = p.rgba()
        let i = (y * p.pixelWidth + x) * 4
        return Array(px[i..<(i + 4)])
    }

    // spec §1.7: the story image is aspect-fill: a wide image fills the whole frame and its sides are cropped.
    @Test func aspectFillCropsTheSides() throws {
        let p = try Picture(width: 100, height: 100, scale: 1)
        p.image(Self.stripes, in: PictureRect(x: 0, y: 0, width: 100, height: 100), mode: .aspectFill)
        for (x, y) in [(0, 0), (99, 0), (50, 50), (0, 99), (99, 99)] {
            #expect(pixel(p, x, y) == [0, 255, 0, 255], "(\(x), \(y)) should show the image's middle")
        }
    }

    @Test func aspectFitLetterboxes() throws {
        let p = try Picture(width: 100, height: 100, scale: 1)
        p.image(Self.stripes, in: PictureRect(x: 0, y: 0, width: 100, height: 100), mode: .aspectFit)
        #expect(pixel(p, 50, 5)[3] == 0, "above the image stays empty")
        #expect(pixel(p, 5, 50) == [255, 0, 0, 255])
        #expect(pixel(p, 95, 50) == [0, 0, 255, 255])
    }

    @Test func drawingIsInPointsAtTheScale() throws {
        let p = try Picture(width: 10, height: 20, scale: 3)
        #expect(p.pixelWidth == 30 && p.pixelHeight == 60)
        p.fill(PictureRect(x: 5, y: 0, width: 5, height: 20), .white)
        #expect(pixel(p, 14, 30)[3] == 0)
        #expect(pixel(p, 15, 30) == [255, 255, 255, 255])
    }

    // spec §1.5: segments 4 pt apart, 12 pt insets, 23 pt down; earlier pages full, the current one at its fraction,
    // the track white at 30 %.
    @Test func storiesBarFillsByFraction() throws {
        let p = try Picture(width: 112, height: 40, scale: 1)
        p.fill(PictureRect(x: 0, y: 0, width: 112, height: 40), .black)
        // Width 112 − 24 insets − 8 spacing = 80: three segments of 80/3 pt.
        StoriesPicture.drawBar([1, 0.5, 0], on: p, width: 112)
        let seg = 80.0 / 3
        let y = 24
        #expect(pixel(p, 12 + Int(seg / 2), y) == [255, 255, 255, 255], "the first segment is full")
        #expect(pixel(p, Int(12 + seg + 4 + seg * 0.25), y) == [255, 255, 255, 255], "the second is filled to half")
        let track = pixel(p, Int(12 + seg + 4 + seg * 0.75), y)
        #expect(track[0] > 60 && track[0] < 95, "past the fraction: the track, white at 30 % over black (got \(track))")
        #expect(pixel(p, Int(12 + seg + 2), y) == [0, 0, 0, 255], "4 pt gaps between segments")
        #expect(pixel(p, 56, 10) == [0, 0, 0, 255], "nothing above the bar")
    }

    // spec §1.7: the title shows at most 2 lines; longer text ends in an ellipsis rather than growing.
    @Test func textIsCutToItsLines() throws {
        let p = try Picture(width: 200, height: 200, scale: 1)
        let long = String(repeating: "Spring looks for long light evenings ", count: 6)
        let one = p.measure("Spring", font: StoriesPicture.titleFont, width: 150, maxLines: 2).height
        let two = p.measure(long, font: StoriesPicture.titleFont, width: 150, maxLines: 2).height
        let all = p.measure(long, font: StoriesPicture.titleFont, width: 150).height
        #expect(two > one * 1.5 && two < one * 2.5)
        #expect(all > two * 2)
    }

    // The PNG written is exactly the picture: RGB when every pixel is opaque (colour type 2), RGBA when not (6).
    @Test func pngRoundTrips() throws {
        func written(_ p: Picture) throws -> (DecodedImage, UInt8) {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: url) }
            try p.writePNG(to: url.path)
            let data = try Data(contentsOf: url)
            #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            return (try ImageDecoder.decode(data, limits: DecodeLimits(maxSide: 0)), data[25])
        }
        let opaque = try Picture(width: 30, height: 20, scale: 2)
        opaque.fill(PictureRect(x: 0, y: 0, width: 30, height: 20), PictureColor(10, 20, 30))
        opaque.image(Self.stripes, in: PictureRect(x: 2, y: 2, width: 26, height: 16), mode: .aspectFit)
        opaque.text("Hi", x: 1, y: 1, font: PictureFont(9), color: .white)
        let (a, typeA) = try written(opaque)
        #expect(typeA == 2)
        #expect(a.width == 60 && a.height == 40)
        #expect(a.rgba == opaque.rgba())
        let clear = try Picture(width: 10, height: 10, scale: 1)
        clear.fillCircle(x: 5, y: 5, radius: 3, PictureColor(200, 0, 0))
        let (b, typeB) = try written(clear)
        #expect(typeB == 6)
        // The decoder composites alpha over black (the story background), so a transparent corner reads black.
        #expect(b.pixel(0, 0) == (0, 0, 0))
        #expect(b.pixel(5, 5) == (200, 0, 0))
    }

    @Test func unwritablePathIsOneSentence() throws {
        let p = try Picture(width: 10, height: 10, scale: 1)
        #expect(throws: PictureError.self) { try p.writePNG(to: "/nonexistent-folder/x.png") }
        do { try p.writePNG(to: "/nonexistent-folder/x.png") } catch {
            #expect(error.message.hasPrefix("/nonexistent-folder/x.png: the picture could not be written"))
        }
    }

    @Test func tooLargeIsRefused() {
        #expect(throws: PictureError.self) { try Picture(width: 2000, height: 3000, scale: 10) }
    }

    // The goldens are drawn in the pinned font; this says at once when a machine lacks it.
    @Test func pinnedFontIsInstalled() {
        #expect(PictureFont.isInstalled, "\(PictureFont.missingWarning)")
    }

    @Test func devices() {
        #expect(PictureDevice(parsing: "iphone-se")?.width == 375)
        #expect(PictureDevice(parsing: "400x800")?.height == 800)
        #expect(PictureDevice(parsing: "nokia") == nil)
        #expect(PictureDevice(parsing: "10x10") == nil)
    }

    // A missing image is drawn as a placeholder and reported once, with the reason (never a blank picture).
    @Test func missingImageIsReportedOnce() throws {
        let imgs = PictureImages(payloadFolder: FileManager.default.temporaryDirectory.path, appGroup: FileManager.default.temporaryDirectory.path)
        guard case .failed(let why) = imgs.image("file:no-such-picture.jpg") else { Issue.record("loaded a missing file"); return }
        #expect(!why.isEmpty)
        _ = imgs.image("file:no-such-picture.jpg")
        #expect(imgs.diagnostics.count == 1)
        #expect(imgs.diagnostics[0].message.contains("no-such-picture.jpg"))
    }

    // Issue 38 item 6: a 10 MB message without spaces was laid out whole (1 GB, 18 s a snapshot). Only what the lines
    // can show is laid out, and the text is cut and ellipsized as the whole one.
    @Test func onlyWhatCanShowIsLaidOut() throws {
        let p = try Picture(width: 375, height: 812, scale: 1)
        let huge = String(repeating: "W", count: 10_000_000), short = String(repeating: "W", count: 4000)
        #expect(Picture.shownText(huge, fontSize: 17, width: 300, maxLines: 3, height: 812).count < 2_000)
        #expect(Picture.shownText(short, fontSize: 17, width: 300, maxLines: 3, height: 812) == short)
        let font = PictureFont(17)
        #expect(p.measure(huge, font: font, width: 300, maxLines: 3).height == p.measure(short, font: font, width: 300, maxLines: 3).height)
        // With no line limit the picture's height bounds the lines.
        #expect(Picture.shownText(huge, fontSize: 17, width: 300, maxLines: 0, height: 812).count < 120_000)
        p.text(huge, x: 0, y: 0, width: 300, font: font, color: .black, maxLines: 3)
        #expect(p.cuts.last?.lines == 3)
    }
}
