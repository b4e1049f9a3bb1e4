// The device's placeholder passes and modifiers for native in-app configs (Pushwoosh iOS SDK
// iOS_SDK/Pushwoosh/PushwooshCore/InAppMessages/PWResource.m, newest stored version, 7.2.x), each test naming its rule.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct DeviceFillTests {
    func fill(_ s: String, table: JSONObject = [:], tags: JSONObject = [:]) -> String {
        DeviceFill.fill(s, localized: { table[$0] }, tags: tags).text
    }

    // PWResource.m `pw_localizeString:tags:`: pass 1 `{{k|t|d}}`, absent → d (may be empty).
    @Test func pass1LocalisationWithDefault() {
        #expect(fill("{{Price|dollar|0}}", table: ["Price": "1000"]) == "$1,000")
        #expect(fill("{{Nope|text|Fallback}}") == "Fallback")
        #expect(fill("[{{Nope|text|}}]") == "[]")
    }

    // Pass 2 `{{k|t}}`: absent → the key's own name (the 3-range branch of postProcessPageUsingParameters:).
    @Test func pass2LocalisationWithoutDefaultPrintsTheKey() {
        #expect(fill("{{Header|text}}") == "Header")
        #expect(fill("{{Header|text}}", table: ["Header": "Hi"]) == "Hi")
    }

    // Pass 3 `{t|m|}`: absent → "".
    @Test func pass3TagWithEmptyDefault() {
        #expect(fill("Hi {Name|CapitalizeFirst|}!") == "Hi !")
        #expect(fill("Hi {Name|CapitalizeFirst|}!", tags: ["Name": "aNNA"]) == "Hi Anna!")
    }

    // Pass 4 `{t|m|d}`: absent → d, through the case modifiers (personalization sample "There").
    @Test func pass4TagWithDefaultAppliesCaseModifiersToTheDefault() {
        #expect(fill("Hey {FirstName|CapitalizeFirst|there}") == "Hey There")
        #expect(fill("Hey {FirstName|CapitalizeFirst|there}", tags: ["FirstName": "mcDONALD"]) == "Hey Mcdonald")
    }

    // Double braces never read tags; single braces never read pushwoosh.json.
    @Test func doubleBracesReadOnlyTheTableAndSingleOnlyTheTags() {
        #expect(fill("{{Name|text|x}}", tags: ["Name": "Tag"]) == "x")
        #expect(fill("{Name|text|x}", table: ["Name": "Table"]) == "x")
    }

    // A localised string's own single-brace tags are filled later in the same call
    // (PWNativeInAppRouteTest `testRouteCollapsesSingleBracePlaceholderToDefault`).
    @Test func aLocalisedStringsTagsAreFilledByTheLaterPasses() {
        #expect(fill("{{Line|text|x}}", table: ["Line": "Code {promo|text|SAVE10}"]) == "Code SAVE10")
        #expect(fill("{{Line|text|x}}", table: ["Line": "Code {promo|text|SAVE10}"], tags: ["promo": "VIP"]) == "Code VIP")
    }

    // `{T|M}` and `{{Name}}` match no pass and stay raw on the screen.
    @Test func twoPartSingleBracesAndPipelessDoubleBracesStayRaw() {
        #expect(fill("{Name|text} {{Name}}", tags: ["Name": "A"]) == "{Name|text} {{Name}}")
    }

    // One-character keys and empty defaults work in 7.2.x (`[^|\}]+`).
    @Test func oneCharacterKeysWork() {
        #expect(fill("{a|text|z}", tags: ["a": "1"]) == "1")
    }

    // pw_applyModifier: a found value that is not a string prints as %@ and no modifier runs.
    @Test func nonStringCacheValuesPrintTheirDescriptionWithoutModifier() {
        #expect(fill("{P|dollar|0}", tags: ["P": 1000]) == "1000")
        #expect(fill("{B|text|x}", tags: ["B": true]) == "1", "NSNumber's description of a boolean")
        #expect(fill("{D|text|x}", tags: ["D": 19.95]) == "19.95")
        #expect(fill("{L|text|x}", tags: ["L": ["a", "b c"]]) == "(\n    a,\n    \"b c\"\n)")
    }

    // A tag set to "" counts as found: "" prints and the default is not used.
    @Test func anEmptyTagIsFound() {
        #expect(fill("[{N|text|x}]", tags: ["N": ""]) == "[]")
    }

    // Keys are used verbatim: `{ Name | UPPERCASE | x }` looks up " Name ".
    @Test func whitespaceIsPartOfTheKey() {
        #expect(fill("{ Name | UPPERCASE | x }", tags: ["Name": "a"]) == " x ")
    }

    // pw_convertGeoTags: Country code → name, an unknown code dropped; City after the last ", ".
    @Test func geoTagsAreConvertedOnTheNativePath() {
        let d = PersonalizationDevice(tags: ["Country": "in", "City": "in, trivandrum"])
        #expect(d.nativeTags["Country"] == "India")
        #expect(d.nativeTags["City"] == "trivandrum")
        #expect(PersonalizationDevice(tags: ["Country": "zz"]).nativeTags["Country"] == nil)
        #expect(PersonalizationDevice(tags: ["City": "Berlin, "]).nativeTags["City"] == "Berlin")
        #expect(CountryNames.byCode.count == 251)
    }

    // pw_addDeviceTags: OS Version and Device Model are always added on the native path, never on the server's.
    @Test func deviceTagsAreAlwaysAddedOnTheNativePath() {
        let d = PersonalizationDevice(phone: "iphone-se", osVersion: "18.0")
        #expect(d.nativeTags["OS Version"] == "18.0")
        #expect(d.nativeTags["Device Model"] == "iPhone14,6")
        #expect(d.serverTags["OS Version"] == nil)
        #expect(PersonalizationDevice().nativeTags["Device Model"] == "iPhone15,4")
        #expect(PersonalizationDevice.osVersion(forIOS: "26") == "26.0")
    }
}

