// The --config file (builder setter names) and command-line values: parsing and one-line errors.

import Testing
@testable import PushSimEngine

@Suite struct PrimerConfigTests {
    func parse(_ json: String) throws -> PrimerConfig {
        var c = PrimerConfig()
        try c.apply(json: try JSONParser.parse(bytes: Array(json.utf8)), source: "p.json")
        return c
    }

    func error(_ json: String) -> String? {
        do { _ = try parse(json); return nil } catch let e as PrimerConfigError { return e.message } catch { return "\(error)" }
    }

    @Test func everySetterNameIsAKey() throws {
        let c = try parse("""
        {"style":"sheet","position":"center","title":"T","message":"M","acceptButton":"Yes","declineButton":"No",
         "image":"bell.png","imageURL":"https://x/y.png","backgroundColor":"#112233","backgroundGradient":["#0B1F4D","#1E3A8A"],
         "titleColor":"#FFFFFF","messageColor":"#CCCCCC","acceptButtonColor":"#22C55E","acceptButtonTextColor":"#000000",
         "declineButtonColor":"#333333","declineButtonTextColor":"#EEEEEE","cornerRadius":24,"buttonCornerRadius":14,
         "buttonBorderColor":"#FF0000","fallbackToSettings":false,"minInterval":86400}
        """)
        #expect(c.style == .sheet && c.position == .center)
        #expect(c.acceptTitle == "Yes" && c.declineTitle == "No")
        #expect(c.backgroundGradient == [PrimerColor(r: 0x0B, g: 0x1F, b: 0x4D), PrimerColor(r: 0x1E, g: 0x3A, b: 0x8A)])
        #expect(c.cornerRadius == 24 && c.buttonCornerRadius == 14 && c.minInterval == 86400 && !c.fallbackToSettings)
        #expect(c.buttonBorderColor?.description == "#FF0000")
        #expect(PrimerConfigKey.allCases.count == 21)
    }

    @Test func unknownKeyNamesItAndListsAllowed() {
        let m = error(##"{"colour":"#FFFFFF"}"##)
        #expect(m?.hasPrefix("p.json: unknown key \"colour\"; allowed keys: style, position, title") == true)
    }

    @Test func badValuesNameTheKey() {
        #expect(error(##"{"style":"popup"}"##) == "p.json: \"style\" must be alert or sheet (got \"popup\")")
        #expect(error(##"{"position":"left"}"##) == "p.json: \"position\" must be bottom, top or center (got \"left\")")
        #expect(error(##"{"minInterval":-5}"##) == "p.json: \"minInterval\" must be a number of seconds, 0 or more (got -5)")
        #expect(error(##"{"titleColor":"red"}"##) == "p.json: \"titleColor\" must be a colour #RRGGBB (got \"red\")")
        #expect(error(##"{"fallbackToSettings":"yes"}"##) == "p.json: \"fallbackToSettings\" must be true or false (got a string)")
        #expect(error(##"{"backgroundGradient":[]}"##)?.contains("got an empty list") == true)
        #expect(error("[1]") == "p.json: expected a JSON object whose keys are the builder's setter names, found an array")
    }

    @Test func commandLineValues() throws {
        var c = PrimerConfig()
        try c.apply(option: .backgroundGradient, text: "#000000, #FFFFFF")
        try c.apply(option: .fallbackToSettings, text: "false")
        try c.apply(option: .minInterval, text: "3600")
        #expect(c.backgroundGradient?.count == 2 && !c.fallbackToSettings && c.minInterval == 3600)
        #expect(throws: PrimerConfigError("--min-interval must be a number of seconds, 0 or more (got -1)")) {
            try c.apply(option: .minInterval, text: "-1")
        }
        #expect(throws: PrimerConfigError("--accept-color must be a colour #RRGGBB (got \"#12345\")")) {
            try c.apply(option: .acceptButtonColor, text: "#12345")
        }
        #expect(throws: PrimerConfigError("--corner-radius must be a number of points, 0 or more (got inf)")) {
            try c.apply(option: .cornerRadius, text: "inf")
        }
    }

    @Test func colorHex() {
        #expect(PrimerColor(hex: "#0a0B0c")?.description == "#0A0B0C")
        #expect(PrimerColor(hex: "0A0B0C") == nil)
        #expect(PrimerColor(hex: "#GG0000") == nil)
        #expect(PrimerColor(hex: "#+12345") == nil)
    }

    // spec §2.4 defaults per position.
    @Test func positionDefaults() {
        #expect(PrimerConfig().position(.bottom).effectiveCornerRadius == 28)
        #expect(PrimerConfig().position(.center).effectiveCornerRadius == 24)
        #expect(PrimerConfig().position(.top).effectiveCornerRadius == 22)
        #expect(PrimerConfig().position(.top).effectiveButtonCornerRadius == 12)
        #expect(PrimerConfig().effectiveButtonCornerRadius == 16)
        #expect(PrimerConfig().style(.sheet).appearDuration == 0.5)
        #expect(PrimerConfig().style(.sheet).position(.center).appearDuration == 0.3)
    }
}
