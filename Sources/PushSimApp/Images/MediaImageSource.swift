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
    /// Per URL, the cells asked for while another size of it was rendering: only the last asked waits (a burst of
    /// resizes renders the size it ends at, never the ones it passed through).
    private var cellsWaiting: [String: ImageLoader.RenderKey] = [:]
    /// The last cells shown of a few URLs, whatever their size, with the terminal size they were shown at (`resizes`
    /// then): after a resize each is drawn, fitted to its new box, while that size renders off the run loop's thread.
    private var recent: [(url: String, cells: Canvas, resizes: Int)] = []
    /// How many times the terminal changed size (`terminalResized`).
    private var resizes = 0
    /// Renders asked for behind a stand-in: nothing on screen animates while they run and their end writes the wake
    /// pipe, so they do not make the source busy (no 50 ms polling frames while a large picture renders).
    private var quiet: Set<ImageLoader.RenderKey> = []
    static let recentKept = 8
    /// How cells are rendered (the loader, which caches them; tests put a gated or counting renderer in front of it).
    var renderer: @Sendable (String, Size) throws(LoadFailure) -> Canvas
    /// How a picture's bytes are made off the caller's thread (tests put a gated or counting encoder in front).
    var encoder: @Sendable (String, PixelRequest) -> [UInt8]?
    private let workers = WorkerThreads(name: "pushsim.media", maxThreads: 3)
    /// A picture's bytes for one request (the URL, its pixel size, the protocol, kitty's image id, the scrim).
    struct PixelJob: Hashable {
        var url: String
        var request: PixelRequest
    }
    private var pixelsInFlight: Set<PixelJob> = []
    /// Per URL, the request asked for while another of its encodes ran: only the last asked waits, as for cells.
    private var pixelsWaiting: [String: PixelJob] = [:]
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
        renderer = { [loader] url, size throws(LoadFailure) in try loader.render(url, size: size) }
        encoder = { [loader] url, request in Self.encodePixels(loader, url, request) }
        // An interactive run's first picture is asked for within a few milliseconds: its thread is running by then.
        if mode == .background { workers.prestart() }
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
        if let hit = loader.renders.value(for: key) { return .image(picture(shown(hit, url: url), url: url)) }

        lock.lock()
        // A picture shown before the terminal changed size (or pre-fetched at the size before): it stays, centred in
        // its new box, while the new size renders on a worker, so the run loop keeps handling keys (at 500×200 in 8
        // colours a render is most of a second); the render's completion wakes the loop, which draws it once. Other
        // sizes of a picture decoded in memory (a thumbnail opened) are still rendered at once, as the SDK shows them.
        // (A render of it under way is that case too: its result may have come in after the resize it was for.)
        let underway = cellsWaiting[url] != nil || inFlight.contains { $0.url == url }
        if mode == .background, let earlier = recent.last(where: { $0.url == url && ($0.resizes < resizes || underway) })?.cells {
            if pixelURLs.contains(url) && pixelsBusy(url) {
                if !inFlight.contains(key) { cellsAfterPixels[key] = url }
            } else {
                renderCells(key, url)
            }
            if wake != nil { quiet.insert(key) }
            lock.unlock()
            return .image(picture(Self.fit(earlier, into: size), url: url))
        }
        lock.unlock()

        // The SDK shows an image already decoded in memory at once; so do we, rendering it now.
        if mode == .synchronous || loader.isInMemory(url) {
            do {
                return .image(picture(shown(try renderer(url, size), url: url), url: url))
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
            if pixelsBusy(url) {
                if !inFlight.contains(key) { cellsAfterPixels[key] = url }
            } else {
                renderCells(key, url)
            }
            return .image(picture(Canvas(size: size), url: url))
        }
        renderCells(key, url)
        return .loading
    }

    /// Starts rendering `url`'s cells at `key`'s size on a worker, unless that is under way; while another size of
    /// `url` renders, `key` waits instead, in place of any size asked before it. Called with the lock held.
    private func renderCells(_ key: ImageLoader.RenderKey, _ url: String) {
        cellsAfterPixels[key] = nil
        guard !inFlight.contains(key) else { return }
        if inFlight.contains(where: { $0.url == url }) {
            if let passed = cellsWaiting.updateValue(key, forKey: url), passed != key { quiet.remove(passed) }
            return
        }
        inFlight.insert(key)
        let render = renderer, asked = resizes
        workers.run(.high) { [self] in
            // A size queued while the URL's download failed (a card growing in its entrance asks for a size a frame)
            // does not download it again: on a server that never answers, each try would hold a worker a timeout long.
            lock.lock()
            let failed = failures[url] != nil
            lock.unlock()
            let outcome = failed ? nil : Result { () throws(LoadFailure) in try render(url, key.size) }
            lock.lock()
            switch outcome {
            case .failure(let e)?: failures[url] = e
            case .success(let cells)?: remember(cells, url: url, shownAt: asked)
            case nil: break
            }
            inFlight.remove(key)
            quiet.remove(key)
            // The size asked last while this one rendered, unless it was rendered meanwhile or the image failed.
            if let next = cellsWaiting.removeValue(forKey: url) {
                if failures[url] == nil, loader.renders.value(for: next) == nil { renderCells(next, url) } else { quiet.remove(next) }
            }
            lock.unlock()
            wake?.signal()
        }
    }

    /// `cells` as shown now: kept as `url`'s latest picture. Takes the lock.
    private func shown(_ cells: Canvas, url: String) -> Canvas {
        guard mode == .background else { return cells }
        lock.lock(); defer { lock.unlock() }
        remember(cells, url: url)
        return cells
    }

    /// Keeps `cells` as `url`'s latest render (a few URLs), for the terminal size of `shownAt` (a render made on a worker:
    /// the size it was asked at, which a resize may have left before it came). Called with the lock held.
    private func remember(_ cells: Canvas, url: String, shownAt: Int? = nil) {
        let stamp = shownAt ?? resizes
        if let last = recent.last, last.url == url, last.cells.size == cells.size, last.resizes == stamp { return }
        recent.removeAll { $0.url == url }
        recent.append((url, cells, stamp))
        if recent.count > Self.recentKept { recent.removeFirst() }
    }

    public func terminalResized() {
        lock.lock(); defer { lock.unlock() }
        resizes += 1
    }

    /// An earlier render centred in a box of `size`: cropped when larger, on blank cells when smaller.
    static func fit(_ earlier: Canvas, into size: Size) -> Canvas {
        var c = Canvas(size: size)
        c.blit(earlier, x: (size.width - earlier.width) / 2, y: (size.height - earlier.height) / 2)
        return c
    }

    /// Whether an encode of `url`'s pixels runs or waits. Called with the lock held.
    private func pixelsBusy(_ url: String) -> Bool {
        pixelsWaiting[url] != nil || pixelsInFlight.contains { $0.url == url }
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
        let box = EarlyDecode.pixels(of: request)
        guard box.width > 0, box.height > 0 else { return nil }
        // Made while the command line was parsed, from the same bytes for the same request (`EarlyDecode`).
        if let made = loader.earlyEscape(for: url, request: request) { return made }
        guard let image = try? loader.image(for: url, pixels: box) else { return nil }
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
        pixelURLs.insert(url)
        encode(job)
        return .pending
    }

    /// Starts encoding `job` on a worker unless it is under way; while another request of its URL encodes, it waits
    /// instead, in place of any asked before it (the terminal asks again for the pictures it still shows). Called
    /// with the lock held.
    private func encode(_ job: PixelJob) {
        let url = job.url
        guard !pixelsInFlight.contains(job) else { return }
        if pixelsInFlight.contains(where: { $0.url == url }) {
            pixelsWaiting[url] = job
            return
        }
        pixelsInFlight.insert(job)
        let makeBytes = encoder
        workers.run(.high) { [self] in
            let bytes = makeBytes(url, job.request)
            lock.lock()
            pixelsInFlight.remove(job)
            pixelsDone[job] = bytes
            pixelsDoneOrder.append(job)
            // Bytes nobody collected (the page changed first) are dropped after a few: a sixel page is ~200 KB.
            if pixelsDoneOrder.count > 4 { pixelsDone[pixelsDoneOrder.removeFirst()] = nil }
            if let next = pixelsWaiting.removeValue(forKey: url), pixelsDone[next] == nil { encode(next) }
            if !pixelsBusy(url) {
                for (key, waiting) in cellsAfterPixels where waiting == url { renderCells(key, url) }
            }
            lock.unlock()
            wake?.signal()
        }
    }

    /// The SDK's pre-fetch of pages 1…n-1: decode (and render at the last size asked for) in the background.
    /// A synchronous source downloads the remote ones now, all at once, into the disk cache (what the SDK's
    /// `prefetch` does, each download on its own): 20 pages whose server never answers cost one `--image-timeout`,
    /// not twenty one after another as each page was shown. Decoding still happens when a page is shown, and a
    /// failure is reported then, so events and frames are what they were.
    public func prefetch(_ urls: [String]) {
        guard mode == .background else { return prefetchDownloads(urls) }
        lock.lock(); defer { lock.unlock() }
        let size = lastSize, asked = resizes
        for url in urls where !url.isEmpty && failures[url] == nil && !prefetching.contains(url) && !loader.isInMemory(url) {
            prefetching.insert(url)
            workers.run(.low) { [self] in
                let outcome = Result { () throws(LoadFailure) -> Canvas? in
                    if let size { return try loader.render(url, size: size) }
                    _ = try loader.image(for: url)
                    return nil
                }
                lock.lock(); defer { lock.unlock() }
                switch outcome {
                case .failure(let e): failures[url] = e
                case .success(let cells?): remember(cells, url: url, shownAt: asked)
                case .success(nil): break
                }
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
        return !inFlight.subtracting(quiet).isEmpty || !prefetching.isEmpty || cellsAfterPixels.keys.contains { !quiet.contains($0) }
            || cellsWaiting.values.contains { !quiet.contains($0) }
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
