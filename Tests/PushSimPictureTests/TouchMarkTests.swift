// `record --touches` marks scripted gestures as it marks the mouse (issue 24): a `button` on a story, an `accept` on the
// primer, a `spin` on a native wheel get a translucent mark where their finger is, fading out after it lifts.

import Foundation
import PushSimApp
import PushSimEngine
import PushSimScreens
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct TouchMarkTests {
    let resources = Resources.locate()
    static let scale = 0.5

    /// Every frame's pixels at 10 fps, with and without the marks; the touches' first point on the phone.
    func frames(_ make: () throws -> ScriptableScene, _ script: String, tail: Double = 1,
                draw: @escaping (ScriptableScene, Picture, Double) -> Void,
                target: ((ScriptableScene, Double) -> PictureRect?)? = nil) throws -> (plain: [[UInt8]], marked: [[UInt8]], first: (x: Double, y: Double)?) {
        var first: (x: Double, y: Double)?
        func run(_ touches: Bool) throws -> [[UInt8]] {
            let scene = try make()
            let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
            if touches {
                // Where the recording puts the first touch: the same mapping, asked of the scene at that moment.
                runner.onTouch = { _, cell, t in
                    guard first == nil else { return }
                    let area = (scene as? TouchArea)?.touchArea ?? Rect(x: 0, y: 0, width: 80, height: 24)
                    let device = PictureDevice.standard
                    first = TouchMarks.point(cell: cell, area: area,
                                             target: target?(scene, t) ?? PictureRect(x: 0, y: 0, width: device.width, height: device.height))
                }
            }
            var out: [[UInt8]] = []
            _ = try Recording.run(runner, steps: Script.parse(script), fps: 10, tail: tail, device: .standard, scale: Self.scale, touches: touches,
                                  touchTarget: target.map { f in { t in f(scene, t) } },
                                  draw: { p, t in draw(scene, p, t) },
                                  frame: { p, _, _ throws(PictureError) in out.append(p.rgba()) })
            return out
        }
        let marked = try run(true)
        return (try run(false), marked, first)
    }

    func pixel(_ rgba: [UInt8], _ pt: (x: Double, y: Double)) -> [UInt8] {
        let w = Int((PictureDevice.standard.width * Self.scale).rounded())
        let x = Int(pt.x * Self.scale), y = Int(pt.y * Self.scale)
        let i = (y * w + x) * 4
        return Array(rgba[i..<(i + 3)])
    }

    /// The mark is at `pt` from frame `at` (and nowhere far from it), and gone `fadeFrames` later.
    func expectMark(_ f: (plain: [[UInt8]], marked: [[UInt8]], first: (x: Double, y: Double)?), at frame: Int, fadeFrames: Int = 6,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pt = try #require(f.first, sourceLocation: sourceLocation)
        #expect(f.plain.count == f.marked.count, sourceLocation: sourceLocation)
        // Compared as Bools: a failed expectation on two frames would print both frames' pixels.
        let before = f.plain[frame - 1] == f.marked[frame - 1]
        #expect(before, "no mark before the touch", sourceLocation: sourceLocation)
        #expect(pixel(f.plain[frame], pt) != pixel(f.marked[frame], pt), "the mark where the finger is, \(pt)", sourceLocation: sourceLocation)
        let far = (x: pt.x < 195 ? 380.0 : 10.0, y: pt.y < 422 ? 830.0 : 10.0)
        #expect(pixel(f.plain[frame], far) == pixel(f.marked[frame], far), "nothing far from it", sourceLocation: sourceLocation)
        let faded = f.plain[frame + fadeFrames] == f.marked[frame + fadeFrames]
        #expect(faded, "faded out", sourceLocation: sourceLocation)
    }

    @Test func aStoryButtonStepIsMarkedOnThePill() throws {
        let path = resources.path("stories/loop-teaser.json")
        let imgs = images(for: path)
        let f = try frames({ StoriesScene(input: try StoriesScene.load(path: path), sink: EventSink()) }, "tap right; tap right; wait 1; button",
                           draw: { s, p, t in StoriesPicture.draw(s as! StoriesScene, at: t, on: p, device: .standard, images: imgs) },
                           target: { s, _ in StoriesPicture.touchTarget(s as! StoriesScene, device: .standard) })
        // The taps' marks have faded by t = 1; the button then is drawn from the frame after it (a frame is drawn
        // before an input at its moment).
        try expectMark(f, at: 11)
        // On the picture's story, in its lower part where the pill is drawn.
        let pt = try #require(f.first)
        let story = StoriesPicture.storyRect(try StoriesScene(input: StoriesScene.load(path: path), sink: EventSink()), device: .standard)
        #expect(story.x < pt.x && pt.x < story.x + story.width && story.y + story.height * 0.6 < pt.y && pt.y < story.y + story.height)
    }

    @Test func anExpandStepIsMarkedOnTheCollapsedNotification() throws {
        let path = resources.path("stories/spring-sale.json")
        let imgs = images(for: path)
        func make() throws -> StoriesScene {
            StoriesScene(input: try StoriesScene.load(path: path), configuration: .init(collapsed: true, delivery: DeliveryOptions()), sink: EventSink())
        }
        let f = try frames({ try make() }, "wait 1; expand; wait 0.2",
                           draw: { s, p, t in StoriesPicture.draw(s as! StoriesScene, at: t, on: p, device: .standard, images: imgs) },
                           target: { s, _ in StoriesPicture.touchTarget(s as! StoriesScene, device: .standard) })
        let pt = try #require(f.first)
        let still = try make()
        still.resize(to: Size(width: 80, height: 24), at: 0)
        let card = StoriesPicture.collapsedCardRect(still, device: .standard, on: try Picture(width: 390, height: 844, scale: 1))
        #expect(card.x < pt.x && pt.x < card.x + card.width && card.y < pt.y && pt.y < card.y + card.height,
                "the mark is on the picture's notification \(card), at \(pt)")
        // The frame after the tap shows the story, with the mark over it.
        #expect(pixel(f.plain[11], pt) != pixel(f.marked[11], pt))
    }

    @Test func aPrimerAcceptStepIsMarked() throws {
        let config = PrimerConfig().style(.sheet).title("Never miss a drop").message("We'll tell you when your size is back in stock.")
        let imgs = images(for: resources.path("primer/alert.json"))
        let f = try frames({ PrimerScene(config: config, device: SimulatedDevice(), wallClock: 1_769_850_000, store: nil, sink: EventSink(), appName: "Shop") },
                           "wait 1; accept; wait 0.5",
                           draw: { s, p, t in PrimerPicture.draw(s as! PrimerScene, at: t, on: p, device: .standard, images: imgs) })
        try expectMark(f, at: 11)
        // The bottom sheet's accept button is in the lower part of the phone.
        #expect(try #require(f.first).y > PictureDevice.standard.height / 2)
    }
}
