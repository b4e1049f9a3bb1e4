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

    // A tap shows a mark where it landed (the right third of the story, at mid-height) that is gone half a second later.
    @Test func touchMarksAppearAndFade() throws {
        let imgs = images(for: spring)
        var story = Rect(x: 0, y: 0, width: 0, height: 0)
        func frames(touches: Bool) throws -> [[UInt8]] {
            let scene = try storiesScene()
            let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
            story = scene.touchArea
            var out: [[UInt8]] = []
            let cell = (x: story.x + story.width * 5 / 6, y: story.y + story.height / 2)
            _ = try Recording.run(runner, steps: Script.parse("wait 0.2; press \(cell.x),\(cell.y); wait 0.2; release"), fps: 10, tail: 0.8,
                                  device: .standard, scale: 0.5, touches: touches,
                                  touchTarget: { _ in StoriesPicture.touchTarget(scene, device: .standard) },
                                  draw: { p, t in StoriesPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) },
                                  frame: { p, _, _ throws(PictureError) in out.append(p.rgba()) })
            return out
        }
        let plain = try frames(touches: false), marked = try frames(touches: true)
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
}
