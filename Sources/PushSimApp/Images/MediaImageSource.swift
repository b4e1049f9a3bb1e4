// The media layer behind the ImageSource seam: loads, caches and renders story images for scenes.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens
import PushSimCanvas

public final class MediaImageSource: ImageSource, @unchecked Sendable {
    public enum Mode: Sendable {
        /// Every load happens inside `slot`: headless runs are deterministic (no spinner ever shows).
        case synchronous
        /// Loads run on background threads; `slot` answers `.loading` until they land (interactive runs).
        case background
    }

    public let loader: ImageLoader
    public let mode: Mode
    private let lock = NSLock()
    private var failures: [String: LoadFailure] = [:]
    private var inFlight: Set<ImageLoader.RenderKey> = []
    private var prefetching: Set<String> = []
    private var reported: Set<String> = []
    private var diagnostics: [Diagnostic] = []
    private var lastSize: Size?
    private let workers = WorkerThreads(name: "pushsim.media", maxThreads: 3)
    /// A picture's bytes for one request (the URL, its pixel size, the protocol, kitty's image id, the scrim).
    struct PixelJob: Hashable {
        var url: String
        var request: PixelRequest
    }
    private var pixelsInFlight: Set<PixelJob> = []
    private var pixelsDone: [PixelJob: [UInt8]?] = [:]
    private var pixelsDoneOrder: [PixelJob] = []
    /// Cells asked for while their picture's pixels were encoding, rendered once no encode of that URL runs.
    private var cellsAfterPixels: [ImageLoader.RenderKey: String] = [:]
    /// The URLs whose pixels a terminal has asked for: it shows them as pictures.
    private var pixelURLs: Set<String> = []
    /// Written when a background load lands (the page on screen, a picture's bytes): the interactive run loop polls it
    /// (`Terminal.Options.wakeDescriptors`), so an arrival is drawn at once instead of at the scene's next 50 ms
    /// poll; nobody writes it while nothing loads, so an idle run has no wake-ups. One per process.
    public static let arrivals = WakePipe()
    /// The pipe this source writes (`arrivals` unless a test gives its own).
    private let wake: WakePipe?

    /// - Parameters:
    ///   - payloadFolder: the payload file's folder; relative paths and `file:` URLs resolve against it.
    ///   - appGroup: `--app-group DIR`, the disk cache's base (else `$XDG_CACHE_HOME/pushsim`).
    public init(payloadFolder: String, appGroup: String? = nil, mode: Mode, colorMode: ColorMode = .detect(),
                symbols: SymbolSet = .halfBlocks, fetch: FetchLimits = FetchLimits(), decode: DecodeLimits = DecodeLimits(),
                wake: WakePipe? = MediaImageSource.arrivals) {
        let base = appGroup ?? DiskCache.defaultBase()
        // Renders are kept on disk beside the image cache: a page drawn once is not decoded or rendered again on
        // the next start at the same size (the first frame of a cached story, issue 14).
        loader = ImageLoader(configuration: .init(baseDirectory: payloadFolder, cache: DiskCache(base: base), fetch: fetch,
                                                  decode: decode, render: RenderOptions(colorMode: colorMode, symbols: symbols),
                                                  renderCache: RenderDiskCache(base: base)))
        self.mode = mode
        self.wake = wake
    }

    /// The folder holding `payloadPath` (standard input and pipes: the working directory).
    public static func folder(of payloadPath: String) -> String {
        InputFile.imageFolder(of: payloadPath)
    }

