// Collects the events a run emits and streams them as JSON Lines to a writer (a file, stdout, a pane).

import PushSimEngine

public final class EventSink {
    public private(set) var events: [TimedEvent] = []
    /// Called for every event as it is emitted (the CLI writes the JSON line).
    public var onEvent: ((TimedEvent) -> Void)?
    /// Keep at most this many events in memory (the pane and tests read them); older ones are dropped.
    public var memoryLimit = 10_000

    public init(onEvent: ((TimedEvent) -> Void)? = nil) { self.onEvent = onEvent }

    public func emit(_ event: Event, at t: Double) {
        let e = TimedEvent(t: t, event: event)
        events.append(e)
        if events.count > memoryLimit { events.removeFirst(events.count - memoryLimit) }
        onEvent?(e)
    }

    public var last: TimedEvent? { events.last }
    public var names: [String] { events.map(\.event.name) }
}
