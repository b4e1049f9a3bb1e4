// A font for picture text: size in points and weight; the family is pinned so pictures read the same everywhere.

import CPicture
import Foundation

public struct PictureFont: Equatable, Sendable {
    public enum Weight: Sendable, Equatable {
        case regular, medium, semibold, bold
        /// SF Rounded's `.heavy` (the in-app titles): Liberation Sans has no heavier face than bold, which fontconfig
        /// gives for it.
        case heavy

        var pango: PangoWeight {
            switch self {
            case .regular: return PANGO_WEIGHT_NORMAL
            case .medium: return PANGO_WEIGHT_MEDIUM
            // Liberation Sans has no semibold: fontconfig answered 600 with its bold for Latin text, but the CJK
            // fallback (Droid Sans Fallback, one weight) is only emboldened (fontconfig's 90-synthetic.conf) when bold
            // is asked: so 600 is asked as 700, the same Latin glyphs and a heavier CJK title, as iOS draws it.
            case .semibold: return PANGO_WEIGHT_BOLD
            case .bold: return PANGO_WEIGHT_BOLD
            case .heavy: return PANGO_WEIGHT_HEAVY
            }
        }
    }

    /// Liberation Sans (fonts-liberation2) has Helvetica's metrics, the nearest free match for iOS's SF Pro in
    /// width, so text wraps about where the phone wraps it. Pango falls back per glyph (CJK, emoji) through fontconfig.
    public static let family = "Liberation Sans"

    /// Whether fontconfig has the pinned family (else pango draws with its nearest match, and goldens cannot match).
    public static let isInstalled: Bool = {
        guard let got = pushsim_resolved_family(family) else { return false }
        defer { g_free(got) }
        return String(cString: got).caseInsensitiveCompare(family) == .orderedSame
    }()

    /// The sentence to say when it is not.
    public static let missingWarning = "the font \(family) is not installed (Debian package fonts-liberation2; make deps installs it): text is drawn in a fallback font"

    public var size: Double
    public var weight: Weight

    public init(_ size: Double, _ weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }
}
