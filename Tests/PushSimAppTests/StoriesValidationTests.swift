// `pushsim validate` for stories: severities, exit statuses, local image checks and the three formats.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct StoriesValidationTests {
    func temp(_ text: String, name: String = UUID().uuidString + ".json") throws -> String {
        let dir = NSTemporaryDirectory() + "pushsim-validate-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: dir + "images", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "images/here.jpg", contents: Data([0xFF, 0xD8]))
        try text.write(toFile: dir + name, atomically: true, encoding: .utf8)
        return dir + name
    }

    @Test func cleanPayloadIsOK() throws {
        let p = try temp(#"{"pages":[{"image":"file:images/here.jpg"},{"image":"https://x/y.jpg"}]}"#)
        let r = StoriesValidation.check(p)
        #expect(r.findings.isEmpty)
        #expect(r.summary == "stories payload (pw_stories block), 2 valid pages")
        #expect(StoriesValidation.exitStatus([r]) == 0)
        #expect(StoriesValidation.text([r]).hasSuffix(": ok (stories payload (pw_stories block), 2 valid pages)\n1 file checked: 0 errors, 0 warnings\n"))
    }

    @Test func droppedPagesAreWarningsAndNoPagesIsAnError() throws {
        let some = StoriesValidation.check(try temp(#"{"pages":[{"image":"nope"},{"image":"https://x"}]}"#))
        #expect(some.findings.map(\.severity) == [.warning])
        #expect(StoriesValidation.exitStatus([some]) == 0)
        let none = StoriesValidation.check(try temp(#"{"pages":[{"image":"nope"}]}"#))
        #expect(none.findings.map(\.severity) == [.warning, .error])
        #expect(StoriesValidation.exitStatus([some, none]) == 1)
    }

    @Test func unreadableOrNotJSONExitsTwo() throws {
        let bad = StoriesValidation.check(try temp("{nope"))
        #expect(bad.unreadable)
        #expect(bad.findings[0].message.hasPrefix("not valid JSON: line 1, column 2"))
        let missing = StoriesValidation.check("/nonexistent/x.json")
        #expect(StoriesValidation.exitStatus([missing, bad]) == 2)
        let notStories = StoriesValidation.check(try temp(#"{"hello":1}"#))
        #expect(!notStories.unreadable)
        #expect(StoriesValidation.exitStatus([notStories]) == 1)
    }

    @Test func missingLocalImagesAreWarnings() throws {
        let p = try temp(#"{"pages":[{"image":"file:images/here.jpg"},{"image":"file:../images/gone.jpg"},{"image":"file:///nonexistent/abs.png"}]}"#)
        let r = StoriesValidation.check(p)
        #expect(r.findings.map(\.path) == ["pages[1].image", "pages[2].image"])
        #expect(r.findings[1].message.contains("/nonexistent/abs.png"))
        #expect(StoriesValidation.localPath(of: "file://localhost/a/b%20c.jpg", payloadPath: "/x/p.json") == "/a/b c.jpg")
        #expect(StoriesValidation.localPath(of: "file:img/a.jpg", payloadPath: "/x/y/p.json") == "/x/y/img/a.jpg")
        #expect(StoriesValidation.localPath(of: "https://a/b.jpg", payloadPath: "/x/p.json") == nil)
    }

    // `pushsim validate 3<promo.json /dev/fd/3`: the payload's relative images are looked for beside promo.json.
    @Test func aPayloadReadThroughADescriptorResolvesImagesBesideItsFile() throws {
        let p = try temp(#"{"pages":[{"image":"file:gone.jpg"}]}"#)
        let fd = open(p, O_RDONLY)
        defer { close(fd) }
        let r = StoriesValidation.check("/dev/fd/\(fd)")
        #expect(r.findings.map(\.path) == ["pages[0].image"])
        let folder = ((p as NSString).deletingLastPathComponent as NSString).resolvingSymlinksInPath
        #expect(r.findings.first?.message.contains(folder + "/gone.jpg") == true)
        #expect(r.findings.first?.message.contains("/dev/fd") == false)
    }

    @Test func jsonAndJUnitFormats() throws {
        let r = StoriesValidation.check(try temp(#"{"pages":[{"image":"a <b>"}]}"#, name: "p.json"))
        let json = try JSONParser.parse(StoriesValidation.json([r]))
        #expect(json.arrayValue?.count == 2)
        #expect(json.arrayValue?[1]["severity"] == "error")
        #expect(json.arrayValue?[1]["file"]?.stringValue?.hasSuffix("p.json") == true)
        let xml = StoriesValidation.junit([r])
        #expect(xml.contains(#"<testsuites name="pushsim validate" tests="1" failures="1">"#))
        #expect(xml.contains("&quot;a &lt;b&gt;&quot; has no scheme"))
    }

    @Test func everyBundledSampleValidatesAsItsDescriptionSays() {
        let r = Resources.locate()
        let reports = ["spring-sale", "travel-userinfo", "loop-teaser", "cjk-emoji", "broken"].map {
            StoriesValidation.check(r.path("stories/\($0).json"))
        }
        for report in reports.dropLast() { #expect(!report.findings.contains { $0.severity == .error }) }
        #expect(reports.last!.findings.contains { $0.severity == .error })
    }
}

@Suite struct StoriesFileWatcherTests {
    @Test func reportsChangesByModificationTime() throws {
        let path = NSTemporaryDirectory() + "pushsim-watch-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"pages":[{"image":"https://a"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let w = StoriesFileWatcher(path: path)
        guard case .unchanged = w.check() else { Issue.record("expected unchanged"); return }
        try #"{"pages":[{"image":"https://a"},{"image":"https://b"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: path)
        guard case .changed(let input) = w.check() else { Issue.record("expected a change"); return }
        #expect(input.payload.pages.count == 2)
        guard case .unchanged = w.check() else { Issue.record("expected unchanged after the reload"); return }
        try "{oops".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: path)
        guard case .failed(let e) = w.check() else { Issue.record("expected a failure"); return }
        #expect(e.message.contains("not valid JSON"))
    }
}
