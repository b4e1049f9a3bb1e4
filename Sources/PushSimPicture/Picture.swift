// A picture being drawn: a cairo image surface at device pixels, drawn in points, with pango text; written as PNG.

import CPicture
import Foundation
import PushSimFiles
import PushSimMedia
import Synchronization

/// Owns one cairo surface and its context. Everything is drawn in points; `scale` pixels per point.
public final class Picture {
    public let width: Double
    public let height: Double
    public let scale: Double
    public var pixelWidth: Int { Int(cairo_image_surface_get_width(surface)) }
    public var pixelHeight: Int { Int(cairo_image_surface_get_height(surface)) }

    let surface: OpaquePointer
    let cr: OpaquePointer
    private let fontOptions: OpaquePointer

    /// The phone's appearance while this picture is drawn: widgets that follow iOS's dynamic colours read it.
    public var dark = false
    /// Text that did not fit where it was drawn (cut with an ellipsis), in the order drawn: a contact sheet's report.
    public private(set) var cuts: [TextCut] = []
    /// What a recording kept of the frame before (`base`); nil for a picture drawn alone.
    public var layers: FrameLayers?

    public enum Corners: Sendable { case all, top }
    public enum Align: Sendable { case left, center, right }
    /// How an image fills its frame: UIKit's `scaleAspectFill` (crop) or `scaleAspectFit` (letterbox).
    public enum ContentMode: Sendable { case aspectFill, aspectFit }

    public init(width: Double, height: Double, scale: Double) throws(PictureError) {
        let pw = Int((width * scale).rounded()), ph = Int((height * scale).rounded())
        guard pw > 0, ph > 0, pw <= 16384, ph <= 16384 else {
            throw PictureError("the picture would be \(pw)×\(ph) pixels; keep each side from 1 to 16384 (a smaller --scale or --device)")
        }
        // cairo and pango are loaded now, not at every start of pushsim (CPicture/PictureLibraries.c).
        if let missing = pushsim_picture_libraries() { throw PictureError(String(cString: missing)) }
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            throw PictureError("there is not enough memory for a \(pw)×\(ph) picture")
        }
        surface = s
        cr = cairo_create(s)
        cairo_scale(cr, scale, scale)
        self.width = width
        self.height = height
        self.scale = scale
        // Grey antialiasing and no hinting: the same glyph shapes whatever the machine's fontconfig prefers, so a
        // golden picture made on one machine matches on another.
        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: - Shapes

    func setColor(_ c: PictureColor) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    public func fill(_ r: PictureRect, _ color: PictureColor) {
        setColor(color)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_fill(cr)
    }

