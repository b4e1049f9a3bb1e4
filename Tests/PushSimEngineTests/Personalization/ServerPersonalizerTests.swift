// The Pushwoosh server's Dynamic Content and Liquid on a createMessage notification, each rule with its source.

import Testing
@testable import PushSimEngine

@Suite struct ServerPersonalizerTests {
    func notification(_ json: String) -> PushRequest.Notification {
        let v = (try? JSONParser.parse(json)) ?? .null
        return PushRequest.Notification(fields: v.objectValue ?? [:], path: JSONPath("request.notifications[0]"))
    }
    func content(_ json: String, tags: JSONObject = [:], language: String? = nil) -> String? {
        guard case .sent(let f, _, _) = ServerPersonalizer.personalize(notification(json), device: PersonalizationDevice(tags: tags, language: language)) else { return nil }
        return PushRequest.localized(f["content"] ?? .null, language: language)
    }

    // docs.pushwoosh.com/developer/guides/personalization/dynamic-content: "Hello {Alias|CapitalizeFirst|friend}!".
    @Test func defaultIsPrintedAsWritten() {
        #expect(content(#"{"content":"Hello {Alias|CapitalizeFirst|friend}!"}"#) == "Hello friend!")
        #expect(content(#"{"content":"Hello {Alias|CapitalizeFirst|friend}!"}"#, tags: ["Alias": "anna"]) == "Hello Anna!")
    }

