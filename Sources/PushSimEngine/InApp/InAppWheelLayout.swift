// The spin wheel's geometry as the SDK lays it out, and what it hides on the real phone: a segment label that starts
// under the hub, and the pointer on a card of its own colour. pushsim draws both as the SDK does; `validate` says so.

/// `PWSpinWheelInAppView` (Pushwoosh/pushwoosh-ios-sdk 7.2.0, `fd34d7d`,
/// `iOS_SDK/Pushwoosh/PushwooshInApp/Views/PWSpinWheelInAppView.swift`): the card is the screen's width less 28 pt a
/// side, at most 400; the stack insets it 24 pt a side; the wheel's square insets the disc 30 pt; the hub is a 72 pt
/// circle over the disc's centre. `drawLabel` draws each label in `PWInAppStyle.rounded(14, .bold)`, centred
/// `radius * 0.55` out along its slice's bisector, whatever its width; `makePointer` fills the pointer with
/// `UIColor.label` (black in light appearance, white in dark) in the 30 pt above the disc, over the card.
public enum InAppWheelLayout {
    public static let maxCardWidth = 400.0, sideInset = 28.0, textInset = 24.0, wheelInset = 30.0, hubSize = 72.0
    /// Where a label's centre sits, as a fraction of the disc's radius.
    public static let labelRadius = 0.55
    /// The label font's size in points (bold, rounded).
    public static let labelPoints = 14.0

    /// The disc's radius on a screen `deviceWidth` points wide.
    public static func discRadius(deviceWidth: Double) -> Double {
        let card = min(deviceWidth - 2 * sideInset, maxCardWidth)
        return max(0, (card - 2 * textInset - 2 * wheelInset) / 2)
    }

    /// The widest label drawn whole between the hub and the rim: centred 0.55 r out, a label wider than
    /// 2 × (0.55 r − 36) starts under the hub, one wider than 2 × 0.45 r runs off the disc (the hub comes first on
    /// every phone: its limit is the smaller while r < 360).
    public static func labelRoom(deviceWidth: Double) -> Double {
        let r = discRadius(deviceWidth: deviceWidth)
        return max(0, min(2 * (labelRadius * r - hubSize / 2), 2 * (1 - labelRadius) * r))
    }

    static let source = "PWSpinWheelInAppView.swift, Pushwoosh iOS SDK 7.2.0"

    /// One warning per segment label wider than `labelRoom` (measured by `labelWidth`, in points at 14 pt bold), at
    /// the label's JSON path.
    public static func hiddenLabels(_ w: InAppSpinWheel, deviceWidth: Double, deviceName: String,
                                    labelWidth: (String) -> Double) -> [Diagnostic] {
        let r = discRadius(deviceWidth: deviceWidth), room = labelRoom(deviceWidth: deviceWidth)
        var out: [Diagnostic] = []
        for (i, s) in w.segments.enumerated() {
            let width = labelWidth(s.message.text)
            guard width > room + 0.5 else { continue }
            let hidden = width / 2 - (labelRadius * r - hubSize / 2)
            out.append(Diagnostic(path: "spinwheel.segments[\(i)].message.text",
                "the label \(JSONValue.string(s.message.text).quoted) starts under the hub on \(deviceName): it is about \(points(width)) wide in \(points(labelPoints)) bold, and the SDK centres every label 0.55 of the wheel's radius out (\(points(labelRadius * r)) from the centre), which leaves \(points(room)) between the \(points(hubSize)) hub and the rim, so its first \(points(hidden)) are under the hub (\(source), drawLabel); shorten it"))
        }
        return out
    }

    /// A warning when the pointer (`UIColor.label`: black on a light phone, white on a dark one) is below
    /// `InAppLegibility.threshold` against every stop of the card's background, at `spinwheel.background`.
    public static func hiddenPointer(_ w: InAppSpinWheel, dark: Bool) -> Diagnostic? {
        let pointer = dark ? InAppColor.white : InAppColor.black
        let system = dark ? InAppColor.black : InAppColor.white
        let stops: [InAppColor]
        switch w.background {
        case .solid(let c): stops = [c]
        case .gradient(let list): stops = list
        }
        guard let best = stops.map({ InAppLegibility.contrast(pointer, InAppLegibility.composite($0, over: system)) }).max(),
              best < InAppLegibility.threshold else { return nil }
        let seen = best < 1.1 ? "invisible" : "barely visible"
        let colours = stops.map(InAppLegibility.hex).joined(separator: "…")
        return Diagnostic(path: "spinwheel.background",
            "the wheel's pointer is \(seen) on a \(dark ? "dark" : "light") phone: the SDK fills it with UIColor.label (\(dark ? "white in dark appearance" : "black in light appearance")), drawn over the card's background \(colours), a contrast of \(InAppLegibility.format(best)):1 (\(source), makePointer); \(dark ? "give the spinwheel's dark overlay a darker background" : "use a lighter background, and keep the dark one for dark phones in the spinwheel's dark overlay")")
    }

    /// Whole points; a measure is finite and small, but clamped so no value can trap the conversion.
    static func points(_ v: Double) -> String { "\(Int((v.isFinite ? min(max(v, -1e6), 1e6) : 0).rounded())) pt" }
}
