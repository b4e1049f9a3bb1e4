// The phone's status bar (clock, signal, battery) drawn over the top safe area, as each kind of phone lays it out.

public enum StatusBar {
    /// How the phone lays its status bar out, from the height of its top safe area.
    public enum Layout: Equatable, Sendable {
        /// Touch ID phones (the SE): a 20 pt bar, the clock in the middle in 12 pt semibold, signal on the left.
        case classic
        /// Face ID phones: the clock in the left ear, signal and battery in the right one, beside the notch or the
        /// Dynamic Island (neither is in a screenshot).
        case ears

        public init(safeTop: Double) { self = safeTop <= 24 ? .classic : .ears }
    }

    /// Draw the clock, signal and battery in `color`.
    public static func draw(on p: Picture, device: PictureDevice, color: PictureColor) {
        let h = device.safeTop
        guard h >= 20 else { return }
        switch Layout(safeTop: h) {
        case .classic: drawClassic(on: p, device: device, color: color)
        case .ears: drawEars(on: p, device: device, color: color)
        }
    }

    static func drawEars(on p: Picture, device: PictureDevice, color: PictureColor) {
        let h = device.safeTop
        let font = PictureFont(16, .semibold)
        // The clock's line is centred on the ears: a little below the middle of the safe area.
        let y = (h - 20) / 2 + 3
        let side = device.width * 0.28
        p.text("9:41", x: 0, y: y, width: side, font: font, color: color, maxLines: 1, align: .center)
        let right = device.width - side / 2 + 24
        signal(on: p, right: right - 62, base: y + 15, step: 2.5, color: color)
        battery(on: p, x: right - 28, base: y + 15, color: color)
    }

    /// iOS on a Touch ID phone: signal at the left, the clock centred, the battery at the right, all inside 20 pt.
    static func drawClassic(on p: Picture, device: PictureDevice, color: PictureColor) {
        let font = PictureFont(12, .semibold)
        let th = p.measure("9:41", font: font).height
        p.text("9:41", x: 0, y: (20 - th) / 2, width: device.width, font: font, color: color, maxLines: 1, align: .center)
        signal(on: p, right: 6, base: 14, step: 1.8, color: color)
        battery(on: p, x: device.width - 6 - 28, base: 15, color: color)
    }

    /// Four bars growing to the right from `x`, standing on `base`.
    static func signal(on p: Picture, right x: Double, base: Double, step: Double, color: PictureColor) {
        for i in 0..<4 {
            let bh = 4 + Double(i) * step
            p.fillRounded(PictureRect(x: x + Double(i) * 4.5, y: base - bh, width: 3, height: bh), radius: 1, color)
        }
    }

    /// The battery outline with its fill and cap, its bottom at `base`.
    static func battery(on p: Picture, x: Double, base: Double, color: PictureColor) {
        let battery = PictureRect(x: x, y: base - 11.5, width: 25, height: 12)
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
