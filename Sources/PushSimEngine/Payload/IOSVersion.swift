// The iOS release the simulated phone runs (`--ios`), and every rule of the system or the SDK that differs by it.

/// An iOS release. 18 is the last before Liquid Glass; 26 (September 2025) draws the system's surfaces in Liquid Glass
/// and 27 keeps that design (nothing published changes notifications or alerts in it), so 27 draws as 26. Each rule
/// is a property here, beside `SDKVersion`'s, so the choice is made in one place and the experiences ask by name.
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int

    init(_ major: Int) { self.major = major }

    public static let v18 = IOSVersion(18)
    public static let v26 = IOSVersion(26)
    public static let v27 = IOSVersion(27)
    /// The design every supported iPhone has had since September 2025: the default.
    public static let `default` = v26

    /// The releases `--ios` accepts.
    public static let known: [IOSVersion] = [v18, v26, v27]

    /// A known release from its text (`26`, also `26.1` or `iOS 26`); nil for anything else.
    public init?(_ text: String) {
        var t = Substring(text.lowercased())
        if t.hasPrefix("ios") { t = t.dropFirst(3).drop { $0 == " " } }
        let majorText = t.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard majorText.count <= 3, let n = Int(majorText), let v = Self.known.first(where: { $0.major == n }) else { return nil }
        if t.count > majorText.count, !t.dropFirst(majorText.count + 1).allSatisfy(\.isNumber) { return nil }
        self = v
    }

    public var description: String { "\(major)" }

    public static var knownList: String { known.map(\.description).joined(separator: ", ") }

    /// The sentence for a release that is not known.
    public static func unknownMessage(_ text: String) -> String {
        "--ios: unknown iOS release '\(text)'; use \(Self.known.map(\.description).joined(separator: ", ")) (27 draws as 26)"
    }

    public static func < (a: IOSVersion, b: IOSVersion) -> Bool { a.major < b.major }

    // MARK: The system's own surfaces

    /// Liquid Glass: the lock-screen and banner platters, the alerts and the permission prompt in the iOS 26 design
    /// (https://developer.apple.com/documentation/uikit/uiglasseffect; WWDC25 "Get to know the new design system",
    /// https://developer.apple.com/videos/play/wwdc2025/356/). iOS 18 and earlier never draw it.
    public var liquidGlass: Bool { major >= 26 }

    /// The app's own `UIAlertController` (the primer's `.alert` style) in the iOS 26 design: not when the app opts out
    /// with `UIDesignRequiresCompatibility` (https://developer.apple.com/documentation/bundleresources/information-property-list/uidesignrequirescompatibility),
    /// a key the system ignores for apps built for iOS 27 or later. The permission prompt is the system's and follows the OS.
    public func appAlertIsGlass(compatibility: Bool) -> Bool { liquidGlass && !compatibility }

    // MARK: The SDK's run-time branches (`#available(iOS 26.0, *)` without a compile-time gate, so the shipped binary runs them)

    /// IK-4: the inbox's inline buttons sit on a thin-material blur and lose their accent fill on iOS 26
    /// (`PushwooshInboxKit/Public/PushwooshInboxCell.swift` `applyButtons`, 7.1.2 to 7.2.6, `#available(iOS 26.0, *)`);
    /// from 7.2.7 the branch needs `isLiquidGlass` and a tinted glass the shipped binary compiles out, so the flat fill stays.
    public func inboxBlursInlineButtons(sdk: SDKVersion) -> Bool { liquidGlass && sdk < .v7_2_7 }

    /// IK-9: the carousel's page control becomes `GlassPageDots` (a 22 pt wide active dot, 8 pt dots 7 apart, 12 pt
    /// above the gallery's bottom) on iOS 26, whatever `isLiquidGlass` says (`PushwooshInboxCarouselCell.swift`
    /// `setupPageControl`, `GlassPageDots`, 7.1.2 and later).
    public var inboxGlassPageDots: Bool { liquidGlass }

    /// IK-10: the carousel card's title and body sit on a thin-material plate (alpha 0.45, radius 16, 5.5 pt from the
    /// card's sides, 10 pt above and below the text) on iOS 26 (`PushwooshInboxCarouselCell.swift`, 7.1.2 and later).
    public var inboxCarouselTextPlate: Bool { liquidGlass }

    /// FP-1: with `useLiquidView` the foreground push takes its glass path on iOS 26; the shipped XCFramework (built by
    /// Swift 5.10) compiles the glass out and runs the fallback: a `systemMaterial` blur over the default gradient with
    /// black text (`PushwooshForegroundPush/PushwooshForegroundPushImplementation.swift` `drawPush`,
    /// `showGlassNotification`, 7.1.3 `f8c5cc8`).
    public func foregroundPushBlurs(useLiquidView: Bool) -> Bool { liquidGlass && useLiquidView }
}
