// Before any command runs: refuse outputs that are one of its inputs or another of its outputs (OutputOverlap).

import ArgumentParser
import PushSimApp
import PushSimFiles

/// Every command's paths, found by property name through its option groups, so a new command or option group is
/// covered without a call of its own: `--events`, `--frames`, `-o`, `--report`, `--record`, `--junit` are written;
/// `FILE`, `--config`, `--script-file`, `--store`, `--push`, `--image` are read (the store is also written: an output
/// over it would destroy it too).
enum OutputOverlapCheck {
    static let written: [String: String] = [
        "events": "--events", "frames": "--frames", "output": "-o", "report": "--report", "record": "--record", "junit": "--junit",
    ]
    static let read: [String: String] = [
        "file": "FILE", "files": "FILE", "config": "--config", "scriptFile": "--script-file", "store": "--store",
        "push": "--push", "image": "--image",
    ]

    /// Exits with the one sentence (status 2) when `command`'s outputs overlap.
    static func check(_ command: any ParsableCommand) {
        var ins: [OutputOverlap.Use] = [], outs: [OutputOverlap.Use] = []
        collect(command, inputs: &ins, outputs: &outs, depth: 0)
        if let problem = OutputOverlap.problem(inputs: ins, outputs: outs) { fail(UserError(problem, exitCode: 2)) }
    }

    /// Walks the stored properties: `Option`, `Argument` and `OptionGroup` keep what was parsed in `_parsedValue`, an
    /// enum whose `value` case holds it (a property never parsed holds a `definition` and is skipped). Only the
    /// wrappers of properties named like a path and of option groups are looked into: a `Mirror` of every wrapper
    /// (each flag and number too) cost 20 M instructions of a 167 M first frame, in the protocol-conformance lookup
    /// each new wrapper type costs once; a type's name is cached by the runtime.
    private static func collect(_ value: Any, inputs: inout [OutputOverlap.Use], outputs: inout [OutputOverlap.Use], depth: Int) {
        guard depth < 6 else { return }
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            let group = _typeName(type(of: child.value), qualified: true).hasPrefix("ArgumentParser.OptionGroup<")
            guard group || written[name] != nil || read[name] != nil else { continue }
            guard let parsed = Mirror(reflecting: child.value).children.first(where: { $0.label == "_parsedValue" })?.value,
                  let held = Mirror(reflecting: parsed).children.first, held.label == "value" else { continue }
            if group {
                collect(held.value, inputs: &inputs, outputs: &outputs, depth: depth + 1)
                continue
            }
            let paths: [String]
            switch held.value {
            case let s as String: paths = [s]
            case let s as String?: paths = s.map { [$0] } ?? []
            case let s as [String]: paths = s
            default: continue
            }
            if let option = written[name] { outputs += paths.map { OutputOverlap.Use(option, $0) } }
            else if let option = read[name] { inputs += paths.map { OutputOverlap.Use(option, $0) } }
        }
    }
}
