// Where `pushsim serve` and `pushsim mcp` find pushsim-server (Sources/pushsim/ServerExecutable.swift).

import Foundation
import Testing
@testable import pushsim

@Suite struct ServerExecutableTests {
    @Test func theServerIsBesidePushsimOrWhereMakeInstallPutsIt() {
        #expect(ServerExecutable.candidates(folder: "/work/.build/release")
                == ["/work/.build/release/pushsim-server", "/work/.build/lib/pushsim/pushsim-server"])
        // tools/install.sh: PREFIX/bin/pushsim and PREFIX/lib/pushsim/pushsim-server.
        #expect(ServerExecutable.candidates(folder: "/usr/local/bin")[1] == "/usr/local/lib/pushsim/pushsim-server")
    }

    @Test func theBuildFolderHasTheServerBesidePushsim() {
        // The test bundle is built into the same folder as both executables (swift build builds every product).
        let folder = (ChildRun.ownPath as NSString).deletingLastPathComponent
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/pushsim"))
        #expect(ServerExecutable.path == folder + "/pushsim-server")
    }

    @Test func pushsimsChildrenAreItself() {
        // Only pushsim-server looks for another pushsim to run (ServerExecutableChildTests).
        #expect(ChildRun.executable == ChildRun.ownPath)
    }
}
