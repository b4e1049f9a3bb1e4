// Rendering to cells: the Swift half-block oracle against a golden snapshot, chafa's dimensions, modes and agreement.

import Foundation
import PushSimCanvas
import Testing
@testable import PushSimMedia

/// A reviewable text form of a rendered canvas: each cell row as two lines of brightness art (top and bottom
/// pixel), then the colour grid as `fg/bg` palette indices.
enum CellSnapshot {
    static let ramp = Array(" .:-=+*#%@")

    static func text(_ canvas: Canvas) -> String {
        func luma(_ c: Color) -> Int {
            guard let p = c.rgbComponents else { return 0 }
            return Palette.luma(p.r, p.g, p.b)
        }
        var art = "", grid = ""
        for y in 0..<canvas.height {
            var top = "", bottom = "", row: [String] = []
            for x in 0..<canvas.width {
                let c = canvas[x, y]
                top.append(ramp[luma(c.fg) * (ramp.count - 1) / 255])
                bottom.append(ramp[luma(c.bg) * (ramp.count - 1) / 255])
                func idx(_ c: Color) -> String { if case .indexed(let i) = c { return String(i) }; return "?" }
                row.append("\(c.grapheme)\(idx(c.fg))/\(idx(c.bg))")
            }
            art += top + "\n" + bottom + "\n"
            grid += row.joined(separator: " ") + "\n"
        }
        return art + "\n" + grid
    }

    /// Compares with `__Snapshots__/<name>.txt` next to this file; records it when missing or when
    /// `SNAPSHOT_TESTING_RECORD=all`, as SnapshotTesting does.
    static func assertMatches(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/RendererTests")
        let file = dir.appendingPathComponent("\(name).txt")
        let record = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all"
        if record || !FileManager.default.fileExists(atPath: file.path) {
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try? text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded snapshot \(file.path); run again to verify", sourceLocation: sourceLocation)
            return
        }
        let golden = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(text == golden, "rendering differs from \(file.path)", sourceLocation: sourceLocation)
    }
}

@Suite struct RendererTests {
    // spec §1.7: aspect-fill like UIImageView. 1080×1620 into 80×40 cells (80×80 px) keeps the middle square.
    @Test func aspectFillCropsTheCentre() {
        #expect(CropRect.aspectFill(imageWidth: 1080, imageHeight: 1620, cells: Size(width: 80, height: 40)) == CropRect(x: 0, y: 270, width: 1080, height: 1080))
        #expect(CropRect.aspectFill(imageWidth: 1200, imageHeight: 600, cells: Size(width: 20, height: 20)) == CropRect(x: 450, y: 0, width: 300, height: 600))
        #expect(CropRect.aspectFill(imageWidth: 100, imageHeight: 200, cells: Size(width: 50, height: 50)) == CropRect(x: 0, y: 0, width: 100, height: 200))
    }

    @Test func oracleGoldenOfAGeneratedImage() throws {
        let img = try ImageDecoder.decode(Fixtures.image("avatar-1.png"))
        let canvas = HalfBlockRenderer.render(img, size: Size(width: 24, height: 12), colorMode: .indexed256)
        #expect(canvas.width == 24 && canvas.height == 12)
        CellSnapshot.assertMatches(CellSnapshot.text(canvas), named: "avatar-1-24x12-256")
    }

    @Test func oracleGoldenOfAStoryPage() throws {
        let img = try ImageDecoder.decode(Fixtures.image("city.png"))
        let canvas = HalfBlockRenderer.render(img, size: Size(width: 20, height: 15), colorMode: .indexed256)
        CellSnapshot.assertMatches(CellSnapshot.text(canvas), named: "city-20x15-256")
    }

    @Test func oracleModes() throws {
        let img = DecodedImage(width: 2, height: 2, rgba: Fixtures.pixels(2, 2) { x, y in y == 0 ? (255, 255, 255) : (x == 0 ? (0, 0, 0) : (200, 0, 0)) })
        let tc = HalfBlockRenderer.render(img, size: Size(width: 2, height: 1), colorMode: .truecolor)
        #expect(tc[0, 0] == Cell("▀", fg: .rgb(255, 255, 255), bg: .rgb(0, 0, 0)))
        #expect(tc[1, 0] == Cell("▀", fg: .rgb(255, 255, 255), bg: .rgb(200, 0, 0)))
        let eight = HalfBlockRenderer.render(img, size: Size(width: 2, height: 1), colorMode: .indexed8)
        #expect(eight[1, 0] == Cell("▀", fg: .indexed(7), bg: .indexed(1)))
        let mono = HalfBlockRenderer.render(img, size: Size(width: 2, height: 1), colorMode: .monochrome)
        #expect(mono[0, 0] == Cell("▀") && mono[1, 0] == Cell("▀"))
    }

