// Banner JSON in, a Banner and diagnostics out (cli-contract "In-app banners": {"id","title","body","link","duration","image"}).

import Testing
@testable import PushSimEngine

@Suite struct BannerParserTests {
    func parse(_ text: String) -> (Banner?, [String]) {
        let (b, d) = BannerParser.parse(text: text, defaultID: "b7")
        return (b, d.map { "\($0.severity.rawValue) \($0.description)" })
    }

    @Test func fullBanner() {
        let (b, d) = parse(#"{"id":"sale","title":"Flash sale","body":"30% off","link":"https://x.io/s","duration":2.5,"image":"https://x.io/a.png"}"#)
        #expect(d.isEmpty)
        #expect(b == Banner(id: "sale", title: "Flash sale", body: "30% off", link: "https://x.io/s", duration: 2.5, image: "https://x.io/a.png"))
    }

    @Test func defaults() {
        let (b, d) = parse(#"{"title":"Hi"}"#)
        #expect(d.isEmpty)
        #expect(b?.id == "b7")
        #expect(b?.body == "")
        #expect(b?.duration == 4)
        #expect(b?.link == nil && b?.image == nil)
    }

    @Test func numericIDBecomesText() {
        #expect(parse(#"{"id":42,"body":"x"}"#).0?.id == "42")
    }

    @Test func linkWithoutSchemeIsDroppedWithAWarning() {
        let (b, d) = parse(#"{"title":"Hi","link":"example.com/sale"}"#)
        #expect(b?.link == nil)
        #expect(d == [#"warning link: "example.com/sale" has no scheme, so a tap opens nothing; dropped (write it with a scheme, such as https://example.com/sale)"#])
        #expect(parse(#"{"title":"Hi","link":"myapp://orders/1"}"#).0?.link == "myapp://orders/1", "any scheme is a link")
    }

    @Test func badDurationFallsBackToFour() {
        for bad in ["0", "-1", "\"5\"", "true"] {
            let (b, d) = parse(#"{"title":"Hi","duration":\#(bad)}"#)
            #expect(b?.duration == 4, "duration \(bad)")
            #expect(d.count == 1 && d[0].hasPrefix("warning duration: expected a number of seconds above 0"), "duration \(bad)")
        }
    }

    @Test func wrongTypesAndUnknownKeysAreReported() {
        let (b, d) = parse(#"{"title":["x"],"body":"ok","colour":"red","id":""}"#)
        #expect(b?.title == "" && b?.body == "ok" && b?.id == "b7")
        #expect(d == [
            "warning id: an empty id was replaced by b7",
            "warning title: expected a string, got an array; ignored",
            "warning colour: not a banner field (id, title, body, link, duration, image); ignored",
        ])
    }

    @Test func errorsRefuseTheBanner() {
        #expect(parse("[1]").1 == [#"error a banner must be a JSON object such as {"title":"Hi","body":"There"}, not an array"#])
        #expect(parse(#"{"link":"https://x"}"#).1 == ["error a banner needs a title or a body"])
        let (b, d) = parse(#"{"title": "#)
        #expect(b == nil)
        #expect(d.count == 1 && d[0].hasPrefix("error the banner is not JSON (line 1, column"))
    }

    @Test func jsonRoundTrip() {
        let b = Banner(id: "r", title: "ありがとう 🎉", body: "b", link: "https://x", duration: 3, image: "/tmp/a.png")
        #expect(BannerParser.parse(b.json, defaultID: "z").banner == b)
    }
}
