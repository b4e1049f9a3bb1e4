// Issue 39 item 6: on a terminal too small for a screen, `?` opens a help that shows (in what room there is) or none
// at all, so `q q` always means dismiss, then leave; a help the terminal shrinks under closes.

import Foundation
import PushSimStore
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct SmallScreenKeysTests {
    @Test func aTooSmallStoryShowsItsHelpInWhatRoomThereIsAndOffersIt() throws {
        let h = try StoriesHarness()
        try h.run("wait 1; resize 20x8")
        #expect(h.frames.last!.contains("q dismiss · ? keys"), "\(h.frames.last!)")
        try h.run("key ?")
        #expect(h.scene.helpShown)
        #expect(h.frames.last!.contains("any key closes"), "the help is drawn: \(h.frames.last!)")
        // One level at a time: q closes the help it can see, then q q dismisses and leaves.
        try h.run("key q")
        #expect(!h.scene.helpShown && h.scene.state.phase != .dismissed)
        try h.run("key q")
        #expect(h.scene.state.phase == .dismissed && h.scene.exitStatus == nil)
        try h.run("key q")
        #expect(h.scene.exitStatus == 0)
    }

    @Test func belowTheSmallestHelpQuestionMarkOpensNothingAndQQStillDismissesThenLeaves() throws {
        let h = try StoriesHarness()
        try h.run("wait 1; resize 11x8")
        #expect(!h.frames.last!.contains("? keys"), "the line does not offer a help that cannot show")
        try h.run("key ?")
        #expect(!h.scene.helpShown)
        try h.run("key q")
        #expect(h.scene.state.phase == .dismissed && h.scene.exitStatus == nil, "the first q dismissed")
        try h.run("key q")
        #expect(h.scene.exitStatus == 0)
    }

    @Test func aStoryHelpClosesWhenTheTerminalShrinksBelowIt() throws {
        let h = try StoriesHarness()
        try h.run("wait 1; key ?")
        #expect(h.scene.helpShown)
        try h.run("resize 10x5")
        #expect(!h.scene.helpShown)
        try h.run("key q")
        #expect(h.scene.state.phase == .dismissed, "q reached the story, not an unseen help")
    }

    /// `?` at 11×6 opens nothing; at 80×24 it opens; a shrink to 8×4 closes it.
    func helpOpensOnlyWhereItShows(_ scene: any ScriptableScene, shown: () -> Bool) throws {
        let r = HeadlessRunner(scene: scene, size: Size(width: 11, height: 6))
        try r.run(Script.parse("key ?"))
        #expect(!shown())
        try r.run(Script.parse("resize 80x24; key ?"))
        #expect(shown())
        try r.run(Script.parse("resize 8x4"))
        #expect(!shown())
    }

    @Test func thePrimersHelpOpensOnlyWhereItShows() throws {
        let scene = makeScene(PrimerConfig().style(.sheet))
        try helpOpensOnlyWhereItShows(scene) { scene.helpShown }
    }

    @Test func theWalkthroughsHelpOpensOnlyWhereItShows() throws {
        let scene = PrimerWalkthroughScene(config: PrimerConfig().style(.sheet), wallClock: primerWall) { _ in }
        try helpOpensOnlyWhereItShows(scene) { scene.helpShown }
    }

    @Test func theInboxsHelpOpensOnlyWhereItShowsAndQThenLeaves() throws {
        let s = try InboxScene(files: [Resources.locate().path("inbox/mixed.json")], attributes: InboxAttributes(sdk: .v7_1_3),
                               now: InboxSceneTests.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()),
                               sink: EventSink())
        try helpOpensOnlyWhereItShows(s) { s.helpShown }
        let r = HeadlessRunner(scene: s, size: Size(width: 8, height: 4))
        try r.run(Script.parse("key q"))
        #expect(s.exitStatus == 0, "q reached the inbox, not an unseen help")
    }
}
