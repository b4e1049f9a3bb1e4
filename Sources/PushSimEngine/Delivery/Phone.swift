// Every iPhone pushsim simulates, in one table: its screen in points, scale, safe areas, cutout and Apple's model
// identifier. The delivery path cuts text at these widths; the pictures and the terminal read the same rows.

/// One phone. Screens and scales are Apple's (Human Interface Guidelines, "Layout", device screen dimensions:
/// https://developer.apple.com/design/human-interface-guidelines/layout#Specifications). Apple documents no safe-area
/// insets per device: the insets are simulator readings published by third parties (for example device_preview's
/// presets, https://pub.dev/documentation/device_preview/3.0.0-prerelease3/presets/DevicePresets-class.html), and
/// where nobody has published one (`insetsSourced == false`) pushsim uses its sibling's and says so in `--help`.
public struct Phone: Sendable, Hashable {
    /// What interrupts the top of the screen: it decides how the status bar is laid out.
    public enum Cutout: String, Sendable, Hashable {
        /// A Touch ID phone (the SE): a 20 pt status bar and no home indicator.
        case none
        /// The notch of the iPhone X … 14 and 16e/17e.
        case notch
        /// The Dynamic Island of the iPhone 14 Pro, 15, 16 (but the 16e), 17 and Air.
        case dynamicIsland = "dynamic-island"
    }

    /// The name `--device` takes (`iphone-16-pro`).
    public let name: String
    /// What Apple calls it (`iPhone 16 Pro`).
    public let marketingName: String
    /// The screen in points, portrait.
    public let width: Double
    public let height: Double
    /// Pixels per point the phone ships with.
    public let scale: Double
    /// The safe-area insets in portrait: status bar and cutout at the top, home indicator at the bottom.
    public let safeTop: Double
    public let safeBottom: Double
    public let cutout: Cutout
    /// Apple's machine identifier (`utsname.machine`, what the SDK reports as the device model): `iPhone17,1`.
    public let modelIdentifier: String
    /// False where no published measurement of the insets exists (pushsim copies the phone with the same screen).
    public let insetsSourced: Bool

    public init(name: String, marketingName: String, width: Double, height: Double, scale: Double = 3, safeTop: Double,
                safeBottom: Double = 34, cutout: Cutout, modelIdentifier: String, insetsSourced: Bool = true) {
        self.name = name
        self.marketingName = marketingName
        self.width = width
        self.height = height
        self.scale = scale
        self.safeTop = safeTop
        self.safeBottom = safeBottom
        self.cutout = cutout
        self.modelIdentifier = modelIdentifier
        self.insetsSourced = insetsSourced
    }

