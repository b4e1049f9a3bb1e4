// Every template at every awkward size, phase and state (values the player never sends included): drawn without a
// crash, inside the canvas, and with hit maps inside the screen.

import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InAppScreenRobustnessTests {
    typealias F = InAppFixtures

    static let sizes = [Size(width: 30, height: 10), Size(width: 31, height: 11), Size(width: 45, height: 13), Size(width: 80, height: 24),
                        Size(width: 132, height: 43), Size(width: 300, height: 100), Size(width: 200, height: 12), Size(width: 30, height: 80)]

    static func odd(_ m: InAppMessage, _ k: Int) -> InAppPresentation {
        var p = InAppPresentation(message: m)
        let phases: [InAppPresentation.Phase] = [.shown, .entering(0), .entering(0.5), .leaving(1), .entering(-3), .leaving(7)]
        p.phase = phases[k % phases.count]
        p.reduceMotion = k % 2 == 1
        p.page = [0, 1, -4, 99][k % 4]
        p.pageProgress = [0.5, .nan, -1, 9][k % 4]
        p.dragOffset = [0, -1e6, 1e6, 37, .infinity][k % 5]
        p.pipCenter = [InAppPoint(x: -500, y: -500), InAppPoint(x: 5000, y: 9000), InAppPoint(x: 195, y: 422)][k % 3]
        p.pipExpanded = k % 3 == 2
        p.scratch.strokes = [[InAppPoint(x: -2, y: 0.5), InAppPoint(x: 3, y: 0.5)], [InAppPoint(x: 0.5, y: .nan)], []]
        p.scratch.grid = Array(repeating: k % 2 == 0, count: 7)  // a wrong-sized grid
        p.scratch.foilFade = [0, 0.5, 1, -1, 2][k % 5]
        p.scratch.revealed = k % 2 == 0
        p.scratchCursor = [nil, InAppPoint(x: -1, y: 2), InAppPoint(x: 0.5, y: 0.5)][k % 3]
        p.wheel = InAppWheelState(angle: [0, -1e9, .nan, 3][k % 4], spinning: k % 2 == 0, stoppedIndex: [nil, 1, 99][k % 3],
                                  wheelFade: [0, 0.5, 1, 3][k % 4])
        p.rewardVisible = k % 3 == 0
        p.copied = k % 2 == 1
        p.confetti = [InAppConfettiBurst(anchor: k % 2 == 0 ? .card : .rewardPanel, age: [0.5, .nan, -1, 3.89, .infinity][k % 5],
                                         colors: k % 3 == 0 ? [] : [InAppColor(red: 2, green: -1, blue: .nan)], seed: UInt64(k))]
        p.celebration = InAppCelebration(shimmer: [nil, .nan, -40, 0.5, .infinity][k % 5], pulse: [1, .nan, 9, 1.05, -3][k % 5])
        p.player.status = [.loading, .playing, .fallback, .ended][k % 4]
        p.player.position = [0, -5, .infinity, 61.5][k % 4]
        return p
    }

    @Test func everyTemplateEverySizeEveryState() {
        let images: [InAppImageLookup] = [{ _, _ in .none }, { _, _ in .loading }, { _, _ in .failed("a long reason that will not fit anywhere at all") },
                                          { _, s in .image(Canvas(width: max(0, s.width + 3), height: max(0, s.height - 1), fill: Cell("▓"))) }]
        for size in Self.sizes {
            for (n, m) in F.all.enumerated() {
                for k in 0..<6 {
                    let p = Self.odd(m, k + n)
                    var c = Canvas(size: size)
                    let maps = InAppScreen.draw([p], images: images[(k + n) % images.count], at: Double(k), on: &c)
                    #expect(c.size == size)
                    for e in maps.flatMap(\.entries) {
                        #expect(e.rect.x >= 0 && e.rect.y >= 0 && e.rect.maxX <= size.width && e.rect.maxY <= size.height,
                                "\(m.layout) at \(size): \(e.element) at \(e.rect)")
                    }
                    for y in 0..<c.height where !c.row(y).isEmpty { _ = InAppScreen.hit(maps, x: size.width / 2, y: y) }
                }
            }
        }
    }

    @Test func pipBesideEveryTemplate() {
        for m in F.all where m.layout != .pip {
            var c = Canvas(width: 80, height: 24)
            let maps = InAppScreen.draw([InAppPresentation(message: F.pip), InAppPresentation(message: m)], at: 0, on: &c)
            #expect(maps.count == 2)
        }
    }

    // Issue 38 item 6: a template's text block reads only what its lines can show, and shows the same lines as the
    // whole text would (a 10 MB message without spaces; one of words).
    @Test func aTextBlockReadsOnlyWhatItShows() {
        for unit in ["W", "word "] {
            let huge = InAppText(text: String(repeating: unit, count: 2_000_000), color: .white)
            let enough = InAppText(text: String(repeating: unit, count: 2_000), color: .white)
            #expect(InAppTextBlock(huge, width: 30, maxLines: 4).lines == InAppTextBlock(enough, width: 30, maxLines: 4).lines)
            #expect(InAppTextBlock(huge, width: 30, maxLines: 4).lines.last?.hasSuffix("…") == true)
        }
    }
}
