// What the stories player asks the runtime to do, as data: events, links, haptics, dismissal, image loads.

public enum StoriesEffect: Sendable, Equatable {
    case emit(Event)
    case openURL(String)
    case haptic
    case dismiss
    /// Show this page image now (the SDK's `loadImage` for the visible page).
    case loadImage(String)
    /// Warm the cache for later pages (spec §1.10: pages 1…n-1 after the first is shown).
    case prefetch([String])

    /// The contract event this effect stands for, if any (`haptic`, `open_url`, `dismiss` or the emitted one).
    public var event: Event? {
        switch self {
        case .emit(let e): return e
        case .openURL(let u): return Event("open_url", ["url": .string(u)])
        case .haptic: return Event("haptic")
        case .dismiss: return Event("dismiss")
        case .loadImage, .prefetch: return nil
        }
    }
}

extension Array where Element == StoriesEffect {
    /// The events these effects stand for, in order.
    public var events: [Event] { compactMap(\.event) }
}
