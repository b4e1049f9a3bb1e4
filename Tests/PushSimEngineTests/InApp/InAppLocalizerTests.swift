// Core's localisation of a campaign ZIP's config from pushwoosh.json (spec §1.4; Core's PWNativeInAppRouteTest cases
// by name).

import Testing
@testable import PushSimEngine

@Suite struct InAppLocalizerTests {
    func title(_ text: String, _ pushwoosh: String?, language: String? = nil) throws -> String? {
        let config = InAppFixtures.set(InAppFixtures.config(.modal), "modal.title.text", .string(text))
        let r = try InAppLocalizer.localize(config, pushwoosh: pushwoosh.map(InAppFixtures.json), language: language)
        return r.config["modal"]?["title"]?["text"]?.stringValue
    }

    @Test func routeLocalizesConfigStrings() throws {
        #expect(try title("{{greeting|text|Hi}}", #"{"default_language":"en","localization":{"en":{"greeting":"Hello"}}}"#) == "Hello")
    }

    @Test func routeLocalizesRealWorldPushwooshJSON() throws {
        let pw = #"{"default_language":"en","localization":{"en":{"Header text":"Your Favorite Content!","Header text color":"14234c"}}}"#
        var config = InAppFixtures.set(InAppFixtures.config(.modal), "modal.background", "{{Header text color|color|000000}}")
        config = InAppFixtures.set(config, "modal.title.text", "{{Header text|text|Welcome}}")
        let r = try InAppLocalizer.localize(config, pushwoosh: InAppFixtures.json(pw), language: nil)
        #expect(r.config["modal"]?["title"]?["text"] == "Your Favorite Content!")
        #expect(r.config["modal"]?["background"] == "14234c", "the colour modifier adds no #")
        #expect(r.warnings.map(\.path) == ["modal.background"], "the colour without # is warned where it lands")
        #expect(InAppConfigParser.parse(r.config, isDark: false, now: 0).drop?.key == "modal.background", "and the phone drops it there")
    }

    @Test func routeLocalizesMultiLanguageAndFallsBackToDefaultLanguage() throws {
        let pw = #"{"default_language":"fr","localization":{"ar":{"Header text":"AR value"},"fr":{"Header text":"FR value"},"en":{"Header text":"EN value 🎮"}}}"#
        #expect(try title("{{Header text|text|Welcome}}", pw, language: "en") == "EN value 🎮")
        #expect(try title("{{Header text|text|Welcome}}", pw, language: nil) == "FR value")
        #expect(try title("{{Header text|text|Welcome}}", pw, language: "de") == "FR value")
        let r = try InAppLocalizer.localize(InAppFixtures.config(.modal), pushwoosh: InAppFixtures.json(pw), language: "de")
        #expect(r.language == "fr")
        #expect(r.warnings.first?.message.contains(#"no "de" localization"#) == true)
    }

    @Test func aKeyMissingEverywhereTakesTheDefault() throws {
        let pw = #"{"default_language":"en","localization":{"en":{}}}"#
        let config = InAppFixtures.set(InAppFixtures.config(.modal), "modal.title.text", "{{Nope|text|Fallback}}")
        let r = try InAppLocalizer.localize(config, pushwoosh: InAppFixtures.json(pw), language: nil)
        #expect(r.config["modal"]?["title"]?["text"] == "Fallback")
        #expect(r.warnings.map(\.path) == ["modal.title.text"])
    }

    @Test func routeFormatsCurrencyAndDateModifiers() throws {
        let price = #"{"default_language":"en","localization":{"en":{"Price":"1000","When":"0"}}}"#
        #expect(try title("{{Price|dollar|0}}", price) == "$1,000")
        #expect(try title("{{Price|dollar|}}", price) == "$1,000", "the editor's empty-default form")
        #expect(try title("{{When|m-d-y|}}", price) == "01-01-70")
        // PWResource.m (7.2.x) `pw_toComma:` groups the raw text in threes from the right without reading a number.
        #expect(InAppLocalizer.format("1234567.5", as: "dollar") == "$123,456,7.5")
        #expect(InAppLocalizer.format("12", as: "dollar") == "$12")
        #expect(InAppLocalizer.format("abc", as: "dollar") == "$abc")
        #expect(InAppLocalizer.format("1924992000", as: "m-d-y") == "01-01-31")
        #expect(InAppLocalizer.format("951782400", as: "m-d-y") == "02-29-00")
        #expect(InAppLocalizer.format("-86400", as: "m-d-y") == "12-31-69")
        #expect(InAppLocalizer.format("x", as: "m-d-y") == "x")
    }

    @Test func routeCollapsesSingleBracePlaceholderToDefault() throws {
        #expect(try title("{{Line|text|x}}", #"{"default_language":"en","localization":{"en":{"Line":"Code {promo|text|SAVE10}"}}}"#) == "Code SAVE10")
        // A device without tags: pass 4 gives the default, `{c|d}` matches no pass and stays (PWResource.m, 7.2.x).
        #expect(DeviceFill.fill("a {b} {c|d} {e|f|g}", localized: { _ in nil }, tags: [:]).text == "a {b} {c|d} g")
    }

    @Test func placeholdersAnywhereInAStringAndNowhereElse() throws {
        let pw = InAppFixtures.json(#"{"default_language":"en","localization":{"en":{"a":"A","b":"B"}}}"#)
        let config = InAppFixtures.json(#"{"{{a}}":"x {{a|text|}} y {{b|text|}} z {{unterminated","n":5,"list":["{{b}}"]}"#)
        let r = try InAppLocalizer.localize(config, pushwoosh: pw, language: nil)
        // `{{b}}` has no pipe: no pass of PWResource.m (7.2.x) matches it and the phone shows it as written.
        #expect(r.config == InAppFixtures.json(#"{"{{a}}":"x A y B z {{unterminated","n":5,"list":["{{b}}"]}"#))
    }

    @Test func theOutputIsBounded() {
        let big = String(repeating: "v", count: 1_000_000)
        let pw = JSONValue.object(["default_language": "en", "localization": .object(["en": .object(["k": .string(big)])])])
        let config = JSONValue.array(Array(repeating: "{{k|text}}", count: 100))
        #expect(throws: InAppLocalizer.TooLarge.self) { try InAppLocalizer.localize(config, pushwoosh: pw, language: nil) }
    }
}
