// `pushsim` with no arguments: the interactive home screen listing every bundled sample.

import ArgumentParser
import PushSimApp

struct HomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Open the home screen: pick a bundled sample of any experience (the default command)."
    )

    @OptionGroup var interactive: InteractiveOptions

    @Flag(help: .hidden)
    var demo = false

    @Option(help: .hidden)
    var demoPageSeconds: Double = 5

    func validate() throws {
        guard demoPageSeconds > 0, demoPageSeconds.isFinite else {
            throw ValidationError("--demo-page-seconds must be a positive number of seconds")
        }
    }

    func run() throws {
        if demo {
            runInteractive(HomeDemoScene(pageSeconds: demoPageSeconds), options: interactive)
        }
        let resources = Resources.locate()
        let scene = HomeScene(samples: SampleCatalog.all(resources: resources, terminalColors: terminalImageColors()), resourcesRoot: resources.root)
        runInteractive(scene, options: interactive)
    }
}
