// A non-blocking pipe a background thread writes to so the run loop, which polls its read end, wakes at once.

import Foundation

public final class WakePipe: Sendable {
    /// The end the run loop polls; whoever polls it reads it empty.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// Nil when the system refuses a pipe (the run loop then falls back on the scenes' polling deadlines).
    public init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        descriptor = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Makes the read end readable. A full pipe is already readable, so a failed write loses nothing.
    public func signal() {
        var one: UInt8 = 1
        _ = write(writeEnd, &one, 1)
    }
}
