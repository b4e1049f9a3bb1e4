// Blur of what is already drawn behind a shape: the backdrop of iOS's materials and of Liquid Glass, as cairo allows.

import CPicture

extension Picture {
    /// Blurs the pixels already drawn under `r` (a Gaussian approximated by two box blurs of `blur` points each way)
    /// and paints them back inside the rounded shape. Only the shape's pixels and a margin of `blur` around them are
    /// read and written, so the work grows with the surface's area, not the screen's. Returns false (nothing done)
    /// when the drawing is rotated, where the pixels under the shape are not a rectangle.
    @discardableResult
    public func blurBehind(_ r: PictureRect, radius: Double, blur: Double, corners: Corners = .all) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0, blur > 0 else { return false }
        let pw = pixelWidth, ph = pixelHeight
        // The shape in device pixels, the blur's reach around it, all inside the surface.
        let k = max(1, Int((blur * m.xx / 2).rounded()))
        let x0 = max(0, Int((m.x0 + m.xx * r.x).rounded(.down)) - 2 * k), x1 = min(pw, Int((m.x0 + m.xx * r.maxX).rounded(.up)) + 2 * k)
        let y0 = max(0, Int((m.y0 + m.yy * r.y).rounded(.down)) - 2 * k), y1 = min(ph, Int((m.y0 + m.yy * r.maxY).rounded(.up)) + 2 * k)
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return true }
        cairo_surface_flush(surface)
        guard let src = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Premultiplied BGRA bytes of the region, blurred in place twice each way.
        var a = [UInt8](repeating: 0, count: w * h * 4)
        a.withUnsafeMutableBufferPointer { buf in
            for y in 0..<h {
                let row = src + (y0 + y) * stride + x0 * 4
                for i in 0..<(w * 4) { buf[y * w * 4 + i] = row[i] }
            }
            var tmp = [UInt8](repeating: 0, count: w * h * 4)
            tmp.withUnsafeMutableBufferPointer { t in
                for _ in 0..<2 {
                    Self.boxBlur(buf, into: t, count: h, length: w, step: 4, lineStep: w * 4, k: k)
                    Self.boxBlur(t, into: buf, count: w, length: h, step: w * 4, lineStep: 4, k: k)
                }
            }
        }
        guard let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return false }
        defer { cairo_surface_destroy(out) }
        guard cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let dst = cairo_image_surface_get_data(out) else { return false }
        let outStride = Int(cairo_image_surface_get_stride(out))
        a.withUnsafeBufferPointer { buf in
            for y in 0..<h {
                let row = dst + y * outStride
                for i in 0..<(w * 4) { row[i] = buf[y * w * 4 + i] }
            }
        }
        cairo_surface_mark_dirty(out)
        cairo_save(cr)
        cairo_new_path(cr)
        roundedPath(r, radius: radius, corners: corners)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, out, Double(x0), Double(y0))
        // The blurred pixels replace what was there (over it, a translucent backdrop would keep its sharp copy).
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    /// One box blur of radius `k` along `count` lines of `length` pixels (`step` bytes apart, lines `lineStep` apart),
    /// the edge pixels repeated past the ends: a running sum, so the cost does not grow with `k`.
    static func boxBlur(_ src: UnsafeMutableBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<UInt8>, count: Int, length: Int,
                        step: Int, lineStep: Int, k: Int) {
        let n = UInt32(2 * k + 1)
        for line in 0..<count {
            let base = line * lineStep
            for c in 0..<4 {
                @inline(__always) func at(_ i: Int) -> UInt32 { UInt32(src[base + min(length - 1, max(0, i)) * step + c]) }
                var sum: UInt32 = 0
                for i in -k...k { sum += at(i) }
                for i in 0..<length {
                    dst[base + i * step + c] = UInt8((sum + n / 2) / n)
                    sum += at(i + k + 1)
                    sum -= at(i - k)
                }
            }
        }
    }
}
