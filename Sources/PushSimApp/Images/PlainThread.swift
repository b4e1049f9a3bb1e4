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

    /// Makes the program's .data and .bss present and writable now, while this is the process's one thread, so that a
    /// second thread's start does not turn each first write to them into a TLB flush of the other core
    /// (CThreads/Prefault.c). Returns the bytes made present (0: none; they fault in as before).
    @discardableResult
    public static func prefaultWritableData() -> Int { pushsim_prefault_writable_data() }

    /// Has malloc keep blocks up to 32 MB in its heaps and reuse what is freed (no munmap, so no TLB flush of the other
    /// core), to be called while this is the process's one thread, before the early picture's thread starts
    /// (CThreads/PictureHeap.c).
    public static func preparePictureHeap() { pushsim_picture_heap_prepare() }

    /// On the early picture's thread, first thing: its picture buffers in 2 MB huge pages when the kernel has them to
    /// give without compacting (CThreads/PictureHeap.c); false when nothing changed.
    @discardableResult
    public static func adoptPictureHeap() -> Bool { pushsim_picture_heap_adopt() == 1 }

    /// Whether the kernel gives 2 MB transparent huge pages on request and has 32 MB free in such blocks
    /// (CThreads/PictureHeap.c): `adoptPictureHeap` asks for them only then.
    public static var hugePagesOnRequest: Bool { pushsim_huge_pages_on_request() == 1 }

    /// The free 2 MB blocks a /proc/buddyinfo text counts (each zone's order-9 blocks and twice its order-10 ones).
    public static func freeHugeBlocks(buddyinfo: String) -> UInt64 { UInt64(pushsim_buddyinfo_huge_blocks(buddyinfo)) }

    /// The scheduler slice an interactive run asks for: the kernel's shortest (0.1 ms). The share of the CPU stays
    /// what it was; only the wait to run, when the thread wakes beside a CPU-bound job, is shorter (CThreads/Slice.c).
    public static let interactiveSlice: UInt64 = 100_000

    /// Asks for `interactiveSlice` for this thread and the threads it starts from now on; false when the kernel did not
    /// take it (before Linux 6.12, a policy other than the default), and nothing changed.
    @discardableResult
    public static func requestInteractiveSlice() -> Bool { pushsim_request_slice(CUnsignedLongLong(interactiveSlice)) == 0 }

    private final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
