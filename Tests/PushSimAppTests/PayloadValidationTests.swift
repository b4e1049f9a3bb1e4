// `pushsim validate` across kinds: detection rules, --kind, the summary line, the three formats, exit statuses
// and standard input.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

/// Writes a payload into a fresh folder (with `images/here.jpg`) and returns its path.
func validationTemp(_ text: String, name: String = "payload.json") throws -> String {
    let dir = NSTemporaryDirectory() + "pushsim-validate-\(UUID().uuidString)/"
    try FileManager.default.createDirectory(atPath: dir + "images", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: dir + "images/here.jpg", contents: Data([0xFF, 0xD8]))
    try text.write(toFile: dir + name, atomically: true, encoding: .utf8)
    return dir + name
}

let validationNow = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!

@Suite struct PayloadDetectionTests {
    func kinds(_ text: String) throws -> [PayloadKind]? {
        try PayloadValidation.detect(JSONParser.parse(text)).get()
    }

    func failure(_ text: String) throws -> String? {
        guard case .failure(let e) = PayloadValidation.detect(try JSONParser.parse(text)) else { return nil }
        return e.message
    }

    @Test func storiesByPwStoriesAnywhereOrAPagesBlock() throws {
        #expect(try kinds(#"{"pages":[]}"#) == [.stories])
        #expect(try kinds(#"{"aps":{},"pw_stories":{"pages":[]}}"#) == [.stories])
        // `u` as a JSON string, as the device receives custom data (spec §1.2).
        #expect(try kinds(#"{"aps":{},"u":"{\"pw_stories\":{\"pages\":[]}}"}"#) == [.stories])
        #expect(try kinds(#"{"request":{"notifications":[{"content":"x","ios_root_params":{"pw_stories":{"pages":[]}}}]}}"#) == [.stories])
        #expect(try kinds(#"{"content":"x","data":{"pw_stories":{"pages":[]}}}"#) == [.stories])
    }

    @Test func inboxByShape() throws {
        #expect(try kinds(#"{"response":{"messages":[]}}"#) == [.inbox])
        #expect(try kinds(#"{"messages":[{"inbox_id":"a"}]}"#) == [.inbox])
        #expect(try kinds(#"[{"inbox_id":"a","text":"t"}]"#) == [.inbox])
        #expect(try kinds(#"[{"aps":{"alert":"x"},"pw_inbox":"c","inbox_params":{"rt":"2027-01-01"}}]"#) == [.inbox])
        #expect(try kinds(#"{"aps":{"alert":"x"},"pw_inbox":"c","inbox_params":{"rt":"2027-01-01"}}"#) == [.inbox])
        #expect(try kinds(#"{"request":{"notifications":[{"content":"x","inbox_days":3}]}}"#) == [.inbox])
        #expect(try kinds("[]") == [.inbox])
        // A server message whose action params mention pw_stories is still only a feed.
        #expect(try kinds(#"{"response":{"messages":[{"inbox_id":"a","action_params":"{\"pw_stories\":{}}"}]}}"#) == [.inbox])
    }

    @Test func aRequestWithStoriesAndInboxIsBoth() throws {
        #expect(try kinds(#"{"request":{"notifications":[{"content":"x","inbox_days":3,"ios_root_params":{"pw_stories":{"pages":[]}}}]}}"#) == [.stories, .inbox])
        #expect(try kinds(#"{"aps":{},"pw_stories":{"pages":[]},"pw_inbox":"c","inbox_params":{"rt":"2027-01-01"}}"#) == [.stories, .inbox])
    }

    @Test func primerAndBannerByKeys() throws {
        #expect(try kinds(#"{"style":"sheet","title":"Hi"}"#) == [.primer])
        #expect(try kinds(#"{"acceptButton":"OK","colour":"x"}"#) == [.primer])
        #expect(try kinds(#"{"title":"Hi","link":"https://x"}"#) == [.banner])
        #expect(try kinds(#"{"body":"Hi","extra":1}"#) == [.banner])
        #expect(try kinds(#"[{"title":"Hi","body":"There"},{"body":"2"}]"#) == [.banner])
    }

