// What waits to go to one browser tab: bounded, so a client that reads slowly (or never) costs a fixed amount of memory.

import Synchronization

/// The messages a run has for its tab, taken by the task that writes them to the socket. A new picture replaces one
/// not yet sent (only the newest frame matters: a slow client sees fewer frames, never older ones); text messages
/// (events) are kept in order up to `textLimit`, beyond which the oldest are dropped and counted.
public final class OutboundQueue: Sendable {
    public enum Item: Sendable, Equatable {
        case frame([UInt8])
        case text(String)
    }

    public let textLimit: Int

    private struct State {
        var frame: [UInt8]?
        var texts: [String] = []
        var textHead = 0
        var closed = false
        var droppedFrames = 0
        var droppedTexts = 0
        var waiter: CheckedContinuation<Item?, Never>?
    }

    private let state = Mutex(State())

    public init(textLimit: Int = 512) { self.textLimit = max(1, textLimit) }

    /// Queue a picture, replacing one still waiting.
    public func push(frame: [UInt8]) { deliver(.frame(frame)) }

    /// Queue a text message (an event line), dropping the oldest waiting one when `textLimit` are waiting.
    public func push(text: String) { deliver(.text(text)) }

    private func deliver(_ item: Item) {
        let waiter: CheckedContinuation<Item?, Never>? = state.withLock { s in
            guard !s.closed else { return nil }
            if let w = s.waiter {
                s.waiter = nil
                return w
            }
            switch item {
            case .frame(let f):
                if s.frame != nil { s.droppedFrames += 1 }
                s.frame = f
            case .text(let t):
                if s.texts.count - s.textHead >= textLimit {
                    s.textHead += 1
                    s.droppedTexts += 1
                }
                s.texts.append(t)
                // Compact now and then, so the array does not keep what was taken.
                if s.textHead > 64 && s.textHead * 2 > s.texts.count {
                    s.texts.removeFirst(s.textHead)
                    s.textHead = 0
                }
            }
            return nil
        }
        waiter?.resume(returning: item)
    }

    /// The next message: texts first (they are small and ordered), then the newest picture; nil once closed.
    public func next() async -> Item? {
        await withCheckedContinuation { (c: CheckedContinuation<Item?, Never>) in
            let ready: Item?? = state.withLock { s in
                if s.textHead < s.texts.count {
                    let t = s.texts[s.textHead]
                    s.textHead += 1
                    if s.textHead == s.texts.count { s.texts.removeAll(keepingCapacity: true); s.textHead = 0 }
                    return .some(.text(t))
                }
                if let f = s.frame {
                    s.frame = nil
                    return .some(.frame(f))
                }
                if s.closed { return .some(nil) }
                s.waiter = c
                return nil
            }
            if let ready { c.resume(returning: ready) }
        }
    }

    /// No more messages: the writer's `next` returns nil once what is queued is taken.
    public func close() {
        let waiter = state.withLock { s -> CheckedContinuation<Item?, Never>? in
            s.closed = true
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// How many pictures and texts were dropped because the client did not keep up.
    public var dropped: (frames: Int, texts: Int) { state.withLock { ($0.droppedFrames, $0.droppedTexts) } }

    /// How many bytes wait (the bound a unit test checks).
    public var waitingBytes: Int {
        state.withLock { s in (s.frame?.count ?? 0) + s.texts[s.textHead...].reduce(0) { $0 + $1.utf8.count } }
    }
}
