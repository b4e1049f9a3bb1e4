// The pure Swift renderer: area-average downscale, one ▀ per cell (fg = top pixel, bg = bottom). Fallback and test oracle.

import PushSimCanvas

public enum HalfBlockRenderer {
    public static func render(_ image: DecodedImage, size: Size, colorMode: ColorMode) -> Canvas {
        var out = Canvas(size: size)
        guard size.width > 0, size.height > 0, image.width > 0, image.height > 0 else { return out }
        let crop = CropRect.aspectFill(imageWidth: image.width, imageHeight: image.height, cells: size)
        let pw = size.width, ph = size.height * 2
        let xs = bounds(count: pw, span: crop.width, origin: crop.x)
        let ys = bounds(count: ph, span: crop.height, origin: crop.y)
        var pixels = [(UInt8, UInt8, UInt8)](repeating: (0, 0, 0), count: pw * ph)
        image.rgba.withUnsafeBufferPointer { src in
            for py in 0..<ph {
                let (y0, y1) = ys[py]
                for px in 0..<pw {
                    let (x0, x1) = xs[px]
                    var r = 0, g = 0, b = 0
                    for y in y0..<y1 {
                        var i = (y * image.width + x0) * 4
                        for _ in x0..<x1 {
                            r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2])
                            i += 4
                        }
                    }
                    let n = (x1 - x0) * (y1 - y0)
                    pixels[py * pw + px] = (UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n))
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

    /// Source ranges [start, end) for each target pixel; every range holds at least one source pixel.
    static func bounds(count: Int, span: Int, origin: Int) -> [(Int, Int)] {
        (0..<count).map { i in
            let a = origin + i * span / count
            let b = origin + (i + 1) * span / count
            return (min(a, origin + span - 1), max(min(b, origin + span), min(a, origin + span - 1) + 1))
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
