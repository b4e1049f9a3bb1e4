// The pure Swift half-block renderer (area average, one ▀ per cell): the default for half blocks in colour, chafa's fallback, the test oracle.

import PushSimCanvas

public enum HalfBlockRenderer {
    public static func render(_ image: DecodedImage, size: Size, colorMode: ColorMode) -> Canvas {
        var out = Canvas(size: size)
        guard size.width > 0, size.height > 0, image.width > 0, image.height > 0 else { return out }
        let crop = CropRect.aspectFill(imageWidth: image.width, imageHeight: image.height, cells: size)
        let pw = size.width, ph = size.height * 2
        let xs = Spans(count: pw, span: crop.width, origin: crop.x)
        let ys = Spans(count: ph, span: crop.height, origin: crop.y)
        // Separable: each source row of the crop is averaged into pw columns, then the column sums into ph rows.
        var rows = [Float](repeating: 0, count: crop.height * pw * 3)
        // Unsafe buffers throughout: the checked subscripts of five arrays cost more than the arithmetic here.
        image.rgba.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                xs.start.withUnsafeBufferPointer { start in
                    xs.index.withUnsafeBufferPointer { index in
                        xs.weight.withUnsafeBufferPointer { weight in
                            for y in 0..<crop.height {
                                let line = src.baseAddress! + (crop.y + y) * image.width * 4
                                var o = y * pw * 3
                                for px in 0..<pw {
                                    var r: Float = 0, g: Float = 0, b: Float = 0
                                    for k in start[px]..<start[px + 1] {
                                        let p = line + index[k] * 4, w = weight[k]
                                        r += w * Float(p[0]); g += w * Float(p[1]); b += w * Float(p[2])
                                    }
                                    dst[o] = r; dst[o + 1] = g; dst[o + 2] = b
                                    o += 3
                                }
                            }
                        }
                    }
                }
            }
        }
        var pixels = [(UInt8, UInt8, UInt8)](repeating: (0, 0, 0), count: pw * ph)
        func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        rows.withUnsafeBufferPointer { src in
            for py in 0..<ph {
                for px in 0..<pw {
                    var r: Float = 0, g: Float = 0, b: Float = 0
                    for k in ys.start[py]..<ys.start[py + 1] {
                        let i = ((ys.index[k] - crop.y) * pw + px) * 3, w = ys.weight[k]
                        r += w * src[i]; g += w * src[i + 1]; b += w * src[i + 2]
                    }
                    pixels[py * pw + px] = (byte(r), byte(g), byte(b))
                }
            }
        }
        for y in 0..<size.height {
            for x in 0..<size.width {
                out[x, y] = cell(top: pixels[2 * y * pw + x], bottom: pixels[(2 * y + 1) * pw + x], colorMode)
            }
        }
        return out
    }

    /// For each of `count` target pixels over `span` source pixels from `origin`: the source pixels it covers
    /// (`index[start[i]..<start[i + 1]]`) and the share of each (weights sum to 1). A target pixel covers
    /// span / count source pixels, usually fractions of the ones at its edges: weighing those by the covered
    /// fraction (a true box filter, as chafa's scaler does) keeps a thin bright line from moving a whole pixel's
    /// weight between neighbours. Flat arrays, so the inner loops touch no reference counts.
    struct Spans {
        var start: [Int] = [0]
        var index: [Int] = []
        var weight: [Float] = []

        init(count: Int, span: Int, origin: Int) {
            let step = Double(span) / Double(count)
            for i in 0..<count {
                let a = Double(i) * step, b = Double(i + 1) * step
                var x = Int(a.rounded(.down))
                while Double(x) < b && x < span {
                    let covered = min(b, Double(x + 1)) - max(a, Double(x))
                    if covered > 1e-9 { index.append(origin + x); weight.append(Float(covered / step)) }
                    x += 1
                }
                start.append(index.count)
            }
        }
    }

    static func cell(top: (UInt8, UInt8, UInt8), bottom: (UInt8, UInt8, UInt8), _ mode: ColorMode) -> Cell {
        switch mode {
        case .truecolor:
            return Cell("▀", fg: .rgb(top.0, top.1, top.2), bg: .rgb(bottom.0, bottom.1, bottom.2))
        case .indexed256:
            return Cell("▀", fg: .indexed(Palette.nearest256(top.0, top.1, top.2)), bg: .indexed(Palette.nearest256(bottom.0, bottom.1, bottom.2)))
        case .indexed8:
            return Cell("▀", fg: .indexed(Palette.nearest8(top.0, top.1, top.2)), bg: .indexed(Palette.nearest8(bottom.0, bottom.1, bottom.2)))
        case .monochrome:
            let t = Palette.luma(top.0, top.1, top.2) >= 128, b = Palette.luma(bottom.0, bottom.1, bottom.2) >= 128
            return Cell(t && b ? "█" : t ? "▀" : b ? "▄" : " ")
        }
    }
}
