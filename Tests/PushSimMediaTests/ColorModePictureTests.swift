// Every colour mode draws a recognisable picture: the cells' brightness follows the source image's (issue 13 item 3).

import PushSimCanvas
import Testing
@testable import PushSimMedia

@Suite("Every colour mode draws a picture")
struct ColorModePictureTests {
    /// A picture with structure at several scales: a dark-to-light diagonal, a bright disc and a dark bar.
    static let image: DecodedImage = {
        let w = 160, h = 120
        return DecodedImage(width: w, height: h, rgba: Fixtures.pixels(w, h) { x, y in
            let dx = Double(x - 50), dy = Double(y - 60)
            if dx * dx + dy * dy < 30 * 30 { return (250, 230, 120) }          // a yellow disc
            if x > 110 && x < 130 { return (20, 20, 60) }                        // a dark navy bar
            let v = UInt8(min(255, (x + y) * 255 / (w + h)))
            return (v / 2, v / 2, v)                                             // a blue diagonal ramp
        })
    }()
    static let cells = Size(width: 40, height: 15)

    /// The brightness of each half cell (top and bottom pixel) as the terminal shows it. Colour cells: the
    /// foreground on the top half of ▀, the background under it. Symbol-only cells (monochrome: light symbols on
    /// the terminal's dark background): a half block lights its half, a full block both, a space neither.
    static func halves(_ c: Canvas, mode: ColorMode) -> [Double] {
        func luma(_ color: Color) -> Double {
            guard let p = color.rgbComponents else { return 0 }
            return Double(Palette.luma(p.r, p.g, p.b)) / 255
        }
        var out: [Double] = []
        for y in 0..<c.height {
            var top: [Double] = [], bottom: [Double] = []
            for x in 0..<c.width {
                let cell = c[x, y]
                if mode == .monochrome {
                    #expect(cell.fg == .default && cell.bg == .default, "a monochrome cell carries no colour")
                    let t: Double = ["█", "▀"].contains(cell.grapheme) ? 1 : 0
                    let b: Double = ["█", "▄"].contains(cell.grapheme) ? 1 : 0
                    top.append(t); bottom.append(b)
                } else {
                    switch cell.grapheme {
                    case "▀": top.append(luma(cell.fg)); bottom.append(luma(cell.bg))
                    case "▄": top.append(luma(cell.bg)); bottom.append(luma(cell.fg))
                    case "█": top.append(luma(cell.fg)); bottom.append(luma(cell.fg))
                    default: top.append(luma(cell.bg)); bottom.append(luma(cell.bg))
                    }
                }
            }
            out += top + bottom
        }
        return out
    }

    /// The source's brightness at the same half-cell grid, in the same order.
    static func reference() -> [Double] {
        let src = HalfBlockRenderer.render(image, size: cells, colorMode: .truecolor)
        return halves(src, mode: .truecolor)
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count), ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var cov = 0.0, va = 0.0, vb = 0.0
        for i in a.indices {
            cov += (a[i] - ma) * (b[i] - mb)
            va += (a[i] - ma) * (a[i] - ma)
            vb += (b[i] - mb) * (b[i] - mb)
        }
        return cov / (va * vb).squareRoot()
    }

    @Test(arguments: ColorMode.allCases)
    func chafaDrawsAPictureWhoseBrightnessFollowsTheSource(mode: ColorMode) throws {
        let canvas = try ChafaRenderer.render(Self.image, size: Self.cells, options: RenderOptions(colorMode: mode))
        let r = Self.correlation(Self.halves(canvas, mode: mode), Self.reference())
        // Two-level symbols (monochrome) follow a ramp less closely than colours do, but still clearly.
        #expect(r > (mode == .monochrome ? 0.6 : 0.8), "\(mode): brightness correlation \(r)")
    }

    /// The control: colour cells shown by a terminal without colour (what TERM=vt100 drew) are ▀ everywhere, a
    /// pattern that says nothing of the picture.
    @Test func colourCellsWithoutColourAreNoise() throws {
        let canvas = try ChafaRenderer.render(Self.image, size: Self.cells, options: RenderOptions(colorMode: .indexed8))
        var glyphsOnly: [Double] = []
        for y in 0..<canvas.height {
            let row = (0..<canvas.width).map { canvas[$0, y].grapheme }
            glyphsOnly += row.map { ["█", "▀"].contains($0) ? 1.0 : 0.0 } + row.map { ["█", "▄"].contains($0) ? 1.0 : 0.0 }
        }
        let r = Self.correlation(glyphsOnly, Self.reference())
        #expect(abs(r) < 0.3, "correlation \(r)")
    }

    @Test(arguments: ColorMode.allCases)
    func theSwiftRendererToo(mode: ColorMode) {
        let canvas = HalfBlockRenderer.render(Self.image, size: Self.cells, colorMode: mode)
        let r = Self.correlation(Self.halves(canvas, mode: mode), Self.reference())
        #expect(r > 0.8, "\(mode): brightness correlation \(r)")
    }

    /// TERM=vt100 reports no colours: images get symbols only, even when COLORTERM claims truecolor.
    @Test func aTerminalWithoutColourGetsSymbolsOnly() {
        #expect(ColorMode.detect(environment: ["TERM": "vt100"], terminalColors: 0) == .monochrome)
        #expect(ColorMode.detect(environment: ["TERM": "vt100", "COLORTERM": "truecolor"], terminalColors: 0) == .monochrome)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"], terminalColors: 8) == .indexed8)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], terminalColors: 256) == .truecolor)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1"], terminalColors: 256) == .monochrome)
    }
}
