// A spin-wheel label's width as the wheel draws it, for `validate`'s labels-under-the-hub check (which has no fonts).

import PushSimEngine
import PushSimScreens

public enum InAppWheelLabelMeasure {
    /// The width in points of `text` in the wheel's label font (14 pt bold, as `InAppSpinWheelPicture` draws it);
    /// 0 when no surface can be made to measure on. Only the first 64 characters are measured, so a hostile label costs
    /// no more than a long one: 64 characters of the narrowest glyph are already past the room any phone leaves.
    public static func width(_ text: String) -> Double {
        guard let p = try? Picture(width: 1, height: 1, scale: 1) else { return 0 }
        return p.measure(TextWidth.sanitized(String(text.prefix(64))), font: InAppSpinWheelPicture.labelFont).width
    }
}
