// The options of an experience command that only matter in a terminal (or its text frames): how the run is shown,
// not what is on the phone's screen, so `pushsim snapshot` does not take them.

import ArgumentParser
import PushSimApp

struct TerminalOptions: ParsableArguments {
    @OptionGroup var headless: HeadlessOptions
    @OptionGroup var media: MediaOptions
    @OptionGroup var interactive: InteractiveOptions

    /// The image source for a payload at `file`, drawn in cells for this terminal (or headless frames).
    func imageSource(payload file: String, appGroup: String?, fetch: FetchOptions) -> MediaImageSource {
        media.imageSource(payload: file, appGroup: appGroup, headless: headless.headless, fetch: fetch)
    }
}