    @Test func chafaFillsExactlyTheRequestedCells() throws {
        let img = try ImageDecoder.decode(Fixtures.image("aurora.jpg"))
        for size in [Size(width: 80, height: 40), Size(width: 33, height: 7), Size(width: 1, height: 1)] {
            let canvas = try ChafaRenderer.render(img, size: size, options: RenderOptions())
            #expect(canvas.size == size)
        }
    }

    // The default symbols (space, solid, upper/lower half, all written as ▀) and 240-colour indices.
    @Test func chafaDefaultSymbolsAndPalette() throws {
        let img = try ImageDecoder.decode(Fixtures.image("dunes.jpg"))
        let canvas = try ChafaRenderer.render(img, size: Size(width: 40, height: 20), options: RenderOptions())
        for c in canvas.cells {
            #expect(c.grapheme == "▀", "unexpected symbol \(c.grapheme)")
            for color in [c.fg, c.bg] {
                guard case .indexed(let i) = color else { Issue.record("not indexed: \(color)"); continue }
                #expect(i >= 16)
            }
        }
    }

    @Test func chafaTruecolorEightAndMono() throws {
        let img = try ImageDecoder.decode(Fixtures.image("ocean.jpg"))
        let size = Size(width: 30, height: 15)
        let tc = try ChafaRenderer.render(img, size: size, options: RenderOptions(colorMode: .truecolor))
        #expect(tc.cells.allSatisfy { if case .rgb = $0.fg, case .rgb = $0.bg { return true }; return false })
        let eight = try ChafaRenderer.render(img, size: size, options: RenderOptions(colorMode: .indexed8))
        #expect(eight.cells.allSatisfy { c in [c.fg, c.bg].allSatisfy { if case .indexed(let i) = $0 { return i < 8 }; return $0 == .default } })
        let mono = try ChafaRenderer.render(img, size: size, options: RenderOptions(colorMode: .monochrome))
        #expect(mono.cells.allSatisfy { $0.fg == .default && $0.bg == .default })
        // The sun and its path on the water are bright: some cells carry ink.
        #expect(mono.cells.contains { $0.grapheme != " " })
    }

    // chafa and the oracle see the same picture: their average brightness per row agrees.
    @Test func chafaAgreesWithTheOracle() throws {
        let img = try ImageDecoder.decode(Fixtures.image("dunes.jpg"))
        let size = Size(width: 40, height: 20)
        let a = try ChafaRenderer.render(img, size: size, options: RenderOptions(colorMode: .truecolor))
        let b = HalfBlockRenderer.render(img, size: size, colorMode: .truecolor)
        func rowLuma(_ c: Canvas, _ y: Int) -> Double {
            var sum = 0
            for x in 0..<c.width {
                let cell = c[x, y]
                for col in [cell.fg, cell.bg] {
                    let p = col.rgbComponents ?? (0, 0, 0)
                    sum += Palette.luma(p.r, p.g, p.b)
                }
            }
            return Double(sum) / Double(2 * c.width)
        }
        for y in 0..<size.height {
            #expect(abs(rowLuma(a, y) - rowLuma(b, y)) < 24, "row \(y)")
        }
    }

    @Test func richerSymbolSets() throws {
        #expect(try SymbolSet(parsing: "half") == SymbolSet.halfBlocks)
        #expect(try SymbolSet(parsing: "block").selectors == "space+solid+block")
        #expect(try SymbolSet(parsing: "block+border-diagonal").selectors == "block+border-diagonal")
        #expect(throws: LoadFailure.self) { try SymbolSet(parsing: "sparkles") }
        let img = try ImageDecoder.decode(Fixtures.image("forest.png"))
        let braille = try ChafaRenderer.render(img, size: Size(width: 20, height: 10),
                                               options: RenderOptions(symbols: try SymbolSet(parsing: "braille")))
        #expect(braille.cells.allSatisfy { $0.grapheme == " " || ("\u{2800}"..."\u{28FF}").contains($0.grapheme) })
    }

    @Test func colorModeDetection() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .monochrome)
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .truecolor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"]) == .indexed256)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .indexed8)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], terminalColors: 8) == .indexed8)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"]) == .monochrome)
        #expect(ColorMode(parsing: "256") == .indexed256 && ColorMode(parsing: "mono") == .monochrome && ColorMode(parsing: "x") == nil)
    }
}
