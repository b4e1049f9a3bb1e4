// The one-sort load order against the two-step definition it replaces (core order, then the default transform),
// and the byte-level URL scheme check (spec §3.6–3.7).

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxLoadOrderTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    /// A feed full of ties: few distinct dates (nil and distantPast among them), few orders, pins, read rows.
    func tieHeavyFeed(seed: UInt64, count: Int) -> [InboxMessage] {
        var rng = SplitMix(seed)
        let dates: [Date?] = [nil, .distantPast, Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)]
        let orders: [String?] = [nil, "1", "10", "9"]
        return (0..<count).map { k in
            let pin: JSONValue? = [nil, true, false, 1, "true"][Int(rng.next() % 5)]
            var ap: JSONObject? = rng.next() % 3 == 0 ? nil : [:]
            if let pin, ap != nil { ap!["pinned"] = pin }
            return InboxMessage(code: "c\(rng.next() % UInt64(count / 2 + 1))", sendDate: dates[Int(rng.next() % 4)],
                                sortOrder: orders[Int(rng.next() % 4)], actionParams: ap,
                                status: [.delivered, .read, .action, .deleted][Int(rng.next() % 4)])
        }
    }

    // spec §3.7: load = defaultTransform(coreOrder(visible)); checked on random feeds with every kind of tie,
    // repeated codes included, with pinning on and off.
    @Test(arguments: [true, false]) func oneSortMatchesCoreOrderThenTransform(pinning: Bool) {
        for seed in 1...40 as ClosedRange<UInt64> {
            let ms = tieHeavyFeed(seed: seed, count: 60)
            var attributes = InboxAttributes()
            attributes.pinningEnabled = pinning
            var feed = InboxFeed(attributes: attributes)
            _ = feed.load(ms, now: now)
            let visible = ms.filter { !$0.status.isDeleted && !$0.isExpired(at: now) }
            let expected = InboxFeed.transform(InboxFeed.coreOrder(visible), pinningEnabled: pinning)
            #expect(feed.rows.map(\.message) == expected, "seed \(seed)")
            #expect(feed.rows.map(\.pinned) == expected.map(InboxCellResolver.isPinned))
        }
    }

    // spec §3.7: the same on a feed large enough to be keyed and built by several cores at once.
    @Test func aLargeLoadBuiltByEveryCoreMatchesTheDefinition() {
        let ms = tieHeavyFeed(seed: 99, count: InboxFeed.minimumChunk * 3 + 5)
        var feed = InboxFeed()
        let events = feed.load(ms, now: now)
        let visible = ms.filter { !$0.status.isDeleted && !$0.isExpired(at: now) }
        let expected = InboxFeed.transform(InboxFeed.coreOrder(visible), pinningEnabled: true)
        #expect(feed.rows.map(\.message) == expected)
        #expect(feed.rows.map(\.pinned) == expected.map(InboxCellResolver.isPinned))
        #expect(events.first == Event("load", ["count": .number(Double(expected.count))]))
        #expect(feed.unreadCount == expected.filter { !$0.isRead }.count)
    }

    // spec §3.6: a URL "with a scheme" as URL(string:)?.scheme reads it; the byte path agrees with the character path.
    @Test func urlSchemeOnBytes() {
        #expect(inboxURLScheme("https://example.com") == "https")
        #expect(inboxURLScheme("HTTP://example.com") == "http")
        #expect(inboxURLScheme("a+b-c.d:rest") == "a+b-c.d")
        #expect(inboxURLScheme("mailto:x@example.com") == "mailto")
        #expect(inboxURLScheme("app:") == "app")
        #expect(inboxURLScheme(":nothing") == nil)
        #expect(inboxURLScheme("1abc:x") == nil, "a scheme starts with a letter")
        #expect(inboxURLScheme("a b:x") == nil)
        #expect(inboxURLScheme("é:x") == nil, "only ASCII letters")
        #expect(inboxURLScheme("no scheme") == nil)
        #expect(inboxURLScheme("/path/with:colon") == nil)
        // A combining mark after the colon makes ":" + mark one character: no ':' character, so no scheme.
        #expect(inboxURLScheme("a:\u{301}b") == nil)
        #expect(inboxURLScheme("a:\u{301}b:c") == nil)
        #expect(inboxURLScheme("ab:é") == "ab")
    }
}

/// A small deterministic generator, so a failing seed can be replayed.
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
