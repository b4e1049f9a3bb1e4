// What decides an in-app run's screen (the host app, the script, image downloads): the options `pushsim inapp` and
// `pushsim snapshot inapp` share.

import ArgumentParser
import PushSimScreens

struct InAppExperienceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The host app's name, shown in its title bar and in each banner's header.", valueName: "name"))
    var appName = InAppHostContent.defaultAppName

    @OptionGroup(title: "Foreground pushes (PushwooshForegroundPush)") var foreground: ForegroundPushOptions
    @OptionGroup var sdk: SDKOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var script: ScriptOptions

    /// The same rule as `stories --app-name`: the name is drawn in the title bar and every banner's header.
    func validate() throws { _ = try AppDisplayName.checked(appName) }

    /// The app's name as drawn.
    var displayName: String { AppDisplayName.trimmed(appName) }
}
