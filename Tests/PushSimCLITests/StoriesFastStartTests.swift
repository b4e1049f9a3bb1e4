// `pushsim stories FILE` in its plain form, started without swift-argument-parser's parse: the values it reads are
// the values the parse gives, for every plain form; every other command line is left to the parse.

import ArgumentParser
import Foundation
import Testing
import PushSimFiles
@testable import pushsim

@Suite struct StoriesFastStartTests {
    /// The values the parse gives for `arguments` (with the command's name first).
    private func parsed(_ arguments: [String]) throws -> StoriesCommand {
        try #require(try StoriesCommand.parseAsRoot(Array(arguments.dropFirst())) as? StoriesCommand)
    }

    /// Every leaf of a value, by its path, as text (nested values walked; optionals and arrays as they print).
    private func leaves(_ value: Any, _ path: String = "") -> [String: String] {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct, !mirror.children.isEmpty else { return [path: "\(value)"] }
        var out: [String: String] = [:]
        for child in mirror.children {
            out.merge(leaves(child.value, path + "." + (child.label ?? "?"))) { a, _ in a }
        }
        return out
    }

    /// A value each option of the plain form takes that is not its default, and that the parse's checks accept.
    static let samples: [String: String] = [
        "--pixels": "sixel", "--app-group": "group", "--store": "s.sqlite", "--device": "iphone-se", "--sdk": "7.1.3",
        "--app-name": "Shop", "--record": "r.cast", "--size": "40x20", "--frames": "f.txt", "--colors": "256",
        "--symbols": "block", "--script": "wait 1; tap right", "--script-file": "s.txt", "--events": "e.jsonl",
    ]

    /// Every plain form from one option at a time (each way of giving its value) to all of them at once.
    static let plainForms: [[String]] = {
        var forms: [[String]] = [["stories", "one.json"], ["stories", "a b.json"], ["stories", "./dir/one.apns"]]
        for (name, takesValue) in StoriesFastStart.options.sorted(by: { $0.key < $1.key }) {
            if takesValue, let v = samples[name] {
                forms.append(["stories", "one.json", name, v])
                forms.append(["stories", "one.json", "\(name)=\(v)"])
            } else {
                forms.append(["stories", "one.json", name])
            }
        }
        // --script and --script-file exclude each other (the parse refuses both): --script stands for the two.
        let all = StoriesFastStart.options.filter { $0.key != "--script-file" }.sorted(by: { $0.key < $1.key }).map { name, takesValue in
            takesValue ? [name, samples[name] ?? ""] : [name]
        }
        forms.append(["stories", "one.json"] + all.joined())
        forms.append(["stories", "one.json"] + all.reversed().joined())
        forms += [
            ["stories", "one.json", "--pixels", "off"], ["stories", "one.json", "--pixels", "KITTY"],
            ["stories", "one.json", "--pixels=iterm", "--device", "390x844"],
            ["stories", "one.json", "--app-name=-dash", "--record=-"], ["stories", "one.json", "--sdk", "7.2.9", "--watch", "--bell"],
            ["stories", "one.json", "--headless", "--size", "80x40", "--app-group", "g", "--frames", "-"],
            ["stories", "one.json", "--headless", "--script", "wait 1; tap right", "--events", "-", "--colors", "mono"],
            ["stories", "one.json", "--headless", "--script-file", "s.txt", "--symbols", "block+border"],
            ["stories", "one.json", "--record", "-"], ["stories", "one.json", "--size", "10x10", "--pixels", "sixel"],
        ]
        return forms
    }()

    @Test(arguments: plainForms)
    func thePlainFormReadsTheValuesTheParseGives(_ arguments: [String]) throws {
        let fast = try #require(StoriesFastStart.values(arguments), "\(arguments)")
        let command = try parsed(arguments)
        #expect(fast == command.values, "\(arguments)")
        // And the overlap check sees the same paths, in the same order, as it finds in the parsed command.
        var ins: [OutputOverlap.Use] = [], outs: [OutputOverlap.Use] = []
        OutputOverlapCheck.collectForTesting(command, inputs: &ins, outputs: &outs, useTables: true)
        #expect(fast.overlapUses.inputs == ins, "\(arguments)")
        #expect(fast.overlapUses.outputs == outs, "\(arguments)")
    }

    /// The values' defaults are the options' defaults, field by field (a default changed on one side only fails here).
    @Test func theDefaultsAreTheOptionsDefaults() throws {
        let command = try parsed(["stories", "one.json"])
        #expect(StoriesCommand.Values(file: "one.json") == command.values)
        #expect(leaves(StoriesCommand.Values(file: "one.json")) == leaves(command.values))
    }

