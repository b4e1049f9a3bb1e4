// `pushsim render`'s answer for each kind of file (the contract's "Personalisation" section).

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine

@Suite struct RenderOutputTests {
    func render(_ json: String, device: PersonalizationDevice = PersonalizationDevice()) throws -> RenderOutput.Result {
        try RenderOutput.render(bytes: Array(json.utf8), path: "f.json", device: device)
    }

    @Test func aPushIsTheFilledUserInfo() throws {
        let r = try render(#"{"content":"Hi {N|CapitalizeFirst|there}","ios_title":"{{ t }}","template_bindings":{"t":"T"}}"#,
                           device: PersonalizationDevice(tags: ["N": "ann"]))
        guard case .rendered(let v, _, let events) = r else { Issue.record("\(r)"); return }
        #expect(v == ["aps": ["alert": ["title": "T", "body": "Hi Ann"]]])
        #expect(events.map { $0["source"] } == ["tag", "bindings"], "content is filled before ios_title")
    }

    // dynamic-content "Ignore non-tagged": {"not_sent":{"reason":"untagged","tag":…}}.
    @Test func notSentIsItsOwnObject() throws {
        guard case .notSent(let v, _) = try render(#"{"content":"{R|text}"}"#) else { Issue.record("sent"); return }
        #expect(v == ["not_sent": ["reason": "untagged", "tag": "R"]])
    }

    @Test func liquidErrorNamesFieldLineAndColumn() throws {
        guard case .templateError(let s, let e) = try render(#"{"content":"a\n{% if x %}"}"#) else { Issue.record("sent"); return }
        #expect(s.contains("content") && s.contains("line 2"))
        #expect(e["line"] == 2)
    }

    @Test func notJSONExitsTwo() {
        #expect(throws: UserError("f.json: not valid JSON: line 1, column 1: unexpected 'n'; expected a value", exitCode: 2)) { try render("nope") }
    }

    // PWResource.m (7.2.x) native path: the cache's tags, Country converted, the device tags always present.
    @Test func aNativeConfigIsFilledAsTheDeviceFillsIt() throws {
        let r = try render(#"{"modal":{"title":{"text":"{N|CapitalizeFirst|x} {Country|text|?} {OS Version|text|?}"}}}"#,
                           device: PersonalizationDevice(tags: ["N": "bO", "Country": "fr"], osVersion: "18.0"))
        guard case .rendered(let v, _, _) = r else { Issue.record("\(r)"); return }
        #expect(v["modal"]?["title"]?["text"] == "Bo France 18.0")
    }

    // The home screen's campaign ZIP: pushwoosh.json first, then the tags.
    @Test func theSampleZIP() throws {
        let path = Resources.locate().path("personalization/autumn-modal.zip")
        let bytes = try InputFile.readBytes(path)
        let r = try RenderOutput.render(bytes: bytes, path: path, device: PersonalizationDevice(tags: ["FirstName": "anna", "City": "de, berlin"], language: "de"))
        guard case .rendered(let v, _, _) = r else { Issue.record("\(r)"); return }
        #expect(v["modal"]?["title"]?["text"] == "Willkommen zurück, Anna!")
        #expect(v["modal"]?["message"]?["text"] == "15 % Rabatt für dich in Berlin, wherever you are.")
    }
}
