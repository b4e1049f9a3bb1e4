// Pictures as terminal pixel escapes: kitty's chunks and keys, chafa's sixel and iTerm2 output, the aspect-fill crop.

import CImaging
import Foundation
import Testing
@testable import PushSimMedia
import PushSimCanvas

@Suite struct PixelRendererTests {
    /// 60x90: left half red, right half blue.
    static let image = DecodedImage(width: 60, height: 90, rgba: Fixtures.pixels(60, 90) { x, _ in x < 30 ? (255, 0, 0) : (0, 0, 255) })

    /// The pixels only (a=t, under image id 7): where and how they are shown is the terminal layer's placement (a=p),
    /// so these bytes can be made ahead, off the run loop.
    @Test func kittyTransmitsRGBInChunksUnderItsImageID() throws {
        let request = PixelRequest(proto: .kitty, cells: Size(width: 30, height: 15), cellPixels: Size(width: 8, height: 16), kittyID: 7)
        let out = String(decoding: try #require(PixelRenderer.encode(Self.image, request)), as: UTF8.self)
        let chunks = out.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(chunks.first?.hasPrefix("\u{1B}_Ga=t,f=24,s=240,v=240,i=7,q=2,m=1;") == true)
        #expect(chunks.last?.hasPrefix("\u{1B}_Gm=0;") == true)
        #expect(chunks.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;") })
        let payload = chunks.map { $0[$0.index(after: $0.firstIndex(of: ";")!)...] }.joined()
        #expect(chunks.allSatisfy { $0.split(separator: ";", maxSplits: 1)[1].count <= 4096 })
        let rgb = try #require(Data(base64Encoded: payload))
        #expect(rgb.count == 240 * 240 * 3)
        // Aspect-fill of a 60x90 image into a square takes its middle 60x60: still red on the left, blue on the right.
        #expect(Array(rgb[0..<3]) == [255, 0, 0])
        #expect(Array(rgb[(239 * 3)..<(240 * 3)]) == [0, 0, 255])
    }

    // spec §1.7: the scrim darkens the picture from its top row (clear) to 75 % black at the bottom.
    @Test func theScrimDarkensTheBottomOfThePixels() throws {
        let request = PixelRequest(proto: .kitty, cells: Size(width: 10, height: 10), cellPixels: Size(width: 2, height: 4),
                                   scrim: PixelScrim(fromRow: 5, darkness: 0.75))
        let out = String(decoding: try #require(PixelRenderer.encode(Self.image, request)), as: UTF8.self)
        let payload = out.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
            .map { $0[$0.index(after: $0.firstIndex(of: ";")!)...] }.joined()
        let rgb = [UInt8](try #require(Data(base64Encoded: payload)))
        func red(_ y: Int) -> UInt8 { rgb[(y * 20) * 3] }  // the leftmost pixel of row y (red in the source)
        #expect(red(0) == 255 && red(19) == 255)         // above the scrim
        #expect(red(20) < 255 && red(20) > 240)          // its first row, barely darker
        #expect(red(39) == 64)                           // the bottom: 25 % of 255
        #expect(red(30) > red(39) && red(30) < red(20))
    }

    @Test func sixelIsChafasDCSAtTheCellsPixelSize() throws {
        let request = PixelRequest(proto: .sixel, cells: Size(width: 10, height: 5), cellPixels: Size(width: 6, height: 12))
        let out = String(decoding: try #require(PixelRenderer.encode(Self.image, request)), as: UTF8.self)
        #expect(out.hasPrefix("\u{1B}P"))
        #expect(out.hasSuffix("\u{1B}\\"))
        // Raster attributes: 1:1 aspect, 60 x 60 pixels.
        #expect(out.contains("\"1;1;60;60"))
        // The palette holds the picture's colours (red and blue, in percent), not a misread of its bytes.
        #expect(out.contains(";2;100;0;0"))
        #expect(out.contains(";2;0;0;100"))
        // Under a scrim over the whole picture, chafa gets the darkened crop: its palette has dark reds.
        var shaded = request
        shaded.scrim = PixelScrim(fromRow: 0, darkness: 0.75)
        let dark = String(decoding: try #require(PixelRenderer.encode(Self.image, shaded)), as: UTF8.self)
        #expect(dark != out && dark.contains("\"1;1;60;60"))
        let reds = dark.matches(of: /;2;(\d+);0;0/).compactMap { Int($0.1) }
        #expect(reds.contains { $0 < 50 })
    }

    /// PixelRenderer hands chafa its opaque pixels as premultiplied, which spares chafa's scaler a multiply per channel
    /// (about 7 M instructions of a story's sixel picture): every value of every channel, scaled up and down, gives the
    /// same sixel and iTerm2 bytes as the unassociated reading it replaced.
    @Test func opaquePixelsGiveTheSameBytesReadAsPremultipliedOrUnassociated() throws {
        let w = 256, h = 12
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                rgba[i] = UInt8(x)
                rgba[i + 1] = UInt8(255 - x)
                rgba[i + 2] = UInt8((x * 7 + y * 31) & 255)
            }
        }
        for mode in [CHAFA_PIXEL_MODE_SIXELS, CHAFA_PIXEL_MODE_ITERM2] {
            for (cols, rows) in [(40, 3), (12, 1), (25, 2)] {
                func bytes(_ type: ChafaPixelType) -> [UInt8]? {
                    var length = 0
                    guard let out = pushsim_chafa_pixels(mode, type, rgba, Int32(w), Int32(h), Int32(w * 4), Int32(cols), Int32(rows), 10, 20, &length) else { return nil }
                    defer { g_free(out) }
                    return out.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
                }
                let premultiplied = try #require(bytes(CHAFA_PIXEL_RGBA8_PREMULTIPLIED))
                #expect(premultiplied == bytes(CHAFA_PIXEL_RGBA8_UNASSOCIATED), "mode \(mode.rawValue) at \(cols)x\(rows) cells")
                #expect(premultiplied.count > 100)
            }
        }
    }

    @Test func itermIsAnInlineFileOfTheCellSize() throws {
        let request = PixelRequest(proto: .iterm, cells: Size(width: 10, height: 5), cellPixels: Size(width: 6, height: 12))
        let out = String(decoding: try #require(PixelRenderer.encode(Self.image, request)), as: UTF8.self)
        #expect(out.hasPrefix("\u{1B}]1337;File=inline=1;width=10;height=5;"))
    }

    @Test func nothingForAnEmptyBox() {
        #expect(PixelRenderer.encode(Self.image, PixelRequest(proto: .kitty, cells: Size(width: 0, height: 5), cellPixels: Size(width: 8, height: 16))) == nil)
    }

    // spec §1.7: aspect-fill, centred.
    @Test func aspectFillCropsTheMiddle() {
        #expect(PixelRenderer.aspectFill(imageWidth: 1080, imageHeight: 1620, width: 300, height: 300) == CropRect(x: 0, y: 270, width: 1080, height: 1080))
        #expect(PixelRenderer.aspectFill(imageWidth: 1600, imageHeight: 900, width: 300, height: 450) == CropRect(x: 500, y: 0, width: 600, height: 900))
    }

    @Test func chafasTerminalDatabaseIsAskedWithTheEnvironment() {
        #expect(PixelRenderer.chafaHint(environment: ["TERM": "foot"]) == [.sixel])
        #expect(PixelRenderer.chafaHint(environment: ["TERM": "xterm-kitty"]) == [.kitty])
        #expect(PixelRenderer.chafaHint(environment: ["TERM": "xterm-256color"]) == [])
    }
}
