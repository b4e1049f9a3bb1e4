// `pushsim prefetch FILE --app-group DIR`: the Notification Service Extension's job — put every page image on disk.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimEngine
import PushSimMedia

struct PrefetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefetch",
        abstract: "Pre-cache a stories payload's images like the Notification Service Extension does.",
        discussion: """
        Downloads every page image that is not already in DIR/pw_stories_cache/ (files named by the SHA-256 \
        of the URL, as PushwooshStoriesMediaPrefetcher names them), keeping only bytes that are an image. \
        A later `pushsim stories FILE --app-group DIR` then shows them at once, offline. Local images \
        (paths and file: URLs) are checked, not copied. The extension runs under App Transport Security, so an \
        http: image is refused (one line naming it, and it counts as failed) unless --allow-http. Exits 1 when \
        any image failed.
        """
    )

    @Argument(help: ArgumentHelp("The stories payload ('-' = standard input).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("App group folder: the cache is DIR/pw_stories_cache/ (default: $XDG_CACHE_HOME/pushsim).", valueName: "dir"))
    var appGroup: String?

    @Option(help: ArgumentHelp("For a createMessage request: which notification, counting from 0.", valueName: "n"))
    var notification: Int?

    @Option(help: ArgumentHelp("Downloads at once.", valueName: "n"))
    var jobs: Int = 4

    @Flag(help: "The app allows http: loads (NSAllowsArbitraryLoads); without it App Transport Security refuses http: images.")
    var allowHttp = false

    @OptionGroup var fetch: FetchOptions

    func validate() throws {
        guard (1...32).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 32 (got \(jobs))") }
        if let notification, notification < 0 { throw ValidationError("--notification counts from 0 (got \(notification))") }
    }

    func run() throws {
        let name = InputFile.displayName(file)
        let urls: [String]
        /// The http: images App Transport Security refuses, each with the path of the first page that names it.
        var refused: [String: String] = [:]
        do {
            let doc = try InputFile.readJSON(file)
            let input: StoriesInput
            do {
                input = try StoriesInput.read(doc, notification: notification)
            } catch {
                throw UserError("\(name): \(error.message)")
            }
            for d in input.payload.diagnostics {
                StandardStreams.error("warning: \(d.description)\n")
            }
            urls = input.payload.pages.map(\.image)
            for (i, url) in urls.enumerated() where refused[url] == nil && DeliveryImages.isRefused(url, allowHTTP: allowHttp) {
                refused[url] = input.payload.pagePaths.indices.contains(i) ? input.payload.pagePaths[i] + ".image" : "page \(i + 1) image"
            }
        } catch let e as UserError {
            fail(e)
        }
        let cache = DiskCache(base: appGroup ?? DiskCache.defaultBase())
        if urls.isEmpty {
            // The SDK's pre-fetcher completes at once when the payload has no pages.
            print("\(name): no story pages, nothing to prefetch")
            return
        }
        do {
            try cache.createDirectory()
        } catch {
            fail(UserError(error.reason))
        }
        let loader = ImageLoader(configuration: .init(baseDirectory: MediaImageSource.folder(of: file), cache: cache,
                                                      fetch: fetch.limits))
        let progress = PrefetchProgress(tty: isatty(STDERR_FILENO) == 1)
        let fetched = Prefetcher.run(urls.filter { refused[$0] == nil }, loader: loader, concurrency: jobs) { done, total, item in
            progress.update(done: done, total: total, item: item)
        }
        progress.finish()
        let summary = Self.withRefused(fetched, urls: urls, refused: refused)
        print(PrefetchProgress.summary(summary, cache: cache))
        if !summary.failed.isEmpty { throw ExitCode(1) }
    }

    /// The summary in the payload's order, the images App Transport Security refused among the failures.
    static func withRefused(_ fetched: Prefetcher.Summary, urls: [String], refused: [String: String]) -> Prefetcher.Summary {
        guard !refused.isEmpty else { return fetched }
        var byURL = Dictionary(fetched.items.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        for (url, path) in refused {
            byURL[url] = Prefetcher.Item(url: url, outcome: .failed(LoadFailure(
                "refused by App Transport Security (\(path)): an http: URL needs NSAllowsArbitraryLoads in the app's Info.plist (--allow-http)")))
        }
        var seen = Set<String>()
        return Prefetcher.Summary(items: urls.filter { seen.insert($0).inserted }.compactMap { byURL[$0] })
    }
}

/// A progress bar redrawn in place on a terminal; one plain line per image otherwise (logs, CI).
final class PrefetchProgress: @unchecked Sendable {
    let tty: Bool
    private let lock = NSLock()
    private var drawn = false

    init(tty: Bool) { self.tty = tty }

    func update(done: Int, total: Int, item: Prefetcher.Item) {
        lock.lock(); defer { lock.unlock() }
        if tty {
            let width = 24
            let filled = total == 0 ? width : done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            // The URL's end names the file; keep the line short enough not to wrap.
            let label = item.url.count <= 40 ? item.url : "…" + item.url.suffix(39)
            write("\r\u{1B}[2K[\(bar)] \(done)/\(total) \(label)")
            drawn = true
        } else if case .failed = item.outcome {
            // Said once, with its reason, in the summary that follows (it used to be said here too).
        } else {
            write("\(PrefetchProgress.line(item))\n")
        }
    }

    func finish() {
        lock.lock(); defer { lock.unlock() }
        if tty && drawn { write("\r\u{1B}[2K") }
    }

    private func write(_ s: String) { StandardStreams.error(s) }

    static func line(_ item: Prefetcher.Item) -> String {
        switch item.outcome {
        case .fetched(let bytes): return "fetched  \(item.url) (\(bytes / 1024) KB)"
        case .cached: return "cached   \(item.url)"
        case .local: return "local    \(item.url)"
        case .failed(let f): return "failed   \(item.url): \(f.reason)"
        }
    }

    static func summary(_ s: Prefetcher.Summary, cache: DiskCache) -> String {
        var parts = ["\(s.fetched) fetched", "\(s.cached) already cached"]
        if s.local > 0 { parts.append("\(s.local) local") }
        parts.append("\(s.failed.count) failed")
        var out = "\(s.items.count) image\(s.items.count == 1 ? "" : "s"): " + parts.joined(separator: ", ")
        for item in s.failed {
            if case .failed(let f) = item.outcome { out += "\n  failed: \(item.url): \(f.reason)" }
        }
        out += "\ncache: \(cache.directory)"
        return out
    }
}
