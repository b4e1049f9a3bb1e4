// The bundled sample configs (Resources/inapp) through the SDK's parser and onto the screen: each valid one draws its
// texts at 80x24, light and dark, with the config's colours (the dark overlay's where the phone is dark).

import Foundation
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InAppBundledSamplesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/inapp")

    static func message(_ name: String, dark: Bool = false) throws -> InAppMessage? {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return InAppConfigParser.parse(try JSONParser.parse(text), isDark: dark, now: 0).message
    }

    /// The first line of every text a template shows on its first page, as the screen would wrap it.
    static func firstTexts(_ m: InAppMessage) -> [String] {
        let texts: [InAppText?]
        switch m.content {
        case .modal(let c), .sheet(let c): texts = [c.title]
        case .carousel(let c): texts = [c.items.first?.title]
        case .stories(let s): texts = [s.items.first?.title]
        case .banner(let b): texts = [b.title]
        case .fullscreen(let f): texts = [f.title]
        case .video(let v): texts = [v.title]
        case .pip: texts = []
        case .scratchcard(let s): texts = [s.title]
        case .spinwheel(let w): texts = [w.title]
        }
        return texts.compactMap { $0.map { TextWidth.wrap($0.text, width: 30, maxLines: 1)[0] } }
    }

    @Test func everyValidSampleDrawsItsTexts() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var layouts = Set<InAppLayout>()
        for name in names where !name.hasPrefix("invalid-") {
            for dark in [false, true] {
                let m = try #require(try Self.message(name, dark: dark), "\(name) parses")
                layouts.insert(m.layout)
                var p = InAppPresentation(message: m)
                p.player.status = .playing
                var c = Canvas(width: 80, height: 24)
                InAppHostScreen.draw(InAppHostState(), statusLine: "", on: &c)
                let maps = InAppScreen.draw([p], at: 0, on: &c)
                #expect(!maps[0].entries.isEmpty)
                for t in Self.firstTexts(m) {
                    let head = String(t.prefix(12))
                    #expect(c.plainText.contains(head), "\(name) shows “\(head)”")
                }
            }
        }
        #expect(layouts == Set(InAppLayout.allCases), "a sample of each template")
    }

    @Test func theDarkOverlaysColoursReachTheCells() throws {
        let light = try #require(try Self.message("modal-welcome-dark.json"))
        let dark = try #require(try Self.message("modal-welcome-dark.json", dark: true))
        #expect(dark.darkApplied)
        func card(_ m: InAppMessage) -> Color {
            var c = Canvas(width: 80, height: 24)
            let maps = InAppScreen.draw([InAppPresentation(message: m)], at: 0, on: &c)
            let r = maps[0].rect(of: .body)!
            return c[r.x + 2, r.maxY - 2].bg
        }
        #expect(card(light) == .rgb(255, 255, 255))
        #expect(card(dark) == .rgb(28, 28, 30), "the dark overlay's #1C1C1E")
    }
}
