// The walkthrough's words besides its rows: the two config settings the rows replace (the SDK's
// iOS_SDK/Pushwoosh/PushwooshCore/PushPrimer/PWPushPrimerPresenter.m, 7.1.1–7.2.9, reads fallbackToSettings only for a
// denied device and minInterval only to throttle) and the line that explains exit status 1.

import Testing
@testable import PushSimEngine

@Suite struct WalkthroughReportNotesTests {
    @Test func reportSaysTheConfigsFallbackAndMinIntervalAreReplacedByEachRow_PWPushPrimerPresenter() {
        let config = PrimerConfig().style(.sheet).fallbackToSettings(false).minInterval(600)
        let md = WalkthroughReport.markdown(PrimerWalkthrough.runHeadless(config: config), config: config, mode: "headless")
        let lines = md.split(separator: "\n").map(String.init)
        let fallback = lines.filter { $0.hasPrefix("- fallbackToSettings") }
        let interval = lines.filter { $0.hasPrefix("- minInterval") }
        #expect(fallback.count == 1 && interval.count == 1)
        #expect(fallback.first?.contains("the config's false") == true)
        #expect(fallback.first?.contains("only for a denied device") == true)
        #expect(interval.first?.contains("the config's 600 s") == true)
        #expect(interval.first?.contains("only to throttle") == true)
        for line in fallback + interval { #expect(line.contains("PWPushPrimerPresenter.m")) }
        // Said before the table, where a reader of the rows' Fallback and Setup columns sees it first.
        let table = lines.firstIndex { $0.hasPrefix("| # |") } ?? 0
        #expect((lines.firstIndex { $0.hasPrefix("- minInterval") } ?? .max) < table)
    }

    @Test func theScreensVersionFitsAHelpBoxOnAnEightyColumnTerminal() {
        #expect(WalkthroughReport.replacedSettingsShort.count == 2)
        for line in WalkthroughReport.replacedSettingsShort { #expect(line.unicodeScalars.allSatisfy(\.isASCII) && line.count <= 74) }
    }

    @Test func failureLineCountsTheFailedRowsAndNamesTheReports() {
        var results = PrimerWalkthrough.runHeadless(config: PrimerConfig().style(.sheet))
        #expect(WalkthroughReport.failureLine(results, reports: ["r.md"]) == nil)
        results[0].verdict = .fail
        #expect(WalkthroughReport.failureLine(results, reports: ["r.md", "j.xml"])
                == "1 row of 88 failed, so the exit status is 1; the report is r.md and j.xml")
        results[1].verdict = .fail
        #expect(WalkthroughReport.failureLine(results, reports: [])
                == "2 rows of 88 failed, so the exit status is 1; no report was asked for (--report FILE.md keeps one)")
        #expect(WalkthroughReport.failureLine(results, reports: ["-"])
                == "2 rows of 88 failed, so the exit status is 1; the report is on standard output")
    }
}