    func roundedPath(_ r: PictureRect, radius: Double, corners: Corners = .all) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let bottom = corners == .all ? rad : 0
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.y + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - bottom, r.maxY - bottom, bottom, 0, Double.pi / 2)
        cairo_arc(cr, r.x + bottom, r.maxY - bottom, bottom, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.x + rad, r.y + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    public func fillRounded(_ r: PictureRect, radius: Double, _ color: PictureColor, corners: Corners = .all) {
        setColor(color)
        roundedPath(r, radius: radius, corners: corners)
        cairo_fill(cr)
    }

    public func strokeRounded(_ r: PictureRect, radius: Double, _ color: PictureColor, lineWidth: Double = 1) {
        setColor(color)
        cairo_set_line_width(cr, lineWidth)
        let h = lineWidth / 2
        roundedPath(r.insetBy(dx: h, dy: h), radius: max(0, radius - h))
        cairo_stroke(cr)
    }

    public func fillCircle(x: Double, y: Double, radius: Double, _ color: PictureColor) {
        setColor(color)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    /// A linear gradient from `start` to `end` (in points) with evenly spaced stops, filling a rounded rectangle.
    public func fillGradient(_ r: PictureRect, radius: Double = 0, corners: Corners = .all, colors: [PictureColor],
                             from start: (x: Double, y: Double), to end: (x: Double, y: Double)) {
        guard let first = colors.first else { return }
        guard colors.count > 1 else { return fillRounded(r, radius: radius, first, corners: corners) }
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        defer { cairo_pattern_destroy(pattern) }
        for (i, c) in colors.enumerated() {
            cairo_pattern_add_color_stop_rgba(pattern, Double(i) / Double(colors.count - 1), c.r, c.g, c.b, c.a)
        }
        cairo_set_source(cr, pattern)
        roundedPath(r, radius: radius, corners: corners)
        cairo_fill(cr)
    }

    /// A soft drop shadow under a rounded rectangle: `blur` points of falloff, approximated by stacked translucent
    /// outlines (cairo has no blur; at phone scale the steps are invisible).
    public func shadow(_ r: PictureRect, radius: Double, opacity: Double, blur: Double, dx: Double = 0, dy: Double = 0,
                       corners: Corners = .all) {
        guard opacity > 0 else { return }
        let steps = max(1, Int(blur / 2))
        let base = r.offsetBy(dx: dx, dy: dy)
        // Layers that stack to `opacity` under the shape and thin out over `blur` points past its edge.
        let layer = 1 - pow(1 - opacity, 1 / Double(steps))
        for k in stride(from: steps, through: 1, by: -1) {
            let grow = blur * (Double(k) / Double(steps) - 0.5)
            fillRounded(base.insetBy(dx: -grow, dy: -grow), radius: max(0, radius + grow), PictureColor.black.alpha(layer), corners: corners)
        }
    }

    // MARK: - Groups

    /// Draw `body` clipped to `r` (rounded when `radius` > 0).
    public func clipped(to r: PictureRect, radius: Double = 0, corners: Corners = .all, _ body: () -> Void) {
        cairo_save(cr)
        roundedPath(r, radius: radius, corners: corners)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    /// Draw `body` everywhere but inside `r` (in points, shrunk to whole device pixels so the clip is exact: every
    /// pixel outside is drawn as without the clip), or everywhere when `r` is nil or under a pixel. For what an opaque
    /// fill covers next: drawing it first is work thrown away.
    public func outside(_ r: PictureRect?, _ body: () -> Void) {
        guard let r else { return body() }
        let x0 = (r.x * scale).rounded(.up) / scale, y0 = (r.y * scale).rounded(.up) / scale
        let x1 = (r.maxX * scale).rounded(.down) / scale, y1 = (r.maxY * scale).rounded(.down) / scale
        guard x1 > x0, y1 > y0 else { return body() }
        cairo_save(cr)
        // Four bands around it, none overlapping: above, below, left and right.
        cairo_rectangle(cr, 0, 0, width, y0)
        cairo_rectangle(cr, 0, y1, width, height - y1)
        cairo_rectangle(cr, 0, y0, x0, y1 - y0)
        cairo_rectangle(cr, x1, y0, width - x1, y1 - y0)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    /// Draw `body` moved by (dx, dy).
    public func translated(dx: Double, dy: Double, _ body: () -> Void) {
        cairo_save(cr)
        cairo_translate(cr, dx, dy)
        body()
        cairo_restore(cr)
    }

    /// Draw `body` as one layer composited at `alpha` (a fade, a crossfade), not each shape at that alpha.
    public func withAlpha(_ alpha: Double, _ body: () -> Void) {
        guard alpha > 0 else { return }
        guard alpha < 1 else { return body() }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Draw `body` scaled by `k` about (cx, cy): the centre sheet's zoom-in.
    public func scaled(_ k: Double, aboutX cx: Double, y cy: Double, _ body: () -> Void) {
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_scale(cr, k, k)
        cairo_translate(cr, -cx, -cy)
        body()
        cairo_restore(cr)
    }

    // MARK: - Images

    /// Draw decoded pixels into `r`: aspect-fill crops the overflow (centred), aspect-fit letterboxes.
    public func image(_ img: DecodedImage, in r: PictureRect, mode: ContentMode = .aspectFill, radius: Double = 0) {
        guard img.width > 0, img.height > 0, r.width > 0, r.height > 0 else { return }
        let sx = r.width / Double(img.width), sy = r.height / Double(img.height)
        let k = mode == .aspectFill ? max(sx, sy) : min(sx, sy)
        let w = Double(img.width) * k, h = Double(img.height) * k
        let origin = (x: r.midX - w / 2, y: r.midY - h / 2)
        /// The image scaled into `r` on `context` whose matrix is `m`: what is drawn either way.
        func place(on context: OpaquePointer) {
            cairo_translate(context, origin.x, origin.y)
            cairo_scale(context, k, k)
            cairo_set_source_surface(context, SourceSurfaces.surface(for: img), 0, 0)
            // GOOD is a box filter when shrinking: a 1500 px photo in a 390 pt frame keeps its detail without moiré.
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
            cairo_rectangle(context, 0, 0, Double(img.width), Double(img.height))
            cairo_fill(context)
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Resampling a photo is most of a picture's time, and a recording draws the same photo in the same place in
        // every frame: the scaled pixels are kept (ScaledImages) and copied. Only where the matrix is a scale and a
        // translation; anything else (a zoom in progress) is drawn directly.
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else {
            return clipped(to: r, radius: radius) { place(on: cr) }
        }
        let bx0 = (m.x0 + m.xx * r.x).rounded(.down), by0 = (m.y0 + m.yy * r.y).rounded(.down)
        let bx1 = (m.x0 + m.xx * r.maxX).rounded(.up), by1 = (m.y0 + m.yy * r.maxY).rounded(.up)
        let key = ScaledImages.Key(image: img, m: m, bx0: bx0, by0: by0, width: Int(bx1 - bx0), height: Int(by1 - by0),
                                   frame: [r.x, r.y, r.width, r.height, Double(mode == .aspectFill ? 0 : 1)])
        let scaled = ScaledImages.surface(for: key, image: img) { target in
            // The same drawing on a surface whose pixels are the destination's, moved by whole pixels.
            var shifted = m
            shifted.x0 -= bx0
            shifted.y0 -= by0
            let c = cairo_create(target)!
            cairo_set_matrix(c, &shifted)
            place(on: c)
            cairo_destroy(c)
        }
        clipped(to: r, radius: radius) {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, scaled, bx0, by0)
            cairo_paint(cr)
        }
    }

    // MARK: - Text

    private func layout(_ text: String, font: PictureFont, width: Double?, maxLines: Int, align: Align,
                        lineSpacing: Double = 0) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cr)!
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), fontOptions)
        pango_layout_context_changed(layout)
        let desc = pango_font_description_new()
        pango_font_description_set_family(desc, PictureFont.family)
        pango_font_description_set_weight(desc, font.weight.pango)
        pango_font_description_set_absolute_size(desc, font.size * Double(pushsim_pango_scale()))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        if let width {
            pango_layout_set_width(layout, Int32(max(1, width) * Double(pushsim_pango_scale())))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            // A negative height is a number of lines: the last one kept ends in an ellipsis. (Ellipsizing without a
            // height would cut every text to one line.)
            if maxLines > 0 {
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
                pango_layout_set_height(layout, Int32(-maxLines))
            }
        }
        switch align {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        // UIKit's paragraph `lineSpacing`: extra points between lines.
        if lineSpacing > 0 { pango_layout_set_spacing(layout, Int32(lineSpacing * Double(pushsim_pango_scale()))) }
        pango_layout_set_text(layout, Self.shownText(text, fontSize: font.size, width: width, maxLines: maxLines, height: height), -1)
        return layout
    }

    /// The start of `text` holding all a layout can show, and more, so it is cut (and ellipsized) as the whole text
    /// is: `maxLines` lines (or, with none, as many as the picture is tall) of `width` points can hold no more than one
    /// character per 0.15 em. A 10 MB message without spaces took 1 GB and 18 s for one snapshot (issue 38).
    static func shownText(_ text: String, fontSize: Double, width: Double?, maxLines: Int, height: Double) -> String {
        guard let width, text.utf8.count > 4096, fontSize > 0, width.isFinite, height.isFinite else { return text }
        let lines = maxLines > 0 ? Double(maxLines) : (height / fontSize).rounded(.up) + 1
        let perLine = (max(1, width) / (fontSize * 0.15)).rounded(.up) + 1
        let keep = (lines + 1) * perLine + 1
        guard keep < Double(text.utf8.count) else { return text }
        return String(text.prefix(Int(keep)))
    }

    /// The size `text` takes: wrapped to `width` (when given) and cut to `maxLines` (0 = any).
    public func measure(_ text: String, font: PictureFont, width: Double? = nil, maxLines: Int = 0,
                        lineSpacing: Double = 0) -> (width: Double, height: Double) {
        guard !text.isEmpty else { return (0, 0) }
        let l = layout(text, font: font, width: width, maxLines: maxLines, align: .left, lineSpacing: lineSpacing)
        defer { pushsim_layout_unref(l) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(l, &w, &h)
        let s = Double(pushsim_pango_scale())
        return (Double(w) / s, Double(h) / s)
    }

    /// Draw `text` with its top-left at (x, y), wrapped to `width`; returns the height used.
    @discardableResult
    public func text(_ text: String, x: Double, y: Double, width: Double? = nil, font: PictureFont, color: PictureColor,
                     maxLines: Int = 0, align: Align = .left, lineSpacing: Double = 0) -> Double {
        guard !text.isEmpty else { return 0 }
        let l = layout(text, font: font, width: width, maxLines: maxLines, align: align, lineSpacing: lineSpacing)
        defer { pushsim_layout_unref(l) }
        setColor(color)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, l)
        if maxLines > 0, pango_layout_is_ellipsized(l) != 0 {
            cuts.append(TextCut(text: text, lines: maxLines, width: width ?? 0))
        }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(l, &w, &h)
        return Double(h) / Double(pushsim_pango_scale())
    }

    /// Texts a kept layer cut when it was drawn (`base`), as if drawn again.
    func appendCuts(_ more: [TextCut]) { cuts += more }

    // MARK: - Output

    /// The pixels as RGBA8, row by row.
    public func rgba() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        out.withUnsafeMutableBufferPointer { pushsim_surface_to_rgba(surface, $0.baseAddress) }
        return out
    }

    /// zlib's level for PNGs: at 3 a 3x story picture took 215 ms of CPU instead of 412 at cairo's 6, for a file a fifth
    /// larger (834 KB instead of 703; bench/snapshot.sh, release build). Every row is Up-filtered (CPicture's shim).
    public static let pngLevel: Int32 = 3

    /// Write the picture as a PNG file: into a temporary file beside it, renamed over it once whole, so a full disk
    /// leaves the previous picture (or nothing) under the name, never half of one.
    /// `level` is zlib's, 0 to 9.
    public func writePNG(to path: String, level: Int32 = Picture.pngLevel) throws(PictureError) {
        let file: ReplacingFile
        do { file = try ReplacingFile(path: path) } catch { throw Self.unwritten(error) }
        errno = 0
        let status = pushsim_write_png(file.writingPath, surface, min(9, max(0, level)))
        let code = errno
        switch status {
        case 0:
            do { try file.commit() } catch { throw Self.unwritten(error) }
        case 1:
            file.abandon()
            throw Self.unwritten(FileWriteError(path: path, code: code == 0 ? EIO : code))
        default:
            file.abandon()
            // libpng stops with its own error when a write fails (a full disk): errno still says why.
            if code != 0 && code != ENOMEM { throw Self.unwritten(FileWriteError(path: path, code: code)) }
            throw PictureError("\(path): the picture could not be encoded as PNG (out of memory?)")
        }
    }
}

