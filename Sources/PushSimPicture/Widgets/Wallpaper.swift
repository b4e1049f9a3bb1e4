// The lock screen behind a notification: a dark blue-violet gradient, so a story's colours read as on a phone.

public enum Wallpaper {
    /// `covered`: a rectangle the caller fills opaquely next (a playing story): the gradient is not computed there. A
    /// 3x phone's gradient cost 234 M instructions of pixman's gradient walker, most of it under the story.
    public static func draw(on p: Picture, device: PictureDevice, covered: PictureRect? = nil) {
        let all = PictureRect(x: 0, y: 0, width: device.width, height: device.height)
        p.outside(covered) {
            p.fillGradient(all, colors: [PictureColor(38, 42, 84), PictureColor(82, 52, 110), PictureColor(18, 20, 36)],
                           from: (0, 0), to: (device.width * 0.4, device.height))
        }
    }
}