@Suite struct PlaceholderModifierTests {
    func ios(_ m: String, _ v: String, found: Bool = true) -> String { PlaceholderModifier.apply(m, to: v, found: found) }

    // PWResource.m pw_applyModifier: iOS CapitalizeFirst lower-cases the rest; CapitalizeAllFirst is capitalizedString.
    @Test func caseModifiersIOS() {
        #expect(ios("CapitalizeFirst", "mcDONALD") == "Mcdonald")
        #expect(ios("CapitalizeAllFirst", "NEW york") == "New York")
        #expect(ios("UPPERCASE", "abc") == "ABC")
        #expect(ios("lowercase", "ABC") == "abc")
        #expect(ios("capitalizefirst", "abc") == "abc", "names match case-sensitively")
    }

    // Android InAppTagFormatModifier (pushsim's server profile): the rest is left as it is.
    @Test func caseModifiersServerProfile() {
        #expect(PlaceholderModifier.apply("CapitalizeFirst", to: "mcDONALD", found: true, profile: .server) == "McDONALD")
        #expect(PlaceholderModifier.apply("CapitalizeAllFirst", to: "new yORK", found: true, profile: .server) == "New YORK")
    }

    // pw_toComma: / currencies / pw_toCent: on the raw text.
    @Test func valueModifiers() {
        #expect(ios("comma", "1000") == "1,000")
        #expect(ios("comma", "19.95") == "19,.95")
        #expect(ios("comma", "-100") == "-,100")
        #expect(ios("dollar", "1000") == "$1,000")
        #expect(ios("euro", "") == "€0")
        #expect(ios("jpy", "5") == "¥5")
        #expect(ios("lira", "1234") == "₤1,234")
        #expect(ios("cent", "123456") == "$1234.56")
        #expect(ios("cent", "5") == "$.05")
        #expect(ios("cent", "") == "$.00")
    }

    // Value modifiers run only for a found value (`applyValueFormatters: found`).
    @Test func valueModifiersSkipTheDefault() {
        #expect(ios("dollar", "1000", found: false) == "1000")
        #expect(ios("UPPERCASE", "there", found: false) == "THERE")
    }

    // pw_dateFormatForModifier: + pw_formatUnixTimestamp: in GMT (Android InAppTagFormatModifierTest 1398407400).
    @Test func dateModifiers() {
        #expect(ios("m-d-y", "0") == "01-01-70")
        #expect(ios("M-d-y", "1398407400") == "Apr-25-14")
        #expect(ios("l", "1398407400") == "Friday")
        #expect(ios("H:i", "1398407400") == "06:30", "hh: a 12-hour clock without AM/PM")
        #expect(ios("M d Y", "1398407400") == "Apr 25 2014")
        #expect(ios("m-d-y H:i", "1398407400") == "04-25-14 06:30")
        #expect(ios("m-d-y", "12x") == "12x", "not a whole integer: unchanged")
    }

    @Test func unknownModifiersChangeNothing() {
        #expect(ios("text", "AbC") == "AbC")
        #expect(ios("String", "AbC") == "AbC")
    }
}
