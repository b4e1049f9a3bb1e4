// The prize panel of the scratch card and the spin wheel (PWInAppRewardView): title, message, the dashed promo chip
// that reads "Copied!" after a tap, and the reward's button.

import PushSimEngine
import PushSimScreens

enum InAppRewardPicture {
    static let spacing = 12.0, chipHeight = 48.0, chipRadius = 12.0
    static let titleFont = InAppChrome.font(22, .heavy)
    static let messageFont = InAppChrome.font(15)
    static let codeFont = InAppChrome.font(17, .bold)

    /// The panel's height at `width`.
    static func height(_ d: InAppDrawing, _ r: InAppReward, width: Double) -> Double {
        var parts: [Double] = []
        if r.title != nil { parts.append(InAppChrome.measure(d, r.title, font: titleFont, width: width)) }
        if r.message != nil { parts.append(InAppChrome.measure(d, r.message, font: messageFont, width: width)) }
        if r.code != nil { parts.append(chipHeight) }
        if r.button != nil { parts.append(InAppChrome.buttonHeight) }
        return parts.reduce(0, +) + spacing * Double(max(0, parts.count - 1))
    }

    /// Draw the panel from `top`, `width` wide. `background` is the surface under it (its contrast colour is what the
    /// chip's code and dashes fall back to); `copied` shows "Copied!" in place of the code.
    static func draw(_ d: InAppDrawing, _ r: InAppReward, x: Double, top: Double, width: Double, background: InAppColor?, copied: Bool) {
        let p = d.picture
        let primary = background.map(InAppChrome.contrast(on:)) ?? d.label
        var y = top
        if r.title != nil {
            y += InAppChrome.text(d, r.title, x: x, y: y, width: width, font: titleFont, align: .center) + spacing
        }
        if r.message != nil {
            y += InAppChrome.text(d, r.message, x: x, y: y, width: width, font: messageFont, align: .center) + spacing
        }
        if let code = r.code {
            let chip = PictureRect(x: x, y: y, width: width, height: chipHeight)
            // On a campaign colour: black 6 % on a light surface, white 16 % on a dark one; else secondarySystemFill.
            let fill = background.map { $0.isLight ? PictureColor.black.alpha(0.06) : PictureColor.white.alpha(0.16) }
                ?? PictureColor(120, 120, 128, alpha: d.dark ? 0.32 : 0.16)
            p.fillRounded(chip, radius: chipRadius, fill)
            p.strokeRoundedDashed(chip, radius: chipRadius, primary.alpha(0.4), lineWidth: 1.5, dash: [6, 4])
            let ink = r.title.map { PictureColor($0.color) } ?? primary
            let label = copied ? "Copied!" : TextWidth.sanitized(code)
            let icon = 14.0, gap = 8.0
            let size = p.measure(label, font: codeFont, width: width - 32 - icon - gap, maxLines: 1)
            let rowX = chip.midX - (size.width + gap + icon) / 2
            p.text(label, x: rowX, y: chip.midY - size.height / 2, width: size.width + 1, font: codeFont, color: ink, maxLines: 1)
            InAppSymbols.docOnDoc(p, centerX: rowX + size.width + gap + icon / 2, centerY: chip.midY, size: icon, ink.alpha(ink.a * 0.7))
            y += chipHeight + spacing
        }
        if let b = r.button {
            InAppChrome.button(d, b, in: PictureRect(x: x, y: y, width: width, height: InAppChrome.buttonHeight))
        }
    }
}
