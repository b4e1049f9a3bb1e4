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
        /// A thread that may start a decode is working out whether it will (`expect`): a request waits for its answer
        /// rather than racing it (`decided` ends the wait when it starts none).
        case expected
        case running(pixels: Size, limits: DecodeLimits, request: PixelRequest?)
        case done(bytes: Data, pixels: Size, limits: DecodeLimits, image: DecodedImage?)
        /// Decoded and encoded for `request`: the image went into the escape (a scrim darkens it in place).
        case encoded(bytes: Data, pixels: Size, limits: DecodeLimits, request: PixelRequest, escape: [UInt8])
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

    /// Says that a thread is about to work out whether to decode (and then calls `decode` or `decided`): until then a
    /// request waits for it instead of finding nothing. Does nothing once a decode has been started or asked for.
    public func expect() {
        condition.lock()
        defer { condition.unlock() }
        if case .none = state { state = .expected }
    }

    /// The expecting thread started no decode: a request that waits, or comes later, finds nothing (as without `expect`).
    public func decided() {
        condition.lock()
        defer { condition.unlock() }
        if case .expected = state {
            state = .none
            condition.broadcast()
        }
    }

    /// Decodes the regular file at `path` (at most `maxBytes`) for a picture of `pixels`, on the caller's thread (one
    /// of its own: a request waits for it meanwhile). Does nothing once a decode has been started or asked for.
    /// With `request` (whose cells and cell pixels make `pixels`), the decode is then encoded for it too
    /// (`PixelRenderer.encode`), as the loader's caller would have: `takeEscape` hands over those bytes.
    public func decode(imageAt path: String, pixels: Size, limits: DecodeLimits = DecodeLimits(), maxBytes: Int,
                       encodingFor request: PixelRequest? = nil) {
        condition.lock()
        switch state {
        case .none, .expected: break
        default: return condition.unlock()
        }
        state = .running(pixels: pixels, limits: limits, request: request)
        outcomeValue = .pending
        condition.unlock()
        let bytes = try? ImageLoader.readFile(path, maxBytes: maxBytes)
        let image = bytes.flatMap { try? ImageDecoder.decode($0, limits: limits, pixels: pixels) }
        if let request, let bytes, let image {
            finish(bytes: bytes, pixels: pixels, limits: limits, request: request, escape: PixelRenderer.encode(image, request))
        } else {
            finish(bytes: bytes, pixels: pixels, limits: limits, image: image)
        }
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

    /// The encode ends: its escape kept for the request, unless one came meanwhile and did not want it.
    func finish(bytes: Data, pixels: Size, limits: DecodeLimits, request: PixelRequest, escape: [UInt8]?) {
        condition.lock()
        defer { condition.unlock() }
        guard case .running = state else { return }
        if let escape {
            state = .encoded(bytes: bytes, pixels: pixels, limits: limits, request: request, escape: escape)
        } else {
            state = .over
            outcomeValue = .missed
        }
        condition.broadcast()
    }

    /// Whether an escape made for `made` is the one `asked` would get: the same request, except kitty's image id for
    /// the protocols whose bytes do not carry it (sixel, iTerm2).
    static func same(_ made: PixelRequest, _ asked: PixelRequest) -> Bool {
        guard made.proto == asked.proto, made.cells == asked.cells, made.cellPixels == asked.cellPixels,
              made.scrim == asked.scrim else { return false }
        return made.proto != .kitty || made.kittyID == asked.kittyID
    }

    /// The early decode of exactly `bytes` for `pixels` under `limits`, waiting for it if it is still running (it is the
    /// decode the caller would make), else nil. Whatever the answer, the early decode is over.
    public func take(bytes: Data, pixels: Size, limits: DecodeLimits) -> DecodedImage? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .expected:
                condition.wait()
            case .none, .over:
                state = .over
                return nil
            case .running(let p, let l, let r):
                guard r == nil, p == pixels, l == limits else {
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
            case .encoded:
                // The image is in the escape: asked for as pixels of their own, it is decoded again.
                state = .over
                outcomeValue = .missed
                return nil
            }
        }
    }

    /// The early escape of exactly `bytes`, decoded for `request`'s pixels under `limits`, waiting for it if it is still
    /// being made (it is the encode the caller would make), else nil. Whatever the answer, the early decode is over,
    /// except that a decode made without a request is left for `take`.
    public func takeEscape(bytes: Data, request: PixelRequest, limits: DecodeLimits) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .expected:
                condition.wait()
            case .none, .over:
                state = .over
                return nil
            case .running(let p, let l, let r):
                guard let r else { return nil }
                guard Self.same(r, request), p == Self.pixels(of: request), l == limits else {
                    state = .over
                    outcomeValue = .missed
                    return nil
                }
                condition.wait()
            case .done:
                return nil
            case .encoded(let b, let p, let l, let r, let escape):
                state = .over
                let same = Self.same(r, request) && p == Self.pixels(of: request) && l == limits && b == bytes
                outcomeValue = same ? .taken : .missed
                return same ? escape : nil
            }
        }
    }

    /// The box a request's picture covers in pixels (the loader's decode is made for it).
    public static func pixels(of request: PixelRequest) -> Size {
        pixels(cells: request.cells, cellPixels: request.cellPixels)
    }

    /// The box `cells` cover in pixels, at `cellPixels` a cell.
    public static func pixels(cells: Size, cellPixels: Size) -> Size {
        Size(width: cells.width * cellPixels.width, height: cells.height * cellPixels.height)
    }

    /// Whether an escape is being made or is here, for a caller about to ask for one (`ImageLoader.earlyEscape` reads
    /// the source only then). When no decode has started yet, none will: the request came first, as for `take`, so
    /// the decode the caller makes next is not raced by an early one it cannot use (each would encode the picture).
    public func escapeUnderWay() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while case .expected = state { condition.wait() }
        switch state {
        case .none:
            state = .over
            return false
        case .running(_, _, .some), .encoded: return true
        default: return false
        }
    }

    /// Drops whatever the early decode holds or makes: the loader draws something else.
    public func abandon() {
        condition.lock()
        defer { condition.unlock() }
        switch state {
        case .none, .over: state = .over
        case .expected:
            // The thread's decode, should it still start one, finds the state over and makes nothing.
            state = .over
            condition.broadcast()
        default:
            state = .over
            outcomeValue = .missed
        }
    }

    /// A decode's result put in place as if it had run (tests).
    func plant(bytes: Data, pixels: Size, limits: DecodeLimits, image: DecodedImage) {
        condition.lock()
        state = .running(pixels: pixels, limits: limits, request: nil)
        outcomeValue = .pending
        condition.unlock()
        finish(bytes: bytes, pixels: pixels, limits: limits, image: image)
    }

    /// An early escape put in place as if it had been made (tests).
    func plant(bytes: Data, limits: DecodeLimits, request: PixelRequest, escape: [UInt8]) {
        condition.lock()
        state = .running(pixels: Self.pixels(of: request), limits: limits, request: request)
        outcomeValue = .pending
        condition.unlock()
        finish(bytes: bytes, pixels: Self.pixels(of: request), limits: limits, request: request, escape: escape)
    }
}
