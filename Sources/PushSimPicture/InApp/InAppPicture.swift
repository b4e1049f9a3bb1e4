// The native in-app messages on screen as the phone shows them (`pushsim snapshot inapp FILE…`): the host app, then
// each presentation in the scene's order (a pip first: its window sits below the shared in-app window).

import PushSimEngine
import PushSimScreens

public enum InAppPicture {
    /// Draw the host app (its list scrolled by `scroll` rows) and over it every message on screen.
    public static func draw(_ shown: [InAppPresentation], on p: Picture, device: PictureDevice, images: PictureImages, dark: Bool,
                            appName: String = InAppHostContent.defaultAppName, scroll: Int = 0) {
        p.dark = dark
        HostApp.draw(on: p, device: device, InAppHostContent(InAppHostState(scroll: scroll), appName: appName))
        drawMessages(shown, InAppDrawing(picture: p, device: device, images: images, dark: dark))
    }

    /// Every message on screen, bottom first.
    public static func drawMessages(_ shown: [InAppPresentation], _ d: InAppDrawing) {
        for pr in shown { draw(pr, d) }
    }

    /// One message, as its template draws it.
    public static func draw(_ pr: InAppPresentation, _ d: InAppDrawing) {
        let pr = sanitized(pr, d.device)
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

    /// The presentation with every number a drawing could choke on made drawable: NaN and infinities replaced, fractions
    /// clamped to 0…1, a drag kept within two screens, stroke points that are not finite left out. (cairo stops drawing
    /// for good at the first NaN coordinate, which would leave a half-drawn picture.)
    static func sanitized(_ pr: InAppPresentation, _ device: PictureDevice) -> InAppPresentation {
        func fraction(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
        var p = pr
        switch p.phase {
        case .entering(let t): p.phase = .entering(fraction(t))
        case .leaving(let t): p.phase = t.isFinite ? .leaving(fraction(t)) : .leaving(1)
        case .shown: break
        }
        if !(p.screen.width.isFinite && p.screen.height.isFinite && p.screen.width > 0 && p.screen.height > 0) {
            p.screen = InAppSize(width: device.width, height: device.height)
        }
        p.pageProgress = fraction(p.pageProgress)
        let reach = 2 * max(device.width, device.height)
        p.dragOffset = p.dragOffset.isFinite ? min(max(p.dragOffset, -reach), reach) : 0
        p.scratch.foilFade = fraction(p.scratch.foilFade)
        p.scratch.strokes = p.scratch.strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }
        // A long spin's angle keeps its position on the dial, not its number of turns.
        p.wheel.angle = p.wheel.angle.isFinite ? p.wheel.angle.truncatingRemainder(dividingBy: 2 * Double.pi) : 0
        p.wheel.wheelFade = fraction(p.wheel.wheelFade)
        p.wheel.hubFade = fraction(p.wheel.hubFade)
        p.rewardFade = fraction(p.rewardFade)
        p.scratch.border = fraction(p.scratch.border)
        p.elapsed = p.elapsed.isFinite ? max(0, p.elapsed) : 0
        p.celebration = p.celebration.sanitized
        p.confetti = InAppConfettiBurst.sanitized(p.confetti)
        if !(p.pipCenter.x.isFinite && p.pipCenter.y.isFinite) { p.pipCenter = InAppPoint(x: p.screen.width / 2, y: p.screen.height / 2) }
        return p
    }
}
