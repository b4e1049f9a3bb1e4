// Gets an image URL to pixels and cells: memory cache, then the disk cache, then the file or the network.

import Foundation
import PushSimCanvas

public final class ImageLoader: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The payload file's folder: relative paths and `file:` URLs resolve against it.
        public var baseDirectory: String
        public var cache: DiskCache
        public var fetch: FetchLimits
        public var decode: DecodeLimits
        public var render: RenderOptions
        /// Renders kept on disk between runs (nil: only in memory).
        public var renderCache: RenderDiskCache?

        public init(baseDirectory: String, cache: DiskCache, fetch: FetchLimits = FetchLimits(),
                    decode: DecodeLimits = DecodeLimits(), render: RenderOptions = RenderOptions(),
                    renderCache: RenderDiskCache? = nil) {
            self.baseDirectory = baseDirectory
            self.cache = cache
            self.fetch = fetch
            self.decode = decode
            self.render = render
            self.renderCache = renderCache
        }
    }

    /// What a render is cached under: the URL string, the cell size and the way it was drawn.
    public struct RenderKey: Hashable, Sendable {
        public var url: String
        public var size: Size
        public var options: RenderOptions

        public init(url: String, size: Size, options: RenderOptions) {
            self.url = url
            self.size = size
            self.options = options
        }
    }

    /// The SDK's NSCache: 12 images, 32 MB of pixels (cost = pixels × 4).
    public static let decodedCountLimit = 12
    public static let decodedCostLimit = 32 * 1024 * 1024
    /// Rendered cell canvases: 64 renders and about 16 MB (a cell is costed at 48 bytes; an 80×40 render ≈ 150 KB).
    public static let renderCountLimit = 64
    public static let renderCostLimit = 16 * 1024 * 1024
    static let cellCost = 48

    public let configuration: Configuration
    public let decoded = MemoryCache<String, DecodedImage>(countLimit: decodedCountLimit, costLimit: decodedCostLimit)
    public let renders = MemoryCache<RenderKey, Canvas>(countLimit: renderCountLimit, costLimit: renderCostLimit)

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    private let urlLocksLock = NSLock()
    private var urlLocks: [String: NSLock] = [:]

    /// One lock per URL, so two threads asking for the same image download and decode it once.
    private func lock(for url: String) -> NSLock {
        urlLocksLock.lock(); defer { urlLocksLock.unlock() }
        if let l = urlLocks[url] { return l }
        let l = NSLock()
        urlLocks[url] = l
        return l
    }

    /// Where the disk cache keeps `url`'s bytes.
    public func cachePath(for url: String) -> String { configuration.cache.path(for: url) }

    /// True when `url` is decoded in memory (the SDK then shows it at once, without a spinner).
    public func isInMemory(_ url: String) -> Bool { decoded.contains(url) }

    /// The cells of `url` at `size`, from the render cache (memory, then disk) or rendered now (chafa; the Swift
    /// half-block renderer if chafa fails).
    public func render(_ url: String, size: Size) throws(LoadFailure) -> Canvas {
        let key = RenderKey(url: url, size: size, options: configuration.render)
        if let hit = renders.value(for: key) { return hit }
        // A render on disk is named by the image's bytes, so they are read first (the decode below uses them too);
        // an image already decoded in memory is rendered from there without touching the disk.
        var diskKey: String?
        var data: Data?
        if let disk = configuration.renderCache, !decoded.contains(url) {
            // Under the URL's lock, as a decode reads them: the page on screen and a pre-fetch never download twice.
            let l = lock(for: url)
            l.lock()
            let bytes: Data
            do { bytes = try self.bytes(for: url) } catch { l.unlock(); throw error }
            l.unlock()
            let k = RenderDiskCache.key(bytes: bytes, size: size, options: configuration.render)
            if let canvas = disk.read(k, size: size) {
                renders.set(canvas, for: key, cost: size.width * size.height * ImageLoader.cellCost)
                return canvas
            }
            diskKey = k
            data = bytes
        }
        let image = try self.image(for: url, cells: size, bytes: data)
        let canvas: Canvas
        do {
            canvas = try ChafaRenderer.render(image, size: size, options: configuration.render)
            if let diskKey { configuration.renderCache?.write(canvas, key: diskKey) }
        } catch {
            canvas = HalfBlockRenderer.render(image, size: size, colorMode: configuration.render.colorMode)
        }
        renders.set(canvas, for: key, cost: size.width * size.height * ImageLoader.cellCost)
        return canvas
    }

    /// The decoded image: memory, then disk cache, then the source (a download is written to the disk cache).
    /// Without `cells` it is the SDK's decode (longest side ≤ 1500 px). With `cells`, a JPEG may be decoded
    /// smaller, just enough for that many cells — most of a first frame's cost — and is decoded again from the
    /// original bytes if a larger size needs more.
    public func image(for url: String, cells: Size? = nil) throws(LoadFailure) -> DecodedImage {
        try image(for: url, cells: cells, bytes: nil)
    }

    /// `bytes`: the original bytes when the caller has already read them.
    func image(for url: String, cells: Size?, bytes known: Data?) throws(LoadFailure) -> DecodedImage {
        func usable(_ img: DecodedImage) -> Bool { cells.map(img.suffices(for:)) ?? (img.decodedFor == nil) }
        if let hit = decoded.value(for: url), usable(hit) { return hit }
        let l = lock(for: url)
        l.lock(); defer { l.unlock() }
        if let hit = decoded.value(for: url), usable(hit) { return hit }
        let data: Data
        if let known { data = known } else { data = try bytes(for: url) }
        let image = try ImageDecoder.decode(data, limits: configuration.decode, cells: cells)
        decoded.set(image, for: url, cost: image.cost)
        return image
    }

    /// The original bytes of `url`. Remote images come from the disk cache when there (a cached file that is no
    /// longer an image is dropped and fetched again), else from the network, and are then cached.
    public func bytes(for url: String) throws(LoadFailure) -> Data {
        switch try ImageLocation.resolve(url, base: configuration.baseDirectory) {
        case .file(let path):
            return try Self.readFile(path)
        case .remote(let remote):
            if let data = configuration.cache.read(url) {
                if ImageDecoder.probe(data) != nil { return data }
                configuration.cache.remove(url)
            }
            let data = try download(remote)
            try configuration.cache.write(data, for: url)
            return data
        }
    }

    public enum PrefetchOutcome: Sendable, Equatable {
        /// Downloaded now and written to the disk cache.
        case fetched(bytes: Int)
        /// Already in the disk cache: nothing to do (the SDK does not check cached files either).
        case cached
        /// A local file (path or `file:` URL) that exists and is an image: nothing to download.
        case local
        case failed(LoadFailure)
    }

    /// The Service Extension's job for one URL: make sure its bytes are on disk.
    public func prefetch(_ url: String) -> PrefetchOutcome {
        do throws(LoadFailure) {
            switch try ImageLocation.resolve(url, base: configuration.baseDirectory) {
            case .file(let path):
                let data = try Self.readFile(path)
                guard ImageDecoder.probe(data) != nil else { throw LoadFailure.notAnImage(bytes: data.count, contentType: nil) }
                return .local
            case .remote(let remote):
                if configuration.cache.contains(url) { return .cached }
                let data = try download(remote)
                try configuration.cache.write(data, for: url)
                return .fetched(bytes: data.count)
            }
        } catch {
            return .failed(error)
        }
    }

    /// A download kept only when its bytes are an image, like the SDK's pre-fetcher.
    private func download(_ url: URL) throws(LoadFailure) -> Data {
        let body = try HTTPFetcher.fetch(url, limits: configuration.fetch)
        guard ImageDecoder.probe(body.data) != nil else {
            throw LoadFailure.notAnImage(bytes: body.data.count, contentType: body.contentType)
        }
        return body.data
    }

    static func readFile(_ path: String) throws(LoadFailure) -> Data {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw .noSuchFile(path) }
        if isDir.boolValue { throw .notAFile(path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        return data
    }
}
