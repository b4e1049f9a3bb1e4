// Decodes image bytes (PNG, GIF, WebP row by row into the output size; the rest with gdk-pixbuf): refuses oversized images from their header, downsamples like the SDK, applies EXIF orientation.

import CImaging
import Foundation
import PushSimCanvas

/// Decoded pixels, tightly packed RGBA8 with alpha already composited over black (the story background).
public struct DecodedImage: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    /// The size the file declared, before downsampling and orientation.
    public var declaredWidth: Int
    public var declaredHeight: Int
    /// gdk-pixbuf's format name: `jpeg`, `png`, `gif`, `webp`…
    public var format: String
    /// The cell size a reduced decode (a JPEG scaled in the DCT, a PNG, GIF or WebP box-filtered as it was read)
    /// was made for; nil for the SDK's full decode (≤ 1500 px).
    public var decodedFor: Size?
    /// Whether that reduced decode was for half blocks, which need 2 × 4 source pixels a cell rather than the 4 × 8
    /// of chafa's symbols (`pushsim_crop_fits`).
    public var decodedForHalfBlocks: Bool

    public init(width: Int, height: Int, rgba: [UInt8], declaredWidth: Int? = nil, declaredHeight: Int? = nil,
                format: String = "raw", decodedFor: Size? = nil, decodedForHalfBlocks: Bool = false) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.declaredWidth = declaredWidth ?? width
        self.declaredHeight = declaredHeight ?? height
        self.format = format
        self.decodedFor = decodedFor
        self.decodedForHalfBlocks = decodedFor != nil && decodedForHalfBlocks
    }

    /// True when these pixels are enough to render `cells` as well as the full decode would.
    /// `halfBlocks`: the cells are drawn as half blocks (their smaller need); pixels decoded for half blocks are
    /// never enough for symbols.
    public func suffices(for cells: Size, halfBlocks: Bool = false) -> Bool {
        guard decodedFor != nil else { return true }
        if decodedForHalfBlocks && !halfBlocks { return false }
        let h: Int32 = halfBlocks ? 1 : 0
        // The pixels are already as shown (their EXIF orientation applied), so that is the orientation to cover.
        return pushsim_crop_fits(Double(width), Double(height), gint(cells.width), gint(cells.height), h) != 0
    }

    /// Short, so a failed test never prints megabytes of pixels.
    public var description: String { "\(format) \(width)×\(height) (declared \(declaredWidth)×\(declaredHeight))" }

    /// NSCache cost as the SDK counts it: pixels × 4.
    public var cost: Int { width * height * 4 }

    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2])
    }
}

public struct DecodeLimits: Sendable, Equatable {
    /// The SDK's ImageIO thumbnail size: the longest side after decoding.
    public var maxSide: Int
    /// Declared width × height above this is refused from the header, before any pixel is decoded.
    public var pixelBudget: Int

    public init(maxSide: Int = 1500, pixelBudget: Int = 50_000_000) {
        self.maxSide = maxSide
        self.pixelBudget = pixelBudget
    }
}

/// What the header says, without decoding pixels.
public struct ImageHeader: Sendable, Equatable {
    public var format: String
    public var width: Int
    public var height: Int
}

public enum ImageDecoder {
    /// Bytes fed per write: the first chunk is small so the header (and the size-prepared signal) arrives before
    /// much of a refused image is touched.
    static let firstChunk = 16 * 1024
    static let chunk = 256 * 1024

    private static let setup: Void = { pushsim_silence_library_logs() }()

    /// The format and declared size if gdk-pixbuf recognises the bytes as an image (the pre-fetcher's
    /// "only bytes that decode as an image are kept"); nil otherwise. Any size passes: the budget applies when
    /// the image is decoded for display.
    public static func probe(_ bytes: Data) -> ImageHeader? {
        if let header = jpegHeader(bytes) { return header }
        var pixelBytes = 0
        return try? run(bytes, limits: DecodeLimits(pixelBudget: Int(Int64.max)), headerOnly: true, cells: nil, pixels: nil, pixelBytes: &pixelBytes).header
    }

