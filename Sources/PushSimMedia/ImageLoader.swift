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

    /// A decode started before the command line was parsed (`EarlyDecode`): taken when it is the one asked for.
    let early: EarlyDecode

    public init(configuration: Configuration, early: EarlyDecode = .shared) {
        self.configuration = configuration
        self.early = early
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

    /// The cells of `url` at `size`, from the render cache (memory, then disk) or rendered now (CellRenderer; the
    /// Swift half-block renderer if chafa fails).
    public func render(_ url: String, size: Size) throws(LoadFailure) -> Canvas {
        let key = RenderKey(url: url, size: size, options: configuration.render)
        if let hit = renders.value(for: key) { return hit }
        // A render on disk is named by the image's bytes, so they are read first (the decode below uses them too);
        // an image already decoded in memory is rendered from there without touching the disk.
        var diskKey: String?
        var data: SourceBytes?
        // The cells `EarlyDecode` had from these very bytes while the command line was parsed (read from disk, or
        // decoded and rendered) are this lookup's, or this decode's and render's.
        var ahead: EarlyDecode.EarlyCells?
        if let disk = configuration.renderCache, !decoded.contains(url) {
            // Under the URL's lock, as a decode reads them: the page on screen and a pre-fetch never download twice.
            let l = lock(for: url)
            l.lock()
            let source: SourceBytes
            do { source = try sourceBytes(for: url) } catch { l.unlock(); throw error }
            ahead = early.takeCells(bytes: source.data, cells: size, options: configuration.render, limits: configuration.decode)
            if let image = ahead?.image { decoded.set(image, for: url, cost: image.cost) }
            l.unlock()
            let k = ahead?.key ?? RenderDiskCache.key(bytes: source.data, size: size, options: configuration.render)
            let drawn: Canvas?
            if let ahead { drawn = ahead.image == nil ? ahead.rendered : nil } else { drawn = disk.read(k, size: size) }
            if let canvas = drawn {
                // These very bytes rendered before, so they decoded: a fresh download may enter the disk cache.
                if source.downloaded { try? configuration.cache.write(source.data, for: url) }
                renders.set(canvas, for: key, cost: size.width * size.height * ImageLoader.cellCost)
                return canvas
            }
            diskKey = k
            data = source
        }
        let image: DecodedImage
        if let made = ahead?.image { image = made } else { image = try self.image(for: url, cells: size, bytes: data) }
        let canvas: Canvas
        do {
            if let ahead, ahead.image != nil {
                guard let rendered = ahead.rendered else { throw LoadFailure("the cells could not be rendered") }
                canvas = rendered
            } else {
                canvas = try CellRenderer.render(image, size: size, options: configuration.render)
            }
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

    /// Pixels for a terminal picture of `pixels` (width × height): the image already decoded in memory when it covers
    /// that box, else a decode made for the box (a JPEG at the smallest DCT scale that covers it), which is not kept
    /// as the SDK's decode: the encoded picture is what its caller keeps. The decode `EarlyDecode` started for these
    /// very bytes, box and limits is that decode, made while the command line was parsed.
    public func image(for url: String, pixels: Size) throws(LoadFailure) -> DecodedImage {
        if let hit = decoded.value(for: url), hit.width >= pixels.width, hit.height >= pixels.height { return hit }
        let l = lock(for: url)
        l.lock(); defer { l.unlock() }
        let source = try sourceBytes(for: url)
        let image: DecodedImage
        if let ahead = early.take(bytes: source.data, pixels: pixels, limits: configuration.decode) {
            image = ahead
        } else {
            image = try ImageDecoder.decode(source.data, limits: configuration.decode, pixels: pixels)
        }
        if source.downloaded { try configuration.cache.write(source.data, for: url) }
        return image
    }

    /// The escape `EarlyDecode` made for `request` from these very bytes, when it made one and it is the one
    /// `PixelRenderer.encode(image(for: url, pixels:), request)` would give; nil otherwise (the caller encodes as
    /// before). Never downloads for the early escape's sake.
    public func earlyEscape(for url: String, request: PixelRequest) -> [UInt8]? {
        guard early.escapeUnderWay() else { return nil }
        let pixels = EarlyDecode.pixels(of: request)
        // The image already in memory is what `image(for:pixels:)` would draw: not the early decode.
        if let hit = decoded.value(for: url), hit.width >= pixels.width, hit.height >= pixels.height {
            early.abandon()
            return nil
        }
        let l = lock(for: url)
        l.lock(); defer { l.unlock() }
        guard let source = try? sourceBytes(for: url) else { return nil }
        guard let escape = early.takeEscape(bytes: source.data, request: request, limits: configuration.decode) else { return nil }
        if source.downloaded { try? configuration.cache.write(source.data, for: url) }
        return escape
    }

    /// Whether this loader's cells are drawn by the half-block average, whose decode for cells can be smaller (2 × 4
    /// source pixels a cell instead of 4 × 8; `pushsim_crop_fits`): a quarter of the pixels to decode and average for
    /// a photo's first frame (10 % of its instructions, docs/performance.md).
    var halfBlocks: Bool { CellRenderer.route(for: configuration.render) == .halfBlockAverage }

    /// `bytes`: the source bytes when the caller has already read them.
    func image(for url: String, cells: Size?, bytes known: SourceBytes?) throws(LoadFailure) -> DecodedImage {
        func usable(_ img: DecodedImage) -> Bool { cells.map { img.suffices(for: $0, halfBlocks: halfBlocks) } ?? (img.decodedFor == nil) }
        if let hit = decoded.value(for: url), usable(hit) { return hit }
        let l = lock(for: url)
        l.lock(); defer { l.unlock() }
        if let hit = decoded.value(for: url), usable(hit) { return hit }
        let image = try decodeSource(url, cells: cells, known: known)
        decoded.set(image, for: url, cost: image.cost)
        return image
    }

    /// An image's bytes and where they came from: `downloaded` bytes are not in the disk cache yet.
    struct SourceBytes {
        var data: Data
        var downloaded: Bool
    }

    /// `url`'s bytes: its file, or for a remote image the disk cache, else the network. A download is not written to
    /// the disk cache here: only bytes that decode within the limits may enter it (`decodeSource`).
    func sourceBytes(for url: String) throws(LoadFailure) -> SourceBytes {
        switch try ImageLocation.resolve(url, base: configuration.baseDirectory) {
        case .file(let path):
            return SourceBytes(data: try Self.readFile(path, maxBytes: configuration.fetch.maxBytes), downloaded: false)
        case .remote(let remote):
            if let data = configuration.cache.read(url) {
                if ImageDecoder.probe(data) != nil { return SourceBytes(data: data, downloaded: false) }
                configuration.cache.remove(url)
            }
            return SourceBytes(data: try download(remote), downloaded: true)
        }
    }

    /// Decodes `url` from its source bytes. Downloaded bytes enter the disk cache only once they have decoded within
    /// the limits, so a truncated file, a short body or a refused decompression bomb is never kept; a cached file that
    /// no longer decodes is dropped and fetched again.
    private func decodeSource(_ url: String, cells: Size?, known: SourceBytes? = nil) throws(LoadFailure) -> DecodedImage {
        var source: SourceBytes
        if let known { source = known } else { source = try sourceBytes(for: url) }
        let image: DecodedImage
        do throws(LoadFailure) {
            image = try ImageDecoder.decode(source.data, limits: configuration.decode, cells: cells, halfBlocks: halfBlocks)
        } catch {
            guard !source.downloaded, case .remote(let remote) = try ImageLocation.resolve(url, base: configuration.baseDirectory) else { throw error }
            configuration.cache.remove(url)
            source = SourceBytes(data: try download(remote), downloaded: true)
            image = try ImageDecoder.decode(source.data, limits: configuration.decode, cells: cells, halfBlocks: halfBlocks)
        }
        if source.downloaded { try configuration.cache.write(source.data, for: url) }
        return image
    }

    /// The cells a pre-fetch decodes for: the smallest, so a JPEG is checked at 1/8 scale in the DCT (every byte
    /// is still read, so a cut or corrupt file fails as it would at full size) and no picture is kept.
    static let checkCells = Size(width: 1, height: 1)

    public enum PrefetchOutcome: Sendable, Equatable {
        /// Downloaded now and written to the disk cache.
        case fetched(bytes: Int)
        /// Already in the disk cache: nothing to do (the SDK does not check cached files either).
        case cached
        /// A local file (path or `file:` URL) that exists and is an image: nothing to download.
        case local
        case failed(LoadFailure)
    }

    /// The Service Extension's job for one URL: make sure its bytes are on disk — only bytes that decode within the
    /// limits (the SDK keeps what ImageIO recognises; pushsim also refuses what its preview would refuse).
    public func prefetch(_ url: String) -> PrefetchOutcome {
        do throws(LoadFailure) {
            switch try ImageLocation.resolve(url, base: configuration.baseDirectory) {
            case .file(let path):
                let data = try Self.readFile(path, maxBytes: configuration.fetch.maxBytes)
                guard ImageDecoder.probe(data) != nil else { throw LoadFailure.notAnImage(bytes: data.count, contentType: nil) }
                _ = try ImageDecoder.decode(data, limits: configuration.decode, cells: Self.checkCells)
                return .local
            case .remote(let remote):
                if configuration.cache.contains(url) { return .cached }
                let data = try download(remote)
                // What the preview could not show (over the budget, cut, corrupt) must not be on disk as if it were.
                _ = try ImageDecoder.decode(data, limits: configuration.decode, cells: Self.checkCells)
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

    /// A local image's bytes, under the same cap as a download (`--image-max-mb`): the size is checked before a byte
    /// is read, and reading stops at the cap (a file may grow while it is read), so a huge file costs nothing.
    static func readFile(_ path: String, maxBytes: Int) throws(LoadFailure) -> Data {
        // O_NONBLOCK: a FIFO without a writer must not block the open; it is refused below.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .noSuchFile(path)
            case ELOOP: throw LoadFailure("\(path) is a loop of symbolic links")
            default: throw .unreadable(path)
            }
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadable(path) }
        if st.st_mode & S_IFMT == S_IFDIR { throw .notAFile(path) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw LoadFailure("\(path) is not a regular file (a device, a pipe or a socket)") }
        if st.st_size > maxBytes { throw .fileTooLarge(path, size: Int64(st.st_size), limit: maxBytes) }
        var data = Data(capacity: Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .unreadable(path) }
            if n == 0 { break }
            data.append(contentsOf: chunk[..<n])
            if data.count > maxBytes { throw .fileTooLarge(path, size: nil, limit: maxBytes) }
        }
        return data
    }
}
