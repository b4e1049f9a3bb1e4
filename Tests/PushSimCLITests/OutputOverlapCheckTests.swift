// The overlap check reads every command's paths through its tables, never through the slower Mirror fallback, and
// finds the same paths either way.

import ArgumentParser
import Foundation
import PushSimFiles
import Testing
@testable import pushsim

@Suite struct OutputOverlapCheckTests {
    /// Every command pushsim has, with its subcommands (record's and serve's generic ones among them).
    static func allCommands(_ types: [ParsableCommand.Type] = CommandRegistry.all) -> [ParsableCommand.Type] {
        types.flatMap { [$0] + allCommands($0.configuration.subcommands) }
    }

    /// The wrappers of every path-named property and option group reachable from `type`, as (property, type name),
    /// read from a fresh instance (argument-parser builds one the same way to learn a command's options).
    private func wrappers(of type: any ParsableArguments.Type, depth: Int = 0) -> [(label: String, typeName: String, group: (any ParsableArguments.Type)?)] {
        guard depth < 6 else { return [] }
        var found: [(String, String, (any ParsableArguments.Type)?)] = []
        for child in Mirror(reflecting: type.init()).children {
            guard let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            let typeName = _typeName(Swift.type(of: child.value), qualified: true)
            if typeName.hasPrefix("ArgumentParser.OptionGroup<") {
                let group = OutputOverlapCheck.groupReaders[typeName]?.group
                found.append((name, typeName, group))
                if let group { found += wrappers(of: group, depth: depth + 1) }
            } else if OutputOverlapCheck.written[name] != nil || OutputOverlapCheck.read[name] != nil {
                found.append((name, typeName, nil))
            }
        }
        return found
    }

    @Test func everyOptionGroupOfEveryCommandIsInTheTable() {
        var groups = 0
        for command in Self.allCommands() {
            for w in wrappers(of: command) where w.typeName.hasPrefix("ArgumentParser.OptionGroup<") {
                groups += 1
                #expect(w.group != nil, "\(command): the option group \(w.typeName) (property \(w.label)) is missing from OutputOverlapCheck.groupReaders")
            }
        }
        #expect(groups > 30)
    }

    @Test func everyPathPropertyOfEveryCommandHasAReader() {
        var paths = 0
        for command in Self.allCommands() {
            for w in wrappers(of: command) where !w.typeName.hasPrefix("ArgumentParser.OptionGroup<") {
                // A property named like a path but holding no path (a flag, a number) is skipped by the check.
                guard w.typeName.contains("Swift.String") else { continue }
                paths += 1
                #expect(OutputOverlapCheck.pathReaders[w.typeName] != nil, "\(command).\(w.label): \(w.typeName) is missing from OutputOverlapCheck.pathReaders")
            }
        }
        #expect(paths > 20)
    }

    /// The table's keys are spelt by hand from the group's name (so that naming them instantiates nothing): each is
    /// the runtime's own name for the wrapper type.
    @Test func theGroupKeysAreTheRuntimesNames() {
        func name<G: ParsableArguments>(_: G.Type) -> String { _typeName(OptionGroup<G>.self, qualified: true) }
        for (key, reader) in OutputOverlapCheck.groupReaders {
            #expect(name(reader.group) == key)
        }
    }

    /// The tables read what `Mirror` reads, for a parsed command with paths in groups, arguments and options.
    @Test func theTablesReadWhatMirrorReads() throws {
        let vectors: [[String]] = [
            ["stories", "one.json", "--headless", "--frames", "f.txt", "--events", "e.jsonl", "--store", "s.sqlite", "--script-file", "steps.txt"],
            ["inbox", "a.json", "b.json", "--headless", "--frames", "-", "--store", "s.sqlite"],
            ["record", "stories", "one.json", "--script-file", "s.txt", "-o", "r.webp"],
            ["snapshot", "stories", "one.json", "-o", "p.png", "--matrix", "language=en,de", "--report", "r.md"],
            ["primer", "walkthrough", "--headless", "--report", "r.md", "--junit", "j.xml", "--config", "c.json"],
        ]
        for argv in vectors {
            let command = try #require(SubcommandParse.command(argv), "\(argv) did not parse")
            var fast = ([OutputOverlap.Use](), [OutputOverlap.Use]())
            OutputOverlapCheck.collectForTesting(command, inputs: &fast.0, outputs: &fast.1, useTables: true)
            var slow = ([OutputOverlap.Use](), [OutputOverlap.Use]())
            OutputOverlapCheck.collectForTesting(command, inputs: &slow.0, outputs: &slow.1, useTables: false)
            #expect(fast.0 == slow.0 && fast.1 == slow.1, "\(argv)")
            #expect(!fast.1.isEmpty, "\(argv): no output found")
        }
    }
}
