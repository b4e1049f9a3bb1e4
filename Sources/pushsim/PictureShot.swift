// What every `snapshot` subcommand hands to the three things that draw it: one picture, a contact sheet (`--matrix`)
// and a recording (`pushsim record`). They all play the same scene on the same simulated clock and draw it the same way.

import ArgumentParser
import PushSimApp
import PushSimEngine
import PushSimPicture

/// A scene ready to play and the way to draw it as the phone shows it.
struct PictureShot {
    var scene: ScriptableScene
    var script: ScriptOptions
    var sink: EventSink
    /// The steps played when no --script is given.
    var fallback: String = ""
    /// The output's default name, without its extension.
    var name: String
    var images: PictureImages
    /// Draw the scene at a moment on a phone.
    var draw: (Picture, Double, PictureDevice) -> Void
    /// After the run: why the experience shows nothing at all, if it does not (the primer suppressed), which is said
    /// on standard error with exit 1 instead of writing a picture of the bare app.
    var nothingShown: () -> String? = { nil }
    /// Where on the phone the scene's touch area is drawn at a moment (nil: the whole screen): `record --touches`.
    var touchTarget: ((Double, PictureDevice) -> PictureRect?)? = nil
    /// The iOS release the phone runs (`--ios`) and the app's `UIDesignRequiresCompatibility` (`--app-compat`).
    var ios: IOSVersion = .default
    var appCompatibility = false

    /// `device` running this shot's iOS: what every drawing of the shot is handed.
    func phone(_ device: PictureDevice) -> PictureDevice { device.running(ios, appCompatibility: appCompatibility) }

    /// The shot on the phone `--ios` and `--app-compat` describe.
    func running(_ sdk: SDKOptions) -> PictureShot {
        var shot = self
        shot.ios = sdk.ios
        shot.appCompatibility = sdk.appCompat
        return shot
    }
}

/// A `snapshot` subcommand: its options build the shot.
protocol SnapshotSubcommand: ParsableCommand {
    var picture: PictureOptions { get }
    /// The scene and its drawing; bad options end the run with one line.
    func shot() -> PictureShot
    /// The arguments that put the experience in light or dark appearance (`--matrix appearance=…`, `record --dark`).
    static func appearanceArguments(dark: Bool) -> [String]
}

extension SnapshotSubcommand {
    func run() throws {
        if picture.matrix.isEmpty {
            picture.shoot(shot())
        } else {
            ContactSheet.make(Self.self, picture: picture)
        }
    }
}
