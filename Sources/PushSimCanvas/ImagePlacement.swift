// Where a picture sits on a Canvas, so a terminal that can show real pixels draws them over those cells.

/// The pixel protocols a terminal may speak (kitty graphics, iTerm2 inline images, DEC sixel).
public enum PixelProtocol: String, Sendable, Hashable, CaseIterable {
    case kitty, iterm, sixel
}

/// A gradient drawn over the bottom of a picture (a story's scrim behind its text): clear at the top of row
/// `fromRow` (counted within the picture), `darkness` black at the picture's bottom.
public struct PixelScrim: Hashable, Sendable {
    public var fromRow: Int
    public var darkness: Double
    public init(fromRow: Int, darkness: Double) {
        self.fromRow = fromRow
        self.darkness = darkness
    }
}

/// What the terminal asks of a picture: its bytes for one protocol at one size.
public struct PixelRequest: Hashable, Sendable {
    public var proto: PixelProtocol
    /// The cells the picture covers.
    public var cells: Size
    /// Pixels of one cell (from the terminal); the image is `cells × cellPixels`.
    public var cellPixels: Size
    /// kitty's image id: the pixels are transmitted once under it (the terminal places them separately, so the
    /// bytes of one request are the same whenever they are made and can be made ahead).
    public var kittyID: UInt32
    public var scrim: PixelScrim?

    public init(proto: PixelProtocol, cells: Size, cellPixels: Size, kittyID: UInt32 = 1, scrim: PixelScrim? = nil) {
        self.proto = proto
        self.cells = cells
        self.cellPixels = cellPixels
        self.kittyID = kittyID
        self.scrim = scrim
    }
}

/// A picture's escape sequence as its provider has it right now.
public enum PixelAnswer: Sendable, Equatable {
    case ready([UInt8])
    /// Being made away from the caller's thread: the provider's `wake` descriptor turns readable when it is done,
    /// and the same request is answered `.ready` then.
    case pending
    /// The pixels cannot be had (the picture stays cells).
    case unavailable
}

/// Produces a picture's escape sequence on demand. Only the terminal calls it, and only when it shows pixels:
/// screens stay pure (they carry the placement; nothing is decoded or encoded while drawing cells).
public final class PixelProvider: Sendable {
    private let body: @Sendable (PixelRequest) -> PixelAnswer
    /// Readable once a `.pending` answer is ready (a non-blocking pipe: whoever polls it reads it empty).
    public let wake: Int32?

    /// A provider that answers at once, on the caller's thread.
    public init(_ body: @escaping @Sendable (PixelRequest) -> [UInt8]?) {
        wake = nil
        self.body = { body($0).map(PixelAnswer.ready) ?? .unavailable }
    }

    /// A provider that may answer `.pending` and signal `wake` when the bytes are ready.
    public init(wake: Int32, answer: @escaping @Sendable (PixelRequest) -> PixelAnswer) {
        self.wake = wake
        body = answer
    }

    public func answer(for request: PixelRequest) -> PixelAnswer { body(request) }

    /// The escape sequence drawing the picture at the cursor, if it is ready now.
    public func bytes(for request: PixelRequest) -> [UInt8]? {
        if case .ready(let bytes) = body(request) { return bytes }
        return nil
    }
}

/// A picture on a Canvas: its identity, the cells it covers, and whether anything was drawn over it.
public struct ImagePlacement: Hashable, Sendable {
    /// The same key means the same picture at the same size (a URL and the cells it was rendered for).
    public var key: String
    /// Where on the canvas.
    public var rect: Rect
    /// True once an overlay was drawn over part of it, or it was clipped: the terminal then shows its cells.
    public var covered: Bool
    /// The screen darkened the picture's bottom (Scrim): the pixels are darkened the same way.
    public var scrim: PixelScrim?
    public let pixels: PixelProvider
    /// The picture's own cells (row by row, `rect.width` wide): a cell that no longer shows its symbol has text
    /// drawn over the picture (a story's title, the progress bar), which stays a cell over the pixels.
    public let symbols: [Cell]

    public init(key: String, rect: Rect, covered: Bool = false, pixels: PixelProvider, symbols: [Cell] = []) {
        self.key = key
        self.rect = rect
        self.covered = covered
        self.pixels = pixels
        self.symbols = symbols
    }

    public static func == (a: ImagePlacement, b: ImagePlacement) -> Bool {
        a.key == b.key && a.rect == b.rect && a.covered == b.covered && a.scrim == b.scrim
    }

    public func hash(into h: inout Hasher) {
        h.combine(key)
        h.combine(rect)
        h.combine(covered)
        h.combine(scrim)
    }
}

extension Canvas {
    /// Mark every picture that `rect` overlaps as covered: an overlay (help, a sheet, a dimmed backdrop) is drawn
    /// there, and a pixel image would hide it, so those pictures are shown as cells.
    public mutating func coverImages(in rect: Rect) {
        guard !images.isEmpty, !rect.isEmpty else { return }
        for i in images.indices where !images[i].rect.intersection(rect).isEmpty { images[i].covered = true }
    }

    /// A gradient over the pictures whose bottom rows `rows` covers (from its top to their bottom): the cells are
    /// darkened by the screen, the pixels by the terminal's encoder.
    public mutating func shadeImages(_ rows: Rect, darkness: Double) {
        for i in images.indices {
            let r = images[i].rect
            guard rows.maxY >= r.maxY, rows.y >= r.y, rows.y < r.maxY, rows.x <= r.x, rows.maxX >= r.maxX else { continue }
            images[i].scrim = PixelScrim(fromRow: rows.y - r.y, darkness: darkness)
        }
    }

    /// This canvas as one picture filling it (what the media layer hands a screen).
    public func withPicture(key: String, pixels: PixelProvider) -> Canvas {
        var c = self
        c.images = [ImagePlacement(key: key, rect: bounds, pixels: pixels, symbols: cells)]  // shared storage, not copied
        return c
    }

    /// `other`'s pictures moved by (dx, dy), for a screen that copies `other`'s cells itself: a picture that no
    /// longer fits whole on this canvas (and inside `clip`) is covered, and so is every one when `covered`.
    public mutating func carryImages(of other: Canvas, dx: Int, dy: Int, clip: Rect? = nil, covered extra: Bool = false) {
        let visible = clip.map { $0.intersection(bounds) } ?? bounds
        for var p in other.images {
            p.rect.x += dx
            p.rect.y += dy
            if extra || p.rect.intersection(visible) != p.rect { p.covered = true }
            images.append(p)
        }
    }
}
