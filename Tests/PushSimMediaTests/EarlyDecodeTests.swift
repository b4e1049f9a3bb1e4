// The decode started before the command line is parsed: taken only as the very decode the loader would make.

import Foundation
import Testing
@testable import PushSimMedia
import PushSimCanvas

@Suite struct EarlyDecodeTests {
    static let box = Size(width: 520, height: 780)

    /// The bench photo written to a fresh folder, with its bytes.
    func photo() -> (folder: String, path: String, bytes: Data) {
        let folder = Fixtures.tempFolder()
        let bytes = Fixtures.image("aurora.jpg")
        let path = folder + "/aurora.jpg"
        FileManager.default.createFile(atPath: path, contents: bytes)
        return (folder, path, bytes)
    }

    @Test func theSameBytesBoxAndLimitsGetTheLoadersOwnDecode() throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.outcome == .pending)
        let taken = try #require(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()))
        // The decoder is deterministic: what was made early is what the loader would have decoded.
        #expect(taken == (try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Self.box)))
        #expect(early.outcome == .taken)
        // One answer per process: asked again, it has nothing (and holds nothing).
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
    }

    @Test(arguments: ["box", "bytes", "limits"])
    func anyOtherRequestFindsNothingAndDropsIt(_ differing: String) {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        var other = bytes
        other[other.count - 3] ^= 0xFF
        let answer = early.take(bytes: differing == "bytes" ? other : bytes,
                                pixels: differing == "box" ? Size(width: 521, height: 780) : Self.box,
                                limits: differing == "limits" ? DecodeLimits(maxSide: 1000) : DecodeLimits())
        #expect(answer == nil)
        #expect(early.outcome == .missed)
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
    }

    @Test func aRequestBeforeAnyDecodeEndsItUnstarted() {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
        // Too late: a decode started now would be for nobody, so none is.
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.outcome == .none)
    }

    /// A thread that has said it may decode (`expect`) is waited for, not raced: its decode is taken when it starts
    /// one, and a request finds nothing (outcome none) when it decides on none.
    @Test func anExpectedDecodeIsWaitedForNotRaced() {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.expect()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
            early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
            early.decided()
        }
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) != nil)
        #expect(early.outcome == .taken)

        let none = EarlyDecode()
        none.expect()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { none.decided() }
        #expect(!none.escapeUnderWay())
        #expect(none.outcome == .none)
        // Decided: later requests find nothing, and a decode started now is for nobody.
        none.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(none.outcome == .none)

        // Dropped while expected: the thread's decode, if it still comes, makes nothing.
        let dropped = EarlyDecode()
        dropped.expect()
        dropped.abandon()
        dropped.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(dropped.outcome == .none)
        #expect(dropped.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
    }

    @Test func aRequestWhileTheDecodeRunsWaitsForIt() {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            started.signal()
            early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        }
        thread.start()
        started.wait()
        // Once it has begun, whether it is still running or done, the answer is the decode, never nil.
        var waited = 0
        while early.outcome == .none && waited < 2000 { usleep(1000); waited += 1 }
        let answer = early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits())
        #expect(answer?.width == 540 && answer?.height == 810)
    }

    @Test func aFileThatIsNotARegularFileOrTooLargeIsNotDecoded() throws {
        let (folder, path, bytes) = photo()
        let fifo = folder + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o600) == 0)
        let early = EarlyDecode()
        // A FIFO without a writer: refused at once (the open does not block), nothing kept.
        early.decode(imageAt: fifo, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.outcome == .missed)
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
        let small = EarlyDecode()
        small.decode(imageAt: path, pixels: Self.box, maxBytes: bytes.count - 1)
        #expect(small.outcome == .missed)
    }

    @Test func theLoaderDrawsTheEarlyDecodeOnlyForItsBytes() throws {
        let (folder, _, bytes) = photo()
        let loader = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())),
                                 early: EarlyDecode())
        // A marker in place of the early decode: the loader hands it over as the picture for the same bytes and box.
        var marker = try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Self.box)
        marker.rgba[0] = marker.rgba[0] &+ 1
        loader.early.plant(bytes: bytes, pixels: Self.box, limits: DecodeLimits(), image: marker)
        #expect(try loader.image(for: "file:aurora.jpg", pixels: Self.box) == marker)
        // The next request decodes from the file as before.
        let again = try loader.image(for: "file:aurora.jpg", pixels: Self.box)
        #expect(again == (try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: Self.box)))

        let other = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())),
                                early: EarlyDecode())
        var changed = bytes
        changed[changed.count - 3] ^= 0xFF
        other.early.plant(bytes: changed, pixels: Self.box, limits: DecodeLimits(), image: marker)
        #expect(try other.image(for: "file:aurora.jpg", pixels: Self.box) != marker)
    }

    // The early escape: decoded and encoded for the request the story's first frame will make (sixel, iTerm2).

    static let request = PixelRequest(proto: .sixel, cells: Size(width: 52, height: 39), cellPixels: Size(width: 10, height: 20),
                                      scrim: PixelScrim(fromRow: 20, darkness: 0.5))

    /// What the loader's caller makes for `request` from `bytes`: the escape the early one must equal.
    static func made(_ bytes: Data, _ request: PixelRequest) throws -> [UInt8] {
        let image = try ImageDecoder.decode(bytes, limits: DecodeLimits(), pixels: EarlyDecode.pixels(of: request))
        return try #require(PixelRenderer.encode(image, request))
    }

    @Test(arguments: [PixelProtocol.sixel, .iterm])
    func theSameBytesRequestAndLimitsGetTheEncodeTheCallerWouldMake(_ proto: PixelProtocol) throws {
        let (_, path, bytes) = photo()
        var request = Self.request
        request.proto = proto
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: EarlyDecode.pixels(of: request), maxBytes: 1 << 24, encodingFor: request)
        let escape = try #require(early.takeEscape(bytes: bytes, request: request, limits: DecodeLimits()))
        #expect(escape == (try Self.made(bytes, request)))
        #expect(early.outcome == .taken)
        #expect(!early.escapeUnderWay())
        #expect(early.takeEscape(bytes: bytes, request: request, limits: DecodeLimits()) == nil)
    }

    @Test(arguments: ["bytes", "cells", "cell pixels", "scrim", "protocol", "limits"])
    func anEscapeForAnyOtherRequestIsDropped(_ differing: String) throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: EarlyDecode.pixels(of: Self.request), maxBytes: 1 << 24, encodingFor: Self.request)
        var asked = Self.request
        var other = bytes
        switch differing {
        case "bytes": other[other.count - 3] ^= 0xFF
        case "cells": asked.cells.width += 1
        case "cell pixels": asked.cellPixels.height += 1
        case "scrim": asked.scrim = nil
        case "protocol": asked.proto = .iterm
        default: break
        }
        let limits = differing == "limits" ? DecodeLimits(maxSide: 1000) : DecodeLimits()
        #expect(early.takeEscape(bytes: other, request: asked, limits: limits) == nil)
        #expect(early.outcome == .missed)
        #expect(early.takeEscape(bytes: bytes, request: Self.request, limits: DecodeLimits()) == nil)
    }

    @Test func kittysImageIDCountsOnlyForKitty() {
        var made = Self.request, asked = Self.request
        made.kittyID = 1
        asked.kittyID = 7
        // sixel's and iTerm2's bytes do not carry the id: the same escape whatever it is.
        #expect(EarlyDecode.same(made, asked))
        made.proto = .kitty
        asked.proto = .kitty
        #expect(!EarlyDecode.same(made, asked))
        asked.kittyID = 1
        #expect(EarlyDecode.same(made, asked))
    }

    @Test func aDecodeAndAnEscapeAreNotMistakenForEachOther() throws {
        let (_, path, bytes) = photo()
        // An escape holds the image darkened in place: asked for as pixels, it is not them.
        let encoded = EarlyDecode()
        encoded.decode(imageAt: path, pixels: EarlyDecode.pixels(of: Self.request), maxBytes: 1 << 24, encodingFor: Self.request)
        #expect(encoded.take(bytes: bytes, pixels: EarlyDecode.pixels(of: Self.request), limits: DecodeLimits()) == nil)
        #expect(encoded.outcome == .missed)
        // A plain decode asked for as an escape is left for the pixels' request, which still gets it.
        let plain = EarlyDecode()
        plain.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(!plain.escapeUnderWay())
        #expect(plain.takeEscape(bytes: bytes, request: Self.request, limits: DecodeLimits()) == nil)
        #expect(plain.outcome == .pending)
        #expect(plain.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) != nil)
        #expect(plain.outcome == .taken)
    }

    @Test func anEscapeAskedForWhileItIsMadeIsWaitedFor() throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        let thread = Thread {
            early.decode(imageAt: path, pixels: EarlyDecode.pixels(of: Self.request), maxBytes: 1 << 24, encodingFor: Self.request)
        }
        thread.start()
        var waited = 0
        while early.outcome == .none && waited < 2000 { usleep(1000); waited += 1 }
        // Begun: running or done, the answer is the escape, never nil.
        let escape = try #require(early.takeEscape(bytes: bytes, request: Self.request, limits: DecodeLimits()))
        #expect(escape == (try Self.made(bytes, Self.request)))
    }

    @Test func theLoaderHandsOverTheEarlyEscapeOnlyForItsBytesAndNeverOverAPictureItHolds() throws {
        let (folder, _, bytes) = photo()
        func loader() -> ImageLoader {
            ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())), early: EarlyDecode())
        }
        let marker: [UInt8] = Array("early".utf8)
        let one = loader()
        #expect(one.earlyEscape(for: "file:aurora.jpg", request: Self.request) == nil)   // none made: nothing read
        one.early.plant(bytes: bytes, limits: DecodeLimits(), request: Self.request, escape: marker)
        #expect(one.earlyEscape(for: "file:aurora.jpg", request: Self.request) == marker)
        #expect(one.earlyEscape(for: "file:aurora.jpg", request: Self.request) == nil)

        var changed = bytes
        changed[changed.count - 3] ^= 0xFF
        let two = loader()
        two.early.plant(bytes: changed, limits: DecodeLimits(), request: Self.request, escape: marker)
        #expect(two.earlyEscape(for: "file:aurora.jpg", request: Self.request) == nil)
        #expect(two.early.outcome == .missed)

        // The picture already decoded in memory is what the loader would draw: the early escape is dropped.
        let three = loader()
        _ = try three.image(for: "file:aurora.jpg")   // the SDK's decode, kept in memory
        three.early.plant(bytes: bytes, limits: DecodeLimits(), request: Self.request, escape: marker)
        #expect(three.earlyEscape(for: "file:aurora.jpg", request: Self.request) == nil)
        #expect(three.early.outcome == .missed)
    }

    @Test func anEscapeAskedForBeforeTheEarlyThreadBeginsEndsItUnstarted() throws {
        // The early thread still reading the payload when the first frame asks: the loader then decodes and encodes
        // itself, and the early thread, arriving after, must not make the same picture a second time beside it.
        let (folder, _, bytes) = photo()
        let loader = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())),
                                 early: EarlyDecode())
        #expect(loader.earlyEscape(for: "file:aurora.jpg", request: Self.request) == nil)
        loader.early.decode(imageAt: folder + "/aurora.jpg", pixels: EarlyDecode.pixels(of: Self.request), maxBytes: 1 << 24,
                            encodingFor: Self.request)
        #expect(loader.early.outcome == .none)
        #expect(loader.early.take(bytes: bytes, pixels: EarlyDecode.pixels(of: Self.request), limits: DecodeLimits()) == nil)
        #expect(loader.early.outcome == .none)
    }

    // A headless run's first picture: its cells read from the render cache, or decoded and rendered as the loader would.

    static let cells = Size(width: 80, height: 40)
    static let options = RenderOptions(colorMode: .indexed256, symbols: .halfBlocks)

    /// What the loader makes for `cells` from `bytes` on a render-cache miss: its decode for those cells and their render.
    static func loaderCells(_ bytes: Data, cells: Size = cells, options: RenderOptions = options) throws -> (DecodedImage, Canvas) {
        let halfBlocks = CellRenderer.route(for: options) == .halfBlockAverage
        let image = try ImageDecoder.decode(bytes, limits: DecodeLimits(), cells: cells, halfBlocks: halfBlocks)
        return (image, try CellRenderer.render(image, size: cells, options: options))
    }

    @Test(arguments: [RenderOptions(colorMode: .indexed256, symbols: .halfBlocks), RenderOptions(colorMode: .truecolor, symbols: .halfBlocks),
                      RenderOptions(colorMode: .indexed8, symbols: try! SymbolSet(parsing: "block"))])
    func theSameBytesCellsAndOptionsGetTheLoadersOwnDecodeAndRender(_ options: RenderOptions) throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.render(imageAt: path, cells: Self.cells, options: options, maxBytes: 1 << 24, renderCache: RenderDiskCache(base: Fixtures.tempFolder()))
        #expect(early.outcome == .pending)
        let made = try #require(early.takeCells(bytes: bytes, cells: Self.cells, options: options, limits: DecodeLimits()))
        let (image, canvas) = try Self.loaderCells(bytes, options: options)
        #expect(made.image == image)
        #expect(made.rendered == canvas)
        #expect(made.key == RenderDiskCache.key(bytes: bytes, size: Self.cells, options: options))
        #expect(early.outcome == .taken)
        #expect(early.takeCells(bytes: bytes, cells: Self.cells, options: options, limits: DecodeLimits()) == nil)
    }

    @Test(arguments: ["bytes", "cells", "colours", "symbols", "limits"])
    func cellsForAnyOtherRequestAreDropped(_ differing: String) throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.render(imageAt: path, cells: Self.cells, options: Self.options, maxBytes: 1 << 24, renderCache: RenderDiskCache(base: Fixtures.tempFolder()))
        var other = bytes
        other[other.count - 3] ^= 0xFF
        var options = Self.options
        if differing == "colours" { options.colorMode = .truecolor }
        if differing == "symbols" { options.symbols = try SymbolSet(parsing: "block") }
        let answer = early.takeCells(bytes: differing == "bytes" ? other : bytes,
                                     cells: differing == "cells" ? Size(width: 81, height: 40) : Self.cells, options: options,
                                     limits: differing == "limits" ? DecodeLimits(maxSide: 1000) : DecodeLimits())
        #expect(answer == nil)
        #expect(early.outcome == .missed)
        #expect(early.takeCells(bytes: bytes, cells: Self.cells, options: Self.options, limits: DecodeLimits()) == nil)
    }

    @Test func aRenderOnDiskIsReadNotMadeAgain() throws {
        let (_, path, bytes) = photo()
        let disk = RenderDiskCache(base: Fixtures.tempFolder())
        // A marker in the render cache under the render's own name: the early cells are what the loader would read.
        var marker = try Self.loaderCells(bytes).1
        marker.update(Rect(x: 0, y: 0, width: 1, height: 1)) { $0 = Cell("X") }
        disk.write(marker, key: RenderDiskCache.key(bytes: bytes, size: Self.cells, options: Self.options))
        let early = EarlyDecode()
        early.render(imageAt: path, cells: Self.cells, options: Self.options, maxBytes: 1 << 24, renderCache: disk)
        let made = try #require(early.takeCells(bytes: bytes, cells: Self.cells, options: Self.options, limits: DecodeLimits()))
        #expect(made.image == nil)
        #expect(made.rendered == marker)
    }

    @Test func aPicturesDecodeIsLeftForItsOwnRequest() throws {
        // A terminal that shows pixels draws the story's cells too: a cells request must not take or end the picture's decode.
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.decode(imageAt: path, pixels: Self.box, maxBytes: 1 << 24)
        #expect(early.takeCells(bytes: bytes, cells: Self.cells, options: Self.options, limits: DecodeLimits()) == nil)
        #expect(early.outcome == .pending)
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) != nil)
        #expect(early.outcome == .taken)
    }

    @Test func aPicturesRequestDropsEarlyCells() throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.render(imageAt: path, cells: Self.cells, options: Self.options, maxBytes: 1 << 24, renderCache: RenderDiskCache(base: Fixtures.tempFolder()))
        #expect(early.take(bytes: bytes, pixels: Self.box, limits: DecodeLimits()) == nil)
        #expect(early.outcome == .missed)
        #expect(early.takeCells(bytes: bytes, cells: Self.cells, options: Self.options, limits: DecodeLimits()) == nil)
    }

    @Test func cellsAskedForWhileTheyAreMadeAreWaitedFor() throws {
        let (_, path, bytes) = photo()
        let early = EarlyDecode()
        early.expect()
        let asked = Thread { early.render(imageAt: path, cells: Self.cells, options: Self.options, maxBytes: 1 << 24,
                                          renderCache: RenderDiskCache(base: Fixtures.tempFolder())) }
        asked.start()
        let made = try #require(early.takeCells(bytes: bytes, cells: Self.cells, options: Self.options, limits: DecodeLimits()))
        #expect(made.rendered == (try Self.loaderCells(bytes).1))
        #expect(early.outcome == .taken)
    }

    @Test func theLoaderDrawsTheEarlyCellsOnlyForTheirBytesAndKeepsThemOnDisk() throws {
        let (folder, _, bytes) = photo()
        let base = Fixtures.tempFolder()
        func loader() -> ImageLoader {
            ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder()), render: Self.options,
                                             renderCache: RenderDiskCache(base: base)), early: EarlyDecode())
        }
        let (image, canvas) = try Self.loaderCells(bytes)
        var marker = canvas
        marker.update(Rect(x: 0, y: 0, width: 1, height: 1)) { $0 = Cell("X") }
        let key = RenderDiskCache.key(bytes: bytes, size: Self.cells, options: Self.options)
        // Decoded and rendered early: drawn, kept in memory as the loader's decode and written to the render cache.
        let first = loader()
        first.early.plantCells(bytes: bytes, cells: Self.cells, options: Self.options, made: .init(key: key, image: image, rendered: marker))
        #expect(try first.render("file:aurora.jpg", size: Self.cells) == marker)
        #expect(first.early.outcome == .taken)
        #expect(first.isInMemory("file:aurora.jpg"))
        #expect(try loader().render("file:aurora.jpg", size: Self.cells) == marker)
        // Read from the render cache early: drawn as the loader's own read would be.
        let second = loader()
        second.early.plantCells(bytes: bytes, cells: Self.cells, options: Self.options, made: .init(key: key, image: nil, rendered: canvas))
        #expect(try second.render("file:aurora.jpg", size: Self.cells) == canvas)
        // Other bytes: the loader decodes and renders (or reads) as before.
        var changed = bytes
        changed[changed.count - 3] ^= 0xFF
        let third = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder()), render: Self.options,
                                                     renderCache: RenderDiskCache(base: Fixtures.tempFolder())), early: EarlyDecode())
        third.early.plantCells(bytes: changed, cells: Self.cells, options: Self.options, made: .init(key: key, image: image, rendered: marker))
        #expect(try third.render("file:aurora.jpg", size: Self.cells) == canvas)
        #expect(third.early.outcome == .missed)
        // The renderer failed early: the loader draws its fallback, as when its own render fails (and keeps none on disk).
        let fourth = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder()), render: Self.options,
                                                     renderCache: RenderDiskCache(base: Fixtures.tempFolder())), early: EarlyDecode())
        fourth.early.plantCells(bytes: bytes, cells: Self.cells, options: Self.options, made: .init(key: key, image: image, rendered: nil))
        #expect(try fourth.render("file:aurora.jpg", size: Self.cells) == HalfBlockRenderer.render(image, size: Self.cells, colorMode: Self.options.colorMode))
        #expect(fourth.configuration.renderCache?.read(key, size: Self.cells) == nil)
    }
}
