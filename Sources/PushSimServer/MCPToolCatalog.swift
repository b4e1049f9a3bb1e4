// The tools `pushsim mcp` offers (validate, snapshot, play, render, samples): each one's input schema made from the command
// line's own option definitions (swift-argument-parser's --experimental-dump-help of that command), and each call
// turned back into that command line.

import Foundation
import PushSimEngine

/// One command-line argument as swift-argument-parser describes it (ToolInfoV0's ArgumentInfoV0).
struct CLIArgument: Sendable, Equatable {
    enum Kind: String, Sendable { case positional, option, flag }
    var kind: Kind
    /// The long name without dashes (`format`); a positional's value name (`file`).
    var name: String
    var help: String
    var repeating: Bool
    var optional: Bool
    var values: [String]
    var defaultValue: String?

    /// The arguments of one command in `dump` (the JSON --experimental-dump-help prints), following `path` through
    /// its subcommands (`["stories"]` under snapshot).
    static func parse(dump: Data, path: [String] = []) -> [CLIArgument]? {
        guard case .object(let root)? = try? JSONParser.parse(bytes: Array(dump)), var command = root["command"]?.objectValue else { return nil }
        for name in path {
            guard let sub = command["subcommands"]?.arrayValue?.compactMap(\.objectValue).first(where: { $0["commandName"]?.stringValue == name }) else { return nil }
            command = sub
        }
        return (command["arguments"]?.arrayValue ?? []).compactMap { value -> CLIArgument? in
            guard let a = value.objectValue, let kind = a["kind"]?.stringValue.flatMap(Kind.init(rawValue:)) else { return nil }
            let long = a["names"]?.arrayValue?.compactMap(\.objectValue).first { $0["kind"]?.stringValue == "long" }?["name"]?.stringValue
            guard let name = kind == .positional ? a["valueName"]?.stringValue : (long ?? a["preferredName"]?["name"]?.stringValue) else { return nil }
            return CLIArgument(kind: kind, name: name, help: a["abstract"]?.stringValue ?? "",
                               repeating: a["isRepeating"]?.boolValue ?? false, optional: a["isOptional"]?.boolValue ?? true,
                               values: a["allValues"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                               defaultValue: a["defaultValue"]?.stringValue)
        }
    }

    /// This argument as a JSON Schema property.
    var schema: JSONValue {
        var o = JSONObject()
        switch kind {
        case .flag:
            o["type"] = "boolean"
        case .option, .positional:
            var item: JSONObject = ["type": "string"]
            if !values.isEmpty { item["enum"] = .array(values.map { .string($0) }) }
            if repeating { o["type"] = "array"; o["items"] = .object(item) } else { o = item }
        }
        var description = help
        if let defaultValue, !defaultValue.isEmpty { description += " (default: \(defaultValue))" }
        o["description"] = .string(description)
        return .object(o)
    }
}

/// What a tool takes and how it becomes a command line.
struct MCPToolSpec: Sendable {
    var name: String
    var description: String
    /// The command-line arguments the tool's input holds, by property name.
    var arguments: [CLIArgument]
    /// Properties the tool adds of its own (`payload`, `experience`), with their schemas.
    var extra: [(String, JSONValue)]
    var required: [String]

    var inputSchema: JSONValue {
        var properties = JSONObject()
        for (name, schema) in extra { properties[name] = schema }
        for a in arguments where properties[a.name] == nil { properties[a.name] = a.schema }
        var o: JSONObject = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { o["required"] = .array(required.map { .string($0) }) }
        return .object(o)
    }

    /// Options a tool never passes on: the terminal's, help, and those whose files the server itself chooses (so a
    /// call writes nowhere but the paths it names and the server's own temporary folder).
    static let withheld: Set<String> = [
        "help", "version", "headless", "events", "frames", "output", "record", "watch", "socket", "pixels", "symbols",
        "colors", "demo", "events-pane", "bell", "dump", "store", "report", "experimental-dump-help",
    ]