    /// For `pushsim validate`: the refusal a local image would meet from its header alone (a decompression bomb: a
    /// small file declaring more pixels than the budget), reading only the file's first 256 KB; nil when the header
    /// is within the budget or cannot be read (whether the file exists is checked elsewhere).
    public static func headerRefusal(ofFileAt path: String, limits: DecodeLimits = DecodeLimits()) -> LoadFailure? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 256 * 1024), let header = probe(head) else { return nil }
        guard header.width * header.height > limits.pixelBudget else { return nil }
        return .overBudget(width: header.width, height: header.height, budget: limits.pixelBudget)
    }

    /// With `cells`, a JPEG may be decoded at 1/2, 1/4 or 1/8 scale (in the DCT, the cheapest way there is) when
    /// that still gives each cell 4×8 source pixels (2×4 when `halfBlocks`: the cells are drawn by the half-block
    /// average), and a PNG, GIF or WebP is box-filtered to that same size as its rows arrive; such an image says so in
    /// `decodedFor`.
    public static func decode(_ bytes: Data, limits: DecodeLimits = DecodeLimits(), cells: Size? = nil,
                              halfBlocks: Bool = false) throws(LoadFailure) -> DecodedImage {
        var pixelBytes = 0
        return try decode(bytes, limits: limits, cells: cells, halfBlocks: halfBlocks, pixelBytes: &pixelBytes)
    }

    /// For a terminal picture of `pixels` (width × height, aspect-filled as the SDK's story image is, spec §1.7): a
    /// JPEG is decoded at the smallest 1/8, 1/4 or 1/2 DCT scale that still covers the box after the crop (its EXIF
    /// orientation taken into account), and the SDK's 1500 px cap is left to the encoder's own scaling when the box
    /// is within it; a PNG, GIF or WebP is box-filtered to the cap as its rows arrive. Such an image is only for that
    /// box: callers do not keep it as the SDK's decode.
    public static func decode(_ bytes: Data, limits: DecodeLimits = DecodeLimits(), pixels: Size) throws(LoadFailure) -> DecodedImage {
        var pixelBytes = 0
        return try decode(bytes, limits: limits, pixels: pixels, pixelBytes: &pixelBytes)
    }

    /// `rowByRow: false` sends a JPEG through gdk-pixbuf (the tests compare the two decoders).
    static func decode(_ bytes: Data, limits: DecodeLimits, pixels: Size, pixelBytes: inout Int,
                       rowByRow: Bool = true) throws(LoadFailure) -> DecodedImage {
        let out = try run(bytes, limits: limits, headerOnly: false, cells: nil, pixels: pixels, pixelBytes: &pixelBytes, rowByRow: rowByRow)
        guard let image = out.image else { throw LoadFailure("the image could not be decoded") }
        return image
    }

    /// The same, also saying how many bytes of pixel buffer the loader allocated (0 when it refused the image from
    /// its header): what bounds a decode's memory, and what the tests check instead of timing it.
    /// `rowByRow: false` sends PNG, GIF, WebP and JPEG through gdk-pixbuf too (the tests compare the decoders).
    static func decode(_ bytes: Data, limits: DecodeLimits, cells: Size?, halfBlocks: Bool = false, pixelBytes: inout Int,
                       rowByRow: Bool = true) throws(LoadFailure) -> DecodedImage {
        let out = try run(bytes, limits: limits, headerOnly: false, cells: cells, halfBlocks: halfBlocks, pixels: nil,
                          pixelBytes: &pixelBytes, rowByRow: rowByRow)
        guard let image = out.image else { throw LoadFailure("the image could not be decoded") }
        return image
    }

    private static func run(_ bytes: Data, limits: DecodeLimits, headerOnly: Bool, cells: Size?, halfBlocks: Bool = false, pixels: Size?,
                            pixelBytes: inout Int, rowByRow: Bool = true) throws(LoadFailure) -> (header: ImageHeader, image: DecodedImage?) {
        _ = setup
        pixelBytes = 0
        guard !bytes.isEmpty else { throw LoadFailure("the file is empty") }
        // webp-pixbuf-loader (0.2.1) ignores the 0×0 answer and allocates the declared size anyway, so a WebP's
        // size is read here, before the loader sees a byte.
        if let (w, h) = webpCanvasSize(bytes), w * h > limits.pixelBudget, !headerOnly {
            throw .overBudget(width: w, height: h, budget: limits.pixelBudget)
        }
        if !headerOnly, rowByRow, let done = try decodeBounded(bytes, limits: limits, cells: cells, halfBlocks: halfBlocks, pixels: pixels, pixelBytes: &pixelBytes) {
            return (done.header, done.image)
        }
        guard let loader = gdk_pixbuf_loader_new() else { throw LoadFailure("the image decoder could not start") }
        let state = UnsafeMutablePointer<PushsimLoadState>.allocate(capacity: 1)
        state.initialize(to: PushsimLoadState(declared_width: 0, declared_height: 0, max_side: gint(limits.maxSide),
                                              pixel_budget: gint64(limits.pixelBudget), header_only: headerOnly ? 1 : 0,
                                              cells_width: gint(cells?.width ?? 0), cells_height: gint(cells?.height ?? 0),
                                              prepared: 0, refused: 0, scale_denominator: 1, pixel_bytes: 0,
                                              size_handler: 0, area_handler: 0,
                                              pixels_width: gint(pixels?.width ?? 0), pixels_height: gint(pixels?.height ?? 0),
                                              sides_swapped: (pixels != nil || cells != nil) && exifSwapsSides(bytes) ? 1 : 0,
                                              half_blocks: cells != nil && halfBlocks ? 1 : 0))
        pushsim_loader_watch(loader, state)
        var closed = false
        defer {
            if !closed { _ = gdk_pixbuf_loader_close(loader, nil) }
            pixelBytes = Int(state.pointee.pixel_bytes)
            pushsim_loader_unwatch(loader, state)
            pushsim_object_unref(loader)
            state.deallocate()
        }

        var writeError: String?
        bytes.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: guchar.self).baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = min(offset == 0 ? firstChunk : chunk, raw.count - offset)
                var err: UnsafeMutablePointer<GError>?
                if gdk_pixbuf_loader_write(loader, base + offset, gsize(n), &err) == 0 {
                    writeError = take(err) ?? "the decoder refused the data"
                    return
                }
                offset += n
                if state.pointee.refused != 0 || (headerOnly && state.pointee.prepared != 0) { return }
            }
        }
        // Small files are only sniffed (and their header parsed) when the loader is closed.
        var closeError: String?
        var closedOK = true
        if writeError == nil && state.pointee.refused == 0 && !(headerOnly && state.pointee.prepared != 0) {
            var err: UnsafeMutablePointer<GError>?
            closedOK = gdk_pixbuf_loader_close(loader, &err) != 0
            closed = true
            closeError = take(err)
        }
        let prepared = state.pointee.prepared != 0
        // gdk-pixbuf hands over a new copy of the name (it leaked on every decode until the image fuzz target's
        // leak check saw it).
        let name = pushsim_loader_format_name(loader)
        defer { g_free(name) }
        let header = ImageHeader(format: name.map { String(cString: $0) } ?? "unknown",
                                 width: Int(state.pointee.declared_width), height: Int(state.pointee.declared_height))
        if state.pointee.refused != 0 {
            throw .overBudget(width: header.width, height: header.height, budget: limits.pixelBudget)
        }
        guard prepared else {
            let why = writeError ?? closeError
            throw LoadFailure("not an image\(why.map { " (\($0))" } ?? "")")
        }
        if headerOnly { return (header, nil) }
        if let writeError { throw LoadFailure("the image data is corrupt (\(writeError))") }
        // gdk-pixbuf's PNG and GIF loaders return whatever rows arrived without complaint; the format's end marker
        // tells a complete file from a cut one.
        if !hasEndMarker(bytes, format: header.format) {
            throw LoadFailure("the \(header.format.uppercased()) file is truncated (it stops before its end marker)")
        }
        // A truncated file still yields a pixbuf from some loaders; an error at close means it is incomplete.
        guard closedOK, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw LoadFailure("the image is truncated or corrupt\(closeError.map { " (\($0))" } ?? "")")
        }
        // A picture for a box within the SDK's cap is scaled to the box by its encoder: a cap pass first would only
        // cost time (the box, not the cap, decides what is seen).
        let capped = pixels.map { max($0.width, $0.height) > limits.maxSide } ?? true
        var image = try self.pixels(of: pixbuf, header: header, limits: capped ? limits : DecodeLimits(maxSide: 0, pixelBudget: limits.pixelBudget))
        if state.pointee.scale_denominator > 1, let cells {
            image.decodedFor = cells
            image.decodedForHalfBlocks = halfBlocks
        }
        return (header, image)
    }

    /// What the row-by-row decoder made of the bytes, inside the closure that keeps them alive.
    private enum BoundedOutcome {
        case unhandled, refused, truncated, failed(String), decoded(DecodedImage)
    }

    /// PNG, GIF and WebP are decoded row by row into the output size (BoundedDecode.c): memory follows the cells
    /// drawn, not the file (gdk-pixbuf's loaders for them build a full-size pixbuf and scale it at close). A JPEG is
    /// read straight from libjpeg at its DCT scale, as gdk-pixbuf's loader would, without starting gdk-pixbuf (a
    /// picture's first frame waits for this decode). nil for what it leaves to gdk-pixbuf: other formats, animated
    /// WebP, CMYK JPEG and a JPEG the SDK's cap must resize.
    static func decodeBounded(_ bytes: Data, limits: DecodeLimits, cells: Size?, halfBlocks: Bool = false, pixels: Size? = nil,
                                      pixelBytes: inout Int) throws(LoadFailure) -> (header: ImageHeader, image: DecodedImage)? {
        let kind = boundedFormat(bytes)
        guard let format = boundedFormats[Int(kind)] else { return nil }
        var b = PushsimBounded()
        b.max_side = Int32(limits.maxSide)
        b.pixel_budget = Int64(limits.pixelBudget)
        b.cells_width = Int32(cells?.width ?? 0)
        b.cells_height = Int32(cells?.height ?? 0)
        b.half_blocks = cells != nil && halfBlocks ? 1 : 0
        if kind == PUSHSIM_BOUNDED_JPEG {
            b.pixels_width = Int32(pixels?.width ?? 0)
            b.pixels_height = Int32(pixels?.height ?? 0)
            // A picture for a box within the cap is left to the encoder's scaling (as `run` does for gdk-pixbuf).
            b.cap = pixels.map { max($0.width, $0.height) > limits.maxSide } ?? true ? 1 : 0
            b.orientation = Int32(exifOrientation(bytes))
        }
        defer { pushsim_bounded_close(&b) }
        let complete = hasEndMarker(bytes, format: format)
        // The decoder keeps a pointer to the bytes from open to read: both happen inside one withUnsafeBytes.
        let outcome: BoundedOutcome = bytes.withUnsafeBytes { raw in
            let opened = Int(pushsim_bounded_open(&b, raw.bindMemory(to: UInt8.self).baseAddress, raw.count))
            switch opened {
            case PUSHSIM_BOUNDED_OK: break
            case PUSHSIM_BOUNDED_UNHANDLED: return .unhandled
            case PUSHSIM_BOUNDED_REFUSED: return .refused
            default: return .failed("not an image (\(errorText(&b)))")
            }
            // gdk-pixbuf's PNG and GIF loaders returned whatever rows arrived; the end marker still tells a cut file.
            guard complete else { return .truncated }
            let count = Int(b.width) * Int(b.height) * 4
            var status = Int32(PUSHSIM_BOUNDED_OK)
            let rgba = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                status = pushsim_bounded_read(&b, buffer.baseAddress)
                initialized = count
            }
            switch Int(status) {
            case PUSHSIM_BOUNDED_OK:
                return .decoded(DecodedImage(width: Int(b.width), height: Int(b.height), rgba: rgba,
                                             declaredWidth: Int(b.declared_width), declaredHeight: Int(b.declared_height),
                                             format: format, decodedFor: b.reduced_for_cells != 0 ? cells : nil,
                                             decodedForHalfBlocks: halfBlocks))
            case PUSHSIM_BOUNDED_UNHANDLED: return .unhandled
            case PUSHSIM_BOUNDED_NO_MEMORY: return .failed("the image could not be decoded (\(errorText(&b)))")
            default: return .failed("the image data is corrupt (\(errorText(&b)))")
            }
        }
        pixelBytes = Int(b.pixel_bytes)
        let header = ImageHeader(format: format, width: Int(b.declared_width), height: Int(b.declared_height))
        switch outcome {
        case .unhandled:
            pixelBytes = 0
            return nil
        case .refused: throw .overBudget(width: header.width, height: header.height, budget: limits.pixelBudget)
        case .truncated: throw LoadFailure("the \(format.uppercased()) file is truncated (it stops before its end marker)")
        case .failed(let reason): throw LoadFailure(reason)
        case .decoded(let image): return (header, image)
        }
    }

    private static let boundedFormats = [PUSHSIM_BOUNDED_PNG: "png", PUSHSIM_BOUNDED_GIF: "gif", PUSHSIM_BOUNDED_WEBP: "webp",
                                         PUSHSIM_BOUNDED_JPEG: "jpeg"]

    private static func boundedFormat(_ bytes: Data) -> Int32 {
        bytes.prefix(16).withUnsafeBytes { pushsim_bounded_format($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    }

    /// A JPEG's header from libjpeg (the pre-fetcher and the disk cache probe every cached file: gdk-pixbuf need not
    /// start for it); nil for other formats and for what libjpeg cannot read cleanly (gdk-pixbuf's probe decides).
    private static func jpegHeader(_ bytes: Data) -> ImageHeader? {
        guard boundedFormat(bytes) == PUSHSIM_BOUNDED_JPEG else { return nil }
        var b = PushsimBounded()
        b.pixel_budget = Int64.max
        defer { pushsim_bounded_close(&b) }
        let opened = bytes.withUnsafeBytes { Int(pushsim_bounded_open(&b, $0.bindMemory(to: UInt8.self).baseAddress, $0.count)) }
        // What libjpeg leaves to gdk-pixbuf (a damaged or CMYK file) gdk-pixbuf probes too.
        guard opened == PUSHSIM_BOUNDED_OK || opened == PUSHSIM_BOUNDED_REFUSED, b.declared_width > 0, b.declared_height > 0 else { return nil }
        return ImageHeader(format: "jpeg", width: Int(b.declared_width), height: Int(b.declared_height))
    }

    private static func errorText(_ b: inout PushsimBounded) -> String {
        withUnsafeBytes(of: &b.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Orientation first (it may swap the sides), then the SDK's downsampling for loaders that ignore set_size.
    private static func pixels(of pixbuf: OpaquePointer, header: ImageHeader, limits: DecodeLimits) throws(LoadFailure) -> DecodedImage {
        guard var current = gdk_pixbuf_apply_embedded_orientation(pixbuf) else { throw LoadFailure("the image could not be oriented") }
        defer { pushsim_pixbuf_unref(current) }
        let w = Int(gdk_pixbuf_get_width(current)), h = Int(gdk_pixbuf_get_height(current))
        if limits.maxSide > 0, max(w, h) > limits.maxSide {
            let k = Double(limits.maxSide) / Double(max(w, h))
            let nw = max(1, Int((Double(w) * k).rounded())), nh = max(1, Int((Double(h) * k).rounded()))
            // A mild reduction (at most 2×) is followed by chafa's own box-filtered downscale to a few hundred
            // pixels, so nearest-neighbour here is invisible in the cells and 5× cheaper than bilinear.
            let filter = k >= 0.5 ? GDK_INTERP_NEAREST : GDK_INTERP_BILINEAR
            guard let scaled = gdk_pixbuf_scale_simple(current, gint(nw), gint(nh), filter) else {
                throw LoadFailure("the image could not be scaled")
            }
            pushsim_pixbuf_unref(current)
            current = scaled
        }
        let fw = Int(gdk_pixbuf_get_width(current)), fh = Int(gdk_pixbuf_get_height(current))
        var rgba = [UInt8](repeating: 0, count: fw * fh * 4)
        rgba.withUnsafeMutableBufferPointer { pushsim_pixbuf_copy_rgba(current, $0.baseAddress) }
        return DecodedImage(width: fw, height: fh, rgba: rgba, declaredWidth: header.width, declaredHeight: header.height, format: header.format)
    }

    /// True when a JPEG's EXIF orientation (tag 0x0112 in IFD0 of its APP1 `Exif` segment) is 5…8: the picture is
    /// turned a quarter, so its shown sides are the decoded ones exchanged. Anything unreadable counts as upright.
    static func exifSwapsSides(_ bytes: Data) -> Bool { (5...8).contains(exifOrientation(bytes)) }

    /// A JPEG's EXIF orientation (tag 0x0112 in IFD0 of its APP1 `Exif` segment, within the first 64 KB): 1…8, and
    /// 1 (upright) for anything else or unreadable, as gdk-pixbuf ignores values over 8.
    static func exifOrientation(_ bytes: Data) -> Int {
        let b = [UInt8](bytes.prefix(64 * 1024))
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return 1 }
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1], length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if marker == 0xDA || marker == 0xD9 || length < 2 { return 1 }   // image data: no EXIF came first
            let body = i + 4, end = min(b.count, i + 2 + length)
            if marker == 0xE1, end - body > 14, b[body..<body + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                let t = body + 6
                let little = b[t] == 0x49
                func u16(_ o: Int) -> Int? { guard t + o + 2 <= end else { return nil }
                    return little ? Int(b[t + o]) | Int(b[t + o + 1]) << 8 : Int(b[t + o]) << 8 | Int(b[t + o + 1]) }
                func u32(_ o: Int) -> Int? { guard let hi = u16(little ? o + 2 : o), let lo = u16(little ? o : o + 2) else { return nil }
                    return hi << 16 | lo }
                guard let ifd = u32(4), let count = u16(ifd) else { return 1 }
                for e in 0..<count {
                    let entry = ifd + 2 + e * 12
                    guard let tag = u16(entry) else { return 1 }
                    if tag == 0x0112 { return u16(entry + 8).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1 }
                }
                return 1
            }
            i = i + 2 + length
        }
        return 1
    }

    /// The canvas size a WebP file declares (RIFF, then a VP8X, VP8L or VP8 chunk), or nil for anything else.
    static func webpCanvasSize(_ bytes: Data) -> (Int, Int)? {
        let b = Array(bytes.prefix(30))
        guard b.count >= 30, b[0..<4] == Array("RIFF".utf8)[...], b[8..<12] == Array("WEBP".utf8)[...] else { return nil }
        func le(_ i: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) } }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8X": return (le(24, 3) + 1, le(27, 3) + 1)
        case "VP8L":
            let bits = le(21, 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ": return (le(26, 2) & 0x3FFF, le(28, 2) & 0x3FFF)
        default: return nil
        }
    }

    /// Whether the file reaches its format's end marker. Bytes after the marker are not a cut file (ImageIO shows
    /// such a file, and so does pushsim): a 1×1 PNG followed by zeros was called "truncated" when only the last
    /// 64 KB were searched. Files are at most `--image-max-mb`, so a whole-file search is bounded.
    static func hasEndMarker(_ bytes: Data, format: String) -> Bool {
        switch format {
        case "png": return pngReachesIEND(bytes)
        case "jpeg": return jpegHasEOI(bytes)
        case "gif": return bytes.contains(0x3B)
        case "webp":
            // RIFF header: bytes 4..7 are the little-endian size of what follows byte 8.
            guard bytes.count >= 12 else { return false }
            let b = Array(bytes.prefix(8))
            let size = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
            return bytes.count >= size + 8
        default: return true
        }
    }

    /// Whether an EOI marker (FF D9) is anywhere in the bytes, looked for from the end, where a whole file has it.
    /// Read in place: `Data.range(of:options:)` copied the whole file into an NSData first (a 365 KB photo: 90
    /// page faults and a copy on every first frame).
    static func jpegHasEOI(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var i = raw.count - 2
            while i >= 0 {
                if raw[i + 1] == 0xD9 && raw[i] == 0xFF { return true }
                i -= 1
            }
            return false
        }
    }

    /// Walks the PNG's chunks (length, type, data, CRC) from the signature to IEND: true when IEND is whole.
    static func pngReachesIEND(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var at = 8
            while at + 12 <= raw.count {
                let length = Int(raw[at]) << 24 | Int(raw[at + 1]) << 16 | Int(raw[at + 2]) << 8 | Int(raw[at + 3])
                let isEnd = raw[at + 4] == 0x49 && raw[at + 5] == 0x45 && raw[at + 6] == 0x4E && raw[at + 7] == 0x44
                guard length <= 0x7FFF_FFFF, at + 12 + length <= raw.count else { return false }
                if isEnd { return true }
                at += 12 + length
            }
            return false
        }
    }

    /// Encodes RGBA8 pixels as `png`, `jpeg` or `webp` (used by tests and tools to make images).
    public static func encode(rgba: [UInt8], width: Int, height: Int, hasAlpha: Bool = false, format: String, quality: Int = 85) throws(LoadFailure) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var err: UnsafeMutablePointer<GError>?
        let ok = rgba.withUnsafeBufferPointer {
            pushsim_encode_rgba($0.baseAddress, gint(width), gint(height), hasAlpha ? 1 : 0, format, gint(quality), &buffer, &size, &err)
        }
        guard ok != 0, let buffer else { throw LoadFailure("could not encode \(format): \(take(err) ?? "unknown error")") }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    private static func take(_ err: UnsafeMutablePointer<GError>?) -> String? {
        guard let err else { return nil }
        defer { g_error_free(err) }
        return err.pointee.message.map { String(cString: $0) }
    }
}
