// Limits for image downloads, shared by the experience commands, their `snapshot` subcommands and `prefetch`.

import ArgumentParser
import PushSimMedia

struct FetchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds to wait for an image server, connecting and in total.", valueName: "seconds"))
    var imageTimeout: Double = 10

    @Option(help: ArgumentHelp("Largest image in MB, downloaded or a local file (a larger one is refused unread).", valueName: "mb"))
    var imageMaxMb: Int = 20

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`).
    struct Values: Equatable {
        var imageTimeout: Double = 10
        var imageMaxMb: Int = 20

        func validate() throws {
            guard imageTimeout.isFinite, imageTimeout > 0, imageTimeout <= 600 else {
                throw ValidationError("--image-timeout must be seconds from 0 to 600, such as 10 (got \(imageTimeout))")
            }
            guard (1...2048).contains(imageMaxMb) else {
                throw ValidationError("--image-max-mb must be from 1 to 2048 (got \(imageMaxMb))")
            }
        }

        var limits: FetchLimits {
            FetchLimits(connectTimeout: imageTimeout, totalTimeout: imageTimeout, maxBytes: imageMaxMb * 1024 * 1024)
        }
    }

    var values: Values { Values(imageTimeout: imageTimeout, imageMaxMb: imageMaxMb) }

    func validate() throws { try values.validate() }

    var limits: FetchLimits { values.limits }
}