extension Picture {
    /// The picture as PNG bytes in memory, encoded as `writePNG` writes them (`pushsim serve` sends them to a browser).
    public func pngData() throws(PictureError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = pushsim_png_bytes(surface, Self.pngLevel, &buffer, &length)
        guard status == 0, let buffer else { throw PictureError("the picture could not be encoded as PNG (out of memory?)") }
        defer { free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// `PATH: the picture could not be written (why)`.
    static func unwritten(_ e: FileWriteError) -> PictureError {
        PictureError("\(e.path): the picture could not be written (\(FileWriteError.reason(e.code)))")
    }
}

/// Decoded images as cairo surfaces (premultiplied, as cairo draws them), made once per image instead of once per
/// drawing: a recording draws the same photo in every frame. An entry keeps its image, so the pixel buffer it was made
/// from (the key) cannot be freed and reused while it is cached; the few most recent images are kept.
enum SourceSurfaces {
    /// A cairo surface handed between the cache and the drawing thread; cairo's image surfaces may be used from any
    /// one thread at a time, and pictures are drawn on one.
    struct Surface: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    struct Entry: Sendable {
        var image: DecodedImage
        var surface: Surface
    }

    static let capacity = 6
    static let cache = Mutex<[Entry]>([])

    /// The surface for `img` (owned by the cache: cairo takes its own reference when it is set as a source).
    static func surface(for img: DecodedImage) -> OpaquePointer {
        let key = img.rgba.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } ?? 0 }
        let found: Surface = cache.withLock { entries in
            if let i = entries.firstIndex(where: { e in
                e.image.width == img.width && e.image.height == img.height
                    && e.image.rgba.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } ?? 0 } == key
            }) {
                let e = entries.remove(at: i)
                entries.append(e)
                return e.surface
            }
            let s = Surface(pointer: img.rgba.withUnsafeBufferPointer { pushsim_surface_from_rgba($0.baseAddress, Int32(img.width), Int32(img.height)) }!)
            entries.append(Entry(image: img, surface: s))
            if entries.count > capacity { cairo_surface_destroy(entries.removeFirst().surface.pointer) }
            return s
        }
        return found.pointer
    }
}

