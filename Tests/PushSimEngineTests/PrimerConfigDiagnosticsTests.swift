// PrimerConfig.parse(json:): every bad key of a --config file at once, with paths, and settings the style ignores.

import Testing
@testable import PushSimEngine

@Suite struct PrimerConfigDiagnosticsTests {
    func parse(_ text: String) throws -> (config: PrimerConfig, diagnostics: [Diagnostic]) {
        PrimerConfig.parse(json: try JSONParser.parse(text))
    }

    @Test func aValidConfigHasNoFindingsAndMatchesApply() throws {
        let text = ##"{"style":"sheet","position":"center","title":"Hi","backgroundGradient":["#0B1F4D","#1E3A8A"],"cornerRadius":24,"minInterval":0}"##
        let (c, d) = try parse(text)
        #expect(d.isEmpty)
        var applied = PrimerConfig()
        try applied.apply(json: try JSONParser.parse(text), source: "x")
        #expect(c == applied)
    }

    @Test func everyBadKeyIsAnErrorWithItsPath() throws {
        // apply(json:) stops at the first of these; parse reports all of them.
        let (c, d) = try parse(##"{"style":"sheat","titel":"Hi","titleColor":"red","cornerRadius":-1,"backgroundGradient":["#000000",3,"blue"],"fallbackToSettings":"yes","message":"ok"}"##)
        #expect(d.allSatisfy { $0.severity == .error })
        #expect(d.map(\.path) == ["style", "titel", "titleColor", "cornerRadius", "backgroundGradient[1]", "backgroundGradient[2]", "fallbackToSettings"])
        #expect(d[0].message == #"must be alert or sheet (got "sheat")"#)
        #expect(d[1].message.hasPrefix(#"is not a primer setter; did you mean "title"? allowed keys: style, position"#))
        #expect(d[5].message == #"must be a colour #RRGGBB (got "blue")"#)
        #expect(c.message == "ok")
        #expect(c.backgroundGradient == nil)
    }

    @Test func unknownKeysGetASuggestionOnlyWhenClose() {
        #expect(PrimerConfig.nearestKey(to: "acceptbuton") == .acceptButton)
        #expect(PrimerConfig.nearestKey(to: "Position") == .position)
        #expect(PrimerConfig.nearestKey(to: "colour") == nil)
        #expect(PrimerConfig.nearestKey(to: "id") == nil)
    }

    @Test func theAlertStyleIgnoresLookSettings() throws {
        // spec §2.3: image, colours, radius and position are ignored by the system alert.
        let (_, d) = try parse(##"{"title":"Hi","position":"top","titleColor":"#FFFFFF","cornerRadius":4,"minInterval":60}"##)
        #expect(d.map(\.severity) == [.warning, .warning, .warning])
        #expect(Set(d.map(\.path)) == ["position", "titleColor", "cornerRadius"])
        #expect(d[0].message.contains("alert style (the default)"))
    }

    @Test func sheetOverridesAreReported() throws {
        // spec §2.4: the gradient overrides backgroundColor; a local image wins over imageURL; top ignores imageURL.
        let (_, d) = try parse(##"{"style":"sheet","backgroundColor":"#FFFFFF","backgroundGradient":["#000000"],"image":"a.png","imageURL":"https://x/a.png"}"##)
        #expect(d.map(\.path) == ["backgroundColor", "imageURL"])
        #expect(d[1].message.contains("local image wins"))
        let (_, top) = try parse(#"{"style":"sheet","position":"top","imageURL":"https://x/a.png"}"#)
        #expect(top.map(\.message) == ["is ignored by the top position (its icon comes from image, else the app icon)"])
    }

    @Test func notAnObjectIsOneError() throws {
        let (_, d) = try parse("[1]")
        #expect(d == [Diagnostic(.error, path: "", "expected a JSON object whose keys are the builder's setter names, found an array")])
    }
}
