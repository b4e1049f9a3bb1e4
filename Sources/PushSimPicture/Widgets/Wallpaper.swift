// The lock screen behind a notification: a dark blue-violet gradient, so a story's colours read as on a phone.

public enum Wallpaper {
    public static func draw(on p: Picture, device: PictureDevice) {
        let all = PictureRect(x: 0, y: 0, width: device.width, height: device.height)
        p.fillGradient(all, colors: [PictureColor(38, 42, 84), PictureColor(82, 52, 110), PictureColor(18, 20, 36)],
                       from: (0, 0), to: (device.width * 0.4, device.height))
    }
}
