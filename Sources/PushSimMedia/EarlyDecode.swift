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
        /// The first picture's cells being made: decoded for `cells` and rendered with `options` (a run that draws cells).
        case runningCells(cells: Size, options: RenderOptions, limits: DecodeLimits)
        /// Decoded for the cells and rendered (`rendered` nil when the renderer failed: the loader falls back as ever).
        case cells(bytes: Data, cells: Size, options: RenderOptions, limits: DecodeLimits, made: EarlyCells)
        /// Asked for and answered (or not started because the request came first): nothing more is kept.
        case over
    }

    /// The first picture's cells as the loader would have them: read from the render cache, or its decode for those
    /// cells and their render.
    public struct EarlyCells: Sendable {
        /// The render's name in the render cache (`RenderDiskCache.key` of the bytes, cells and options).
        public var key: String
        /// The decode, nil when the cells were read from the render cache.
        public var image: DecodedImage?
        /// The cells, or nil when the renderer failed (`ImageLoader.render` then draws its fallback).
        public var rendered: Canvas?
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

    /// The cells of the regular file at `path` (at most `maxBytes`) for `cells` with `options`, as `ImageLoader.render`
    /// would have them, on the caller's thread: read from `renderCache` when it holds them, else decoded for those
    /// cells and rendered (`CellRenderer`). Does nothing once a decode has been started or asked for.
    public func render(imageAt path: String, cells: Size, options: RenderOptions, limits: DecodeLimits = DecodeLimits(),
                       maxBytes: Int, renderCache: RenderDiskCache) {
        condition.lock()
        switch state {
        case .none, .expected: break
        default: return condition.unlock()
        }
        state = .runningCells(cells: cells, options: options, limits: limits)
        outcomeValue = .pending
        condition.unlock()
        guard let bytes = try? ImageLoader.readFile(path, maxBytes: maxBytes) else {
            return finishCells(bytes: nil, cells: cells, options: options, limits: limits, made: nil)
        }
        let key = RenderDiskCache.key(bytes: bytes, size: cells, options: options)
        if let drawn = renderCache.read(key, size: cells) {
            return finishCells(bytes: bytes, cells: cells, options: options, limits: limits, made: EarlyCells(key: key, rendered: drawn))
        }
        let halfBlocks = CellRenderer.route(for: options) == .halfBlockAverage
        guard let image = try? ImageDecoder.decode(bytes, limits: limits, cells: cells, halfBlocks: halfBlocks) else {
            return finishCells(bytes: nil, cells: cells, options: options, limits: limits, made: nil)
        }
        let rendered = try? CellRenderer.render(image, size: cells, options: options)
        finishCells(bytes: bytes, cells: cells, options: options, limits: limits, made: EarlyCells(key: key, image: image, rendered: rendered))
    }

    /// The cells' decode ends: kept for the loader, unless a request came meanwhile and did not want them.
    func finishCells(bytes: Data?, cells: Size, options: RenderOptions, limits: DecodeLimits, made: EarlyCells?) {
        condition.lock()
        defer { condition.unlock() }
        guard case .runningCells = state else { return }
        if let bytes, let made {
            state = .cells(bytes: bytes, cells: cells, options: options, limits: limits, made: made)
        } else {
            state = .over
            outcomeValue = .missed
        }
        condition.broadcast()
    }

    /// The early cells of exactly `bytes` for `cells` with `options` under `limits`, waiting for them while they are
    /// being made (they are what the caller would make), else nil. Whatever the answer, the early decode is over,
    /// except that a picture's decode is left for its own request.
    public func takeCells(bytes: Data, cells: Size, options: RenderOptions, limits: DecodeLimits) -> EarlyCells? {
        answer { state -> EarlyCells?? in
            switch state {
            case .runningCells(let c, let o, let l):
                return c == cells && o == options && l == limits ? .none : .some(missed())
            case .cells(let b, let c, let o, let l, let made):
                return taken(c == cells && o == options && l == limits && b == bytes, made)
            case .running, .done, .encoded:
                // A picture's decode, not cells: left for the picture's request (a terminal that shows pixels draws
                // cells too, from the same image).
                return .some(nil)
            case .none, .expected, .over:
                return .some(nil)
            }
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

    /// A request's answer, under the condition's lock: `decide` says, from the state, what to hand over (`.some`) or
    /// that the decode it wants is still being made (`.none`: wait for it). A thread that may still start a decode
    /// (`expect`) is waited for; with none started or none left, the answer is nil and no decode starts after it.
    private func answer<T>(_ decide: (State) -> T??) -> T? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .expected:
                condition.wait()
                continue
            case .none, .over:
                state = .over
                return nil
            default:
                break
            }
            if let answered = decide(state) { return answered }
            condition.wait()
        }
    }

    /// What was made, handed over when it is `same` as asked for; either way nothing more is kept (the lock is held).
    private func taken<T>(_ same: Bool, _ made: T) -> T?? {
        state = .over
        outcomeValue = same ? .taken : .missed
        return .some(same ? made : nil)
    }

    /// The request did not want what was started or made: nothing more is kept (the condition's lock is held).
    private func missed<T>() -> T? {
        state = .over
        outcomeValue = .missed
        return nil
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
        answer { state -> DecodedImage?? in
            switch state {
            case .running(let p, let l, let r):
                return r == nil && p == pixels && l == limits ? .none : .some(missed())
            case .done(let b, let p, let l, let image):
                guard let image else { return .some(missed()) }
                return taken(p == pixels && l == limits && b == bytes, image)
            case .encoded, .runningCells, .cells:
                // The image is in the escape (or cells were made): asked for as pixels of their own, it is decoded again.
                return .some(missed())
            case .none, .expected, .over:
                return .some(nil)
            }
        }
    }

    /// The early escape of exactly `bytes`, decoded for `request`'s pixels under `limits`, waiting for it if it is still
    /// being made (it is the encode the caller would make), else nil. Whatever the answer, the early decode is over,
    /// except that a decode made without a request is left for `take`.
    public func takeEscape(bytes: Data, request: PixelRequest, limits: DecodeLimits) -> [UInt8]? {
        answer { state -> [UInt8]?? in
            switch state {
            case .running(let p, let l, let r):
                guard let r else { return .some(nil) }
                return Self.same(r, request) && p == Self.pixels(of: request) && l == limits ? .none : .some(missed())
            case .done:
                return .some(nil)
            case .runningCells, .cells:
                return .some(missed())
            case .encoded(let b, let p, let l, let r, let escape):
                return taken(Self.same(r, request) && p == Self.pixels(of: request) && l == limits && b == bytes, escape)
            case .none, .expected, .over:
                return .some(nil)
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

    /// Early cells put in place as if they had been made (tests).
    func plantCells(bytes: Data, cells: Size, options: RenderOptions, limits: DecodeLimits = DecodeLimits(), made: EarlyCells) {
        condition.lock()
        state = .runningCells(cells: cells, options: options, limits: limits)
        outcomeValue = .pending
        condition.unlock()
        finishCells(bytes: bytes, cells: cells, options: options, limits: limits, made: made)
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