    /// Every option of `stories` reaches its field of the values: with each given a value other than its default,
    /// no leaf of the values is left at its default (a field the `values` property forgets fails here).
    @Test func everyOptionReachesTheValues() throws {
        let arguments = [
            "stories", "one.json", "--aspect-ratio", "2", "--haptics", "--long-press-pause", "--crossfade", "--loop",
            "--reduce-motion", "--app-group", "g", "--notification", "1", "--collapsed", "--app-name", "Shop",
            "--sdk", "7.1.3", "--ios", "18", "--app-compat", "--image-delay", "2", "--extension-category", "X",
            "--allow-http", "--no-service-extension", "--language", "de", "--tags", "t.json", "--device-index", "1",
            "--raw-placeholders", "--image-timeout", "3", "--image-max-mb", "4", "--script-file", "s.txt",
            "--events", "e.jsonl", "--store", "s.sqlite", "--headless", "--size", "40x20", "--frames", "f.txt",
            "--symbols", "block", "--colors", "256", "--record", "r.cast", "--pixels", "sixel", "--watch",
            "--events-pane", "--bell", "--device", "iphone-se",
        ]
        let given = leaves(try parsed(arguments).values)
        let defaults = leaves(StoriesCommand.Values(file: "one.json"))
        #expect(Set(given.keys) == Set(defaults.keys))
        // --script and --script-file exclude each other: --script is checked on its own.
        let unchanged = defaults.filter { given[$0.key] == $0.value && $0.key != ".stories.file" && $0.key != ".stories.script.script" }
        #expect(unchanged.isEmpty, "fields the options did not reach: \(unchanged.keys.sorted())")
        #expect(try parsed(["stories", "one.json", "--script", "wait 1"]).values.stories.script.script == "wait 1")
    }

    @Test(arguments: [
        [], ["stories"], ["inbox", "feed.json"], ["stories", "-"], ["stories", ""], ["stories", "--pixels", "sixel", "one.json"],
        ["stories", "one.json", "--headless", "--collapsed"], ["stories", "one.json", "--headless", "--script", "-1"],
        ["stories", "one.json", "--events-pane"], ["stories", "one.json", "--aspect-ratio", "2"],
        ["stories", "one.json", "--tags", "t.json"], ["stories", "one.json", "--headless=yes"], ["stories", "one.json", "--app-group="],
        ["stories", "one.json", "--help"], ["stories", "one.json", "-h"], ["stories", "one.json", "--version"],
        ["stories", "one.json", "--"], ["stories", "one.json", "extra.json"], ["stories", "one.json", "--pixels"],
        ["stories", "one.json", "--loop=yes"], ["stories", "one.json", "--loop", "--loop"],
        ["stories", "one.json", "--pixels", "sixel", "--pixels", "kitty"], ["stories", "one.json", "--app-name", "--loop"],
        ["stories", "one.json", "--generate-completion-script", "bash"],
        // Values the parse's checks refuse: the parse reports them, in its words.
        ["stories", "one.json", "--pixels", "nonsense"], ["stories", "one.json", "--device", "nokia"],
        ["stories", "one.json", "--sdk", "9.9.9"], ["stories", "one.json", "--app-name", ""],
        ["stories", "one.json", "--device", "10x10"], ["stories", "one.json", "--size", "0x0"],
        ["stories", "one.json", "--colors", "many"], ["stories", "one.json", "--symbols", "nonsense"],
        ["stories", "one.json", "--script", "wait 1", "--script-file", "s.txt"],
    ])
    func everyOtherCommandLineIsLeftToTheParse(_ arguments: [String]) {
        #expect(StoriesFastStart.values(arguments) == nil)
    }

    /// Random command lines of the plain form's options (some values refused, some repeated, some in the wrong
    /// place): whenever the plain start takes one, the parse takes it too and gives the same values; whenever the
    /// parse refuses one, the plain start has left it to the parse.
    @Test func randomCommandLinesAgreeWithTheParse() throws {
        var rng = Seeded(seed: 40)
        let names = StoriesFastStart.options.keys.sorted()
        // No refused --sdk here: its check ends the process with its sentence (exit 2), as it does for a user.
        let values = ["sixel", "kitty", "off", "auto", "bogus", "iphone-se", "nokia", "7.1.3", "Shop", "", "g", "x.cast",
                      "-", "80x24", "0x0", "256", "block", "wait 1", "-x"]
        for _ in 0..<250 {
            var arguments = ["stories", "one.json"]
            for _ in 0..<Int(rng.next() % 5) {
                let name = names[Int(rng.next() % UInt64(names.count))]
                if name == "--sdk" { arguments += [name, "7.2.9"]; continue }
                arguments.append(name)
                if StoriesFastStart.options[name] == true {
                    let v = values[Int(rng.next() % UInt64(values.count))]
                    if rng.next() % 2 == 0 { arguments[arguments.count - 1] += "=" + v } else { arguments.append(v) }
                }
            }
            let fast = StoriesFastStart.values(arguments)
            let command = try? StoriesCommand.parseAsRoot(Array(arguments.dropFirst())) as? StoriesCommand
            if let fast {
                let command = try #require(command, "\(arguments): the plain start took what the parse refuses")
                #expect(fast == command.values, "\(arguments)")
            }
            if command == nil { #expect(fast == nil, "\(arguments)") }
        }
    }
}

/// A small seeded generator (Knuth's MMIX constants), so the random command lines are the same on every run.
private struct Seeded {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
}
