// The primer's hero image: requested when the primer is presented (not only when a frame is drawn), and a
// failure reported once as a warning while the SDK carries on without it.

import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

/// An image source that fails every request, remembering what was asked.
final class FailingImages: ImageSource {
    var requests: [String] = []
    var pending: [Diagnostic] = []
    func slot(for url: String, size: Size) -> ImageSlot {
        if !requests.contains(url) { pending.append(Diagnostic(path: "", "image \(url) could not be loaded: no such file")) }
        requests.append(url)
        return .failed("no such file")
    }
    func prefetch(_ urls: [String]) {}
    var isBusy: Bool { false }
    func takeDiagnostics() -> [Diagnostic] { defer { pending = [] }; return pending }
}

@Suite struct PrimerImageTests {
    @Test func heroImageIsRequestedOnPresentAndItsFailureWarnedOnce() throws {
        let images = FailingImages()
        let config = PrimerConfig().style(.sheet).title("Hi").image("/missing/hero.png")
        let scene = PrimerScene(config: config, device: SimulatedDevice(), wallClock: primerWall, store: nil,
                                sink: EventSink(), images: images)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        // No frames are drawn: the request must not depend on rendering.
        try runner.run(Script.parse("wait 1; wait 1"))
        #expect(images.requests.first == "/missing/hero.png")
        let warnings = scene.sink.events.filter { $0.event.name == "warning" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.event["message"] == "image /missing/hero.png could not be loaded: no such file")
        // The primer is still shown and answers as usual.
        #expect(scene.sink.names.first == "shown")
    }

    @Test func alertStyleAsksForNoImage() throws {
        let images = FailingImages()
        let scene = PrimerScene(config: PrimerConfig().image("/missing/hero.png"), device: SimulatedDevice(),
                                wallClock: primerWall, store: nil, sink: EventSink(), images: images)
        try HeadlessRunner(scene: scene, size: Size(width: 80, height: 24)).run(Script.parse("wait 1"))
        // spec §2.3: the alert style ignores image, colours, radius and position.
        #expect(images.requests.isEmpty)
    }
}
