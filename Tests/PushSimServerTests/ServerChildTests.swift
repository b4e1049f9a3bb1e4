// pushsim-server's children (serve's check of a changed FILE, each MCP tool call) run the `pushsim` beside it, which
// starts faster than the server itself (Sources/pushsim/ServerExecutable.swift).

import Foundation
import Testing
@testable import PushSimServer

@Suite struct ServerChildTests {
    @Test func theServersChildrenRunThePushsimBesideIt() {
        let folder = (ChildRun.ownPath as NSString).deletingLastPathComponent
        #expect(ChildRun.executable == folder + "/pushsim")
    }
}
