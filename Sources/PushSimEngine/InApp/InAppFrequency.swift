// The SDK's frequency rules (`PWInAppFrequencyStore`): expiry always, display caps only when switched on, and every
// show with an id counted either way. The counts come from and go to the store; this value only decides.

/// Why a message will not show: the contract's `inapp_suppressed` reasons.
public enum InAppSuppression: String, Sendable, Equatable {
    case expired, maxDisplays, cooldown, duplicate, declined
}

/// One id's display history: `pw_inapp_count_<id>` and `pw_inapp_last_<id>`.
public struct InAppDisplayRecord: Sendable, Equatable {
    public var count: Int
    /// Unix seconds of the last recorded show.
    public var lastShownAt: Double
    public init(count: Int, lastShownAt: Double) { self.count = count; self.lastShownAt = lastShownAt }
}

public struct InAppFrequency: Sendable, Equatable {
    /// `setFrequencyCapEnabled(_:)`: off by default, for the life of the process.
    public var capsEnabled: Bool
    public var records: [String: InAppDisplayRecord]

    public init(capsEnabled: Bool = false, records: [String: InAppDisplayRecord] = [:]) {
        self.capsEnabled = capsEnabled; self.records = records
    }

    /// `canShow`, in the SDK's order: an expiry in the past (always, caps or not, id or not); then, with caps on and an
    /// id, `maxDisplays` (so 0 or negative means never) and `cooldown` since the last show. `nil` = may show.
    public func refusal(of m: InAppMessage, wall now: Double) -> InAppSuppression? {
        if let e = m.expiresAt, e < now { return .expired }
        guard capsEnabled, let id = m.id else { return nil }
        let r = records[id]
        if let max = m.maxDisplays, (r?.count ?? 0) >= max { return .maxDisplays }
        if let cd = m.cooldown, let last = r?.lastShownAt, now - last < cd { return .cooldown }
        return nil
    }

    /// `recordShown`: whenever the message has an id, caps on or off (turning caps on later counts earlier shows).
    @discardableResult
    public mutating func record(_ m: InAppMessage, wall now: Double) -> InAppDisplayRecord? {
        guard let id = m.id else { return nil }
        let r = InAppDisplayRecord(count: (records[id]?.count ?? 0) + 1, lastShownAt: now)
        records[id] = r
        return r
    }
}