    // Same page: "Ignore non-tagged" `{T|M}` sends an untagged device nothing.
    @Test func twoPartPlaceholderWithoutTheTagIsNotSent() {
        let out = ServerPersonalizer.personalize(notification(#"{"content":"Get a -20% coupon in {Restaurant|CapitalizeFirst} now!"}"#), device: PersonalizationDevice())
        #expect(out == .notSent(Event("not_sent", ["reason": "untagged", "tag": "Restaurant"])))
        #expect(content(#"{"content":"in {Restaurant|CapitalizeFirst} now"}"#, tags: ["Restaurant": "luigi's"]) == "in Luigi's now")
    }

    // Same page: `{T|M|}` with the tag absent is sent with the placeholder as written.
    @Test func emptyDefaultKeepsThePlaceholder() {
        #expect(content(#"{"content":"in {Restaurant|CapitalizeFirst|} now!"}"#) == "in {Restaurant|CapitalizeFirst|} now!")
    }

    // docs.pushwoosh.com/platform-docs/api-reference/email-api: dynamic_content_placeholders "instead of device tag values".
    @Test func requestPlaceholdersOverrideTags() {
        let n = notification(#"{"content":"Hello {firstname|CapitalizeFirst|user}.","dynamic_content_placeholders":{"firstname":"John","lastname":"Doe"}}"#)
        guard case .sent(let f, let events, _) = ServerPersonalizer.personalize(n, device: PersonalizationDevice(tags: ["firstname": "Max"])) else { Issue.record("not sent"); return }
        #expect(f["content"] == "Hello John.")
        #expect(events == [Event("personalized", ["path": "request.notifications[0].content", "placeholder": "{firstname|CapitalizeFirst|user}",
                                                  "value": "John", "source": "placeholders"])])
    }

    // docs.pushwoosh.com/ru/product/personalization/multi-language: the language is picked before any substitution.
    @Test func languageIsPickedFirst() {
        let json = #"{"content":{"en":"Hi {Name|CapitalizeFirst|there}","de":"Hallo {Name|CapitalizeFirst|du}"}}"#
        #expect(content(json, language: "de") == "Hallo du")
        #expect(content(json, language: "fr") == "Hi there")
    }

    // docs.pushwoosh.com/developer/guides/personalization/liquid-templates: "Hi {{Name}}!" and an if on Language.
    @Test func liquidRendersWithTags() {
        let json = #"{"content":"Hi {{Name}}! {% if Language == \"fr\" %}Salut!{% else %}Hello!{% endif %}"}"#
        #expect(content(json, tags: ["Name": "Anna", "Language": "es"]) == "Hi Anna! Hello!")
    }

    // docs.pushwoosh.com/platform-docs/api-reference/template-engine: template_bindings are in scope, over the tags.
    @Test func bindingsAreInScopeOverTags() {
        let json = #"{"content":"{{ voucher }} for {{ Name }}","template_bindings":{"voucher":"X1","Name":"Bound"}}"#
        #expect(content(json, tags: ["Name": "Tag"]) == "X1 for Bound")
    }

    // cli-contract "Personalisation", `personalized`: one event per placeholder, naming it as written, so a Liquid output
    // is its whole `{{ … }}` (filters included) with what it printed; the source is where its variable came from.
    @Test func liquidEventNamesTheWholeOutput() {
        let n = notification(#"{"content":"{{ offer | upcase }} for {{Name}} {{ 'now' }}","template_bindings":{"offer":"autumn"}}"#)
        guard case .sent(_, let events, _) = ServerPersonalizer.personalize(n, device: PersonalizationDevice(tags: ["Name": "Anna"])) else { Issue.record("not sent"); return }
        #expect(events == [
            Event("personalized", ["path": "request.notifications[0].content", "placeholder": "{{ offer | upcase }}", "value": "AUTUMN", "source": "bindings"]),
            Event("personalized", ["path": "request.notifications[0].content", "placeholder": "{{Name}}", "value": "Anna", "source": "tag"]),
            Event("personalized", ["path": "request.notifications[0].content", "placeholder": "{{ 'now' }}", "value": "now", "source": "default"]),
        ])
    }

    // Liquid the server refuses: nothing is sent, the error names the field (pushsim's choice).
    @Test func liquidThatDoesNotParseIsATemplateError() {
        let out = ServerPersonalizer.personalize(notification(#"{"content":"ok\n{% if x %}never closed"}"#), device: PersonalizationDevice())
        guard case .templateError(let e) = out else { Issue.record("\(out)"); return }
        #expect(e.name == "template_error")
        #expect(e["path"] == "request.notifications[0].content")
        #expect(e["line"]?.numberValue ?? 0 >= 1)
    }

    // Liquid first, then Dynamic Content (pushsim's order): Liquid's output may hold a placeholder.
    @Test func liquidThenDynamicContent() {
        #expect(content(#"{"content":"{% raw %}{Name|UPPERCASE|x}{% endraw %}"}"#, tags: ["Name": "anna"]) == "ANNA")
    }

    // Root params string leaves and titles are filled; data is not (warned).
    @Test func rootParamsAndTitlesAreFilledDataIsNot() {
        let n = notification(#"{"ios_title":"Hey {N|CapitalizeFirst|you}","ios_root_params":{"pw_stories":{"pages":[{"title":"Hey {N|CapitalizeFirst|you}"}]}},"data":{"x":"{N|text|y}"}}"#)
        guard case .sent(let f, _, let w) = ServerPersonalizer.personalize(n, device: PersonalizationDevice(tags: ["N": "bo"])) else { Issue.record("not sent"); return }
        #expect(f["ios_title"] == "Hey Bo")
        #expect(f["ios_root_params"]?["pw_stories"]?["pages"]?.arrayValue?.first?["title"] == "Hey Bo")
        #expect(f["data"]?["x"] == "{N|text|y}")
        #expect(w.map(\.path) == ["request.notifications[0].data.x"])
    }

    // Raw mode (--raw-placeholders): the text as written, a warning per placeholder.
    @Test func rawModeLeavesTheText() {
        let out = ServerPersonalizer.personalize(notification(#"{"content":"Hi {N|text|x} {{ y }}"}"#), device: PersonalizationDevice(), raw: true)
        guard case .sent(let f, _, let w) = out else { Issue.record("\(out)"); return }
        #expect(f["content"] == "Hi {N|text|x} {{ y }}")
        #expect(w.count == 2)
    }

    // A placeholder with 10,000 pipes is one malformed finding, found in one pass.
    @Test func manyPipesAreOneMalformedPlaceholder() {
        let s = "{" + String(repeating: "|", count: 10_000) + "}"
        let r = DynamicContent.scan(s)
        #expect(r.placeholders.isEmpty)
        #expect(r.malformed.count == 1)
    }
}

@Suite struct TagsFileTests {
    func read(_ json: String) throws(TagsFile.Failure) -> TagsFile.Result {
        try TagsFile.read((try? JSONParser.parse(json)) ?? .null, file: "t.json", name: "t")
    }

    // docs.pushwoosh.com/platform-docs/api-reference/tags: the getTags response's `response.result`.
    @Test func getTagsResponse() throws {
        let r = try read(#"{"status_code":200,"status_message":"OK","response":{"result":{"Language":"fr"}}}"#)
        #expect(r.devices.first?.tags == ["Language": "fr"])
    }

    // docs.pushwoosh.com/developer/api-reference/device-api/: setTags `request.tags`; operation objects are ignored.
    @Test func setTagsRequestIgnoresOperations() throws {
        let r = try read(#"{"request":{"hwid":"h","tags":{"Name":"anna","Count":{"operation":"increment","value":1}}}}"#)
        #expect(r.devices.first?.tags == ["Name": "anna"])
        #expect(r.warnings.map(\.path) == ["request.tags.Count"])
    }

    // bulkSetTags `devices[]` and a JSON array: one device each.
    @Test func severalDevices() throws {
        #expect(try read(#"{"request":{"devices":[{"hwid":"a","tags":{"N":"1"}},{"hwid":"b","tags":{"N":"2"}}]}}"#).devices.map(\.name) == ["t#0", "t#1"])
        #expect(try read(#"[{"N":"1"},{"response":{"result":{"N":"2"}}}]"#).devices.map { $0.tags["N"] } == ["1", "2"])
    }

    @Test func badShapesAreOneSentence() {
        #expect(throws: TagsFile.Failure.self) { try read(#""just a string""#) }
        #expect(throws: TagsFile.Failure.self) { try read(#"[]"#) }
        let many = JSONValue.object(JSONObject((0..<100_000).map { ("k\($0)", JSONValue.string("v")) }))
        let r = try? TagsFile.read(many, file: "t.json", name: "t")
        #expect(r?.devices.first?.tags.count == TagsFile.maxTags)
        #expect(r?.warnings.count == 1)
    }

    @Test func objectAndHugeValuesAreDropped() throws {
        let big = String(repeating: "x", count: 10_000_000)
        let r = try TagsFile.read(["a": ["b": 1], "big": .string(big), "ok": 1], file: "t.json", name: "t")
        #expect(r.devices.first?.tags == ["ok": 1])
        #expect(r.warnings.map(\.path) == ["a", "big"])
    }
}
