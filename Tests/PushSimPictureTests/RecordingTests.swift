// Recordings: every frame is the picture `snapshot` draws at that moment, the same input gives the same bytes, and
// the touch marks show where the fingers were.

import Foundation
import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct RecordingTests {
    let resources = Resources.locate()
    var spring: String { resources.path("stories/spring-sale.json") }

    func storiesScene() throws -> StoriesScene {
        StoriesScene(input: try StoriesScene.load(path: spring), sink: EventSink())
    }

    /// The script as a snapshot would have stopped at `t`: the steps whose time has come, the last wait cut short.
    /// (A frame is drawn as the clock reaches its moment, before an input at that same moment.)
    static func prefix(_ steps: [ScriptStep], at t: Double) throws -> [ScriptStep] {
        var out: [ScriptStep] = [], clock = 0.0
        for s in steps {
            if s.name == "wait" {
                let d = try Script.seconds(s)
                if clock + d >= t - 1e-9 {
                    if t - clock > 1e-9 { out.append(ScriptStep(name: "wait", argument: "\(t - clock)")) }
                    return out
                }
                clock += d
                out.append(s)
            } else {
                if clock >= t - 1e-9 { return out }
                out.append(s)
            }
        }
        if t - clock > 1e-9 { out.append(ScriptStep(name: "wait", argument: "\(t - clock)")) }
        return out
    }

    @Test func everyFrameIsTheSnapshotAtItsMoment() throws {
        let script = Script.parse("wait 1; tap right; wait 0.5; tap right; wait 0.4")
        let imgs = images(for: spring)
        let scene = try storiesScene()
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        var compared = 0
        let outcome = try Recording.run(runner, steps: script, fps: 10, tail: 0.3, device: .standard, scale: 0.5,
                                        draw: { p, t in StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) },
                                        frame: { p, t, k throws(PictureError) in
            #expect(abs(t - Double(k) / 10) < 1e-12)
            // The snapshot of the same moment, from a fresh scene.
            do {
                let fresh = try storiesScene()
                let steps = try Self.prefix(script, at: t).map(\.description).joined(separator: ";")
                let still = try shoot(fresh, script: steps) { q, now in StoriesPicture.draw(fresh, at: now, on: q, device: .standard, images: imgs) }
                #expect(p.rgba() == still.rgba(), "frame \(k) at t=\(t) differs from the snapshot of '\(steps)'")
                compared += 1
            } catch {
                Issue.record("frame \(k): \(error)")
            }
        })
        // 1 + 0.5 + 0.4 seconds of script and 0.3 of tail at 10 frames a second.
        #expect(outcome.frames == 22)
        #expect(abs(outcome.duration - 2.2) < 1e-9)
        #expect(compared == 22)
        // Frames of a page playing on start from the frame before's layer (and still equal the snapshot, above); the
        // first, each crossfade's and the first after it draw in full.
        #expect(outcome.copiedLayers > 10 && outcome.copiedLayers < 22, "\(outcome.copiedLayers) frames copied their layer")
    }

    func record(_ format: AnimationWriter.Format, touches: Bool = false, to path: String) throws -> Int {
        let imgs = images(for: spring)
        let scene = try storiesScene()
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        let writer = try AnimationWriter(format: format, path: path, width: 195, height: 422, quality: 80)
        let outcome = try Recording.run(runner, steps: Script.parse("wait 0.5; tap right; wait 0.7; hold 0.4"), fps: 10, tail: 0.5,
                                        device: .standard, scale: 0.5, touches: touches,
                                        draw: { p, t in StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) },
                                        frame: { p, _, k throws(PictureError) in try writer.add(p, at: k * 100) })
        return try writer.close(at: Recording.milliseconds(outcome.duration))
    }

    @Test func sameInputSameBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for format in AnimationWriter.Format.allCases {
            let a = dir.appendingPathComponent("a.\(format.rawValue)"), b = dir.appendingPathComponent("b.\(format.rawValue)")
            let size = try record(format, touches: true, to: a.path)
            _ = try record(format, touches: true, to: b.path)
            let first = try Data(contentsOf: a), second = try Data(contentsOf: b)
            #expect(first.count == size)
            #expect(first == second, "\(format): two recordings of the same run differ")
            switch format {
            case .webp:
                #expect(first.prefix(4) == Data("RIFF".utf8) && first[8..<12] == Data("WEBP".utf8))
                // An animation: the ANIM chunk, and a frame (ANMF) per change, at most one per tick (21 ticks).
                let frames = first.ranges(of: Data("ANMF".utf8)).count
                #expect(first.range(of: Data("ANIM".utf8)) != nil)
                #expect(frames > 2 && frames <= 21, "\(frames) ANMF chunks")
            case .gif:
                #expect(first.prefix(6) == Data("GIF89a".utf8))
                #expect(first.range(of: Data("NETSCAPE2.0".utf8)) != nil)
            }
        }
    }

    /// The spring sale recorded at 80x24, 10 frames a second with 0.8 s of tail, at half scale: every frame's pixels.
    func storyFrames(_ script: String, touches: Bool) throws -> [[UInt8]] {
        let imgs = images(for: spring)
        let scene = try storiesScene()
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        var out: [[UInt8]] = []
        _ = try Recording.run(runner, steps: Script.parse(script), fps: 10, tail: 0.8, device: .standard, scale: 0.5, touches: touches,
                              touchTarget: { _ in StoriesPicture.touchTarget(scene, device: .standard) },
                              draw: { p, t in StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) },
                              frame: { p, _, _ throws(PictureError) in out.append(p.rgba()) })
        return out
    }

    /// The story's cells at 80x24 as it starts (the scene's touch area) and where the picture draws them.
    func storyArea() throws -> (story: Rect, target: PictureRect?) {
        let scene = try storiesScene()
        _ = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        return (scene.touchArea, StoriesPicture.touchTarget(scene, device: .standard))
    }

    // A tap shows a mark where it landed (the right third of the story, at mid-height) that is gone half a second later.
    @Test func touchMarksAppearAndFade() throws {
        let story = try storyArea().story
        let cell = (x: story.x + story.width * 5 / 6, y: story.y + story.height / 2)
        let script = "wait 0.2; press \(cell.x),\(cell.y); wait 0.2; release"
        let plain = try storyFrames(script, touches: false), marked = try storyFrames(script, touches: true)
        #expect(plain.count == marked.count)
        #expect(plain[1] == marked[1], "no mark before the press")
        #expect(plain[3] != marked[3], "the mark while the finger is down")
        // The mark is centred where the cell is on the picture's story: its right third, at mid-height.
        let scene = try storiesScene()
        scene.resize(to: Size(width: 80, height: 24), at: 0)
        let pt = TouchMarks.point(cell: (story.x + story.width * 5 / 6, story.y + story.height / 2), area: story,
                                  target: StoriesPicture.storyRect(scene, device: .standard))
        let w = 195, x = Int(pt.x * 0.5), y = Int(pt.y * 0.5)
        let i = (y * w + x) * 4
        #expect(marked[3][i] > plain[3][i] || marked[3][i + 1] > plain[3][i + 1], "the mark lightens the photo where the finger is")
        #expect(plain[11] == marked[11], "gone 0.5 s after the release")
    }

    /// The stories `dismiss` step is iOS's swipe down on the expanded notification (the SDK installs no dismiss gesture
    /// of its own): with --touches a mark goes down in the story's upper part, leaves its trail downwards and lifts
    /// where the swipe ends, then fades like a tap's. Without --touches the frames are the same as before.
    @Test func aDismissStepIsMarkedAsASwipeDown() throws {
        let plain = try storyFrames("wait 0.5; dismiss; wait 0.2", touches: false)
        let marked = try storyFrames("wait 0.5; dismiss; wait 0.2", touches: true)
        let (story, touched) = try storyArea()
        let target = try #require(touched)
        #expect(plain.count == marked.count && plain.count == 15)
        #expect(plain[5] == marked[5], "no mark before the step (a frame is drawn before an input at its moment)")
        #expect(plain[6] != marked[6], "the swipe's mark, fading")
        // Where the finger lifted: the story's middle column, a third of its height below a quarter of the way down.
        let start = (x: story.x + story.width / 2, y: story.y + story.height / 4)
        let end = (x: start.x, y: start.y + max(2, story.height / 3))
        let w = 195
        func lighter(_ cell: (x: Int, y: Int)) -> Bool {
            let pt = TouchMarks.point(cell: cell, area: story, target: target)
            let i = (Int(pt.y * 0.5) * w + Int(pt.x * 0.5)) * 4
            return marked[6][i] > plain[6][i] || marked[6][i + 1] > plain[6][i + 1]
        }
        #expect(lighter(end), "the finger's mark where the swipe ended")
        #expect(lighter(start), "the trail where the swipe began")
        #expect(plain[10] == marked[10], "gone 0.5 s after the finger lifted")
    }
}
