// Chooses how a picture becomes cells: half blocks in truecolor or 256 colours directly, everything else through chafa.

import PushSimCanvas

public enum CellRenderer {
    /// How a render is made for `options`.
    public enum Route: Sendable, Equatable {
        /// Each cell's two half-cell colours are box-filter averages of the source pixels (HalfBlockRenderer),
        /// matched to the 240 shared colours in DIN99d for 256 colours.
        case halfBlockAverage
        /// libchafa (ChafaRenderer): richer symbols, 8 colours, monochrome, dithering.
        case chafa
    }

    /// With only ▀ ▄ █ and space and no dithering, the best cell chafa can find is always ▀ with the mean of
    /// the top half's pixels in front and the bottom half's behind (any other pick averages over both halves and
    /// errs more), and its colour extractor takes exactly those means over its 8×8 work pixels per cell. Averaging
    /// the source pixels straight into the two halves is the same picture (mean CIE76 ΔE under 1 from chafa's
    /// truecolor render, `CellRendererTests`) without chafa's per-cell symbol search, its work-pixel resampling
    /// and its thread pool: over half the CPU of a first frame that is not on disk yet (issue 14).
    public static func route(for options: RenderOptions) -> Route {
        guard options.symbols == .halfBlocks, !options.dither else { return .chafa }
        switch options.colorMode {
        case .truecolor, .indexed256: return .halfBlockAverage
        case .indexed8, .monochrome: return .chafa
        }
    }

    public static func render(_ image: DecodedImage, size: Size, options: RenderOptions) throws(LoadFailure) -> Canvas {
        switch route(for: options) {
        case .chafa:
            return try ChafaRenderer.render(image, size: size, options: options)
        case .halfBlockAverage:
            var out = HalfBlockRenderer.render(image, size: size, colorMode: .truecolor)
            if options.colorMode == .indexed256 { DIN99dPalette.quantize(&out) }
            return out
        }
    }
}