    public func slot(for url: String, size: Size) -> ImageSlot {
        guard !url.isEmpty, size.width > 0, size.height > 0 else { return .none }
        let key = ImageLoader.RenderKey(url: url, size: size, options: loader.configuration.render)
        lock.lock()
        lastSize = size
        if let f = failures[url] {
            report(url, f)
            lock.unlock()
            return .failed(f.reason)
        }
        lock.unlock()
        if let hit = loader.renders.value(for: key) { return .image(picture(hit, url: url)) }

        // The SDK shows an image already decoded in memory at once; so do we, rendering it now.
        if mode == .synchronous || loader.isInMemory(url) {
            do {
                return .image(picture(try loader.render(url, size: size), url: url))
            } catch {
                lock.lock(); defer { lock.unlock() }
                failures[url] = error
                report(url, error)
                return .failed(error.reason)
            }
        }
        lock.lock(); defer { lock.unlock() }
        // The terminal shows this picture as pixels: its box is left blank for them (as chafa leaves it) rather than
        // a spinner, and while they are being encoded its cells wait, as they would take a core from the encode (and
        // flash half blocks just before the pixels). The cells still come, for an overlay or a terminal that refuses
        // the pixels.
        if pixelURLs.contains(url) {
            if pixelsInFlight.contains(where: { $0.url == url }) {
                if !inFlight.contains(key) { cellsAfterPixels[key] = url }
            } else {
                renderCells(key, url)
            }
            return .image(picture(Canvas(size: size), url: url))
        }
        renderCells(key, url)
        return .loading
    }

    /// Starts rendering `url`'s cells at `key`'s size on a worker, unless that is under way. Called with the lock held.
    private func renderCells(_ key: ImageLoader.RenderKey, _ url: String) {
        guard inFlight.insert(key).inserted else { return }
        cellsAfterPixels[key] = nil
        workers.run(.high) { [self] in
            // A size queued while the URL's download failed (a card growing in its entrance asks for a size a frame)
            // does not download it again: on a server that never answers, each try would hold a worker a timeout long.
            lock.lock()
            let failed = failures[url] != nil
            lock.unlock()
            let outcome = failed ? nil : Result { () throws(LoadFailure) in try loader.render(url, size: key.size) }
            lock.lock()
            if case .failure(let e)? = outcome { failures[url] = e }
            inFlight.remove(key)
            lock.unlock()
            wake?.signal()
        }
    }

    /// Background sources only: a synchronous (headless) run draws what it is asked and never ahead.
    public func pictureAhead(for url: String, size: Size) -> Canvas? {
        guard mode == .background, wake != nil, !url.isEmpty, size.width > 0, size.height > 0 else { return nil }
        lock.lock()
        let failed = failures[url] != nil
        lock.unlock()
        return failed ? nil : picture(Canvas(size: size), url: url)
    }

    /// The rendered cells, marked as `url`'s picture so a terminal that shows pixels can draw the real image there.
    /// Synchronous sources encode when asked; background ones encode on the worker threads and answer `.pending`
    /// until the bytes are ready, then signal `wake`.
    func picture(_ cells: Canvas, url: String) -> Canvas {
        let key = "\(url)@\(cells.size)"
        guard mode == .background, let wake = wake?.descriptor else {
            return cells.withPicture(key: key, pixels: PixelProvider { [loader] request in Self.encodePixels(loader, url, request) })
        }
        return cells.withPicture(key: key, pixels: PixelProvider(wake: wake) { [weak self] request in
            self?.pixels(url, request) ?? .unavailable
        })
    }

    /// One picture's bytes: decoded once for the pixels drawn (a JPEG at the DCT scale that just covers the box), then
    /// encoded for the terminal's protocol.
    static func encodePixels(_ loader: ImageLoader, _ url: String, _ request: PixelRequest) -> [UInt8]? {
        let box = Size(width: request.cells.width * request.cellPixels.width, height: request.cells.height * request.cellPixels.height)
        guard box.width > 0, box.height > 0, let image = try? loader.image(for: url, pixels: box) else { return nil }
        return PixelRenderer.encode(consume image, request)
    }

