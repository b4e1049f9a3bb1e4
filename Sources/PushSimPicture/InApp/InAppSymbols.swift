// The SF Symbols the native templates show, drawn as paths (the symbols are not a font off Apple platforms): xmark,
// speaker.slash.fill / speaker.wave.2.fill, the pip's expand and collapse arrows, hand.draw and doc.on.doc.

import Foundation

enum InAppSymbols {
    /// `xmark` at `size` points, bold: two crossed strokes with round caps.
    static func xmark(_ p: Picture, centerX cx: Double, centerY cy: Double, size: Double, _ color: PictureColor) {
        let h = size * 0.36, w = size * 0.17
        p.strokePolyline([(cx - h, cy - h), (cx + h, cy + h)], width: w, color)
        p.strokePolyline([(cx + h, cy - h), (cx - h, cy + h)], width: w, color)
    }

    /// `speaker.slash.fill` (muted) or `speaker.wave.2.fill`, `size` points tall.
    static func speaker(_ p: Picture, centerX cx: Double, centerY cy: Double, size s: Double, muted: Bool, _ color: PictureColor) {
        let left = cx - s * 0.5
        // The box and the cone.
        p.fillPolygon([(left, cy - s * 0.16), (left + s * 0.2, cy - s * 0.16), (left + s * 0.48, cy - s * 0.42),
                       (left + s * 0.48, cy + s * 0.42), (left + s * 0.2, cy + s * 0.16), (left, cy + s * 0.16)], color)
        if muted {
            p.strokePolyline([(left + s * 0.02, cy - s * 0.46), (left + s * 0.98, cy + s * 0.46)], width: s * 0.1, color)
        } else {
            for (k, r) in [0.2, 0.36].enumerated() {
                let n = 8, span = 0.8 - 0.15 * Double(k)
                let arc = (0...n).map { i -> Picture.Point in
                    let a = -span + 2 * span * Double(i) / Double(n)
                    return (left + s * 0.52 + cos(a) * s * r, cy + sin(a) * s * r)
                }
                p.strokePolyline(arc, width: s * 0.09, color)
            }
        }
    }

    /// `arrow.up.left.and.arrow.down.right` (expand) or `arrow.down.right.and.arrow.up.left` (collapse), `size` points.
    static func expandArrows(_ p: Picture, centerX cx: Double, centerY cy: Double, size s: Double, collapse: Bool, _ color: PictureColor) {
        let h = s * 0.42, head = s * 0.24, w = s * 0.11
        for sign in [-1.0, 1.0] {
            // Each arrow runs along the diagonal; its head is at the outer end (expand) or at the centre (collapse).
            let outer = (cx + sign * h, cy + sign * h), inner = (cx + sign * s * 0.08, cy + sign * s * 0.08)
            p.strokePolyline([inner, outer], width: w, color)
            let tip = collapse ? inner : outer, back = collapse ? sign : -sign
            p.strokePolyline([(tip.0 + back * head, tip.1), tip, (tip.0, tip.1 + back * head)], width: w, color)
        }
    }

    /// `hand.draw` at `size` points: a raised hand over a scribble.
    static func handDraw(_ p: Picture, centerX cx: Double, centerY cy: Double, size s: Double, _ color: PictureColor) {
        let w = s * 0.075
        // Four fingers and the thumb as round-capped strokes from the palm.
        let palmTop = cy - s * 0.05
        for (i, len) in [0.3, 0.38, 0.36, 0.28].enumerated() {
            let x = cx - s * 0.14 + Double(i) * s * 0.1
            p.strokePolyline([(x, palmTop), (x, palmTop - s * len)], width: w * 1.1, color)
        }
        p.strokePolyline([(cx - s * 0.2, palmTop + s * 0.1), (cx - s * 0.3, palmTop - s * 0.05)], width: w * 1.1, color)
        p.fillRounded(PictureRect(x: cx - s * 0.2, y: palmTop - s * 0.04, width: s * 0.36, height: s * 0.26), radius: s * 0.1, color)
        // The scribble under the hand.
        let base = cy + s * 0.36
        let squiggle = (0...12).map { i -> Picture.Point in
            let t = Double(i) / 12
            return (cx - s * 0.42 + t * s * 0.84, base + sin(t * 2 * Double.pi * 1.5) * s * 0.06)
        }
        p.strokePolyline(squiggle, width: w, color)
    }

    /// `doc.on.doc` at `size` points: two overlapping page outlines.
    static func docOnDoc(_ p: Picture, centerX cx: Double, centerY cy: Double, size s: Double, _ color: PictureColor) {
        let w = s * 0.58, h = s * 0.72, lw = s * 0.11
        let back = PictureRect(x: cx - s * 0.42, y: cy - s * 0.48, width: w, height: h)
        let front = PictureRect(x: cx - s * 0.16, y: cy - s * 0.24, width: w, height: h)
        // In a layer of its own, so the gap cut around the front page shows the chip under the symbol, not a hole.
        p.layer {
            p.strokeRounded(back, radius: s * 0.12, color, lineWidth: lw)
            p.erasing { p.fillRounded(front.insetBy(dx: -lw, dy: -lw), radius: s * 0.16, .black) }
            p.strokeRounded(front, radius: s * 0.12, color, lineWidth: lw)
        }
    }
}
