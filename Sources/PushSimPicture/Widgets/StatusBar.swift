// The phone's status bar (clock, signal, battery) drawn over the top safe area, light or dark.

public enum StatusBar {
    /// Draw the clock on the left and signal and battery on the right, in `color`.
    public static func draw(on p: Picture, device: PictureDevice, color: PictureColor) {
        let h = device.safeTop
        guard h >= 20 else { return }
        let font = PictureFont(16, .semibold)
        let y = (h - 20) / 2 + (h > 30 ? 3 : 0)
        let side = device.width * 0.28
        p.text("9:41", x: 0, y: y, width: side, font: font, color: color, maxLines: 1, align: .center)
        // Signal bars, then the battery outline with its fill and cap.
        let right = device.width - side / 2 + 24
        let base = y + 15
        for i in 0..<4 {
            let bh = 4 + Double(i) * 2.5
            p.fillRounded(PictureRect(x: right - 62 + Double(i) * 4.5, y: base - bh, width: 3, height: bh), radius: 1, color)
        }
        let battery = PictureRect(x: right - 28, y: base - 11.5, width: 25, height: 12)
        p.strokeRounded(battery, radius: 3.5, color.alpha(color.a * 0.4), lineWidth: 1)
        p.fillRounded(battery.insetBy(dx: 2, dy: 2), radius: 2, color)
        p.fillRounded(PictureRect(x: battery.maxX + 1, y: battery.y + 4, width: 1.5, height: 4), radius: 0.7, color.alpha(color.a * 0.4))
    }

    /// The home indicator at the bottom of a Face ID phone.
    public static func drawHomeIndicator(on p: Picture, device: PictureDevice, color: PictureColor) {
        guard device.safeBottom > 0 else { return }
        p.fillRounded(PictureRect(x: device.width / 2 - 67, y: device.height - 8 - 5, width: 134, height: 5), radius: 2.5, color)
    }
}
