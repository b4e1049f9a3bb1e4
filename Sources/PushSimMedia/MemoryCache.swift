// A bounded, thread-safe, least-recently-used cache with a count limit and a cost limit, like NSCache's.

import Foundation

public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    public let countLimit: Int
    public let costLimit: Int
    private let lock = NSLock()
    private var entries: [Key: (value: Value, cost: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    public private(set) var totalCost = 0

    public init(countLimit: Int, costLimit: Int) {
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    public func value(for key: Key) -> Value? {
        lock.lock(); defer { lock.unlock() }
        guard var e = entries[key] else { return nil }
        clock += 1
        e.stamp = clock
        entries[key] = e
        return e.value
    }

    /// Stores `value`, evicting the least recently used entries until both limits hold. An entry costlier than
    /// the whole limit is not kept at all.
    public func set(_ value: Value, for key: Key, cost: Int) {
        lock.lock(); defer { lock.unlock() }
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
        guard cost <= costLimit else { return }
        clock += 1
        entries[key] = (value, cost, clock)
        totalCost += cost
        while entries.count > countLimit || totalCost > costLimit {
            guard let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) else { break }
            entries.removeValue(forKey: oldest.key)
            totalCost -= oldest.value.cost
        }
    }

    public func removeValue(for key: Key) {
        lock.lock(); defer { lock.unlock() }
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
    }

    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    public func contains(_ key: Key) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return entries[key] != nil
    }
}
