// The loading spinner of a native in-app message in the running scene: while the frame shows one, the scene asks to be
// woken at its next step (8 a second), and once the image has landed or failed it asks for nothing: the loop sleeps.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

/// An image source whose every image is in one state, which the test changes.
final class OneStateImages: ImageSource {
    var answer: ImageSlot = .loading
    func slot(for url: String, size: Size) -> ImageSlot { answer }
    func prefetch(_ urls: [String]) {}
    var isBusy: Bool { if case .loading = answer { return true } else { return false } }
    func takeDiagnostics() -> [Diagnostic] { [] }
}

@Suite struct NativeInAppSpinnerTests {
    func scene(_ images: OneStateImages) throws -> InAppScene {
        let scene = InAppScene(sink: EventSink(), images: images)
        let intake = InAppIntake.sdk()
        let native = scene.attachNative(intake: intake, options: InAppPresenterOptions(wallStart: 1_785_000_000), capsEnabled: false,
                                        isDark: false, store: nil)
        scene.resize(to: Size(width: 80, height: 24), at: 0)
        native.deliver(try intake.read(NativeInAppSceneTests.sample("modal-welcome-dark.json")), at: 0)
        return scene
    }

    func spinner(in c: Canvas) -> String? { InAppLayer.spinnerFrames.first { c.plainText.contains($0) } }

    @Test func aLoadingImageWakesTheSceneAtEachStepAndALandedOneLetsItSleep() throws {
        let images = OneStateImages()
        let s = try scene(images)
        // Past the modal's 0.55 s entrance nothing moves but the spinner.
        s.advance(to: 1.01)
        #expect(spinner(in: s.render(at: 1.01)) == InAppLayer.spinnerFrames[0])
        #expect(s.nextDeadline().map { abs($0 - 1.125) < 1e-9 } == true, "woken at the next eighth of a second")
        s.advance(to: 1.125)
        #expect(spinner(in: s.render(at: 1.125)) == InAppLayer.spinnerFrames[1])
        #expect(s.nextDeadline().map { abs($0 - 1.25) < 1e-9 } == true)

        images.answer = .image(Canvas(width: 4, height: 2, fill: Cell("▓", fg: .rgb(200, 0, 0))))
        s.advance(to: 1.2)
        #expect(spinner(in: s.render(at: 1.2)) == nil)
        #expect(s.nextDeadline() == nil, "the image is on screen: nothing to wake for")
    }

    @Test func aFailedImageStopsTheSpinnerToo() throws {
        let images = OneStateImages()
        let s = try scene(images)
        s.advance(to: 2)
        _ = s.render(at: 2)
        #expect(s.nextDeadline() != nil)
        images.answer = .failed("HTTP 404")
        s.advance(to: 2.05)
        let c = s.render(at: 2.05)
        #expect(c.plainText.contains("HTTP 404") && spinner(in: c) == nil)
        #expect(s.nextDeadline() == nil)
    }
}
