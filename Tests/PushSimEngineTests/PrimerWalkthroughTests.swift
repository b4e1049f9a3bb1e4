// Every row of the decision table, played on the engine with a simulated clock, against the literal expected table.

import Testing
@testable import PushSimEngine

extension WalkthroughRow: CustomTestStringConvertible {
    public var testDescription: String { name }
}

@Suite struct PrimerWalkthroughTests {
    @Test func tableParsesEveryLine() {
        #expect(PrimerWalkthroughTable.rows.count == PrimerWalkthroughTable.expandedLineCount)
        #expect(PrimerWalkthroughTable.rows.count == 88)
        #expect(PrimerWalkthroughTable.rows.map(\.number) == Array(1...88))
        // No combination is written twice in the matrix (84 rows before the extra ones).
        let matrix = PrimerWalkthroughTable.rows.prefix(84).map { "\($0.status) \($0.fallbackToSettings) \($0.throttle) \($0.answer)" }
        #expect(Set(matrix).count == matrix.count)
        // Every status × fallback × throttle combination is present.
        for s in AuthorizationStatus.allCases {
            for f in [true, false] {
                for th in WalkthroughThrottle.allCases {
                    #expect(PrimerWalkthroughTable.rows.contains { $0.status == s && $0.fallbackToSettings == f && $0.throttle == th })
                }
            }
        }
    }

    // Folding the table (`*` and `a,b` columns) kept every row's number: reports and JUnit names from before still match.
    @Test func rowNumbersAreStable() {
        let names = Dictionary(uniqueKeysWithValues: PrimerWalkthroughTable.rows.map { ($0.number, $0.name) })
        #expect(names[1] == "row 01: notDetermined, fallback on, throttle off, accept+allow")
        #expect(names[4] == "row 04: notDetermined, fallback on, throttle off, tapOutside")
        #expect(names[9] == "row 09: notDetermined, fallback on, throttle within, none")
        #expect(names[14] == "row 14: notDetermined, fallback off, throttle off, accept+allow")
        #expect(names[22] == "row 22: notDetermined, fallback off, throttle within, none")
        #expect(names[26] == "row 26: notDetermined, fallback off, throttle elapsed, tapOutside")
        #expect(names[27] == "row 27: ephemeral, fallback on, throttle off, accept+allow")
        #expect(names[53] == "row 53: denied, fallback on, throttle off, accept")
        #expect(names[62] == "row 62: denied, fallback on, throttle elapsed, tapOutside")
        #expect(names[63] == "row 63: denied, fallback off, throttle off, none")
        #expect(names[67] == "row 67: authorized, fallback on, throttle off, none")
        #expect(names[75] == "row 75: provisional, fallback on, throttle off, none")
        #expect(names[82] == "row 82: provisional, fallback off, throttle elapsed, none")
        #expect(names[83] == "row 83: notDetermined, fallback on, throttle off, presentAgain")
        #expect(names[84] == "row 84: ephemeral, fallback on, throttle off, acceptAsked")
        #expect(names[85] == "row 85: notDetermined, fallback on, throttle never, noWindow")
        #expect(names[88] == "row 88: authorized, fallback on, throttle off, noWindow")
    }

    // A `*` or a list in a column stands for each value; an unknown value makes the line unreadable, not a row.
    @Test func wildcardsAndListsExpand() throws {
        let all = try #require(PrimerWalkthroughTable.parse("authorized * never,elapsed none no suppressed:authorized no no authorized kept"))
        #expect(all.fallbacks == [true, false])
        #expect(all.throttles == [.never, .elapsed])
        #expect(PrimerWalkthroughTable.parse("authorized * never,later none no suppressed:authorized no no authorized kept") == nil)
        let same = try #require(PrimerWalkthroughTable.parse("notDetermined,ephemeral * off decline yes declined no no same kept"))
        #expect(same.statuses == [.notDetermined, .ephemeral])
        #expect(same.expected(for: .ephemeral).finalStatus == .ephemeral && same.expected(for: .notDetermined).finalStatus == .notDetermined)
        #expect(PrimerWalkthroughTable.parse("# authorized * * none no suppressed:authorized no no authorized kept") == nil)
    }

    // spec §2.2 #5 (corrected): the background rows show the primer in the SDK's sense — the shown event, the stamp —
    // and the second present meets the flag the invisible primer holds (or the throttle it just stamped).
    @Test func backgroundRowsCountAsShown() {
        let rows = PrimerWalkthroughTable.rows.filter { $0.answer == .noWindow }
        #expect(rows.count == 4)
        #expect(rows.map(\.expected.shown) == [true, true, false, false])
        #expect(rows.map(\.expected.result.reason) == [.throttled, .onScreen, .throttled, .authorized])
        #expect(rows[0].expected.stampWritten)
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
