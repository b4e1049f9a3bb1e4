// `pushsim mcp`'s server, in pushsim-server: a Model Context Protocol server on standard input and output
// (modelcontextprotocol/swift-sdk) whose tools validate, snapshot, play and list the samples. Each call runs the
// `pushsim` beside this binary (ChildRun.executable) as a child process with the command line the call's arguments make, so a hostile payload cannot take the server down and the server keeps
// serving; children get a temporary folder of their own as XDG_DATA_HOME and XDG_CACHE_HOME, removed after the call.

import ArgumentParser
import Foundation
import MCP
import PushSimApp
import PushSimEngine
import PushSimFiles

extension MCPCommand {
    func serveHere() throws {
        let executable = ChildRun.executable
        let runner = MCPRunner(executable: executable)
        guard let specs = MCPToolSpec.catalog(dump: runner.dumpHelp) else {
            fail(UserError("pushsim mcp: could not read the command line's own option definitions from \(executable)", exitCode: 1))
        }
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do { try await MCPServer(runner: runner, specs: specs).serve() } catch { failure.set("\(error)") }
            done.signal()
        }
        done.wait()
        if let message = failure.get() { fail(UserError("pushsim mcp: \(message)", exitCode: 1)) }
    }
}

/// The one error the server's task may end with, handed to the command's thread.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: String?
    func set(_ m: String) { lock.lock(); message = m; lock.unlock() }
    func get() -> String? { lock.lock(); defer { lock.unlock() }; return message }
}

struct MCPServer: Sendable {
    let runner: MCPRunner
    let specs: [MCPToolSpec]

    /// A string argument longer than this is refused (a payload larger than any input pushsim reads).
    static let maxArgumentBytes = InputFile.maxBytes

    func serve() async throws {
        let server = Server(name: "pushsim", version: PushSimVersion.current,
                            capabilities: .init(tools: .init(listChanged: false)))
        let tools = try specs.map { spec in
            Tool(name: spec.name, description: spec.description, inputSchema: try MCPServer.value(spec.inputSchema))
        }
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in try await self.call(params.name, params.arguments ?? [:]) }
        let transport = MCPLineTransport()
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        // Standard input has ended: the answers still being worked on are sent before the process ends.
        await transport.answers.waitUntilAnswered(limit: runner.timeLimit + 10)
    }

    static func value(_ json: JSONValue) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(json.jsonText().utf8))
    }

    func call(_ name: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
        guard let spec = specs.first(where: { $0.name == name }) else {
            throw MCPError.invalidParams("no tool named \"\(name)\"; the tools are \(specs.map(\.name).joined(separator: ", "))")
        }
        let input = try MCPInput(arguments, spec: spec)
        if name == "samples" { return samples() }
        let folder = try runner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = input.files
        if let payload = input.payload {
            let path = folder + "/payload.json"
            guard FileManager.default.createFile(atPath: path, contents: Data(payload.utf8)) else {
                throw MCPError.internalError("could not write the payload to \(path)")
            }
            files.append(path)
        }
        switch name {
        case "validate":
            guard !files.isEmpty else { throw MCPError.invalidParams("validate needs file (an array of paths) or payload (JSON text)") }
            let format = input.has("format") ? [] : ["--format", "json"]
            let run = await runner.run(["validate"] + format + input.commandLine + ["--"] + files, folder: folder)
            // 0 and 1 are answers (clean, findings); 2 and 64 are a file or an argument that could not be used.
            return .init(content: run.texts, isError: run.status > 1)
        case "render":
            guard files.count == 1 else { throw MCPError.invalidParams("render takes one payload: file (one path) or payload (JSON text)") }
            let run = await runner.run(["render"] + input.commandLine + ["--"] + files, folder: folder)
            // 0 is the filled payload (or not_sent); 1 is Liquid the server refuses; 2 and 64 an unusable file or argument.
            return .init(content: run.texts, isError: run.status != 0)
        case "snapshot":
            let png = folder + "/snapshot.png"
            let run = await runner.run(["snapshot", input.experience] + input.commandLine + ["-o", png] + (files.isEmpty ? [] : ["--"] + files), folder: folder)
            guard run.status == 0, let data = FileManager.default.contents(atPath: png) else { return .init(content: run.texts, isError: true) }
            return .init(content: [.image(data: data.base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil)] + run.texts, isError: false)
        case "play":
            let events = folder + "/events.jsonl", frames = folder + "/frames.txt"
            let size = input.size.map { ["--size", $0] } ?? []
            let run = await runner.run([input.experience, "--headless"] + size + input.commandLine
                                       + ["--events", events, "--frames", frames] + (files.isEmpty ? [] : ["--"] + files), folder: folder)
            guard run.status == 0 else { return .init(content: run.texts, isError: true) }
            let played = MCPPlayResult(events: MCPRunner.read(events), frames: MCPRunner.read(frames))
            return .init(content: [.text(text: played.json, annotations: nil, _meta: nil),
                                   .text(text: played.finalFrame, annotations: nil, _meta: nil)] + run.texts, isError: false)
        default:
            throw MCPError.invalidParams("no tool named \"\(name)\"")
        }
    }

    func samples() -> CallTool.Result {
        let list = SampleCatalog.all(resources: Resources.locate(), terminalColors: 0).map { s -> JSONValue in
            ["experience": .string(s.experience.rawValue), "title": .string(s.title), "summary": .string(s.summary),
             "keys": .string(s.keys), "command": .string(s.command)]
        }
        return .init(content: [.text(text: JSONValue.array(list).jsonText(), annotations: nil, _meta: nil)], isError: false)
    }
}

