// A picture's decode started before the command line is parsed, on a thread of its own, and handed to the loader only
// when it is the very decode the loader would make.

import Foundation
import PushSimCanvas

/// `pushsim stories FILE --pixels …` knows its first picture from the file and the terminal before
/// swift-argument-parser has read the options (most of a start: docs/performance.md). `EarlyDecode` runs that decode
/// meanwhile, on the other core; `ImageLoader.image(for:pixels:)` takes it only for the same bytes, the same box and
/// the same limits, so what is drawn is what the loader's own decode gives (the decoder is deterministic). Any other
/// request finds nothing and decodes as before. One answer per process: the first request either takes the decode or
/// drops it, so a guess that missed holds no memory.
public final class EarlyDecode: @unchecked Sendable {
    public static let shared = EarlyDecode()

    private enum State {
        case none
        case running(pixels: Size, limits: DecodeLimits)
        case done(bytes: Data, pixels: Size, limits: DecodeLimits, image: DecodedImage?)
        /// Asked for and answered (or not started because the request came first): nothing more is kept.
        case over
    }

    /// What became of the early decode (the debug stats' `earlyDecode`).
    public enum Outcome: String, Sendable {
        /// None was started (not the plain form, no pixels, the image not at hand).
        case none
        /// Started, and not asked for (yet).
        case pending
        /// The loader drew it.
        case taken
        /// The loader asked for another decode (other bytes, box or limits), or it failed: the loader decoded itself.
        case missed
    }

    private let condition = NSCondition()
    private var state = State.none
    private var outcomeValue = Outcome.none

    public var outcome: Outcome {
        condition.lock()
        defer { condition.unlock() }
        return outcomeValue
    }

    public init() {}

    /// Decodes the regular file at `path` (at most `maxBytes`) for a picture of `pixels`, on the caller's thread (one
    /// of its own: a request waits for it meanwhile). Does nothing once a decode has been started or asked for.
    public func decode(imageAt path: String, pixels: Size, limits: DecodeLimits = DecodeLimits(), maxBytes: Int) {
        condition.lock()
        guard case .none = state else { return condition.unlock() }
        state = .running(pixels: pixels, limits: limits)
        outcomeValue = .pending
        condition.unlock()
        let bytes = try? ImageLoader.readFile(path, maxBytes: maxBytes)
        let image = bytes.flatMap { try? ImageDecoder.decode($0, limits: limits, pixels: pixels) }
        finish(bytes: bytes, pixels: pixels, limits: limits, image: image)
    }

    /// The decode ends: kept for the request, unless one came meanwhile and did not want it.
    func finish(bytes: Data?, pixels: Size, limits: DecodeLimits, image: DecodedImage?) {
        condition.lock()
        defer { condition.unlock() }
        guard case .running = state else { return }
        if let bytes, let image {
            state = .done(bytes: bytes, pixels: pixels, limits: limits, image: image)
        } else {
            state = .over
            outcomeValue = .missed
        }
        condition.broadcast()
    }

    /// The early decode of exactly `bytes` for `pixels` under `limits`, waiting for it if it is still running (it is the
    /// decode the caller would make), else nil. Whatever the answer, the early decode is over.
    public func take(bytes: Data, pixels: Size, limits: DecodeLimits) -> DecodedImage? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .none, .over:
                state = .over
                return nil
            case .running(let p, let l):
                guard p == pixels, l == limits else {
                    state = .over
                    outcomeValue = .missed
                    return nil
                }
                condition.wait()
            case .done(let b, let p, let l, let image):
                state = .over
                let same = p == pixels && l == limits && b == bytes
                outcomeValue = same ? .taken : .missed
                return same ? image : nil
            }
        }
    }

    /// A decode's result put in place as if it had run (tests).
    func plant(bytes: Data, pixels: Size, limits: DecodeLimits, image: DecodedImage) {
        condition.lock()
        state = .running(pixels: pixels, limits: limits)
        outcomeValue = .pending
        condition.unlock()
        finish(bytes: bytes, pixels: pixels, limits: limits, image: image)
    }
}
