// Picture-in-picture (PWInAppPipContainerView): a black card `width` of the screen wide and `aspectRatio` as tall,
// radius `borderRadius`, with the card shadow, the player's picture and three 26 pt chips (close, mute, expand);
// expanded, it fills the screen with square corners.

import Foundation
import PushSimEngine

enum InAppPipPicture {
    static let chip = 26.0, chipInset = 6.0, chipSymbol = 11.0

    /// The collapsed card's size on this phone.
    static func size(_ pip: InAppPip, _ device: PictureDevice) -> (width: Double, height: Double) {
        let w = device.width * pip.width
        // `aspectRatio` has no upper clamp in the SDK: a card taller than two screens is drawn two screens tall.
        return (w, min(w * pip.aspectRatio, 2 * device.height))
    }

    static func draw(_ pr: InAppPresentation, _ pip: InAppPip, _ d: InAppDrawing) {
        let card: PictureRect, radius: Double
        if pr.pipExpanded {
            card = d.screen
            radius = 0
        } else {
            let s = size(pip, d.device)
            // The presentation's centre is in the simulated device's points; this phone may be another size.
            let kx = d.device.width / max(1, pr.screen.width), ky = d.device.height / max(1, pr.screen.height)
            card = PictureRect(x: pr.pipCenter.x * kx - s.width / 2, y: pr.pipCenter.y * ky - s.height / 2, width: s.width, height: s.height)
            radius = pip.borderRadius
        }
        look(pr.phase).apply(d, center: (card.midX, card.midY)) {
            if radius > 0 { InAppChrome.cardShadow(d, card, radius: radius) }
            d.picture.clipped(to: card, radius: radius) {
                d.picture.fill(card, .black)
                InAppVideoPicture.player(d, pr.player, poster: pip.poster, fallback: pip.fallback, in: card, spinner: 10, elapsed: pr.elapsed)
            }
            if pr.pipExpanded { InAppChrome.systemOverlays(d) }
            // Expanded, the chips keep out of the status bar and the home indicator.
            let area = pr.pipExpanded ? d.safe : card
            InAppChrome.closeChip(d, right: area.maxX - chipInset, top: area.y + chipInset, size: chip, symbol: chipSymbol)
            let bottom = area.maxY - chipInset - chip
            InAppChrome.closeChipBackground(d, right: area.maxX - chipInset, top: bottom, size: chip)
            InAppSymbols.speaker(d.picture, centerX: area.maxX - chipInset - chip / 2, centerY: bottom + chip / 2, size: chipSymbol,
                                 muted: pr.player.muted, .white)
            InAppChrome.closeChipBackground(d, right: area.x + chipInset + chip, top: bottom, size: chip)
            InAppSymbols.expandArrows(d.picture, centerX: area.x + chipInset + chip / 2, centerY: bottom + chip / 2, size: chipSymbol,
                                      collapse: pr.pipExpanded, .white)
        }
    }

    /// In: from 0.8 and transparent (spring 0.4 s, damping 0.8). Out: 0.22 s to transparent and 0.85.
    static func look(_ phase: InAppPresentation.Phase) -> InAppLook {
        switch phase {
        case .shown:
            return .rest
        case .entering(let t):
            let s = InAppMotion.spring(t, damping: 0.8)
            return InAppLook(alpha: min(1, max(0, s)), scale: 0.8 + 0.2 * s)
        case .leaving(let t):
            let e = InAppMotion.easeInOut(t)
            return InAppLook(alpha: 1 - e, scale: 1 - 0.15 * e)
        }
    }
}
