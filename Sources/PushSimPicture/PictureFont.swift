// A font for picture text: size in points and weight; the family is pinned so pictures read the same everywhere.

import CPicture

public struct PictureFont: Equatable, Sendable {
    public enum Weight: Sendable, Equatable {
        case regular, medium, semibold, bold

        var pango: PangoWeight {
            switch self {
            case .regular: return PANGO_WEIGHT_NORMAL
            case .medium: return PANGO_WEIGHT_MEDIUM
            case .semibold: return PANGO_WEIGHT_SEMIBOLD
            case .bold: return PANGO_WEIGHT_BOLD
            }
        }
    }

    /// Liberation Sans (fonts-liberation2) has Helvetica's metrics, the nearest free match for iOS's SF Pro in
    /// width, so text wraps about where the phone wraps it. Pango falls back per glyph (CJK, emoji) through fontconfig.
    public static let family = "Liberation Sans"

    public var size: Double
    public var weight: Weight

    public init(_ size: Double, _ weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }
}
