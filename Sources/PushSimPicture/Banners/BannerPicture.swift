// An in-app scene as the phone shows it: the host app's list, and the banner dropping from the top over it.

import PushSimApp
import PushSimEngine
import PushSimScreens

public enum BannerPicture {
    public static func draw(_ scene: InAppScene, at t: Double, on p: Picture, device: PictureDevice, images: PictureImages) {
        // The list scrolled as the scene has it; the selection is the terminal's keyboard focus, which a phone has not.
        HostApp.draw(on: p, device: device, InAppHostContent(scene.host, appName: scene.appName))
        // Foreground pushes are subviews of the app's window: under the banner, which has a window of its own.
        ForegroundPushPicture.draw(scene, at: t, on: p, device: device, images: images)
        guard let current = scene.presenter.current else { return }
        let b = current.banner
        let title = TextWidth.sanitized(b.title), body = TextWidth.sanitized(b.body)
        let thumb = b.image.map { images.image($0) }
        let width = device.width - 2 * NotificationCard.inset
        let h = NotificationCard.height(on: p, title: title, body: body, width: width, thumbnail: thumb != nil)
        // The presenter's offset: 0 at rest under the status bar, 1 entirely above the screen.
        let offset = min(1, max(0, scene.presenter.offset(at: t)))
        let rest = device.safeTop + 4
        let r = PictureRect(x: NotificationCard.inset, y: rest - offset * (rest + h + 12), width: width, height: h)
        NotificationCard.draw(on: p, in: r, appName: scene.appName, title: title, body: body, thumbnail: thumb)
    }
}