    /// The tools, from the dumps of validate, snapshot's and each experience command's arguments (`dump(command
    /// path)`); nil when a dump cannot be read.
    static func catalog(dump: (String) -> Data?) -> [MCPToolSpec]? {
        func arguments(_ command: String, _ path: [String] = []) -> [CLIArgument]? {
            guard let data = dump(command) else { return nil }
            return CLIArgument.parse(dump: data, path: path)?.filter { !withheld.contains($0.name) }
        }
        let experiences = ["stories", "primer", "inbox", "inapp"]
        guard let validate = arguments("validate"), let render = arguments("render") else { return nil }
        var snapshots: [(experience: String, arguments: [CLIArgument])] = []
        var plays: [(experience: String, arguments: [CLIArgument])] = []
        for e in experiences {
            guard let s = arguments("snapshot", [e]), let p = arguments(e) else { return nil }
            snapshots.append((e, s.filter { $0.kind != .positional }))
            plays.append((e, p.filter { $0.kind != .positional && $0.name != "size" }))
        }
        let snapshot = merged(snapshots)
        let play = merged(plays)
        let experience: JSONValue = ["type": "string", "enum": .array(experiences.map { .string($0) }),
                                     "description": "Which experience: stories, primer, inbox or inapp."]
        let payload: JSONValue = ["type": "string", "description": "A payload's JSON text (written to a temporary file the call deletes), instead of or beside file."]
        let files: JSONValue = ["type": "array", "items": ["type": "string"], "description": "Payload files on this machine."]
        return [
            MCPToolSpec(name: "validate",
                        description: "Lint Pushwoosh payloads (stories, inbox, primer, banner, native in-app) as the iOS SDK reads them: each finding's severity, JSON path, line and column, and sentence. The result is validate's JSON (or the format asked for) and its exit status (0 clean, 1 errors, 2 unreadable).",
                        arguments: validate.filter { $0.kind != .positional }, extra: [("file", files), ("payload", payload)], required: []),
            MCPToolSpec(name: "snapshot",
                        description: "Draw one moment of an experience at phone resolution and return it as a PNG image. Options are snapshot's (each says which experiences take it).",
                        arguments: snapshot, extra: [("experience", experience), ("file", files), ("payload", payload)], required: ["experience"]),
            MCPToolSpec(name: "play",
                        description: "A headless run of an experience on the simulated clock: the script's steps in (wait, tap, key, click…), every event (JSON Lines) and the final text frame out.",
                        arguments: play, extra: [
                            ("experience", experience), ("file", files), ("payload", payload),
                            ("size", ["type": "string", "pattern": "^[0-9]+x[0-9]+$", "description": "The screen in cells, WxH (default 80x24)."]),
                        ], required: ["experience"]),
            MCPToolSpec(name: "render",
                        description: "What one device receives after personalisation: for a push (a createMessage request or notification) the APNs userInfo after Pushwoosh's server filled its Liquid and Dynamic Content from the device's tags, for a native in-app config or campaign ZIP the config after the device filled it. A device the server sends nothing gets {\"not_sent\":…}; Liquid the server refuses is an error naming the field, line and column.",
                        arguments: render.filter { $0.kind != .positional }, extra: [("file", files), ("payload", payload)], required: []),
            MCPToolSpec(name: "samples",
                        description: "The bundled samples: each one's experience, title, what it shows, its keys and the command line that opens it.",
                        arguments: [], extra: [], required: []),
        ]
    }

    /// One property per option over the experiences' lists, its description saying which experiences take it
    /// (`[for stories, inbox] …`); an experience that does not take it refuses it with its usual error.
    static func merged(_ lists: [(experience: String, arguments: [CLIArgument])]) -> [CLIArgument] {
        var order: [String] = []
        var first: [String: CLIArgument] = [:]
        var takers: [String: [String]] = [:]
        for (experience, arguments) in lists {
            for a in arguments {
                if first[a.name] == nil { first[a.name] = a; order.append(a.name) }
                takers[a.name, default: []].append(experience)
            }
        }
        return order.compactMap { name in
            guard var a = first[name] else { return nil }
            if let who = takers[name], who.count < lists.count { a.help = "[for \(who.joined(separator: ", "))] " + a.help }
            return a
        }
    }
}
