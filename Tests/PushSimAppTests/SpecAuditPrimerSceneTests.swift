// Spec audit of the primer rules that live in the scene (spec §2.4): the sheet has no swipe or pan to dismiss.

import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct SpecAuditPrimerSceneTests {
    // spec §2.4 "No swipe or pan to dismiss. The grabber is decorative." Dragging the bottom sheet down by its grabber, or
    // a press that slides off the backdrop, answers nothing; the primer stays up.
    @Test func draggingTheSheetDoesNotDismissIt() throws {
        let scene = makeScene(PrimerConfig().style(.sheet).title("Stay in the loop"))
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("wait 1"))
        _ = scene.render(at: runner.now)
        let card = scene.hits.card
        let grabberY = card.y + 1
        let x = card.x + card.width / 2
        try runner.run(Script.parse("press \(x),\(grabberY); drag \(x),\(grabberY + 4); release \(x),\(card.maxY - 1); wait 1"))
        try runner.run(Script.parse("press 2,2; drag 6,3; release 6,3; wait 1"))
        #expect(!scene.sink.events.contains { $0.event.name == "outcome" })
        #expect(scene.state.presentation != nil && scene.state.presentation?.isDismissing == false)
    }
}