/// Images already scaled to where a picture draws them, at its pixels: a recording draws the same photo in the same
/// place in every frame, and resampling it was most of a frame's time. An entry keeps its image, so the pixel buffer
/// that names it cannot be reused while it is cached.
enum ScaledImages {
    struct Key: Hashable, Sendable {
        var buffer: UInt
        var width: Int
        var height: Int
        /// The destination matrix without its whole-pixel translation, and the frame in user space.
        var geometry: [Double]

        init(image: DecodedImage, m: cairo_matrix_t, bx0: Double, by0: Double, width: Int, height: Int, frame: [Double]) {
            buffer = image.rgba.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } ?? 0 }
            self.width = width
            self.height = height
            geometry = [Double(image.width), Double(image.height), m.xx, m.yy, m.x0 - bx0, m.y0 - by0] + frame
        }
    }

    struct Entry: Sendable {
        var key: Key
        var image: DecodedImage
        var surface: SourceSurfaces.Surface
    }

    static let capacity = 8
    static let cache = Mutex<[Entry]>([])

    /// The kept surface for `key`, or a new one of its size that `draw` fills (owned by the cache).
    static func surface(for key: Key, image: DecodedImage, draw: (OpaquePointer) -> Void) -> OpaquePointer {
        if let hit = cache.withLock({ entries -> SourceSurfaces.Surface? in
            guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let e = entries.remove(at: i)
            entries.append(e)
            return e.surface
        }) { return hit.pointer }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, key.width)), Int32(max(1, key.height)))!
        draw(s)
        cairo_surface_flush(s)
        cache.withLock { entries in
            entries.append(Entry(key: key, image: image, surface: SourceSurfaces.Surface(pointer: s)))
            if entries.count > capacity { cairo_surface_destroy(entries.removeFirst().surface.pointer) }
        }
        return s
    }
}

/// Text drawn cut with an ellipsis: all of it, and the lines and width it had to fit in (points).
public struct TextCut: Equatable, Sendable {
    public var text: String
    public var lines: Int
    public var width: Double
}

/// A picture that cannot be made or written: one sentence saying why.
public struct PictureError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension Picture {
    /// A triangle pointing right inside `r` (a play glyph).
    public func triangle(_ r: PictureRect, _ color: PictureColor) {
        setColor(color)
        cairo_new_path(cr)
        cairo_move_to(cr, r.x, r.y)
        cairo_line_to(cr, r.maxX, r.midY)
        cairo_line_to(cr, r.x, r.maxY)
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}
