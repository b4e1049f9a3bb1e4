// The home screen's command lines name the bundled files where this pushsim really has them (issue 39): an
// installed binary's samples are under $PREFIX/share/pushsim, not in a Resources/ folder of the current directory.

import Foundation
import Testing
@testable import PushSimApp

@Suite struct ResourcesShownTests {
    @Test func theSourceTreesSamplesAreNamedRelative() {
        let r = Resources(root: "/src/pushsim/Resources")
        #expect(r.shown("stories/spring-sale.json", currentDirectory: "/src/pushsim") == "Resources/stories/spring-sale.json")
        #expect(r.shown("stories/spring-sale.json", currentDirectory: "/src/pushsim/") == "Resources/stories/spring-sale.json")
    }

    @Test func anInstalledPushsimsSamplesAreNamedByTheirFullPath() {
        let r = Resources(root: "/usr/local/share/pushsim")
        #expect(r.shown("stories/spring-sale.json", currentDirectory: "/home/me") == "/usr/local/share/pushsim/stories/spring-sale.json")
        // Another folder's Resources/ is not the samples': the full path again.
        let tree = Resources(root: "/src/pushsim/Resources")
        #expect(tree.shown("inbox/mixed.json", currentDirectory: "/tmp") == "/src/pushsim/Resources/inbox/mixed.json")
    }

    @Test func everySamplesCommandNamesAFileThatExists() throws {
        let r = Resources.locate()
        let samples = SampleCatalog.storiesSamples(r) + SampleCatalog.inboxSamples(r) + SampleCatalog.primerSamples(r) + SampleCatalog.nativeInAppSamples(r)
        for s in samples {
            for word in s.command.split(separator: " ") where word.hasSuffix(".json") && !word.hasPrefix("--") {
                let path = word.hasPrefix("/") ? String(word) : FileManager.default.currentDirectoryPath + "/" + word
                #expect(FileManager.default.fileExists(atPath: path), "\(s.title): \(word)")
            }
        }
    }
}
