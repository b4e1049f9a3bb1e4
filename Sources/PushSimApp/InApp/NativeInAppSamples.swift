// The home screen's native in-app samples: one bundled config per template (Resources/inapp), plus the two the SDK
// refuses, each showing the sentence that says why.

import Foundation
import PushSimEngine
import PushSimMedia

extension SampleCatalog {
    /// File, title, what it shows.
    static let nativeInAppFiles: [(String, String, String)] = [
        ("modal-welcome-dark.json", "Modal", "Card over a dimmed app: image, two buttons; a tap beside it closes it"),
        ("sheet-notifications.json", "Sheet", "Bottom sheet over a dimmed app; drag it down (↓) to close"),
        ("carousel-new-arrivals.json", "Carousel", "Three slides paged by hand (← →); the close chip shows although showClose is false"),
        ("stories-weekend-recipes.json", "Stories", "5 s, 7.5 s and 45 s → 30 s pages; taps, hold, swipe down; closes after the last"),
        ("banner-order-shipped.json", "Banner", "Top banner; hides 6 s after its slide-in; a tap opens the order"),
        ("fullscreen-winter-sale.json", "Fullscreen", "Cover image and colour, one button, the close chip"),
        ("video-launch-trailer.json", "Video", "Poster until the simulated player is ready (0.5 s); v/V/n ready, fail, end; m mute"),
        ("pip-live-match.json", "Picture in picture", "40 % wide, bottom right; arrows throw it to a corner, t opens, e expands"),
        ("scratchcard-black-friday.json", "Scratch card", "Scratch with the arrows and space (or r to reveal) past 55 %; y copies the code"),
        ("spinwheel-daily-bonus.json", "Spin wheel", "s spins for 4.2 s and stops on winIndex (Free ship); then the reward panel"),
        ("invalid-modal-title-string.json", "Refused: modal title", "Shows why the SDK drops it: modal.title must be an object {text, color}"),
        ("invalid-stories-duration-string.json", "Refused: story duration", "Shows why the SDK drops it: a duration given as the string \"5\""),
    ]

    static func nativeInAppSamples(_ r: Resources, _ colors: ColorMode = .detect()) -> [Sample] {
        nativeInAppFiles.map { file, title, summary in
            Sample(experience: .nativeInApp, title: title, summary: summary, keys: "? keys · q back",
                   command: "pushsim inapp \(r.shown("inapp/\(file)"))") {
                try NativeInAppSamples.makeScene(r.path("inapp/\(file)"), colors: colors)
            }
        } + [personalizedModalSample(r, colors)]
    }
}

public enum NativeInAppSamples {
    /// A host app with one config arriving at t=0; no store (opening a sample counts no display).
    public static func makeScene(_ path: String, colors: ColorMode = .detect(), sink: EventSink = EventSink()) throws(UserError) -> InAppScene {
        let scene = InAppScene(sink: sink, images: MediaImageSource(payloadFolder: (path as NSString).deletingLastPathComponent,
                                                                    mode: .background, colorMode: colors))
        let intake = InAppIntake.sdk()
        let d = try intake.read(path)
        let native = scene.attachNative(intake: intake, options: InAppPresenterOptions(wallStart: Date().timeIntervalSince1970),
                                        capsEnabled: false, isDark: false, store: nil)
        native.deliver(d, at: 0)
        return scene
    }
}
