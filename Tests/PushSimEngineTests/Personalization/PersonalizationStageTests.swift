// The stage between reading a push document and an experience's parser, and validate's placeholder findings.

import Testing
@testable import PushSimEngine

@Suite struct PersonalizationStageTests {
    func doc(_ s: String) -> JSONValue { (try? JSONParser.parse(s)) ?? .null }

    // The request keeps its shape; only the device language's entry is filled, so StoriesInput reads it as before.
    @Test func aRequestKeepsItsShapeAndLanguage() throws {
        let d = doc(#"{"request":{"notifications":[{"content":{"en":"Hi {N|CapitalizeFirst|there}","de":"Hallo {N|CapitalizeFirst|du}"},"ios_root_params":{"pw_stories":{"pages":[{"image":"https://x/a.jpg","title":"Hey {N|CapitalizeFirst|there}"}]}}}]}}"#)
        let out = PersonalizationStage.apply(d, device: PersonalizationDevice(tags: ["N": "max"], language: "de"))
        let input = try StoriesInput.read(out.doc, language: "de")
        #expect(input.payload.pages.first?.title == "Hey Max")
        #expect(input.userInfo["aps"]?["alert"] == "Hallo Max")
        #expect(input.language == "de")
        #expect(out.events.count == 2)
    }

    // dynamic-content: `{T|M}` and the device lacks T: that notification is not sent (the others are).
    @Test func aStoppedNotificationIsListed() {
        let d = doc(#"{"notifications":[{"content":"a {X|text}"},{"content":"b"}]}"#)
        let out = PersonalizationStage.apply(d, device: PersonalizationDevice())
        #expect(out.stop(for: 0)?.name == "not_sent")
        #expect(out.stop(for: 1) == nil)
    }

    // Never substitute in an already-delivered userInfo: a warning per leftover placeholder.
    @Test func aDeliveredUserInfoIsLeftWithWarnings() {
        let d = doc(#"{"aps":{"alert":"Hi {Name|CapitalizeFirst|there}"}}"#)
        let out = PersonalizationStage.apply(d, device: PersonalizationDevice(tags: ["Name": "a"]))
        #expect(out.doc == d)
        #expect(out.warnings.map(\.path) == ["aps.alert"])
    }

    // validate: malformed placeholders, unknown modifiers, Liquid errors with line and column, unfilled fields.
    @Test func lintFindings() {
        let d = doc(#"{"content":"{a|b|c|d} {N|Uppercase|x} {% if x %}","data":{"k":"{N|text|y}"}}"#)
        let f = PersonalizationLint.findings(d)
        #expect(f.contains { $0.severity == .error && $0.message.contains("line 1, column") })
        #expect(f.contains { $0.message.contains("malformed") })
        #expect(f.contains { $0.message.contains("did you mean UPPERCASE") })
        #expect(f.contains { $0.path == "data.k" && $0.message.contains("nobody fills it") })
    }

    // With --tags: a device lacking the tag of `{T|M}` is named; a currency on a text tag does not fit.
    @Test func lintWithDevices() {
        let d = doc(#"{"content":"{Name|CapitalizeFirst} {Price|dollar|0}"}"#)
        let f = PersonalizationLint.findings(d, devices: [PersonalizationDevice(name: "a", tags: ["Name": "x", "Price": "cheap"]),
                                                           PersonalizationDevice(name: "b", tags: [:])])
        #expect(f.contains { $0.message.contains("device b is sent nothing") })
        #expect(f.contains { $0.message.contains("device a's \"Price\"") })
    }

    // A native config: `{T|M}` and a pipe-less `{{Name}}` stay raw on the phone (PWResource.m, 7.2.x).
    @Test func lintNative() {
        let f = PersonalizationLint.findings(doc(#"{"modal":{"title":{"text":"{Name|text} {{Name}}"}}}"#), native: true)
        #expect(f.map(\.path) == ["modal.title.text", "modal.title.text"])
    }
}
