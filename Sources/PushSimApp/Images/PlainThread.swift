// A detached thread that begins at once: on another core than the caller's (CThreads/Threads.c).

import CThreads

public enum PlainThread {
    /// Runs `work` on a new detached thread named `name`, started on another core than this one when the process may
    /// use more (Foundation's `Thread` began a millisecond to 4 ms late while its parent computed); false when no thread
    /// could be started, and `work` is not run.
    @discardableResult
    public static func start(name: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        let err = pushsim_thread_start({ context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        }, context, name)
        if err != 0 { Unmanaged<Work>.fromOpaque(context).release() }
        return err == 0
    }

    private final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
