// Renders kept on disk between runs (issue 14): a second start draws a cached page from the file, identical to a
// fresh render, and the key changes with anything that changes the cells.

import Foundation
import PushSimCanvas
import Testing
@testable import PushSimMedia

@Suite struct RenderDiskCacheTests {
    func loader(_ base: String, colorMode: ColorMode = .indexed256) -> ImageLoader {
        ImageLoader(configuration: .init(baseDirectory: Fixtures.imagesFolder, cache: DiskCache(base: base),
                                         render: RenderOptions(colorMode: colorMode), renderCache: RenderDiskCache(base: base)))
    }

    @Test func aSecondLoaderReadsTheRenderInsteadOfDecoding() throws {
        let base = Fixtures.tempFolder()
        let size = Size(width: 53, height: 40)
        let first = loader(base)
        let drawn = try first.render("aurora.jpg", size: size)
        #expect(first.decoded.count == 1, "the first start decodes")
        #expect(Fixtures.files(in: base + "/pushsim_renders").count == 1)

        let second = loader(base)
        #expect(try second.render("aurora.jpg", size: size) == drawn)
        #expect(second.decoded.count == 0, "the second start draws from the file, without decoding")

        // The same bytes under another colour mode or size are another render.
        let mono = loader(base, colorMode: .monochrome)
        _ = try mono.render("aurora.jpg", size: size)
        #expect(mono.decoded.count == 1)
        _ = try second.render("aurora.jpg", size: Size(width: 20, height: 10))
        #expect(second.decoded.count == 1)
        #expect(Fixtures.files(in: base + "/pushsim_renders").count == 3)
    }

    @Test func theKeyNamesTheBytesAndEveryOption() {
        let a = Data([1, 2, 3]), b = Data([1, 2, 4])
        let size = Size(width: 10, height: 5)
        let k = RenderDiskCache.key(bytes: a, size: size, options: RenderOptions())
        #expect(k.count == 64)
        #expect(k == RenderDiskCache.key(bytes: a, size: size, options: RenderOptions()))
        #expect(k != RenderDiskCache.key(bytes: b, size: size, options: RenderOptions()))
        #expect(k != RenderDiskCache.key(bytes: a, size: Size(width: 10, height: 6), options: RenderOptions()))
        #expect(k != RenderDiskCache.key(bytes: a, size: size, options: RenderOptions(colorMode: .truecolor)))
        #expect(k != RenderDiskCache.key(bytes: a, size: size, options: RenderOptions(dither: true)))
    }

    @Test func encodingRoundTripsEveryKindOfCell() {
        var c = Canvas(size: Size(width: 3, height: 2))
        c[0, 0] = Cell("▀", fg: .indexed(196), bg: .rgb(1, 2, 3))
        c[1, 0] = Cell("春", fg: .default, bg: .black, attrs: [.bold, .underline])
        c[2, 0] = Cell("", fg: .default, bg: .black)
        c[0, 1] = Cell("👍🏽")
        let data = RenderDiskCache.encode(c)
        #expect(RenderDiskCache.decode(data, size: c.size) == c)
        #expect(RenderDiskCache.decode(data, size: Size(width: 3, height: 3)) == nil, "another size is not this render")
        #expect(RenderDiskCache.decode(data.dropLast(), size: c.size) == nil, "a cut file is not read")
        #expect(RenderDiskCache.decode(data + Data([0]), size: c.size) == nil)
        var other = data
        other[4] = RenderDiskCache.formatVersion &+ 1
        #expect(RenderDiskCache.decode(other, size: c.size) == nil, "another version's file is not read")
    }

    @Test func aDamagedFileIsRenderedAgainAndReplaced() throws {
        let base = Fixtures.tempFolder()
        let size = Size(width: 20, height: 10)
        let drawn = try loader(base).render("dunes.jpg", size: size)
        let folder = base + "/pushsim_renders"
        let file = folder + "/" + Fixtures.files(in: folder)[0]
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: file))
        let again = loader(base)
        #expect(try again.render("dunes.jpg", size: size) == drawn)
        #expect(again.decoded.count == 1)
        #expect(RenderDiskCache.decode(try Data(contentsOf: URL(fileURLWithPath: file)), size: size) == drawn)
    }

    @Test func theFolderStaysBounded() {
        let base = Fixtures.tempFolder()
        let cache = RenderDiskCache(base: base, maxFiles: 8)
        let canvas = Canvas(size: Size(width: 2, height: 1))
        for i in 0..<20 { cache.write(canvas, key: String(format: "%064d", i)) }
        let n = Fixtures.files(in: base + "/pushsim_renders").count
        #expect(n <= 8 && n >= 4)
    }
}
