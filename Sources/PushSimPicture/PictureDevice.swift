// The phone a picture is drawn for: its screen in points, pixels per point, the safe areas the SDK lays out in, and
// the iOS release whose design the system's surfaces take.

import PushSimEngine

public struct PictureDevice: Equatable, Sendable {
    public var name: String
    public var width: Double
    public var height: Double
    /// Status bar (notch or Dynamic Island) and home indicator: the safe-area insets.
    public var safeTop: Double
    public var safeBottom: Double
    /// The scale it ships with (3× on every Face ID iPhone, 2× on the SE).
    public var nativeScale: Double
    /// Notch, Dynamic Island or neither (a `WxH` screen is taken to have a notch).
    public var cutout: Phone.Cutout
    /// Apple's machine identifier (`iPhone17,1`); nil for a `WxH` screen.
    public var modelIdentifier: String?
    /// The iOS release the phone runs: 26 and later draw the system's surfaces in Liquid Glass.
    public var ios: IOSVersion
    /// The app sets `UIDesignRequiresCompatibility`: its own alerts keep the pre-26 design (the system's do not).
    public var appCompatibility: Bool

    public init(name: String, width: Double, height: Double, safeTop: Double = 47, safeBottom: Double = 34, nativeScale: Double = 3,
                cutout: Phone.Cutout = .notch, modelIdentifier: String? = nil, ios: IOSVersion = .default, appCompatibility: Bool = false) {
        self.name = name
        self.width = width
        self.height = height
        self.safeTop = safeTop
        self.safeBottom = safeBottom
        self.nativeScale = nativeScale
        self.cutout = cutout
        self.modelIdentifier = modelIdentifier
        self.ios = ios
        self.appCompatibility = appCompatibility
    }

    /// A row of the engine's table of phones (`Phone.known`).
    public init(_ phone: Phone, ios: IOSVersion = .default) {
        self.init(name: phone.name, width: phone.width, height: phone.height, safeTop: phone.safeTop, safeBottom: phone.safeBottom,
                  nativeScale: phone.scale, cutout: phone.cutout, modelIdentifier: phone.modelIdentifier, ios: ios)
    }

    /// Every phone `--device` names: the engine's table.
    public static let known: [PictureDevice] = Phone.known.map { PictureDevice($0) }

    /// The phone the golden pictures of the tests were drawn on: an iPhone 14 on iOS 18 (the goldens from before
    /// Liquid Glass keep their design; the iOS 26 goldens ask for it). Commands default to `default`.
    public static let standard = PictureDevice(Phone.known[0], ios: .v18)

    /// Every command's default phone, the contract's: an iPhone 15 (the delivery path's `DeliveryOptions.defaultDevice`,
    /// so the collapsed notification is cut at one width in the terminal, in `snapshot` and in `validate`).
    public static let `default` = PictureDevice(Phone.default)

    /// A name from `known`, or `WxH` in points (a notched phone's safe areas).
    public init?(parsing s: String) {
        if let phone = Phone.named(s) {
            self.init(phone)
            return
        }
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
              w >= 200, h >= 300, w <= 2000, h <= 3000 else { return nil }
        self.init(name: s, width: w, height: h)
    }

    /// The same phone running `ios` (with or without the app's compatibility key).
    public func running(_ ios: IOSVersion, appCompatibility: Bool = false) -> PictureDevice {
        var d = self
        d.ios = ios
        d.appCompatibility = appCompatibility
        return d
    }

    /// The system's surfaces in Liquid Glass (iOS 26 and later).
    public var liquidGlass: Bool { ios.liquidGlass }

    public static var names: String { Phone.names }

    /// `--device`'s help: every phone, `WxH`, and which insets are not sourced.
    public static var helpList: String { Phone.helpList }
}
