// The phone a picture is drawn for: its screen in points, pixels per point, and the safe areas the SDK lays out in.

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

    public init(name: String, width: Double, height: Double, safeTop: Double = 47, safeBottom: Double = 34, nativeScale: Double = 3) {
        self.name = name
        self.width = width
        self.height = height
        self.safeTop = safeTop
        self.safeBottom = safeBottom
        self.nativeScale = nativeScale
    }

    /// Screens in points as Apple's Human Interface Guidelines list them.
    public static let known: [PictureDevice] = [
        PictureDevice(name: "iphone-14", width: 390, height: 844),
        PictureDevice(name: DefaultPhone.name, width: DefaultPhone.width, height: DefaultPhone.height, safeTop: DefaultPhone.safeTop,
                      safeBottom: DefaultPhone.safeBottom),
        PictureDevice(name: "iphone-15-pro-max", width: 430, height: 932, safeTop: 59),
        PictureDevice(name: "iphone-se", width: 375, height: 667, safeTop: 20, safeBottom: 0, nativeScale: 2),
        PictureDevice(name: "iphone-mini", width: 375, height: 812, safeTop: 50),
    ]

    /// The phone the golden pictures of the tests were drawn on (an iPhone 14); commands default to `default`.
    public static let standard = known[0]

    /// Every command's default phone, the contract's: an iPhone 15 (the delivery path's `DeliveryOptions.defaultDevice`,
    /// so the collapsed notification is cut at one width in the terminal, in `snapshot` and in `validate`).
    public static let `default` = known.first { $0.name == DeliveryOptions.defaultDevice.name }!

    /// A name from `known`, or `WxH` in points (a notched phone's safe areas).
    public init?(parsing s: String) {
        if let d = Self.known.first(where: { $0.name == s.lowercased() }) {
            self = d
            return
        }
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
              w >= 200, h >= 300, w <= 2000, h <= 3000 else { return nil }
        self.init(name: s, width: w, height: h)
    }

    public static var names: String { known.map(\.name).joined(separator: ", ") }
}
