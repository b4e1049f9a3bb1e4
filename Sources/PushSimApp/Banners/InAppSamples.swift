// The home screen's in-app banner samples: bundled banners fired on a timer, and a live listener for `pushsim notify`.

import Foundation
import PushSimEngine
import PushSimMedia

extension SampleCatalog {
    static func bannersSamples(_ r: Resources, _ colors: ColorMode = .detect()) -> [Sample] {
        let keys = "t tap · s swipe · drag it up · ↑↓ scroll · ⏎ click · q back"
        return [
            Sample(experience: .banners, title: "Demo banners",
                   summary: "Bundled banners drop in every 6 s (plain, with image and link, CJK/emoji); tap, swipe or drag them",
                   keys: keys, command: "pushsim inapp --demo") {
                try InAppDemo.makeScene(r, listener: nil, images: MediaImageSource(payloadFolder: r.path("banners"), mode: .background, colorMode: colors))
            },
            Sample(experience: .banners, title: "Listen for pushsim notify",
                   summary: "A host app that shows what `pushsim notify --title T --body B` sends from another terminal",
                   keys: keys, command: "pushsim inapp") {
                let listener = try SocketListener(path: SocketPath.defaultPath(for: .inapp), service: .inapp, secureFolder: true)
                let scene = InAppScene(sink: EventSink(), images: MediaImageSource(payloadFolder: FileManager.default.currentDirectoryPath, mode: .background, colorMode: colors),
                                       listener: listener)
                // pushsim notify --inapp reaches it too (no store: the home screen counts no display).
                _ = scene.attachNative(intake: .sdk(), options: InAppPresenterOptions(wallStart: Date().timeIntervalSince1970),
                                       capsEnabled: false, isDark: false, store: nil)
                return scene
            },
        ]
    }
}

/// The bundled demo: Resources/banners/*.json in a fixed order, one every `interval` seconds from t=1.
public enum InAppDemo {
    public static let files = ["welcome.json", "sale.json", "cjk.json", "shipped.json"]

    public static func banners(_ r: Resources) throws(UserError) -> [JSONValue] {
        try files.map { f throws(UserError) in try InputFile.readJSON(r.path("banners/\(f)")) }
    }

    public static func makeScene(_ r: Resources, listener: SocketListener?, sink: EventSink = EventSink(),
                                 images: ImageSource? = nil) throws(UserError) -> InAppScene {
        InAppScene(sink: sink, images: images ?? MediaImageSource(payloadFolder: r.path("banners"), mode: .background),
                   listener: listener, demo: try banners(r))
    }
}
