// A recording's kept layer (Picture.base): an equal key copies the pixels drawn before, another key draws again, and
// what is drawn over the copy lands as over the layer just drawn.

import Testing
@testable import PushSimPicture

@Suite struct FrameLayersTests {
    /// A layer (a gradient and a text cut with an ellipsis), then a bar over it, on a fresh picture sharing `layers`.
    func frame(_ layers: FrameLayers?, key: Int?, bar: Double, layerColor: PictureColor = PictureColor(40, 60, 90)) throws -> (picture: Picture, drew: Bool) {
        let p = try Picture(width: 60, height: 40, scale: 2)
        p.layers = layers
        var drew = false
        p.base(key) {
            drew = true
            p.fillGradient(PictureRect(x: 0, y: 0, width: 60, height: 40), colors: [layerColor, .white], from: (0, 0), to: (60, 40))
            p.text("A title far too long for this box", x: 2, y: 20, width: 30, font: PictureFont(8), color: .white, maxLines: 1)
        }
        p.fillRounded(PictureRect(x: 4, y: 4, width: bar, height: 3), radius: 1.5, PictureColor.white.alpha(0.8))
        return (p, drew)
    }

    @Test func anEqualKeyCopiesTheLayerAndTheFrameIsTheSameAsDrawnInFull() throws {
        let layers = FrameLayers()
        #expect(try frame(layers, key: 1, bar: 10).drew)
        #expect(layers.drawn == 1 && layers.copied == 0)
        let (copied, drew) = try frame(layers, key: 1, bar: 30)
        #expect(!drew, "the layer was copied, not drawn")
        #expect(layers.copied == 1)
        let full = try frame(nil, key: nil, bar: 30).picture
        #expect(copied.rgba() == full.rgba(), "the bar over the copy is the bar over the layer drawn in full")
        // The text the layer cut is reported again for the frame that copied it (a contact sheet's report reads cuts).
        #expect(copied.cuts == full.cuts && copied.cuts.count == 1)
    }

    @Test func anotherKeyDrawsTheLayerAgain() throws {
        let layers = FrameLayers()
        _ = try frame(layers, key: 1, bar: 10)
        let other = try frame(layers, key: 2, bar: 10, layerColor: PictureColor(200, 30, 30))
        #expect(other.drew && layers.drawn == 2 && layers.copied == 0)
        #expect(other.picture.rgba() == (try frame(nil, key: nil, bar: 10, layerColor: PictureColor(200, 30, 30))).picture.rgba())
    }

    @Test func noKeyOrNoLayersDrawsAsAlways() throws {
        let layers = FrameLayers()
        _ = try frame(layers, key: nil, bar: 10)
        _ = try frame(layers, key: nil, bar: 10)
        #expect(layers.drawn == 0 && layers.copied == 0)
        #expect(try frame(nil, key: 1, bar: 10).drew)
    }

    @Test func aPictureOfAnotherSizeDoesNotTakeTheKeptLayer() throws {
        let layers = FrameLayers()
        _ = try frame(layers, key: 1, bar: 10)
        let p = try Picture(width: 60, height: 40, scale: 1)
        p.layers = layers
        var drew = false
        p.base(1) { drew = true }
        #expect(drew && layers.copied == 0)
    }
}