    /// The answer for one request: ready bytes are handed over once (the terminal keeps them per picture and size);
    /// a request not seen yet starts its encode on a worker thread.
    func pixels(_ url: String, _ request: PixelRequest) -> PixelAnswer {
        let job = PixelJob(url: url, request: request)
        lock.lock(); defer { lock.unlock() }
        if let done = pixelsDone.removeValue(forKey: job) {
            pixelsDoneOrder.removeAll { $0 == job }
            return done.map(PixelAnswer.ready) ?? .unavailable
        }
        if pixelsInFlight.insert(job).inserted {
            pixelURLs.insert(url)
            let loader = self.loader
            workers.run(.high) { [self] in
                let bytes = Self.encodePixels(loader, url, request)
                lock.lock()
                pixelsInFlight.remove(job)
                if !pixelsInFlight.contains(where: { $0.url == url }) {
                    for (key, waiting) in cellsAfterPixels where waiting == url { renderCells(key, url) }
                }
                pixelsDone[job] = bytes
                pixelsDoneOrder.append(job)
                // Bytes nobody collected (the page changed first) are dropped after a few: a sixel page is ~200 KB.
                if pixelsDoneOrder.count > 4 { pixelsDone[pixelsDoneOrder.removeFirst()] = nil }
                lock.unlock()
                wake?.signal()
            }
        }
        return .pending
    }

    /// The SDK's pre-fetch of pages 1…n-1: decode (and render at the last size asked for) in the background.
    /// A synchronous source downloads the remote ones now, all at once, into the disk cache (what the SDK's
    /// `prefetch` does, each download on its own): 20 pages whose server never answers cost one `--image-timeout`,
    /// not twenty one after another as each page was shown. Decoding still happens when a page is shown, and a
    /// failure is reported then, so events and frames are what they were.
    public func prefetch(_ urls: [String]) {
        guard mode == .background else { return prefetchDownloads(urls) }
        lock.lock(); defer { lock.unlock() }
        let size = lastSize
        for url in urls where !url.isEmpty && failures[url] == nil && !prefetching.contains(url) && !loader.isInMemory(url) {
            prefetching.insert(url)
            workers.run(.low) { [self] in
                let outcome = Result { () throws(LoadFailure) in
                    if let size { _ = try loader.render(url, size: size) } else { _ = try loader.image(for: url) }
                }
                lock.lock(); defer { lock.unlock() }
                if case .failure(let e) = outcome { failures[url] = e }
                prefetching.remove(url)
            }
        }
    }

    private func prefetchDownloads(_ urls: [String]) {
        lock.lock()
        let remote = urls.filter { url in
            guard failures[url] == nil, !loader.isInMemory(url),
                  case .remote? = try? ImageLocation.resolve(url, base: loader.configuration.baseDirectory) else { return false }
            return !loader.configuration.cache.contains(url)
        }
        lock.unlock()
        guard !remote.isEmpty else { return }
        let summary = Prefetcher.run(remote, loader: loader, concurrency: min(remote.count, 16))
        lock.lock(); defer { lock.unlock() }
        for item in summary.failed { if case .failed(let e) = item.outcome { failures[item.url] = e } }
    }

    /// Whether `url`'s pixels are encoding and whether its cells are rendering (tests: never both at once).
    func work(on url: String) -> (encoding: Bool, rendering: Bool) {
        lock.lock(); defer { lock.unlock() }
        return (pixelsInFlight.contains { $0.url == url }, inFlight.contains { $0.url == url })
    }

    public var isBusy: Bool {
        lock.lock(); defer { lock.unlock() }
        return !inFlight.isEmpty || !prefetching.isEmpty || !cellsAfterPixels.isEmpty
    }

    public func markUnavailable(_ url: String, reason: String) {
        lock.lock(); defer { lock.unlock() }
        guard failures[url] == nil, !loader.isInMemory(url) else { return }
        failures[url] = LoadFailure(reason)
        reported.insert(url)
    }

    public func takeDiagnostics() -> [Diagnostic] {
        lock.lock(); defer { lock.unlock() }
        let out = diagnostics
        diagnostics = []
        return out
    }

    /// Waits for background work to finish (tests and benchmarks only; scenes never block).
    public func waitUntilIdle() { workers.waitUntilIdle() }

    /// Called with the lock held: each URL's failure is reported once, when a page first shows it.
    private func report(_ url: String, _ failure: LoadFailure) {
        guard reported.insert(url).inserted else { return }
        diagnostics.append(Diagnostic(.warning, path: "", "image \(url) could not be loaded: \(failure.reason); a placeholder is shown"))
    }
}
