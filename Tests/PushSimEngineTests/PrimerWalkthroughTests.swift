// Every row of the decision table, played on the engine with a simulated clock, against the literal expected table.

import Testing
@testable import PushSimEngine

extension WalkthroughRow: CustomTestStringConvertible {
    public var testDescription: String { name }
}

@Suite struct PrimerWalkthroughTests {
    @Test func tableParsesEveryLine() {
        #expect(PrimerWalkthroughTable.rows.count == PrimerWalkthroughTable.rowLineCount)
        #expect(PrimerWalkthroughTable.rows.count == 88)
        // Every status × fallback × throttle combination is present.
        for s in AuthorizationStatus.allCases {
            for f in [true, false] {
                for th in WalkthroughThrottle.allCases {
                    #expect(PrimerWalkthroughTable.rows.contains { $0.status == s && $0.fallbackToSettings == f && $0.throttle == th })
                }
            }
        }
    }

    // spec §2.2, each row with the sheet (every answer applies).
    @Test(arguments: PrimerWalkthroughTable.rows)
    func sheetRow(_ row: WalkthroughRow) {
        let seen = PrimerWalkthrough.observe(row, config: PrimerConfig().style(.sheet))
        #expect(row.expected.differences(from: seen) == [])
    }

    // spec §2.2, each row with the alert (tap-outside rows do not apply).
    @Test(arguments: PrimerWalkthroughTable.rows.filter { $0.skipReason(style: .alert) == nil })
    func alertRow(_ row: WalkthroughRow) {
        let seen = PrimerWalkthrough.observe(row, config: PrimerConfig())
        #expect(row.expected.differences(from: seen) == [])
    }

    @Test func headlessRunCountsAndSkips() {
        let sheetResults = PrimerWalkthrough.runHeadless(config: PrimerConfig().style(.sheet))
        #expect(WalkthroughReport.summary(sheetResults) == "88 rows: 88 passed, 0 failed, 0 skipped")
        let alertResults = PrimerWalkthrough.runHeadless(config: PrimerConfig())
        #expect(WalkthroughReport.summary(alertResults) == "88 rows: 73 passed, 0 failed, 15 skipped")
    }

    // A wrong expectation is reported as a failure naming the field (the check is not vacuous).
    @Test func mismatchIsReported() {
        var row = PrimerWalkthroughTable.rows[0]
        row.expected.finalStatus = .provisional
        let r = PrimerWalkthrough.runHeadless(config: PrimerConfig().style(.sheet), rows: [row])
        #expect(r[0].verdict == .fail)
        #expect(r[0].comment == "final status: expected provisional, got authorized")
        let xml = WalkthroughReport.junit(r, config: PrimerConfig())
        #expect(xml.contains("<failure message=\"final status: expected provisional, got authorized\">"))
        #expect(xml.contains("failures=\"1\""))
    }

    @Test func xmlEscaping() {
        #expect(XMLText.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;")
    }

    @Test func markdownHasARowPerRowAndEscapesPipes() {
        var results = PrimerWalkthrough.runHeadless(config: PrimerConfig().style(.sheet))
        results[0].comment = "a | b"
        let md = WalkthroughReport.markdown(results, config: PrimerConfig().style(.sheet), mode: "headless")
        #expect(md.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| #") }.count == PrimerWalkthroughTable.rows.count)
        #expect(md.contains("a \\| b"))
    }
}
