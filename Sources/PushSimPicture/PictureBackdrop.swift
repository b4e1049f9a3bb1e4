// Blur of what is already drawn behind a shape: the backdrop of iOS's materials and of Liquid Glass, as cairo allows.

import CPicture

extension Picture {
    /// Blurs the pixels already drawn under `r` (a Gaussian approximated by two box blurs of `blur` points each way)
    /// and paints them back inside the rounded shape, in place of what was there. Only the shape's pixels and a margin
    /// of `blur` around them are read, and the blur runs at about one pixel per point (averaged down first, smoothed
    /// back up when painted: a blur this wide has no detail finer than that), so the work grows with the surface's
    /// area in points, not with the screen or the scale. Returns false (nothing done) when the drawing is rotated,
    /// where the pixels under the shape are not a rectangle.
    @discardableResult
    public func blurBehind(_ r: PictureRect, radius: Double, blur: Double, corners: Corners = .all) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0, blur > 0 else { return false }
        let pw = pixelWidth, ph = pixelHeight
        // Device pixels per working pixel, and the box radius in working pixels.
        let f = max(1, Int(min(m.xx, m.yy).rounded(.down)))
        let k = max(1, Int((blur * m.xx / 2 / Double(f)).rounded()))
        let reach = 2 * k * f
        let x0 = max(0, Int((m.x0 + m.xx * r.x).rounded(.down)) - reach), x1 = min(pw, Int((m.x0 + m.xx * r.maxX).rounded(.up)) + reach)
        let y0 = max(0, Int((m.y0 + m.yy * r.y).rounded(.down)) - reach), y1 = min(ph, Int((m.y0 + m.yy * r.maxY).rounded(.up)) + reach)
        guard x1 > x0, y1 > y0 else { return true }
        let w = (x1 - x0 + f - 1) / f, h = (y1 - y0 + f - 1) / f
        cairo_surface_flush(surface)
        guard let src = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return false }
        defer { cairo_surface_destroy(out) }
        guard cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let dst = cairo_image_surface_get_data(out) else { return false }
        let outStride = Int(cairo_image_surface_get_stride(out))
        // Premultiplied BGRA: each working pixel the mean of its f × f block, then blurred twice each way.
        var a = [UInt8](repeating: 0, count: w * h * 4)
        var t = [UInt8](repeating: 0, count: w * h * 4)
        a.withUnsafeMutableBufferPointer { buf in
            t.withUnsafeMutableBufferPointer { tmp in
                Self.downsample(src, stride: stride, x0: x0, y0: y0, x1: x1, y1: y1, factor: f, into: buf, width: w, height: h)
                for _ in 0..<2 {
                    Self.boxBlur(buf, into: tmp, count: h, length: w, step: 4, lineStep: w * 4, k: k)
                    Self.boxBlur(tmp, into: buf, count: w, length: h, step: w * 4, lineStep: 4, k: k)
                }
                for y in 0..<h { (dst + y * outStride).update(from: buf.baseAddress! + y * w * 4, count: w * 4) }
            }
        }
        cairo_surface_mark_dirty(out)
        cairo_save(cr)
        cairo_new_path(cr)
        roundedPath(r, radius: radius, corners: corners)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_translate(cr, Double(x0), Double(y0))
        cairo_scale(cr, Double(f), Double(f))
        cairo_set_source_surface(cr, out, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        // The blurred pixels replace what was there (over it, a translucent backdrop would keep its sharp copy).
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    /// The mean of each `factor` × `factor` block of the device pixels from (x0, y0) to (x1, y1), into `width` × `height`.
    static func downsample(_ src: UnsafeMutablePointer<UInt8>, stride: Int, x0: Int, y0: Int, x1: Int, y1: Int, factor f: Int,
                           into dst: UnsafeMutableBufferPointer<UInt8>, width w: Int, height h: Int) {
        for by in 0..<h {
            let ya = y0 + by * f, yb = min(y1, ya + f)
            for bx in 0..<w {
                let xa = x0 + bx * f, xb = min(x1, xa + f)
                var s0 = 0, s1 = 0, s2 = 0, s3 = 0
                for y in ya..<yb {
                    var p = src + y * stride + xa * 4
                    for _ in xa..<xb {
                        s0 += Int(p[0]); s1 += Int(p[1]); s2 += Int(p[2]); s3 += Int(p[3])
                        p += 4
                    }
                }
                let n = max(1, (yb - ya) * (xb - xa)), o = (by * w + bx) * 4
                dst[o] = UInt8(s0 / n); dst[o + 1] = UInt8(s1 / n); dst[o + 2] = UInt8(s2 / n); dst[o + 3] = UInt8(s3 / n)
            }
        }
    }

    /// One box blur of radius `k` along `count` lines of `length` pixels (`step` bytes apart, lines `lineStep` apart),
    /// the edge pixels repeated past the ends: a running sum, so the cost does not grow with `k`.
    static func boxBlur(_ src: UnsafeMutableBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<UInt8>, count: Int, length: Int,
                        step: Int, lineStep: Int, k: Int) {
        let n = UInt32(2 * k + 1), last = length - 1
        guard let s = src.baseAddress, let d = dst.baseAddress, length > 0 else { return }
        for line in 0..<count {
            let base = line * lineStep
            for c in 0..<4 {
                let p = s + base + c, q = d + base + c
                var sum: UInt32 = 0
                for i in -k...k { sum += UInt32(p[min(last, max(0, i)) * step]) }
                for i in 0..<length {
                    q[i * step] = UInt8((sum + n / 2) / n)
                    sum += UInt32(p[min(last, i + k + 1) * step])
                    sum -= UInt32(p[max(0, i - k) * step])
                }
            }
        }
    }
}
