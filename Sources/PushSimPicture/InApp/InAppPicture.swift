// The native in-app messages on screen as the phone shows them (`pushsim snapshot inapp FILE…`): the host app, then
// each presentation in the scene's order (a pip first: its window sits below the shared in-app window).

import PushSimEngine
import PushSimScreens

public enum InAppPicture {
    /// Draw the host app (its list scrolled by `scroll` rows) and over it every message on screen.
    public static func draw(_ shown: [InAppPresentation], on p: Picture, device: PictureDevice, images: PictureImages, dark: Bool,
                            appName: String = "Shop", scroll: Int = 0) {
        let rows = InAppHostState.rows.dropFirst(max(0, scroll)).map { ($0.0, $0.1) }
        p.dark = dark
        HostApp.draw(on: p, device: device, title: appName, subtitle: "Your orders and offers", rows: Array(rows))
        drawMessages(shown, InAppDrawing(picture: p, device: device, images: images, dark: dark))
    }

    /// Every message on screen, bottom first.
    public static func drawMessages(_ shown: [InAppPresentation], _ d: InAppDrawing) {
        for pr in shown { draw(pr, d) }
    }

    /// One message, as its template draws it.
    public static func draw(_ pr: InAppPresentation, _ d: InAppDrawing) {
        switch pr.message.content {
        case .modal(let c): InAppModalPicture.draw(pr, c, d)
        case .sheet(let c): InAppSheetPicture.draw(pr, c, d)
        case .carousel(let c): InAppCarouselPicture.draw(pr, c, d)
        case .stories(let s): InAppStoriesPicture.draw(pr, s, d)
        case .banner(let b): InAppBannerPicture.draw(pr, b, d)
        case .fullscreen(let f): InAppFullscreenPicture.draw(pr, f, d)
        case .video(let v): InAppVideoPicture.draw(pr, v, d)
        case .pip(let pip): InAppPipPicture.draw(pr, pip, d)
        case .scratchcard(let s): InAppScratchCardPicture.draw(pr, s, d)
        case .spinwheel(let w): InAppSpinWheelPicture.draw(pr, w, d)
        }
    }
}
