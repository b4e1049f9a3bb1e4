// A phone's proportions in a terminal: the story's frame, and the column the inbox and the in-app host keep to.

import PushSimEngine

public enum PhoneFrame {
    /// A phone screen's height over its width: the default device's (`DefaultPhone`, an iPhone 15: 393 × 852 pt).
    public static let phoneAspectRatio = DefaultPhone.height / DefaultPhone.width
    /// The width a full-height screen never goes below: the inbox and the host app are laid out for 80 columns, so
    /// an 80-column terminal (or a narrower one) is used whole, as before.
    public static let minimumColumnWidth = 80

    /// Rows of a frame `width` cells wide at `aspectRatio` (height over width): a cell is about twice as tall as
    /// wide, so rows ≈ width × ratio / 2.
    public static func height(width: Int, aspectRatio: Double) -> Int {
        max(1, Int((Double(width) * aspectRatio / 2).rounded()))
    }

    /// The largest frame at `aspectRatio` that fits in `available`.
    public static func size(fitting available: Size, aspectRatio: Double) -> Size {
        var w = available.width
        // Rows grow with the width, so the answer is at most the width whose exact rows reach height + ½: start there
        // (a screen asks for its column on every card it measures; walking down from a wide terminal's width was a
        // loop of hundreds each time).
        if aspectRatio.isFinite && aspectRatio > 0 {
            let bound = (Double(available.height) + 0.5) * 2 / aspectRatio + 1
            if bound < Double(w) { w = max(1, Int(bound)) }
        }
        while w > 1 && height(width: w, aspectRatio: aspectRatio) > available.height { w -= 1 }
        return Size(width: max(w, 0), height: min(height(width: w, aspectRatio: aspectRatio), available.height))
    }

    /// The column a full-height phone screen takes in a terminal of `size`, centred: as wide as a phone of that
    /// height, but never narrower than `minimumWidth` nor wider than the terminal. At 200×60 the inbox and the host
    /// app keep to 80 columns in the middle instead of stretching cards and rows edge to edge; a column of a column
    /// is itself, so a screen may ask again for the size it was given.
    public static func column(in size: Size, minimumWidth: Int = minimumColumnWidth) -> Rect {
        let phone = self.size(fitting: size, aspectRatio: phoneAspectRatio).width
        let w = max(0, min(size.width, max(minimumWidth, phone)))
        return Rect(x: (size.width - w) / 2, y: 0, width: w, height: size.height)
    }
}
