// The process's environment read straight from `environ`, for a thread that must not wait on Foundation's lock.

#if canImport(Glibc)
import Glibc
#endif

/// `ProcessInfo.processInfo.environment` takes `ProcessInfo`'s lock (a priority-inheriting futex on Linux) and builds
/// the dictionary under it: about 0.3 ms the first time. The early picture's thread asked for it first thing, so the
/// main thread's first use of `ProcessInfo` (the picture's colours) waited on the futex, spinning in the kernel while
/// its owner ran: 0.5 ms of CPU a sixel story's start (`perf`, docs/performance.md). This reads the same entries
/// without a lock; as `getenv`, the first of two entries with one name is the one kept.
public enum ProcessEnvironment {
    public static func read() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "="), eq != text.startIndex {
                let name = String(text[..<eq])
                if result[name] == nil { result[name] = String(text[text.index(after: eq)...]) }
            }
            entry += 1
        }
        return result
    }
}
