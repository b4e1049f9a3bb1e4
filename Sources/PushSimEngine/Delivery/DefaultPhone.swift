// The phone every command simulates unless `--device` names another: its name, screen and safe areas, in one place.

/// An iPhone 15: 393 × 852 pt (Apple's Human Interface Guidelines, "Layout": device screen sizes), a Dynamic Island
/// status bar (safe area 59 pt at the top) and a home indicator (34 pt at the bottom). The delivery path cuts the
/// collapsed notification at its width, in-app messages are laid out on its screen, the terminal keeps its proportions
/// (the story's frame, the inbox's and the host app's column) and `snapshot` draws it.
public enum DefaultPhone {
    public static let name = "iphone-15"
    public static let width = 393.0
    public static let height = 852.0
    public static let safeTop = 59.0
    public static let safeBottom = 34.0
}
