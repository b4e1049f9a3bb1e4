// A command line of thousands of files, shortened for swift-argument-parser and put back: every option keeps its
// value, every file comes back in its place.

import Testing
@testable import PushSimApp

@Suite struct LongFileListTests {
    func files(_ n: Int, from: Int = 0) -> [String] { (from..<(from + n)).map { "c\($0).json" } }

    /// What the parser would take as files from `shortened` when `valued` options take the next word.
    func positionals(_ args: [String], valued: Set<String>) -> [String] {
        var out: [String] = []
        var i = 1  // the subcommand
        var rest = false
        while i < args.count {
            let a = args[i]
            if rest { out.append(a) } else if a == "--" { rest = true } else if valued.contains(a) { i += 1 } else if !(a.hasPrefix("-") && a != "-") { out.append(a) }
            i += 1
        }
        return out
    }

    @Test func aShortCommandLineIsLeftAlone() {
        #expect(LongFileList.shorten(["validate"] + files(10)) == nil)
    }

    @Test func tenThousandFilesBecomeOneMarker() throws {
        let args = ["validate"] + files(10_000)
        let long = try #require(LongFileList.shorten(args))
        #expect(long.shortened.count == 2)
        #expect(long.restore(positionals(long.shortened, valued: [])) == files(10_000))
    }

    @Test func optionValuesReachTheParserAndFilesKeepTheirOrder() throws {
        let args = ["validate", "--format", "json", "a.json"] + files(100) + ["--kind", "inapp", "-"] + files(100, from: 100)
            + ["--allow-http", "b.json", "--", "--format", "-x"]
        let long = try #require(LongFileList.shorten(args))
        let valued: Set<String> = ["--format", "--kind"]
        // The options and the word after each are as typed.
        #expect(long.shortened.starts(with: ["validate", "--format", "json"]))
        #expect(long.shortened.contains("--kind") && long.shortened[long.shortened.firstIndex(of: "--kind")! + 1] == "inapp")
        let expected = ["a.json"] + files(100) + ["-"] + files(100, from: 100) + ["b.json", "--format", "-x"]
        #expect(long.restore(positionals(long.shortened, valued: valued)) == expected)
        #expect(positionals(args, valued: valued) == expected, "the helper reads the full line the same way")
    }

    @Test func aWordThatIsAFileNameIsNeverAMarker() throws {
        let args = ["validate"] + files(80) + ["pushsim-files-0"]
        let long = try #require(LongFileList.shorten(args))
        #expect(long.restore(positionals(long.shortened, valued: [])).last == "pushsim-files-0")
    }
}