    /// Every phone `--device` names, the five of pushsim's first releases and then today's, oldest first.
    public static let known: [Phone] = [
        Phone(name: "iphone-14", marketingName: "iPhone 14", width: 390, height: 844, safeTop: 47, cutout: .notch, modelIdentifier: "iPhone14,7"),
        Phone(name: DefaultPhone.name, marketingName: "iPhone 15", width: DefaultPhone.width, height: DefaultPhone.height,
              safeTop: DefaultPhone.safeTop, safeBottom: DefaultPhone.safeBottom, cutout: .dynamicIsland, modelIdentifier: "iPhone15,4"),
        Phone(name: "iphone-15-pro-max", marketingName: "iPhone 15 Pro Max", width: 430, height: 932, safeTop: 59, cutout: .dynamicIsland,
              modelIdentifier: "iPhone16,2"),
        Phone(name: "iphone-se", marketingName: "iPhone SE (3rd generation)", width: 375, height: 667, scale: 2, safeTop: 20, safeBottom: 0,
              cutout: .none, modelIdentifier: "iPhone14,6"),
        Phone(name: "iphone-mini", marketingName: "iPhone 13 mini", width: 375, height: 812, safeTop: 50, cutout: .notch, modelIdentifier: "iPhone14,4"),
        Phone(name: "iphone-16", marketingName: "iPhone 16", width: 393, height: 852, safeTop: 59, cutout: .dynamicIsland, modelIdentifier: "iPhone17,3"),
        Phone(name: "iphone-16-plus", marketingName: "iPhone 16 Plus", width: 430, height: 932, safeTop: 59, cutout: .dynamicIsland,
              modelIdentifier: "iPhone17,4"),
        Phone(name: "iphone-16-pro", marketingName: "iPhone 16 Pro", width: 402, height: 874, safeTop: 62, cutout: .dynamicIsland,
              modelIdentifier: "iPhone17,1"),
        Phone(name: "iphone-16-pro-max", marketingName: "iPhone 16 Pro Max", width: 440, height: 956, safeTop: 62, cutout: .dynamicIsland,
              modelIdentifier: "iPhone17,2"),
        Phone(name: "iphone-16e", marketingName: "iPhone 16e", width: 390, height: 844, safeTop: 47, cutout: .notch, modelIdentifier: "iPhone17,5"),
        Phone(name: "iphone-17", marketingName: "iPhone 17", width: 402, height: 874, safeTop: 62, cutout: .dynamicIsland, modelIdentifier: "iPhone18,3"),
        Phone(name: "iphone-17-pro", marketingName: "iPhone 17 Pro", width: 402, height: 874, safeTop: 62, cutout: .dynamicIsland,
              modelIdentifier: "iPhone18,1"),
        // Measured in landscape only (62); the portrait top is taken to match the 17 Pro's.
        Phone(name: "iphone-17-pro-max", marketingName: "iPhone 17 Pro Max", width: 440, height: 956, safeTop: 62, cutout: .dynamicIsland,
              modelIdentifier: "iPhone18,2"),
        Phone(name: "iphone-17e", marketingName: "iPhone 17e", width: 390, height: 844, safeTop: 47, cutout: .notch, modelIdentifier: "iPhone18,5"),
        // The Air's taller status bar: 68 pt at the top (simulator readings), the island 125 × 37 pt.
        Phone(name: "iphone-air", marketingName: "iPhone Air", width: 420, height: 912, safeTop: 68, cutout: .dynamicIsland, modelIdentifier: "iPhone18,4"),
        // The 18 Pro models share the 17 Pro models' screens (frames-cli 1.5.0's release note,
        // https://github.com/viticci/frames-cli/releases/tag/1.5.0); their insets and identifiers are not published.
        Phone(name: "iphone-18-pro", marketingName: "iPhone 18 Pro", width: 402, height: 874, safeTop: 62, cutout: .dynamicIsland,
              modelIdentifier: "iPhone19,1", insetsSourced: false),
        Phone(name: "iphone-18-pro-max", marketingName: "iPhone 18 Pro Max", width: 440, height: 956, safeTop: 62, cutout: .dynamicIsland,
              modelIdentifier: "iPhone19,2", insetsSourced: false),
    ]

    /// The phone every command simulates unless told otherwise (`DefaultPhone`, an iPhone 15).
    public static let `default` = known[1]

    /// A phone from its `--device` name, in any case; nil for anything else.
    public static func named(_ name: String) -> Phone? {
        let n = name.lowercased()
        return known.first { $0.name == n }
    }

    /// The names as one list, for help and error messages; a phone whose insets are not sourced is marked.
    /// (Built by appending: `joined(separator:)` over the names is the standard library's unspecialised generic, whose
    /// metadata a start looked up by conformance scans, 0.16 ms of every `stories` parse, which evaluates `--device`'s
    /// help: docs/performance.md.)
    public static var names: String { list(known.map(\.name), separator: ", ") }

    private static func list(_ names: [String], separator: String) -> String {
        var text = ""
        for name in names {
            if !text.isEmpty { text += separator }
            text += name
        }
        return text
    }

    /// `--device`'s help: every phone, `WxH`, and which insets are not sourced.
    public static var helpList: String { "\(names), or WxH in points; \(unsourcedNote)" }

    /// The sentence `--help` adds about the phones whose insets nobody has published.
    public static var unsourcedNote: String {
        let guessed = known.filter { !$0.insetsSourced }.map(\.name)
        guard !guessed.isEmpty else { return "" }
        return "\(list(guessed, separator: " and ")): safe areas and model identifiers not published, taken from the 17 Pro models."
    }
}
