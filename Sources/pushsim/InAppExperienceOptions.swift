// What decides an in-app run's screen (the host app, the script, image downloads): the options `pushsim inapp` and
// `pushsim snapshot inapp` share.

import ArgumentParser

struct InAppExperienceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The host app's name, shown in its title bar and in each banner's header.", valueName: "name"))
    var appName = "Shop"

    @OptionGroup(title: "Foreground pushes (PushwooshForegroundPush)") var foreground: ForegroundPushOptions
    @OptionGroup var sdk: SDKOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var script: ScriptOptions
}
