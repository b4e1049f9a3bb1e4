// PWInboxMerge on a successful load: who wins when the feed and the stored status differ (spec §3.10).

public enum InboxMerge {
    public struct Result: Sendable, Equatable {
        /// The feed's messages, each with the status that won.
        public var messages: [InboxMessage]
        /// Statuses to write to the store (new codes and changed ones).
        public var writes: [(code: String, status: InboxStatus)]
        /// Stored codes absent from the feed: dropped (reported by the SDK as `messagesDeleted`).
        public var dropped: [String]
        /// Codes whose local status was ahead and kept (the SDK re-sends it to the server).
        public var keptLocal: [String]
        /// Whether a code appears more than once in the feed (then `writes` holds it more than once, and only
        /// writing them in order keeps the last).
        public var repeatedCodes = false

        public static func == (a: Result, b: Result) -> Bool {
            a.messages == b.messages && a.dropped == b.dropped && a.keptLocal == b.keptLocal
                && a.writes.map(\.code) == b.writes.map(\.code) && a.writes.map(\.status) == b.writes.map(\.status)
        }
    }

    /// The status that survives: when the stored one could move up to the feed's, the feed is ahead and wins;
    /// when the feed's could move up to the stored one (read, action or deleted locally), the local one stays.
    /// Otherwise the server copy replaces the stored one.
    public static func winner(stored: InboxStatus, feed: InboxStatus) -> InboxStatus {
        if stored == feed { return feed }
        if stored.canMove(to: feed) { return feed }
        if feed.canMove(to: stored) { return stored }
        return feed
    }

    /// Stored codes absent from the feed, in code order.
    static func droppedCodes(_ stored: [String: InboxStatus], seen: Set<String>) -> [String] {
        stored.keys.filter { !seen.contains($0) }.sorted()
    }

    public static func merge(feed: [InboxMessage], stored: [String: InboxStatus]) -> Result {
        var messages = feed
        var r = merge(&messages, stored: stored)
        r.messages = messages
        return r
    }

    /// The same merge, updating the statuses in place (a 100,000-message feed is not copied); `messages` of the
    /// result is left empty. `uniqueCodes`: the caller knows no code repeats (`InboxFeedParser.combine` checked),
    /// so whether a stored code went missing can be told by counting instead of by a set of every code.
    public static func merge(_ feed: inout [InboxMessage], stored: [String: InboxStatus], uniqueCodes: Bool = false) -> Result {
        var writes: [(code: String, status: InboxStatus)] = []
        var kept: [String] = []
        var found = 0
        for i in feed.indices {
            let code = feed[i].code
            if let s = stored[code] {
                found += 1
                let w = winner(stored: s, feed: feed[i].status)
                if w != feed[i].status { kept.append(code) }
                feed[i].status = w
                if w != s { writes.append((code, w)) }
            } else {
                writes.append((code, feed[i].status))
            }
        }
        var repeated = false
        var dropped: [String] = []
        if uniqueCodes {
            // Every stored code was found once: none is missing from the feed.
            if found != stored.count { dropped = droppedCodes(stored, seen: Set(feed.lazy.map(\.code))) }
        } else {
            let seen = Set(feed.lazy.map(\.code))
            repeated = seen.count != feed.count
            if stored.count != seen.count || !writes.isEmpty { dropped = droppedCodes(stored, seen: seen) }
        }
        var r = Result(messages: [], writes: writes, dropped: dropped, keptLocal: kept)
        r.repeatedCodes = repeated
        return r
    }
}
