// Video (PWVideoInAppView, PWInAppVideoPlayerView): full screen and black, the simulated player's picture (the
// poster with a spinner until ready; pushsim plays no video, so a playing one shows its poster as the frame; after a
// failure the fallback image aspect-filled), the fullscreen text stack with a 28 pt title, the mute and close chips.

import Foundation
import PushSimEngine

enum InAppVideoPicture {
    static let chipTop = 12.0, chipSide = 16.0
    static let titleFont = InAppChrome.font(28, .bold)

    static func draw(_ pr: InAppPresentation, _ v: InAppVideo, _ d: InAppDrawing) {
        InAppMotion.fade(pr.phase).apply(d, center: (d.screen.midX, d.screen.midY)) {
            d.picture.fill(d.screen, .black)
            player(d, pr.player, poster: v.poster, fallback: v.fallback, in: d.screen, spinner: 18, elapsed: pr.elapsed)
            InAppFullscreenPicture.bottomStack(d, title: v.title, message: v.message, buttons: v.buttons, titleFont: titleFont)
            InAppChrome.systemOverlays(d)
            let top = d.device.safeTop + chipTop
            // The mute chip, top-left: speaker.slash.fill while muted, speaker.wave.2.fill when not.
            InAppChrome.closeChipBackground(d, right: chipSide + InAppChrome.closeChip, top: top)
            InAppSymbols.speaker(d.picture, centerX: chipSide + InAppChrome.closeChip / 2, centerY: top + InAppChrome.closeChip / 2,
                                 size: 14, muted: pr.player.muted, .white)
            if pr.message.content.showsCloseChip {
                InAppChrome.closeChip(d, right: d.device.width - chipSide, top: top)
            }
        }
    }

    /// The player's picture in `r`: the poster aspect-fit over black with a white spinner of `spinner` points radius
    /// while loading (at its step `elapsed` seconds after the message appeared), the poster as the frame while playing or
    /// ended, the fallback image aspect-filled after a failure.
    static func player(_ d: InAppDrawing, _ s: InAppPlayerState, poster: String?, fallback: String?, in r: PictureRect, spinner: Double,
                       elapsed: Double) {
        switch s.status {
        case .fallback:
            if let fallback { InAppChrome.image(d, fallback, in: r, mode: .aspectFill) }
        case .loading, .playing, .ended:
            if let poster { InAppChrome.image(d, poster, in: r, mode: .aspectFit) }
            if s.status == .loading {
                Spinner.spokes(on: d.picture, centerX: r.midX, centerY: r.midY, radius: spinner, step: InAppSpinner.step(at: elapsed),
                               spokes: InAppSpinner.spokes, color: .white)
            }
        }
    }
}
