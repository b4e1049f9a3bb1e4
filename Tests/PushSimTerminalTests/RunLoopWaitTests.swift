// The run loop's one wait: the keyboard, the signal pipe and a scene's wake descriptors in one poll(), so a scene
// listening on a socket sleeps until something arrives instead of waking on a timer.

import Foundation
import Testing
@testable import PushSimTerminal

@Suite struct RunLoopWaitTests {
    /// Three pipes standing in for the keyboard, the signal pipe and a scene's socket.
    func pipes(_ n: Int) -> [(read: Int32, write: Int32)] {
        (0..<n).map { _ in
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            return (fds[0], fds[1])
        }
    }

    @Test func aReadableSceneDescriptorWakesTheLoop() {
        let p = pipes(4)
        defer { for x in p { close(x.read); close(x.write) } }
        let (input, signals, a, b) = (p[0], p[1], p[2], p[3])
        #expect(Terminal.wait(input: input.read, signals: signals.read, scene: [a.read, b.read], timeoutMs: 0) == 0, "nothing ready: a timeout")
        _ = write(b.write, "x", 1)
        #expect(Terminal.wait(input: input.read, signals: signals.read, scene: [a.read, b.read], timeoutMs: 1000) == 4)
        _ = write(input.write, "k", 1)
        _ = write(signals.write, "s", 1)
        #expect(Terminal.wait(input: input.read, signals: signals.read, scene: [a.read, b.read], timeoutMs: 1000) == 7)
        #expect(Terminal.wait(input: input.read, signals: signals.read, scene: [], timeoutMs: 0) == 3,
                "without scene descriptors the plain two-descriptor wait")
    }

    @Test func aHungUpSceneDescriptorWakesTheLoopSoTheSceneCanDropIt() {
        let p = pipes(3)
        defer { for x in p { close(x.read) }; close(p[0].write); close(p[1].write) }
        close(p[2].write)
        #expect(Terminal.wait(input: p[0].read, signals: p[1].read, scene: [p[2].read], timeoutMs: 1000) == 4)
    }
}
