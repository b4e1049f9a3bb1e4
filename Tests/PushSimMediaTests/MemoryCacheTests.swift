// The bounded in-memory caches: the SDK's NSCache limits (12 images, 32 MB) and least-recently-used eviction.

import PushSimCanvas
import Testing
@testable import PushSimMedia

@Suite struct MemoryCacheTests {
    // spec §1.10: NSCache countLimit 12, totalCostLimit 32 MB, cost = pixels × 4.
    @Test func decodedCacheHasTheSDKLimits() {
        #expect(ImageLoader.decodedCountLimit == 12)
        #expect(ImageLoader.decodedCostLimit == 32 * 1024 * 1024)
        let img = DecodedImage(width: 1000, height: 1500, rgba: [])
        #expect(img.cost == 6_000_000)
    }

    // A reduced decode serves its size; a larger size decodes again from the original bytes and replaces it.
    // chafa's symbols need 4×8 source pixels a cell (aurora.jpg is 1080×1620: 1/8 is 135 wide, 1/2 540; 120×90 cells
    // need a crop of 480×720, which the 1/2 decode's 540×810 covers).
    @Test func loaderDecodesAgainWhenALargerSizeNeedsMorePixels() throws {
        let folder = Fixtures.imagesFolder
        let symbols = RenderOptions(colorMode: .truecolor, symbols: try SymbolSet(parsing: "block+border"))
        #expect(CellRenderer.route(for: symbols) == .chafa)
        let loader = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder()), render: symbols))
        _ = try loader.render("aurora.jpg", size: Size(width: 20, height: 15))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 135)   // 1/8 scale
        _ = try loader.render("aurora.jpg", size: Size(width: 120, height: 90))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 540)   // 1/2 scale
        // The larger decode serves the smaller sizes from now on.
        _ = try loader.render("aurora.jpg", size: Size(width: 10, height: 5))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 540)
        // A size beyond it (200×100: a crop 800 px wide) decodes in full.
        _ = try loader.render("aurora.jpg", size: Size(width: 200, height: 100))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 1000)
        #expect(loader.renders.count == 4)
    }

    // Half blocks (the default route) need 2×4 source pixels a cell: 120×90 cells are drawn from the 1/4 decode (270×405
    // against a crop of 240×360), and only a size beyond it (300×100: a crop 600 px wide) decodes in full.
    @Test func halfBlocksDecodeSmallerAndAgainOnlyWhenTheyNeedMore() throws {
        let folder = Fixtures.imagesFolder
        let loader = ImageLoader(configuration: .init(baseDirectory: folder, cache: DiskCache(base: Fixtures.tempFolder())))
        #expect(loader.halfBlocks)
        _ = try loader.render("aurora.jpg", size: Size(width: 20, height: 15))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 135)   // 1/8 scale
        _ = try loader.render("aurora.jpg", size: Size(width: 120, height: 90))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 270)   // 1/4 scale (symbols need the 1/2 decode)
        #expect(loader.decoded.value(for: "aurora.jpg")?.decodedForHalfBlocks == true)
        _ = try loader.render("aurora.jpg", size: Size(width: 300, height: 100))
        #expect(loader.decoded.value(for: "aurora.jpg")?.width == 1000)
        #expect(loader.renders.count == 3)
    }

    // Pixels decoded for half blocks never serve chafa's symbols, which need twice the pixels each way.
    @Test func aHalfBlockDecodeDoesNotSufficeForSymbols() {
        let image = DecodedImage(width: 540, height: 810, rgba: [], decodedFor: Size(width: 120, height: 90), decodedForHalfBlocks: true)
        #expect(image.suffices(for: Size(width: 120, height: 90), halfBlocks: true))
        #expect(!image.suffices(for: Size(width: 120, height: 90), halfBlocks: false))
        #expect(!image.suffices(for: Size(width: 10, height: 5), halfBlocks: false))
    }

    @Test func countLimitEvictsTheLeastRecentlyUsed() {
        let cache = MemoryCache<String, Int>(countLimit: 3, costLimit: 100)
        cache.set(1, for: "a", cost: 1)
        cache.set(2, for: "b", cost: 1)
        cache.set(3, for: "c", cost: 1)
        _ = cache.value(for: "a")          // a is now the most recent
        cache.set(4, for: "d", cost: 1)    // evicts b
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3 && cache.value(for: "d") == 4)
        #expect(cache.count == 3)
    }

    @Test func costLimitEvictsUntilItFits() {
        let cache = MemoryCache<String, Int>(countLimit: 10, costLimit: 10)
        cache.set(1, for: "a", cost: 4)
        cache.set(2, for: "b", cost: 4)
        cache.set(3, for: "c", cost: 4)    // 12 > 10: a goes
        #expect(cache.value(for: "a") == nil && cache.totalCost == 8)
        cache.set(9, for: "huge", cost: 11) // costlier than the whole cache: not kept, nothing evicted
        #expect(cache.value(for: "huge") == nil && cache.count == 2)
    }

    @Test func replacingAKeyReplacesItsCost() {
        let cache = MemoryCache<String, Int>(countLimit: 10, costLimit: 10)
        cache.set(1, for: "a", cost: 6)
        cache.set(2, for: "a", cost: 3)
        #expect(cache.totalCost == 3 && cache.value(for: "a") == 2)
    }
}
