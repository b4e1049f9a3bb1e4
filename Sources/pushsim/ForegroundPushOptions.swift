// PushwooshForegroundPush's configuration as options of `pushsim inapp` (and `snapshot inapp`): how the SDK's own
// banner for pushes that arrive in the foreground looks and leaves.

import ArgumentParser
import PushSimEngine

struct ForegroundPushOptions: ParsableArguments {
    @Option(help: ArgumentHelp("disappearedPushAnimation for pushes sent with `pushsim notify --push`: regular (slides up after a fixed 3 s, whatever --foreground-duration says) or balls (bursts into tiles after --foreground-duration). Foreground pushes are not the banners above: they stack instead of queueing, cannot be swiped or dragged, and a tap only calls the delegate and removes them.", valueName: "style"),
            completion: .list(ForegroundPushDisappear.allCases.map(\.rawValue)))
    var foregroundStyle: String = ForegroundPushDisappear.regular.rawValue

    @Option(help: ArgumentHelp("duration in whole seconds; only the balls style uses it.", valueName: "seconds"))
    var foregroundDuration: Int = 3

    @Option(help: ArgumentHelp("vibration, played only for a push with an attachment: \(ForegroundPushHaptic.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "haptic"))
    var foregroundVibration: String = ForegroundPushHaptic.none.rawValue

    @Option(help: ArgumentHelp("gradientColors, left to right, as #RRGGBB,#RRGGBB…: wins over --foreground-background (default: the system blue to green gradient).", valueName: "colors"))
    var foregroundGradient: String?

    @Option(help: ArgumentHelp("backgroundColor as #RRGGBB: a solid card.", valueName: "color"))
    var foregroundBackground: String?

    @Option(help: ArgumentHelp("titlePushColor as #RRGGBB (default white).", valueName: "color"))
    var foregroundTitleColor: String?

    @Option(help: ArgumentHelp("messagePushColor as #RRGGBB (default white).", valueName: "color"))
    var foregroundMessageColor: String?

    @Flag(help: "usePushAnimation = false: a plain rounded card instead of the wobbling wave shape.")
    var foregroundNoWave = false

    @Flag(help: "The host sets no delegate with didTapForegroundPush: a tap on a foreground push then does nothing.")
    var foregroundNoDelegate = false

    @Flag(help: "useLiquidView = true: on iOS 26 and later (--ios) the module's glass variant, which the shipped SDK draws as a systemMaterial blur over the card with black text (its glass needs Swift 6.2); on iOS 18 the classic card.")
    var foregroundLiquidView = false

    func validate() throws {
        if ForegroundPushDisappear(rawValue: foregroundStyle) == nil {
            throw ValidationError("--foreground-style must be regular or balls (got '\(foregroundStyle)')")
        }
        if ForegroundPushHaptic(rawValue: foregroundVibration) == nil {
            throw ValidationError("--foreground-vibration must be one of \(ForegroundPushHaptic.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(foregroundVibration)')")
        }
        if foregroundDuration < 0 { throw ValidationError("--foreground-duration must be 0 or more seconds (got \(foregroundDuration))") }
        if let g = foregroundGradient {
            for c in g.split(separator: ",", omittingEmptySubsequences: false) where PrimerColor(hex: String(c)) == nil {
                throw ValidationError("--foreground-gradient: '\(c)' is not a colour such as #FF8800")
            }
        }
        for (name, v) in [("--foreground-background", foregroundBackground), ("--foreground-title-color", foregroundTitleColor),
                          ("--foreground-message-color", foregroundMessageColor)] {
            if let v, PrimerColor(hex: v) == nil { throw ValidationError("\(name): '\(v)' is not a colour such as #FF8800") }
        }
    }

    var configuration: ForegroundPushConfiguration {
        var c = ForegroundPushConfiguration()
        c.disappear = ForegroundPushDisappear(rawValue: foregroundStyle) ?? .regular
        c.duration = foregroundDuration
        c.vibration = ForegroundPushHaptic(rawValue: foregroundVibration) ?? .none
        c.gradientColors = foregroundGradient.map { $0.split(separator: ",").compactMap { PrimerColor(hex: String($0)) } } ?? []
        c.backgroundColor = foregroundBackground.flatMap(PrimerColor.init(hex:))
        c.titleColor = foregroundTitleColor.flatMap(PrimerColor.init(hex:))
        c.messageColor = foregroundMessageColor.flatMap(PrimerColor.init(hex:))
        c.usePushAnimation = !foregroundNoWave
        c.hasDelegate = !foregroundNoDelegate
        c.useLiquidView = foregroundLiquidView
        return c
    }

    /// The configuration on a phone running `ios`.
    func configuration(ios: IOSVersion) -> ForegroundPushConfiguration {
        var c = configuration
        c.ios = ios
        return c
    }
}
