// Pre-fetches a list of image URLs into the disk cache in parallel, reporting each as it finishes.

import Foundation

public enum Prefetcher {
    public struct Item: Sendable, Equatable {
        public var url: String
        public var outcome: ImageLoader.PrefetchOutcome

        public init(url: String, outcome: ImageLoader.PrefetchOutcome) {
            self.url = url
            self.outcome = outcome
        }
    }

    public struct Summary: Sendable, Equatable {
        public var items: [Item]

        public init(items: [Item]) { self.items = items }
        public var fetched: Int { items.filter { if case .fetched = $0.outcome { return true }; return false }.count }
        public var cached: Int { items.filter { $0.outcome == .cached }.count }
        public var local: Int { items.filter { $0.outcome == .local }.count }
        public var failed: [Item] { items.filter { if case .failed = $0.outcome { return true }; return false } }
    }

    /// Runs every distinct URL (first occurrence order) with at most `concurrency` downloads at once.
    /// `progress` is called once per URL, serially, with the number finished so far.
    public static func run(_ urls: [String], loader: ImageLoader, concurrency: Int = 4,
                           progress: @escaping @Sendable (_ finished: Int, _ total: Int, _ item: Item) -> Void = { _, _, _ in }) -> Summary {
        var seen = Set<String>()
        let unique = urls.filter { seen.insert($0).inserted }
        let results = ResultBox(count: unique.count)
        let gate = DispatchSemaphore(value: max(1, concurrency))
        let group = DispatchGroup()
        for (i, url) in unique.enumerated() {
            gate.wait()
            group.enter()
            DispatchQueue.global().async {
                let item = Item(url: url, outcome: loader.prefetch(url))
                let finished = results.store(item, at: i)
                progress(finished, unique.count, item)
                gate.signal()
                group.leave()
            }
        }
        group.wait()
        return Summary(items: results.items)
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Item?]
        private var finished = 0
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        /// Stores under the lock and returns how many have finished; progress is reported under the same order.
        func store(_ item: Item, at i: Int) -> Int {
            lock.lock(); defer { lock.unlock() }
            slots[i] = item
            finished += 1
            return finished
        }
        var items: [Item] {
            lock.lock(); defer { lock.unlock() }
            return slots.compactMap { $0 }
        }
    }
}
