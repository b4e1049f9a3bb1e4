// A command line with thousands of file names, shortened before swift-argument-parser sees it: the parser copies its
// array of values (and the set of their positions) once per value, so 10,000 files cost it seconds. Options and
// their values reach the parser exactly as typed; only file names it could not take for an option's value are set
// aside, and put back in their places afterwards.

public struct LongFileList: Sendable, Equatable {
    /// The command line the parser gets: every option as typed, the first word after each option (it may be the
    /// option's value), and one marker where the words set aside were.
    public var shortened: [String]
    /// The words set aside, by marker number.
    var tails: [[String]]

    /// Below this many words the command line is parsed as it is.
    public static let threshold = 64

    /// nil when `arguments` (without the program name) is short enough to parse as it is.
    ///
    /// A word is an option when it starts with `-` and is not `-` itself (standard input). The options of a command
    /// this is used for take at most one value each, so in a run of words between two options only the first can be
    /// an option's value: the rest are files. After `--` every word is a file. A marker holds a NUL, which no
    /// command-line argument can, so it is never taken for a file name.
    public static func shorten(_ arguments: [String], threshold: Int = threshold) -> LongFileList? {
        guard arguments.count >= threshold else { return nil }
        var out: [String] = []
        var tails: [[String]] = []
        var run: [String] = []
        func endRun() {
            guard !run.isEmpty else { return }
            out.append(run[0])
            if run.count > 1 {
                out.append(marker(tails.count))
                tails.append(Array(run.dropFirst()))
            }
            run.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" {
                endRun()
                out.append(a)
                let rest = Array(arguments[(i + 1)...])
                if !rest.isEmpty {
                    out.append(marker(tails.count))
                    tails.append(rest)
                }
                break
            }
            if a.hasPrefix("-") && a != "-" {
                endRun()
                out.append(a)
            } else {
                run.append(a)
            }
            i += 1
        }
        endRun()
        return LongFileList(shortened: out, tails: tails)
    }

    static func marker(_ n: Int) -> String { "\u{0}pushsim-files-\(n)" }

    /// The parser's positional values with every marker replaced by the words it stands for, in order.
    public func restore(_ parsed: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(parsed.count + tails.reduce(0) { $0 + $1.count })
        for value in parsed {
            if value.hasPrefix("\u{0}pushsim-files-"), let n = Int(value.dropFirst("\u{0}pushsim-files-".count)), tails.indices.contains(n) {
                out += tails[n]
            } else {
                out.append(value)
            }
        }
        return out
    }
}
