// The QA walkthrough: the tester's scene records verdicts; the headless run writes JUnit XML that parses.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SnapshotTesting
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

/// Counts `<testcase>` elements and checks the document is well-formed.
final class TestcaseCounter: NSObject, XMLParserDelegate {
    var testcases = 0, failures = 0, skipped = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "testcase" { testcases += 1 }
        if name == "failure" { failures += 1 }
        if name == "skipped" { skipped += 1 }
    }
}

@Suite struct PrimerWalkthroughSceneTests {
    @Test func headlessJUnitParsesWithEveryRow() throws {
        let results = PrimerWalkthrough.runHeadless(config: PrimerConfig())
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("walkthrough-\(UUID().uuidString).xml")
        try WalkthroughReport.junit(results, config: PrimerConfig()).write(to: path, atomically: true, encoding: .utf8)
        let parser = try #require(XMLParser(contentsOf: path))
        let counter = TestcaseCounter()
        parser.delegate = counter
        #expect(parser.parse(), "the JUnit file is well-formed XML")
        #expect(counter.testcases == PrimerWalkthroughTable.rows.count)
        #expect(counter.failures == 0)
        #expect(counter.skipped == 15, "an alert has no tap outside: those rows are skipped")
    }

    /// Issue 13 item 4: "q quit" only where q quits. Inside a row q opens the walkthrough's summary, and the row's
    /// panel says so.
    @Test func aRowsPanelSaysQOpensTheSummary() throws {
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet), wallClock: primerWall) { _ in }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 100, height: 30))
        try runner.run(Script.parse("wait 1"))
        let frame = scene.render(at: runner.now).plainText
        #expect(frame.contains("q summary"), "\(frame)")
        #expect(!frame.contains("q quit"), "\(frame)")
    }

    @Test func testerJudgesRows() throws {
        var finished: [WalkthroughResult] = []
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet), wallClock: primerWall) { finished = $0 }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 30))
        // Row 1: notDetermined, accept then Allow.
        try runner.run(Script.parse("wait 0.6; accept; wait 0.3; allow"))
        #expect(scene.observed == PrimerWalkthroughTable.rows[0].expected)
        assertSnapshot(of: scene.render(at: runner.now).plainText, as: .lines, named: "row-1-after-allow")
        try runner.run(Script.parse("pass"))
        #expect(scene.index == 1)
        // Row 2 (accept, Don't Allow): the tester does something else and fails it with a comment.
        try runner.run(Script.parse("wait 0.6; decline; wait 0.5; comment tapped the wrong button; fail"))
        // Issue 13 item 11: the first q sums up (tried, not tried, where the report goes); the second finishes.
        try runner.run(Script.parse("key s; key q"))
        #expect(scene.exitStatus == nil && finished.isEmpty)
        let total = PrimerWalkthroughTable.rows.count
        let summary = scene.render(at: runner.now).plainText
        #expect(summary.contains("3 of \(total) rows tried: 1 passed, 1 failed, 1 skipped"), "\(summary)")
        #expect(summary.contains("\(total - 3) not tried"))
        #expect(summary.contains("No report is written: run pushsim primer walkthrough"))
        try runner.run(Script.parse("key q"))
        #expect(scene.exitStatus == 1)
        #expect(finished.count == PrimerWalkthroughTable.rows.count)
        #expect(finished[0].verdict == .pass)
        #expect(finished[1].verdict == .fail && finished[1].comment == "tapped the wrong button")
        #expect(finished[2].verdict == .skip)
        #expect(finished[3].verdict == .skip && finished[3].comment == "not tried")
        let md = WalkthroughReport.markdown(finished, config: PrimerConfig().style(.sheet), mode: "interactive (tester)")
        #expect(md.contains("| 2 | notDetermined | on | minInterval 0: no throttle (a stale last-shown time 1 h ago is ignored) | present, then press the accept button, then Don't Allow in the system prompt | accepted, ends denied | declined, ends notDetermined | FAIL | tapped the wrong button |"))
    }

    // Ctrl-C in the middle keeps what was judged: the reports are written as on q, from the home screen too.
    @Test func interruptWritesTheReportSoFar() throws {
        var finished: [WalkthroughResult] = []
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet), wallClock: primerWall) { finished = $0 }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 30))
        try runner.run(Script.parse("wait 0.6; accept; wait 0.3; allow; pass"))
        #expect(finished.isEmpty)
        scene.interrupted(at: runner.now)
        #expect(finished.count == PrimerWalkthroughTable.rows.count)
        #expect(finished[0].verdict == .pass && finished[1].verdict == .skip && finished[1].comment == "not tried")
        scene.interrupted(at: runner.now)
        #expect(finished.count == PrimerWalkthroughTable.rows.count, "written once")
    }

    /// Issue 39 item 5: the rows set fallbackToSettings and minInterval themselves (the SDK's PWPushPrimerPresenter.m,
    /// 7.1.1–7.2.9, reads the first only when denied and the second only to throttle), and the screen says so in its
    /// help and in the summary before finishing, one line each.
    @Test func helpAndSummarySayTheRowsReplaceTheConfigsFallbackAndMinInterval() throws {
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet).minInterval(60), wallClock: primerWall) { _ in }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 30))
        try runner.run(Script.parse("key ?"))
        let help = scene.render(at: runner.now).plainText
        for line in WalkthroughReport.replacedSettingsShort { #expect(help.contains(line)) }
        try runner.run(Script.parse("key x; key q"))
        #expect(scene.confirmingFinish)
        let summary = scene.render(at: runner.now).plainText
        for line in WalkthroughReport.replacedSettingsShort { #expect(summary.contains(line)) }
    }

    /// Ctrl-C finishes the walkthrough after the terminal is restored: the hook that says where the report went runs
    /// after the results are handed over, once.
    @Test func interruptCallsItsHookAfterTheResults() {
        var order: [String] = []
        let scene = PrimerWalkthroughScene(config: PrimerConfig(), wallClock: primerWall) { _ in order.append("results") }
        scene.onInterrupted = { order.append("hook") }
        scene.interrupted(at: 1)
        #expect(order == ["results", "hook"])
        #expect(scene.exitStatus == 0)
    }

    @Test func typedComment() throws {
        var finished: [WalkthroughResult] = []
        let scene = PrimerWalkthroughScene(config: PrimerConfig(), wallClock: primerWall) { finished = $0 }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 30))
        try runner.run(Script.parse("key c; key o; key k; key space; key !; key backspace; key enter; key p; key q; key q"))
        #expect(finished[0].comment == "ok ")
        #expect(finished[0].verdict == .pass)
    }
}

