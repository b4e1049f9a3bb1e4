// The push primer's builder configuration (PWPushPrimerBuilder): every setter, with the SDK's defaults (spec §2.1).

/// `PWPushPrimerStyle`.
public enum PrimerStyle: String, CaseIterable, Sendable, Equatable {
    case alert, sheet
}

/// `PWPushPrimerPosition`; used only with the sheet style.
public enum PrimerPosition: String, CaseIterable, Sendable, Equatable {
    case bottom, top, center
}

/// A colour as the builder takes it (a `UIColor`), written `#RRGGBB`.
public struct PrimerColor: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#RRGGBB` (the `#` is required so a typo such as a colour name is caught).
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
        self.init(r: UInt8(v >> 16 & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v & 0xFF))
    }

    public var description: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b)
    }
}

/// Everything the builder can set. Nil means "not set": the presenter then uses its own default.
public struct PrimerConfig: Equatable, Sendable {
    public var style: PrimerStyle = .alert
    public var position: PrimerPosition = .bottom
    public var title: String?
    public var message: String?
    public var acceptButton: String?
    public var declineButton: String?
    /// A local image (the builder's `image`, a `UIImage`); here a file path.
    public var image: String?
    public var imageURL: String?
    public var backgroundColor: PrimerColor?
    public var backgroundGradient: [PrimerColor]?
    public var titleColor: PrimerColor?
    public var messageColor: PrimerColor?
    public var acceptButtonColor: PrimerColor?
    public var acceptButtonTextColor: PrimerColor?
    public var declineButtonColor: PrimerColor?
    public var declineButtonTextColor: PrimerColor?
    public var cornerRadius: Double?
    public var buttonBorderColor: PrimerColor?
    public var buttonCornerRadius: Double?
    /// Builder default YES (test `testFallbackToSettingsDefaultsYes`).
    public var fallbackToSettings = true
    /// Seconds; 0 = no throttling, and the last-shown key is neither read nor written.
    public var minInterval: Double = 0

    public init() {}

    /// The accept button's title: "Allow" unless set (every style and position).
    public var acceptTitle: String { acceptButton ?? "Allow" }
    /// The decline button's title: "Not now" unless set.
    public var declineTitle: String { declineButton ?? "Not now" }

    /// The card radius in points the sheet uses: the override, else the position's default (28 / 24 / 22).
    public var effectiveCornerRadius: Double {
        if let cornerRadius { return cornerRadius }
        switch position {
        case .bottom: return 28
        case .center: return 24
        case .top: return 22
        }
    }

    /// Both buttons' radius: the override, else 16 (bottom, center) or 12 (top banner).
    public var effectiveButtonCornerRadius: Double {
        if let buttonCornerRadius { return buttonCornerRadius }
        return position == .top ? 12 : 16
    }

    /// Seconds the sheet's in animation takes: a 0.5 s spring (bottom, top) or 0.3 s ease-out (center).
    public var appearDuration: Double {
        guard style == .sheet else { return 0 }
        return position == .center ? 0.3 : 0.5
    }

    /// The sheet's out animation; its completion reports the outcome (spec §2.2 "Completion timing").
    public static let sheetDismissDuration = 0.26
}

// The builder's fluent setters, one per `PWPushPrimerBuilder` block property, so code reads like the SDK.
extension PrimerConfig {
    public func style(_ v: PrimerStyle) -> PrimerConfig { var c = self; c.style = v; return c }
    public func position(_ v: PrimerPosition) -> PrimerConfig { var c = self; c.position = v; return c }
    public func title(_ v: String?) -> PrimerConfig { var c = self; c.title = v; return c }
    public func message(_ v: String?) -> PrimerConfig { var c = self; c.message = v; return c }
    public func acceptButton(_ v: String?) -> PrimerConfig { var c = self; c.acceptButton = v; return c }
    public func declineButton(_ v: String?) -> PrimerConfig { var c = self; c.declineButton = v; return c }
    public func image(_ v: String?) -> PrimerConfig { var c = self; c.image = v; return c }
    public func imageURL(_ v: String?) -> PrimerConfig { var c = self; c.imageURL = v; return c }
    public func backgroundColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.backgroundColor = v; return c }
    public func backgroundGradient(_ v: [PrimerColor]?) -> PrimerConfig { var c = self; c.backgroundGradient = v; return c }
    public func titleColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.titleColor = v; return c }
    public func messageColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.messageColor = v; return c }
    public func acceptButtonColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.acceptButtonColor = v; return c }
    public func acceptButtonTextColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.acceptButtonTextColor = v; return c }
    public func declineButtonColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.declineButtonColor = v; return c }
    public func declineButtonTextColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.declineButtonTextColor = v; return c }
    public func cornerRadius(_ v: Double?) -> PrimerConfig { var c = self; c.cornerRadius = v; return c }
    public func buttonBorderColor(_ v: PrimerColor?) -> PrimerConfig { var c = self; c.buttonBorderColor = v; return c }
    public func buttonCornerRadius(_ v: Double?) -> PrimerConfig { var c = self; c.buttonCornerRadius = v; return c }
    public func fallbackToSettings(_ v: Bool) -> PrimerConfig { var c = self; c.fallbackToSettings = v; return c }
    public func minInterval(_ v: Double) -> PrimerConfig { var c = self; c.minInterval = v; return c }
}
