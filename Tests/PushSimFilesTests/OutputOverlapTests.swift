// Issue 38 item 2: an output that is an input of the same run, or another of its outputs, is refused by identity.

import Foundation
import Testing
@testable import PushSimFiles

@Suite struct OutputOverlapTests {
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "pushsim-overlap-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        return dir
    }

    @Test func anOutputOverAnInputIsRefusedHoweverItIsSpelled() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let payload = dir + "/same.json"
        try "{}".write(toFile: payload, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: payload)
        try FileManager.default.linkItem(atPath: payload, toPath: dir + "/hard.json")
        for spelling in [payload, dir + "/sub/../same.json", dir + "/link.json", dir + "/hard.json", dir + "//same.json"] {
            let problem = OutputOverlap.problem(inputs: [.init("FILE", payload)], outputs: [.init("--events", spelling)])
            #expect(problem == "--events \(spelling) is the same file as FILE \(payload), which this run reads; writing it would destroy it — pass another path to --events")
        }
    }

    @Test func twoOutputsToOneNewFileAreRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let problem = OutputOverlap.problem(inputs: [], outputs: [.init("-o", dir + "/x"), .init("--report", dir + "/sub/../x")])
        #expect(problem == "-o \(dir)/x and --report \(dir)/sub/../x are the same file, so one would replace the other; pass another path to one of them")
        // A dangling link names the file it would create.
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "sub/new.png")
        #expect(OutputOverlap.problem(inputs: [], outputs: [.init("-o", dir + "/dangling"), .init("--report", dir + "/sub/new.png")]) != nil)
    }

    @Test func distinctFilesStreamsAndDevicesPass() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{}".write(toFile: dir + "/a.json", atomically: false, encoding: .utf8)
        #expect(OutputOverlap.problem(inputs: [.init("FILE", dir + "/a.json"), .init("FILE", "-")],
                                      outputs: [.init("--events", dir + "/a.jsonl"), .init("--frames", "-"), .init("-o", "-"),
                                                .init("--report", "/dev/null"), .init("--record", "/dev/null")]) == nil)
        // A folder that does not exist: the write itself says so.
        #expect(OutputOverlap.problem(inputs: [], outputs: [.init("-o", dir + "/none/x"), .init("--report", dir + "/none/x")]) == nil)
    }
}