@Suite struct PrimerWalkthroughBackgroundRowTests {
    // spec §2.2 #5 (corrected): the background rows in the tester's hands — nothing appears, `n` meets the flag the
    // unseen primer holds, and the row reads as expected.
    @Test func backgroundRowAsATesterSeesIt() throws {
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet).title("Stay in the loop"), wallClock: primerWall) { _ in }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 30))
        let index = try #require(PrimerWalkthroughTable.rows.firstIndex { $0.answer == .noWindow && $0.status == .denied })
        scene.start(index, at: 0)
        try runner.run(Script.parse("wait 0.6"))
        let before = scene.render(at: runner.now).plainText
        #expect(!before.contains("Stay in the loop"), "the primer's window has no scene")
        #expect(before.contains("Try:   no scene (app in background): nothing appears; present again (n)"))
        try runner.run(Script.parse("key a; key n; wait 0.1"))
        #expect(scene.observed == PrimerWalkthroughTable.rows[index].expected)
        #expect(scene.render(at: runner.now).plainText.contains("as expected ✓"))
    }

    // Issue 26: a report a tester can hand on — when, which pushsim and SDK rules, which config, how to run it again,
    // each row's setup and steps; the panel's keys are only those that reach the row; throttle in plain words.
    @Test func theReportIsARecordAnotherTesterCanReproduce() throws {
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet), wallClock: primerWall) { _ in }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 100, height: 40))
        var frames: [String] = []
        runner.onFrame = { frames.append($0) }
        try runner.run(Script.parse("wait 0.6"))
        let screen = frames.last!
        #expect(!screen.contains("s status"), "s is skip in the walkthrough")
        #expect(!screen.contains("throttle off"))
        #expect(screen.contains("no throttle"))
        let context = WalkthroughReportContext(date: "2026-11-27T09:00:00Z", pushsimVersion: "0.1.0", sdkVersion: "7.2.9",
                                               configSource: "Resources/primer/sheet-bottom.json",
                                               command: "pushsim primer walkthrough --config Resources/primer/sheet-bottom.json --report w.md")
        let results = PrimerWalkthrough.runHeadless(config: PrimerConfig().style(.sheet))
        let md = WalkthroughReport.markdown(results, config: PrimerConfig().style(.sheet), mode: "headless (engine)", context: context)
        #expect(md.contains("| Date | 2026-11-27T09:00:00Z |"))
        #expect(md.contains("| pushsim | 0.1.0 |"))
        #expect(md.contains("| SDK rules | Pushwoosh iOS SDK 7.2.9"))
        #expect(md.contains("| Config | Resources/primer/sheet-bottom.json |"))
        #expect(md.contains("| Run it again | `pushsim primer walkthrough --config Resources/primer/sheet-bottom.json --report w.md` |"))
        #expect(md.contains("| Setup | Steps |") || md.contains("| Setup | Steps | Expected"))
        #expect(md.contains("present, then press the decline button"))
    }

    // From the home screen the walkthrough keeps its report under the data folder and says where, instead of ending
    // with "status 1".
    @Test func fromTheHomeScreenTheReportIsWrittenAndNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = WalkthroughRecord.defaultReportPath(environment: ["XDG_DATA_HOME": dir])
        #expect(path.hasPrefix(dir + "/pushsim/reports/primer-walkthrough-") && path.hasSuffix(".md"))
        try WalkthroughRecord.write("# report\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# report\n")
        #expect(throws: UserError.self) { try WalkthroughRecord.write("x", to: "/proc/version/x.md") }
    }
}