    @Test func undecidableDocumentsGetOneClearError() throws {
        #expect(try failure(#"{"hello":1}"#)?.hasPrefix("cannot tell what to check: expected a stories payload") == true)
        #expect(try failure(#"{"hello":1}"#)?.hasSuffix(#"but the object has keys "hello"; pass --kind to choose"#) == true)
        #expect(try failure(#"{"title":"Hi"}"#) == #"cannot tell what to check: an object with only "title" may be a primer config or an in-app banner; pass --kind primer or --kind banner"#)
        #expect(try failure(#"{"style":"sheet","body":"x"}"#)?.contains(#"primer setter names ("style") and in-app banner fields ("body")"#) == true)
        #expect(try failure(#"{"request":{"notifications":[{"content":"plain"}]}}"#)?.contains("none carries pw_stories (stories) or inbox_image, inbox_date or inbox_days (inbox)") == true)
        #expect(try failure(#""text""#)?.contains("the document is a string") == true)
        #expect(try failure("[1,2]")?.contains("an array of 2 items") == true)
    }
}

@Suite struct PayloadValidationTests {
    func options(_ kind: PayloadKind? = nil) -> PayloadValidation.Options {
        PayloadValidation.Options(kind: kind, now: validationNow, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func theSummaryNamesTheDetectedKind() throws {
        let r = PayloadValidation.check(try validationTemp(#"{"title":"Hi","body":"There","duration":3}"#), options: options())
        #expect(r.kinds == [.banner])
        #expect(r.summary == "in-app banner")
        #expect(PayloadValidation.text([r]).hasSuffix("payload.json: ok (in-app banner)\n1 file checked: 0 errors, 0 warnings\n"))
    }

    @Test func filesWithFindingsStillGetASummaryLine() throws {
        let r = PayloadValidation.check(try validationTemp(#"{"title":"Hi","link":"example.com","colour":1}"#), options: options())
        let lines = PayloadValidation.text([r]).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains(#"payload.json: warning: link: "example.com" has no scheme, so a tap opens nothing; dropped"#))
        #expect(lines[2].hasSuffix("payload.json: 0 errors, 2 warnings (in-app banner)"))
        #expect(lines[3] == "1 file checked: 0 errors, 2 warnings")
    }

    @Test func kindCanBeForced() throws {
        let path = try validationTemp(#"{"title":"Hi"}"#)
        #expect(PayloadValidation.check(path, options: options()).findings.map(\.severity) == [.error])
        let asPrimer = PayloadValidation.check(path, options: options(.primer))
        #expect(asPrimer.findings.isEmpty)
        #expect(asPrimer.summary == "primer config (alert style), 1 key")
        let asBanner = PayloadValidation.check(path, options: options(.banner))
        #expect(asBanner.findings.isEmpty)
        // Forced onto the wrong kind: that kind's own one-sentence error.
        let asStories = PayloadValidation.check(path, options: options(.stories))
        #expect(asStories.summary == "not a stories payload")
        #expect(asStories.findings.first?.message.hasPrefix("not a stories payload") == true)
        let asInbox = PayloadValidation.check(path, options: options(.inbox))
        #expect(asInbox.findings.first?.message.hasPrefix("not an inbox feed") == true)
    }

    @Test func aRequestThatIsBothIsCheckedAsBoth() throws {
        let request = #"""
        {"request":{"notifications":[
          {"content":"Stories","ios_category_custom":"PW_STORIES","ios_root_params":{"pw_stories":{"pages":[{"image":"https://x/1.jpg"}]}},"inbox_days":3},
          {"content":"Inbox only","inbox_image":"https://x/i.jpg","data":{"displayType":"video"}}
        ]}}
        """#
        let r = PayloadValidation.check(try validationTemp(request), options: options())
        #expect(r.kinds == [.stories, .inbox])
        #expect(r.summary == "checked as both stories and inbox: stories payload (createMessage request with 1 of 2 notifications carrying pw_stories), 1 valid page; inbox feed (createMessage request), 2 notifications")
        // The inbox-only notification is not reported as a broken story; its video card is reported as degraded.
        #expect(r.findings.map(\.kind) == [.inbox])
        #expect(r.findings[0].path == "request.notifications[1].data.displayType")
        #expect(r.findings[0].message.hasPrefix("shown as classic instead of video because the message has no valid video descriptor"))
    }

    @Test func exitStatuses() throws {
        let ok = PayloadValidation.check(try validationTemp(#"{"style":"alert"}"#), options: options())
        let warning = PayloadValidation.check(try validationTemp(##"{"style":"alert","titleColor":"#FFFFFF"}"##), options: options())
        let error = PayloadValidation.check(try validationTemp(#"{"style":"sheat"}"#), options: options())
        let unknown = PayloadValidation.check(try validationTemp(#"{"hello":1}"#), options: options())
        let notJSON = PayloadValidation.check(try validationTemp("{nope"), options: options())
        let missing = PayloadValidation.check("/nonexistent/x.json", options: options())
        #expect(PayloadValidation.exitStatus([ok]) == 0)
        #expect(PayloadValidation.exitStatus([ok, warning]) == 0)
        #expect(PayloadValidation.exitStatus([ok, warning, error]) == 1)
        #expect(PayloadValidation.exitStatus([unknown]) == 1)
        #expect(!unknown.unreadable)
        #expect(notJSON.unreadable && missing.unreadable)
        #expect(missing.findings[0].message == "no such file")
        #expect(PayloadValidation.exitStatus([error, notJSON]) == 2)
        #expect(PayloadValidation.exitStatus([]) == 0)
    }

    @Test func jsonFormatCarriesTheKind() throws {
        let banner = PayloadValidation.check(try validationTemp(#"{"body":"x","duration":-1}"#), options: options())
        let unknown = PayloadValidation.check(try validationTemp(#"{"hello":1}"#), options: options())
        let json = try JSONParser.parse(PayloadValidation.json([banner, unknown]))
        let items = try #require(json.arrayValue)
        #expect(items.count == 2)
        #expect(items[0]["kind"] == "banner")
        #expect(items[0]["path"] == "duration")
        #expect(items[0]["severity"] == "warning")
        #expect(items[1]["kind"] == .null)
        #expect(items[1]["severity"] == "error")
        #expect(PayloadValidation.json([]) == "[]\n")
    }

    @Test func junitFormatHasOneCasePerFileWithItsKind() throws {
        let inbox = PayloadValidation.check(try validationTemp(#"{"response":{"messages":[{"inbox_id":"a"}]}}"#, name: "a&b.json"), options: options())
        let primer = PayloadValidation.check(try validationTemp(#"{"style":"alert"}"#), options: options())
        let xml = PayloadValidation.junit([inbox, primer])
        #expect(xml.contains(#"<testsuites name="pushsim validate" tests="2" failures="1">"#))
        #expect(xml.contains(#"<testsuite name="payloads" tests="2" failures="1">"#))
        #expect(xml.contains(#"<testcase classname="pushsim.validate.inbox" name=""#))
        #expect(xml.contains("a&amp;b.json"))
        #expect(xml.contains(#"<failure message="response.messages: every message was skipped, so the inbox shows nothing from this file">"#))
        #expect(xml.contains("<system-out>inbox feed (getInboxMessages response), 1 message, 1 skipped&#10;warning: response.messages[0]: skipped: missing"))
        #expect(xml.contains(#"<testcase classname="pushsim.validate.primer""#))
    }

    // Issue 26: standard input has no folder of its own, so its relative images resolve against the current
    // directory — the one rule `pushsim stories -` and every other command use.
    @Test func standardInputIsNamedAndResolvesAgainstTheCurrentDirectory() throws {
        let cwd = FileManager.default.currentDirectoryPath
        let banner = try JSONParser.parse(#"{"body":"x","image":"images/none-\#(UUID().uuidString).png"}"#)
        let r = PayloadValidation.check(banner, source: PayloadValidation.Source(path: "-", name: "standard input"), options: options())
        #expect(r.file == "standard input")
        #expect(r.findings.count == 1)
        #expect(r.findings.first?.message.contains("points at \(cwd)/images/none-") == true, "\(r.findings)")
        #expect(InputFile.imageFolder(of: "-") == cwd)
        #expect(MediaImageSource.folder(of: "-") == InputFile.imageFolder(of: "-"))
        // A stories payload's `file:` pages too: `validate -` checks them where `stories -` loads them from.
        let name = "none-\(UUID().uuidString).jpg"
        let stories = try JSONParser.parse(#"{"aps":{"alert":"x","category":"PW_STORIES","mutable-content":1},"pw_stories":{"pages":[{"image":"file:\#(name)"}]}}"#)
        let s = PayloadValidation.check(stories, source: PayloadValidation.Source(path: "-", name: "standard input"), options: options(.stories))
        #expect(s.findings.contains { $0.path == "pw_stories.pages[0].image" && $0.message.contains("points at \(cwd)/\(name), which does not exist") },
                "\(s.findings)")
    }

    @Test func pathsJoin() {
        #expect(PayloadValidation.join("", "link") == "link")
        #expect(PayloadValidation.join("[2]", "link") == "[2].link")
        #expect(PayloadValidation.join("[2]", "") == "[2]")
        #expect(PayloadValidation.join("a", "[0]") == "a[0]")
    }

    @Test func everyBundledSampleValidates() {
        // Only stories/broken.json is broken on purpose (no valid page: an error). The inbox samples carry
        // deliberate warnings (a degraded banner, a regular push, a clamped inbox_days); the empty feed warns.
        let r = Resources.locate()
        let folders = ["stories", "inbox", "primer", "banners"]
        var files: [String] = []
        for f in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: r.path(f))) ?? []
            files += names.filter { $0.hasSuffix(".json") }.sorted().map { r.path("\(f)/\($0)") }
        }
        #expect(files.count >= 19)
        let reports = files.map { PayloadValidation.check($0, options: PayloadValidation.Options()) }
        for report in reports {
            let broken = report.file.hasSuffix("stories/broken.json")
            #expect((report.errorCount > 0) == broken, "\(report.file): \(report.findings)")
            #expect(!report.kinds.isEmpty)
            let warningsExpected = broken || report.file.contains("/inbox/")
            if !warningsExpected { #expect(report.findings.isEmpty, "\(report.file): \(report.findings)") }
        }
        #expect(PayloadValidation.exitStatus(reports.filter { !$0.file.hasSuffix("broken.json") }) == 0)
    }
}

// Issue 12, item 3: `validate` warns about a decompression bomb (a small file declaring more than the 50 MP decoding
// budget) in every experience's images, from the header alone. The bomb is made here: a 10000×10000 GIF of 40 bytes.
@Suite struct DecompressionBombValidationTests {
    static let bomb = Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x27, 0x10, 0x27, 0x80, 0x00, 0x00,
                            0xFF, 0x00, 0x00, 0x00, 0x00, 0x00,
                            0x2C, 0x00, 0x00, 0x00, 0x00, 0x10, 0x27, 0x10, 0x27, 0x00,
                            0x02, 0x02, 0x44, 0x01, 0x00, 0x3B])

    @Test(arguments: [
        (#"{"pages":[{"image":"file:images/bomb.gif"}]}"#, "pages[0].image", "the page will show the image placeholder"),
        (#"[{"aps":{"alert":"x"},"pw_inbox":"p","inbox_params":{"rt":"2027-01-31","image":"images/bomb.gif"}}]"#,
         "[0].inbox_params.image", "the card shows the load failure in its image area"),
        (#"{"title":"Sale","link":"https://example.com","image":"images/bomb.gif"}"#, "image", "the banner is shown without its thumbnail"),
        (#"{"style":"sheet","image":"images/bomb.gif"}"#, "image", "the primer shows its default bell instead"),
    ])
    func aBombIsAWarning(payload: String, path: String, consequence: String) throws {
        let file = try validationTemp(payload)
        let folder = (file as NSString).deletingLastPathComponent
        try Self.bomb.write(to: URL(fileURLWithPath: folder + "/images/bomb.gif"))
        let r = PayloadValidation.check(file, options: PayloadValidation.Options(now: validationNow))
        let finding = r.findings.first { $0.path == path }
        #expect(finding?.severity == .warning)
        #expect(finding?.message.contains("the image is 10000×10000 (100 MP), over the 50 MP decoding budget; refused before decoding; \(consequence)") == true,
                "\(r.findings)")
    }

    // Issue 26: 30 messages with the same problem are one line with their indices, not 30 lines; the counts and the
    // JSON output still have every finding.
    @Test func identicalFindingsInManyMessagesAreOneTextLine() {
        let same = (0..<30).map {
            PayloadValidation.Finding(severity: .warning, file: "feed.json", path: "response.messages[\($0 * 2)].action_params.displayType",
                                      message: "shown as classic instead of banner because the message has no image")
        }
        let other = PayloadValidation.Finding(severity: .warning, file: "feed.json", path: "response.messages[3].title", message: "empty")
        let pair = [0, 1].map {
            PayloadValidation.Finding(severity: .error, file: "feed.json", path: "response.messages[\($0)].code", message: "missing")
        }
        let r = PayloadValidation.FileReport(file: "feed.json", summary: "inbox feed", findings: [other] + same + pair, unreadable: false)
        let lines = PayloadValidation.text([r]).split(separator: "\n").map(String.init)
        #expect(lines[0] == "feed.json: warning: response.messages[3].title: empty")
        #expect(lines[1] == "feed.json: warning: response.messages[*].action_params.displayType: shown as classic instead of banner because the message has no image (the same in 30 messages: 0, 2, 4, 6, 8, 10 and 24 more)")
        #expect(lines[2] == "feed.json: error: response.messages[0].code: missing")
        #expect(lines[3] == "feed.json: error: response.messages[1].code: missing")
        #expect(lines[4] == "feed.json: 2 errors, 31 warnings (inbox feed)")
        #expect(PayloadValidation.json([r]).components(separatedBy: "\"severity\"").count - 1 == 33)
    }
}
