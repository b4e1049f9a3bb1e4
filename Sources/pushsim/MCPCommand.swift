// `pushsim mcp`: a Model Context Protocol server on standard input and output (modelcontextprotocol/swift-sdk) whose
// tools validate, snapshot, play and list the samples. Its options and checks are here; the server itself runs in
// pushsim-server (Sources/PushSimServer/MCPServer.swift; ServerExecutable says why).

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve pushsim's tools (validate, snapshot, play, samples) to an AI agent over the Model Context Protocol on standard input and output.",
        discussion: """
        Configure it in an MCP client as the command `pushsim mcp` (docs/integrations.md). Each tool's input schema is \
        made from the command line's own options; a call runs that command line in a child process. A call writes \
        nothing outside the paths its arguments name: a play's store, events and frames and a snapshot's PNG go to a \
        temporary folder removed after the call. The server ends when standard input closes, once every request it has read is answered.
        """
    )

    func run() throws {
        #if PUSHSIM_SERVER
        try serveHere()
        #else
        ServerExecutable.run()
        #endif
    }
}
