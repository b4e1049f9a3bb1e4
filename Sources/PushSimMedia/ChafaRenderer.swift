// Renders pixels into Canvas cells with libchafa: draw into a ChafaCanvas, then read each cell's symbol and colours.

import CImaging
import PushSimCanvas

public enum ChafaRenderer {
    /// chafa's render for `options`, palette colours matched in DIN99d. The default half blocks in truecolor and
    /// 256 colours do not come here (CellRenderer averages them directly).
    public static func render(_ image: DecodedImage, size: Size, options: RenderOptions) throws(LoadFailure) -> Canvas {
        try render(image, size: size, options: options,
                          colorSpace: options.colorMode == .truecolor ? CHAFA_COLOR_SPACE_RGB : CHAFA_COLOR_SPACE_DIN99D)
    }

    /// chafa itself, matching colours in `colorSpace`.
    static func render(_ image: DecodedImage, size: Size, options: RenderOptions,
                       colorSpace: ChafaColorSpace) throws(LoadFailure) -> Canvas {
        guard size.width > 0, size.height > 0, image.width > 0, image.height > 0 else { return Canvas(size: size) }
        let crop = CropRect.aspectFill(imageWidth: image.width, imageHeight: image.height, cells: size)

        guard let config = chafa_canvas_config_new() else { throw LoadFailure("the renderer could not start") }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, gint(size.width), gint(size.height))
        let mode: ChafaCanvasMode
        switch options.colorMode {
        case .truecolor: mode = CHAFA_CANVAS_MODE_TRUECOLOR
        case .indexed256: mode = CHAFA_CANVAS_MODE_INDEXED_240
        case .indexed8: mode = CHAFA_CANVAS_MODE_INDEXED_8
        case .monochrome: mode = CHAFA_CANVAS_MODE_FGBG
        }
        chafa_canvas_config_set_canvas_mode(config, mode)
        chafa_canvas_config_set_color_space(config, colorSpace)
        chafa_canvas_config_set_dither_mode(config, options.dither ? CHAFA_DITHER_MODE_DIFFUSION : CHAFA_DITHER_MODE_NONE)
        // Terminal default colours for monochrome: light symbols on a dark background.
        chafa_canvas_config_set_fg_color(config, 0xFFFFFF)
        chafa_canvas_config_set_bg_color(config, 0x000000)

        guard let map = chafa_symbol_map_new() else { throw LoadFailure("the renderer could not start") }
        defer { chafa_symbol_map_unref(map) }
        _ = chafa_symbol_map_apply_selectors(map, options.symbols.selectors, nil)
        chafa_canvas_config_set_symbol_map(config, map)

        guard let canvas = chafa_canvas_new(config) else { throw LoadFailure("the renderer could not start") }
        defer { chafa_canvas_unref(canvas) }
        image.rgba.withUnsafeBufferPointer { buf in
            let origin = buf.baseAddress! + (crop.y * image.width + crop.x) * 4
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, origin,
                                         gint(crop.width), gint(crop.height), gint(image.width * 4))
        }

        var out = Canvas(size: size)
        var fg: gint = 0, bg: gint = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let ch = chafa_canvas_get_char_at(canvas, gint(x), gint(y))
                chafa_canvas_get_raw_colors_at(canvas, gint(x), gint(y), &fg, &bg)
                // 0 marks the right half of a wide symbol.
                let glyph = ch == 0 ? "" : Unicode.Scalar(ch).map { String(Character($0)) } ?? " "
                out[x, y] = Cell(glyph, fg: color(fg, options.colorMode), bg: color(bg, options.colorMode))
            }
        }
        if options.symbols == .halfBlocks && options.colorMode != .monochrome { normalizeHalfBlocks(&out) }
        return out
    }

    /// With the default symbols every cell is two pixels; writing each as ▀ (fg = top, bg = bottom) gives screens
    /// one form to blend and darken, and the same form the Swift renderer produces.
    static func normalizeHalfBlocks(_ canvas: inout Canvas) {
        canvas.update(canvas.bounds) { c in
            switch c.grapheme {
            case " ": c = Cell("▀", fg: c.bg, bg: c.bg)
            case "█": c = Cell("▀", fg: c.fg, bg: c.fg)
            case "▄": c = Cell("▀", fg: c.bg, bg: c.fg)
            default: break
            }
        }
    }

    /// chafa's raw colours: packed RGB in truecolor, a palette index otherwise; negative (or chafa's special
    /// fg/bg/transparent indices ≥ 256) means the terminal's own colour.
    static func color(_ raw: gint, _ mode: ColorMode) -> Color {
        if raw < 0 { return .default }
        switch mode {
        case .truecolor: return .rgb(UInt8(raw >> 16 & 0xFF), UInt8(raw >> 8 & 0xFF), UInt8(raw & 0xFF))
        case .indexed256, .indexed8: return raw < 256 ? .indexed(UInt8(raw)) : .default
        case .monochrome: return .default
        }
    }
}
