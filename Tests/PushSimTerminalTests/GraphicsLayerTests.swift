// The pixel layer's plan per frame: which pictures are sent, when, and which cells ncurses keeps.

import Glibc
import PushSimScreens
import Testing
@testable import PushSimTerminal

/// Counts encodes from inside a provider (called on the test's thread only).
final class Counter: @unchecked Sendable { var n = 0 }

/// A provider's encode "running elsewhere": `.pending` until `done` is set.
final class Encoding: @unchecked Sendable {
    var done = false
    var asked = 0
}

@Suite("Graphics layer plan")
struct GraphicsLayerTests {
    /// A 4x3 picture of half blocks, placed on a 20x10 screen at (2, 1).
    static func picture(_ key: String = "a.jpg@4x3", at origin: (Int, Int) = (2, 1), size: Size = Size(width: 4, height: 3)) -> Canvas {
        let cells = Canvas(size: size, fill: Cell("▀", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
        var screen = Canvas(width: 20, height: 10)
        screen.blit(cells.withPicture(key: key, pixels: PixelProvider { _ in Array("PIX".utf8) }), x: origin.0, y: origin.1)
        return screen
    }

    /// A pipe like the media layer's wake pipe: its read end non-blocking, as the run loop drains it.
    static func wakePipe() throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return fds
    }

    @Test func aPictureIsSentOnceThenLeftAlone() {
        var state = GraphicsState(proto: .sixel)
        let frame = Self.picture()
        let first = state.plan(frame, force: false)
        #expect(first.send.map(\.placement.rect) == [Rect(x: 2, y: 1, width: 4, height: 3)])
        // ncurses gets blanks where the pixels go, and the cells around untouched.
        #expect(first.cells[2, 1] == .blank && first.cells[5, 3] == .blank)
        #expect(first.cells[6, 1] == frame[6, 1])
        #expect(first.before != nil)
        // The next frames (a progress bar ticking elsewhere) send nothing.
        var next = frame
        next.text("50%", x: 10, y: 8)
        let second = state.plan(next, force: false)
        #expect(second.send.isEmpty && second.before == nil && second.delete.isEmpty)
        #expect(second.cells[10, 8].grapheme == "5")
    }

    @Test func textOverThePictureStaysACell() {
        var state = GraphicsState(proto: .sixel)
        var frame = Self.picture()
        frame.text("Hi", x: 3, y: 3, style: Style(fg: .white))
        let plan = state.plan(frame, force: false)
        #expect(plan.send.count == 1)
        #expect(plan.cells[3, 3].grapheme == "H" && plan.cells[4, 3].grapheme == "i")
        #expect(plan.cells[2, 3] == .blank)
        // The picture is sent over blanks; the text comes after it.
        #expect(plan.before?[3, 3] == .blank)
    }

    @Test func textGoingAwayFromASixelPictureSendsItAgain() {
        // ncurses would write a blank where the text was, and that erases sixel pixels.
        var state = GraphicsState(proto: .sixel)
        var paused = Self.picture()
        paused.text("❚❚", x: 2, y: 1)
        _ = state.plan(paused, force: false)
        let resumed = state.plan(Self.picture(), force: false)
        #expect(resumed.send.count == 1)
        // kitty keeps its pixels under text: nothing to send.
        var kitty = GraphicsState(proto: .kitty)
        _ = kitty.plan(paused, force: false)
        #expect(kitty.plan(Self.picture(), force: false).send.isEmpty)
    }

    @Test func aChangedScrimSendsThePictureAgain() {
        var state = GraphicsState(proto: .kitty)
        var frame = Self.picture()
        frame.shadeImages(Rect(x: 2, y: 2, width: 4, height: 2), darkness: 0.75)
        #expect(frame.images.first?.scrim == PixelScrim(fromRow: 1, darkness: 0.75))
        let first = state.plan(frame, force: false)
        #expect(state.plan(frame, force: false).send.isEmpty)
        let plain = state.plan(Self.picture(), force: false)
        #expect(plain.send.count == 1 && plain.send[0].id.image != first.send[0].id.image)
    }

    @Test func aNewPageReplacesThePicture() {
        var sixel = GraphicsState(proto: .sixel)
        _ = sixel.plan(Self.picture("a.jpg@4x3"), force: false)
        let next = sixel.plan(Self.picture("b.jpg@4x3"), force: false)
        #expect(next.send.map(\.placement.key) == ["b.jpg@4x3"])

        var kitty = GraphicsState(proto: .kitty)
        let a = kitty.plan(Self.picture("a.jpg@4x3"), force: false)
        let b = kitty.plan(Self.picture("b.jpg@4x3"), force: false)
        #expect(b.delete == a.send.map(\.id))
        #expect(b.send.first?.id != a.send.first?.id)
    }

    @Test func kittyTransmitsAPictureOnceAndPlacesItAgainLater() throws {
        var state = GraphicsState(proto: .kitty)
        let a1 = state.plan(Self.picture("a.jpg@4x3"), force: false).send[0].id
        _ = state.plan(Self.picture("b.jpg@4x3"), force: false)
        let a2 = state.plan(Self.picture("a.jpg@4x3"), force: false).send[0].id
        #expect(a2.image == a1.image && a2.placement != a1.placement)

        let layer = try #require(GraphicsLayer(decision: PixelDecision(.kitty, "test"), cellPixels: Size(width: 10, height: 20)))
        let encodes = Counter()
        let p = ImagePlacement(key: "a", rect: Rect(x: 0, y: 0, width: 4, height: 3),
                               pixels: PixelProvider { r in encodes.n += 1; return Array("\u{1B}_Ga=t,i=\(r.kittyID);AAAA\u{1B}\\".utf8) })
        #expect(layer.ready(p, force: false))
        // The first showing transmits the pixels (a=t) and places them (a=p); later ones only place them.
        #expect(layer.escape(for: p, id: KittyID(image: 1, placement: 1)).map { String(decoding: $0, as: UTF8.self) }
            == "\u{1B}_Ga=t,i=1;AAAA\u{1B}\\\u{1B}_Ga=p,i=1,p=1,c=4,r=3,z=-1,C=1,q=2\u{1B}\\")
        #expect(layer.ready(p, force: false))
        #expect(layer.escape(for: p, id: KittyID(image: 1, placement: 2)).map { String(decoding: $0, as: UTF8.self) }
            == "\u{1B}_Ga=p,i=1,p=2,c=4,r=3,z=-1,C=1,q=2\u{1B}\\")
        #expect(encodes.n == 1)
        // Taking a picture down deletes its placement and keeps the pixels (lowercase d=i).
        #expect(String(decoding: layer.kittyDelete([KittyID(image: 3, placement: 2)]), as: UTF8.self) == "\u{1B}_Ga=d,d=i,i=3,p=2,q=2\u{1B}\\")
    }

    @Test func sixelEncodesAPictureOnceForThatSize() throws {
        let layer = try #require(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: Size(width: 6, height: 13)))
        let encodes = Counter()
        let p = ImagePlacement(key: "a", rect: Rect(x: 0, y: 0, width: 4, height: 3), pixels: PixelProvider { r in
            encodes.n += 1
            return Array("\u{1B}P0;1q\"1;1;\(r.cells.width * r.cellPixels.width);\(r.cells.height * r.cellPixels.height)\u{1B}\\".utf8)
        })
        #expect(layer.ready(p, force: false))
        let first = layer.escape(for: p, id: KittyID(image: 1, placement: 1))
        #expect(first.map { String(decoding: $0, as: UTF8.self) } == "\u{1B}P0;1q\"1;1;24;39\u{1B}\\")
        #expect(layer.ready(p, force: true))
        #expect(layer.escape(for: p, id: KittyID(image: 1, placement: 2)) == first)
        #expect(encodes.n == 1)
    }

    /// The encode runs off the run loop (the media layer's worker threads): until its bytes are ready the picture is
    /// its cells, the loop polls the provider's descriptor (and nothing while no picture is awaited), and once ready
    /// the picture is sent exactly once.
    @Test func aPictureIsCellsUntilItsBytesAreReadyThenSentOnce() throws {
        let fds = try Self.wakePipe()
        defer { close(fds[0]); close(fds[1]) }
        let encoding = Encoding()
        let layer = try #require(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: Size(width: 10, height: 20)))
        let cells = Canvas(size: Size(width: 4, height: 3), fill: Cell("▀", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
        var screen = Canvas(width: 20, height: 10)
        screen.blit(cells.withPicture(key: "a", pixels: PixelProvider(wake: fds[0]) { _ in
            encoding.asked += 1
            return encoding.done ? .ready(Array("SIXEL".utf8)) : .pending
        }), x: 2, y: 1)

        for _ in 0..<2 {
            let waiting = layer.output(screen)
            #expect(waiting.pictures.isEmpty)
            #expect(waiting.cells[2, 1].grapheme == "▀" && waiting.cells[5, 3].grapheme == "▀")
            #expect(layer.wakeDescriptors == [fds[0]])
        }
        // The worker signals; the loop empties the descriptor and draws the next frame, which sends the picture.
        encoding.done = true
        var one: UInt8 = 1
        #expect(write(fds[1], &one, 1) == 1)
        Terminal.drain(layer.wakeDescriptors)
        var probe = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&probe, 1, 0) == 0)
        let arrived = layer.output(screen)
        #expect(String(decoding: arrived.pictures, as: UTF8.self).components(separatedBy: "SIXEL").count == 2)
        #expect(arrived.cells[2, 1] == .blank && arrived.before != nil)
        #expect(layer.wakeDescriptors.isEmpty)
        let asked = encoding.asked
        let after = layer.output(screen)
        #expect(after.pictures.isEmpty && after.before == nil)
        #expect(encoding.asked == asked)
        #expect(layer.picturesSent == 1)
    }

    /// The frame likely next (a collapsed notification's first page, `Scene.lookahead`) is prepared while the current
    /// one shows: its encode starts at once, the loop waits on its descriptor until the bytes land (then on nothing),
    /// and the first frame that shows the picture sends them without asking again.
    @Test func aPicturePreparedAheadGoesOutInTheFirstFrameThatShowsIt() throws {
        let fds = try Self.wakePipe()
        defer { close(fds[0]); close(fds[1]) }
        let encoding = Encoding()
        let layer = try #require(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: Size(width: 10, height: 20)))
        let provider = PixelProvider(wake: fds[0]) { r in
            encoding.asked += 1
            #expect(r.cells == Size(width: 4, height: 3) && r.cellPixels == Size(width: 10, height: 20))
            return encoding.done ? .ready(Array("SIXEL".utf8)) : .pending
        }
        // What the lookahead gives: blank cells carrying the placement (no cells rendered yet).
        var ahead = Canvas(width: 20, height: 10)
        ahead.blit(Canvas(size: Size(width: 4, height: 3)).withPicture(key: "a", pixels: provider), x: 2, y: 1)
        let collapsed = Canvas(width: 20, height: 10)

        #expect(layer.output(collapsed).pictures.isEmpty)
        layer.prepare(ahead)
        #expect(encoding.asked == 1)
        #expect(layer.wakeDescriptors == [fds[0]])
        encoding.done = true
        // The worker's wake draws a frame (still collapsed) and the loop prepares again, which collects the bytes.
        #expect(layer.output(collapsed).pictures.isEmpty)
        layer.prepare(ahead)
        #expect(encoding.asked == 2 && layer.hasBytes(GraphicsState.pixelsKey(ahead.images[0])))
        #expect(layer.wakeDescriptors.isEmpty)   // nothing awaited: an idle collapsed notification has no wake-ups

        // Opened: the page's cells with the same placement; its first frame sends the prepared picture.
        var page = Canvas(width: 20, height: 10)
        page.blit(Canvas(size: Size(width: 4, height: 3), fill: Cell("▀", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
            .withPicture(key: "a", pixels: provider), x: 2, y: 1)
        let first = layer.output(page)
        #expect(String(decoding: first.pictures, as: UTF8.self).components(separatedBy: "SIXEL").count == 2)
        #expect(encoding.asked == 2 && layer.picturesSent == 1 && layer.picturesSentAhead == 1)
    }

    /// Bytes prepared for a frame that is no longer next (a resize changes the picture's size; another page) are
    /// dropped, never sent; the picture at the new size is asked for instead.
    @Test func aResizeDropsAPicturePreparedAhead() throws {
        let layer = try #require(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: Size(width: 10, height: 20)))
        final class Asked: @unchecked Sendable { var sizes: [Size] = [] }
        let asked = Asked()
        func ahead(_ size: Size, screen: Size) -> Canvas {
            var c = Canvas(size: screen)
            c.blit(Canvas(size: size).withPicture(key: "a@\(size)", pixels: PixelProvider { r in
                asked.sizes.append(r.cells)
                return Array("SIX\(r.cells.width)".utf8)
            }), x: 1, y: 1)
            return c
        }
        let before = ahead(Size(width: 4, height: 3), screen: Size(width: 20, height: 10))
        layer.prepare(before)
        let oldKey = GraphicsState.pixelsKey(before.images[0])
        #expect(layer.hasBytes(oldKey))
        // SIGWINCH: a full repaint at the new size, then the lookahead at that size.
        layer.invalidate()
        let bigger = Canvas(width: 30, height: 14)
        #expect(layer.output(bigger).pictures.isEmpty)
        let after = ahead(Size(width: 6, height: 5), screen: bigger.size)
        layer.prepare(after)
        #expect(!layer.hasBytes(oldKey))
        #expect(layer.hasBytes(GraphicsState.pixelsKey(after.images[0])))
        #expect(asked.sizes == [Size(width: 4, height: 3), Size(width: 6, height: 5)])
        #expect(layer.prepared == [GraphicsState.pixelsKey(after.images[0])])
    }

    /// More sixel pictures on one screen than the escapes kept (an inbox of ten cards): every one is sent, none is
    /// dropped from the cache before its own frame wrote it; the next screen's pictures push the old ones out.
    @Test func aScreenOfManyPicturesSendsThemAll() throws {
        let layer = try #require(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: Size(width: 10, height: 20)))
        let encodes = Counter()
        func screen(_ page: Int) -> Canvas {
            var c = Canvas(width: 40, height: 12)
            for i in 0..<10 {
                let cells = Canvas(size: Size(width: 2, height: 2), fill: Cell("▀", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
                c.blit(cells.withPicture(key: "p\(page)-\(i)", pixels: PixelProvider { _ in encodes.n += 1; return Array("SIX\(i)".utf8) }),
                       x: i * 3, y: 1)
            }
            return c
        }
        let first = layer.output(screen(1))
        #expect(layer.picturesSent == 10)
        #expect(String(decoding: first.pictures, as: UTF8.self).components(separatedBy: "SIX").count == 11)
        #expect(first.cells[0, 1] == .blank && first.cells[27, 1] == .blank)
        _ = layer.output(screen(2))
        #expect(layer.picturesSent == 20 && encodes.n == 20)
        // Back to the first screen: all ten were pushed out by the second, so they are encoded again.
        _ = layer.output(screen(1))
        #expect(layer.picturesSent == 30 && encodes.n == 30)
    }

    @Test func aPictureWithoutPixelsStaysCells() throws {
        let layer = try #require(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: Size(width: 10, height: 20)))
        let asked = Counter()
        let cells = Canvas(size: Size(width: 4, height: 3), fill: Cell("▀", fg: .rgb(200, 0, 0), bg: .rgb(0, 0, 200)))
        var screen = Canvas(width: 20, height: 10)
        screen.blit(cells.withPicture(key: "a", pixels: PixelProvider { _ in asked.n += 1; return nil }), x: 2, y: 1)
        for _ in 0..<3 {
            let frame = layer.output(screen)
            #expect(frame.pictures.isEmpty && frame.cells[2, 1].grapheme == "▀")
        }
        #expect(asked.n == 1)
    }

    @Test func aPictureThatGoesAwayIsErasedCellByCell() {
        // Sixel pixels stay until their cells are written; a blank cell ncurses thinks is already blank would not be.
        var state = GraphicsState(proto: .sixel)
        _ = state.plan(Self.picture(), force: false)
        let gone = state.plan(Canvas(width: 20, height: 10), force: false)
        #expect(gone.send.isEmpty)
        #expect(gone.before?[2, 1] == GraphicsState.erase && gone.before?[5, 3] == GraphicsState.erase)
        #expect(gone.before?[6, 1] == .blank)
        #expect(gone.cells[2, 1] == .blank)
        var kitty = GraphicsState(proto: .kitty)
        let shown = kitty.plan(Self.picture(), force: false)
        let deleted = kitty.plan(Canvas(width: 20, height: 10), force: false)
        #expect(deleted.delete == shown.send.map(\.id) && deleted.before == nil)
    }

    @Test func anOverlayOverThePictureShowsItAsCells() {
        var state = GraphicsState(proto: .kitty)
        var frame = Self.picture()
        OverlayBox.draw(into: &frame, Rect(x: 4, y: 2, width: 8, height: 4), title: "Keys", style: Style(fg: .white, bg: .black))
        let plan = state.plan(frame, force: false)
        #expect(plan.send.isEmpty)
        #expect(plan.cells == frame)
    }

    @Test func clippedAndLastRowPictures() {
        // Half off the screen: cells.
        var state = GraphicsState(proto: .kitty)
        #expect(state.plan(Self.picture(at: (18, 1)), force: false).send.isEmpty)
        // Touching the last row: kitty draws it; sixel would scroll the screen, so cells.
        var kitty = GraphicsState(proto: .kitty)
        #expect(kitty.plan(Self.picture(at: (2, 7)), force: false).send.count == 1)
        var sixel = GraphicsState(proto: .sixel)
        #expect(sixel.plan(Self.picture(at: (2, 7)), force: false).send.isEmpty)
    }

    @Test func aFullRepaintSendsEverythingAgain() {
        var state = GraphicsState(proto: .sixel)
        _ = state.plan(Self.picture(), force: false)
        #expect(state.plan(Self.picture(), force: true).send.count == 1)
        #expect(state.plan(Self.picture(), force: false).send.isEmpty)
    }

    @Test func tmuxPassThroughWrapsEachEscapeAndDoublesItsEscapes() {
        let kitty = Array("\u{1B}_Ga=T,m=1;AAAA\u{1B}\\\u{1B}_Gm=0;BBBB\u{1B}\\".utf8)
        let wrapped = String(decoding: GraphicsLayer.tmuxPassthrough(kitty), as: UTF8.self)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,m=1;AAAA\u{1B}\u{1B}\\\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;BBBB\u{1B}\u{1B}\\\u{1B}\\")
        let iterm = Array("\u{1B}]1337;File=inline=1:QUJD\u{07}".utf8)
        #expect(String(decoding: GraphicsLayer.tmuxPassthrough(iterm), as: UTF8.self)
            == "\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1:QUJD\u{07}\u{1B}\\")
    }

    @Test func noCellSizeMeansCellsForSixelButNotForKitty() {
        #expect(GraphicsLayer(decision: PixelDecision(.sixel, "test"), cellPixels: nil) == nil)
        #expect(GraphicsLayer(decision: PixelDecision(.kitty, "test"), cellPixels: nil) != nil)
        #expect(GraphicsLayer(decision: PixelDecision(nil, "test"), cellPixels: Size(width: 10, height: 20)) == nil)
    }
}
