// Where screens say a picture sits (Canvas.images), and when an overlay covers it so the terminal shows cells.

import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct ImagePlacementTests {
    /// A rendered picture as the media layer hands it over: its cells, marked as one picture.
    static func slot(_ size: Size, key: String = "pic") -> ImageSlot {
        .image(Canvas(size: size, fill: Cell("▀", fg: .rgb(10, 20, 30), bg: .rgb(40, 50, 60)))
            .withPicture(key: key, pixels: PixelProvider { _ in nil }))
    }

    static func story(at t: Double = 0) -> StoriesState {
        var s = StoriesState(pages: [StoryPage(image: "file:a.jpg", duration: 5, title: "Spring sale", subtitle: "Up to 40 % off")],
                             body: "", options: StoriesOptions())
        _ = StoriesPlayer.reduce(&s, .start(at: 0))
        return s
    }

    // spec §1.7: the image is full-bleed behind the bar and the text; the text does not cover the picture.
    @Test func aStoryPictureFillsTheStoryAndTextOverItDoesNotCoverIt() {
        var c = Canvas(width: 40, height: 30)
        let rect = Rect(x: 5, y: 1, width: 30, height: 28)
        StoriesScreen.draw(Self.story(), at: 1, image: Self.slot(Size(width: 30, height: 28)), into: &c, rect: rect)
        #expect(c.images.map(\.rect) == [rect])
        #expect(c.images.map(\.covered) == [false])
        // The title is drawn over the picture's cells, which the terminal keeps as cells over the pixels.
        #expect(c.plainText.contains("Spring sale"))
        // spec §1.7: the scrim behind the text (clear → 75 % black to the bottom) is asked of the pixels too,
        // from the row where the screen's own scrim starts.
        let layout = StoriesScreen.textLayout(Self.story().page!, rect: rect)
        #expect(c.images.first?.scrim == PixelScrim(fromRow: layout.scrimTop - rect.y, darkness: Scrim.maxDarkness))
    }

    @Test func theHelpBoxCoversTheStoryPicture() {
        var c = Canvas(width: 60, height: 30)
        StoriesScreen.draw(Self.story(), at: 1, image: Self.slot(Size(width: 30, height: 28)), into: &c, rect: Rect(x: 15, y: 1, width: 30, height: 28))
        StoriesScreen.drawHelp(into: &c)
        #expect(c.images.map(\.covered) == [true])
    }

    @Test func aPictureCutByTheCanvasEdgeIsCovered() {
        var c = Canvas(width: 10, height: 10)
        c.blit(Canvas(width: 4, height: 4).withPicture(key: "k", pixels: PixelProvider { _ in nil }), x: 8, y: 2)
        #expect(c.images.first?.rect == Rect(x: 8, y: 2, width: 4, height: 4))
        #expect(c.images.first?.covered == true)
        // Blitting anything over a picture covers it; a picture blitted whole is not covered.
        var d = Canvas(width: 10, height: 10)
        d.blit(Canvas(width: 4, height: 4).withPicture(key: "k", pixels: PixelProvider { _ in nil }), x: 1, y: 1)
        #expect(d.images.first?.covered == false)
        d.blit(Canvas(width: 2, height: 2), x: 4, y: 4)
        #expect(d.images.first?.covered == true)
    }

    // spec §2.4: the sheet's image is on the card, over the dimmed host app; while the card slides it shows as cells.
    @Test func thePrimerSheetImageIsAPictureOnceTheCardHasArrived() {
        let config = PrimerConfig().title("Stay in the loop").message("Hear when your order is ready.").image("bell.png").style(.sheet)
        func frame(progress: Double) -> Canvas {
            var c = Canvas(width: 46, height: 30)
            PrimerHostApp.draw(in: c.bounds, on: &c)
            let heroSize = PrimerScreen.imageSize(config)!
            PrimerScreen.draw(PrimerView(config: config, progress: progress, image: Self.slot(heroSize)), in: c.bounds, on: &c)
            return c
        }
        #expect(frame(progress: 1).images.map(\.covered) == [false])
        #expect(frame(progress: 0.5).images.map(\.covered) == [true])
    }

    // The banner's thumbnail is drawn on its card, after the card: the card does not cover it.
    @Test func theBannerThumbnailIsAPicture() {
        var c = Canvas(width: 60, height: 14)
        InAppHostScreen.draw(InAppHostState(), appName: "Shop", statusLine: "", on: &c)
        let banner = Banner(id: "b", title: "Sale", body: "Today only", image: "sale.jpg")
        BannerOverlay.draw(banner, image: Self.slot(BannerOverlay.thumbnail), offset: 0, appName: "Shop", on: &c)
        #expect(c.images.count == 1)
        #expect(c.images.first.map { Size(width: $0.rect.width, height: $0.rect.height) } == BannerOverlay.thumbnail)
        #expect(c.images.first?.covered == false)
        // Mid-drop it moves every frame: cells.
        var moving = Canvas(width: 60, height: 14)
        BannerOverlay.draw(banner, image: Self.slot(BannerOverlay.thumbnail), offset: 0.1, appName: "Shop", on: &moving)
        #expect(moving.images.map(\.covered) == [true])
    }
}
