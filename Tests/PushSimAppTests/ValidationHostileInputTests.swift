// `pushsim validate` on input that plays but hides a mistake (issue 12 item 10): repeated keys and stories links
// with schemes that run or embed content.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct ValidationHostileInputTests {
    // The device keeps a repeated key's last value, and so does pushsim; validate says which value was lost, with
    // the key's path and both positions.
    @Test func repeatedKeysAreWarningsWithBothPositions() throws {
        let text = """
        {"pw_stories": {"pages": [
          {"image": "https://x/1.jpg",
           "image": "https://x/2.jpg"}
        ]}, "pw_stories": {"pages": [{"image": "https://x/3.jpg", "title": "a", "title": "b"}]}}
        """
        let r = PayloadValidation.check(try validationTemp(text))
        let repeats = r.findings.filter { $0.message.hasPrefix("appears twice") }
        #expect(repeats.map(\.path) == ["pw_stories.pages[0].image", "pw_stories.pages[0].title", "pw_stories"])
        #expect(repeats.allSatisfy { $0.severity == .warning && $0.kind == .stories })
        #expect(repeats[0].message == "appears twice in one object (line 2, column 4 and line 3, column 4); the last value is used and the first is ignored, as on the device")
        #expect(repeats[2].message.hasPrefix("appears twice in one object (line 1, column 2 and line 4, column 5)"))
        // Last wins, as before: the second block, with the second title.
        let doc = try JSONParser.parse(text)
        #expect(doc["pw_stories"]?["pages"]?.arrayValue?[0]["title"] == "b")
        #expect(PayloadValidation.exitStatus([r]) == 0, "a warning, not an error")
    }

    @Test func repeatedKeysBeyondTheListAreCounted() throws {
        let members = (0..<(JSONParser.maxDuplicatesReported + 5)).map { _ in #""image":"https://x/1.jpg""# }
        let r = PayloadValidation.check(try validationTemp(#"{"pages":[{"# + members.joined(separator: ",") + "}]}"))
        let repeats = r.findings.filter { $0.message.hasPrefix("appears twice") }
        #expect(repeats.count == JSONParser.maxDuplicatesReported)
        #expect(r.findings.contains { $0.message == "4 more repeated keys not listed (only the first 100 are)" })
    }

    // spec §1.3: any scheme is kept (the page still plays and the button still opens it); spec §3.6: the SDK's
    // inbox refuses file, javascript, data and facetime as unsafe. Validate warns for those and the other script
    // and content schemes, not for web pages, mail, phone or app deep links.
    @Test func riskyLinkSchemesAreWarnedButKept() throws {
        let links = ["javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "JavaScript:void(0)",
                     "vbscript:x", "facetime:+1555", "https://x.org/a", "myapp://open/42", "mailto:a@b.c", "tel:+1555"]
        let pages = links.map { #"{"image":"https://x/1.jpg","button_title":"Go","link":\#(JSONValue.string($0).jsonText())}"# }
        let text = #"{"pw_stories":{"pages":["# + pages.joined(separator: ",") + "]}}"
        let r = PayloadValidation.check(try validationTemp(text))
        let warned = r.findings.filter { $0.message.contains("scheme, which the SDK's inbox refuses as unsafe") }
        #expect(warned.map(\.path) == (0..<6).map { "pw_stories.pages[\($0)].link" })
        #expect(warned[0].message == #""javascript:alert(1)" uses the javascript: scheme, which the SDK's inbox refuses as unsafe; stories still open it, but a button should link to an https:// page or an app deep link"#)
        #expect(warned[3].message.contains("uses the javascript: scheme"), "schemes compare without case")
        // Kept: every page plays with its link.
        let input = try StoriesInput.read(try JSONParser.parse(text))
        #expect(input.payload.pages.map(\.link) == links)
    }

    // The parser named a stray 0xFF; what reaches the user must too, whichever way the file came in.
    @Test func invalidBytesAreNamedAsTheyAre() throws {
        let dir = NSTemporaryDirectory() + "pushsim-ff-\(UUID().uuidString).json"
        defer { unlink(dir) }
        for bytes: [UInt8] in [[0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], [0xFF, 0x7B, 0x7D], [0x5B, 0xFF, 0x5D]] {
            #expect(FileManager.default.createFile(atPath: dir, contents: Data(bytes)))
            let r = PayloadValidation.check(dir)
            #expect(r.unreadable)
            #expect(r.findings.first?.message.contains("0xFF") == true, "\(r.findings)")
            #expect(r.findings.first?.message.contains("0xEF") == false)
        }
    }
}