/// A call's arguments checked against its tool: unknown names, wrong types and oversized values are refused as
/// invalid parameters (a JSON-RPC error), before anything runs.
struct MCPInput {
    var commandLine: [String] = []
    var files: [String] = []
    var payload: String?
    var experience = ""
    var size: String?
    var given: Set<String> = []

    func has(_ name: String) -> Bool { given.contains(name) }

    init(_ arguments: [String: Value], spec: MCPToolSpec) throws {
        let extra = Set(spec.extra.map(\.0))
        for name in spec.required where arguments[name] == nil {
            throw MCPError.invalidParams("\(spec.name): the argument \(name) is required")
        }
        for (name, value) in arguments.sorted(by: { $0.key < $1.key }) {
            given.insert(name)
            if value == .null { continue }
            if extra.contains(name) {
                switch name {
                case "file": files = try MCPInput.strings(value, name, spec)
                case "payload": payload = try MCPInput.string(value, name, spec)
                case "size": size = try MCPInput.string(value, name, spec)
                case "experience":
                    experience = try MCPInput.string(value, name, spec)
                    guard ["stories", "primer", "inbox", "inapp"].contains(experience) else {
                        throw MCPError.invalidParams("\(spec.name): experience must be stories, primer, inbox or inapp (got \"\(experience.prefix(40))\")")
                    }
                default: break
                }
                continue
            }
            guard let a = spec.arguments.first(where: { $0.name == name }) else {
                let known = (spec.extra.map(\.0) + spec.arguments.map(\.name)).joined(separator: ", ")
                throw MCPError.invalidParams("\(spec.name): no argument named \"\(name.prefix(60))\"; it takes \(known.isEmpty ? "none" : known)")
            }
            switch a.kind {
            case .flag:
                guard case .bool(let on) = value else { throw MCPError.invalidParams("\(spec.name): \(name) must be true or false") }
                if on { commandLine.append("--" + name) }
            case .option, .positional:
                let values = a.repeating ? try MCPInput.strings(value, name, spec) : [try MCPInput.string(value, name, spec)]
                for v in values {
                    if !a.values.isEmpty, !a.values.contains(v) {
                        throw MCPError.invalidParams("\(spec.name): \(name) must be one of \(a.values.joined(separator: ", ")) (got \"\(v.prefix(40))\")")
                    }
                    commandLine += ["--" + name, v]
                }
            }
        }
    }

    /// A string (numbers and booleans given for a text option are taken as their JSON text).
    static func string(_ value: Value, _ name: String, _ spec: MCPToolSpec) throws -> String {
        let s: String
        switch value {
        case .string(let v): s = v
        case .int(let v): s = String(v)
        case .double(let v): s = JSONValue.number(v).jsonText()
        case .bool(let v): s = v ? "true" : "false"
        default: throw MCPError.invalidParams("\(spec.name): \(name) must be a string")
        }
        guard s.utf8.count <= MCPServer.maxArgumentBytes else {
            throw MCPError.invalidParams("\(spec.name): \(name) is \(s.utf8.count) bytes; at most \(MCPServer.maxArgumentBytes) (write it to a file and pass its path)")
        }
        return s
    }

    static func strings(_ value: Value, _ name: String, _ spec: MCPToolSpec) throws -> [String] {
        guard case .array(let list) = value else { return [try string(value, name, spec)] }
        guard list.count <= 10_000 else { throw MCPError.invalidParams("\(spec.name): \(name) has \(list.count) entries; at most 10000") }
        return try list.map { try string($0, name, spec) }
    }
}

/// What a play returns: every event, and the last frame the run wrote.
struct MCPPlayResult {
    var events: [JSONValue]
    var finalFrame: String

    init(events: String, frames: String) {
        self.events = events.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        // Each frame starts with a line `--- t=SECONDS ---`: the last frame is what follows the last such line.
        let lines = frames.split(separator: "\n", omittingEmptySubsequences: false)
        if let start = lines.lastIndex(where: { $0.hasPrefix("--- t=") }) {
            finalFrame = lines[start...].joined(separator: "\n")
        } else {
            finalFrame = frames
        }
    }

    var json: String {
        JSONValue.object(["events": .array(events), "final_frame": .string(finalFrame)]).jsonText()
    }
}
