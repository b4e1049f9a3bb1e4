// Where a native in-app step's finger goes: the element it names on the screen at its moment (a recording's marks).

import PushSimEngine
import PushSimScreens

extension NativeInApp {
    /// `prims` (what `expand` made of `step`) with the touches of its finger around them: a tap on the element the step
    /// names (the topmost message's), a hold for its seconds, a swipe or a pip's drag across the screen, a scratch
    /// through its points. Steps that touch nothing (`inapp`, `advance`, `video-ready`) are returned as they are.
    func touches(for step: ScriptStep, _ prims: [PrimitiveStep], size: @escaping () -> Size) -> [PrimitiveStep] {
        func cell(of element: InAppElement) -> () -> (x: Int, y: Int)? {
            { [unowned self] in
                let s = size()
                guard let r = self.hits(in: s, at: self.now).reversed().lazy.compactMap({ $0.rect(of: element) }).first else {
                    return element == .outside ? (1, 1) : nil
                }
                return r.centerCell
            }
        }
        let words = step.words
        switch step.name {
        case "button":
            guard let n = Int(step.argument) else { return prims }
            return PrimitiveStep.tap(at: cell(of: .button(n)), prims)
        case "close": return PrimitiveStep.tap(at: cell(of: .closeChip), prims)
        case "tap":
            let zone: InAppStoryZone? = switch step.argument {
            case "": nil
            case "left": .left
            case "middle": .middle
            default: Double(step.argument).map { $0 < 1.0 / 3 ? .left : $0 < 2.0 / 3 ? .middle : .right } ?? .right
            }
            return PrimitiveStep.tap(at: cell(of: zone.map { .storyZone($0) } ?? .body), prims)
        case "hold": return PrimitiveStep.tap(at: cell(of: .storyZone(.middle)), prims)
        case "tap-outside": return PrimitiveStep.tap(at: cell(of: .outside), prims)
        case "reveal": return PrimitiveStep.tap(at: cell(of: .revealButton), prims)
        case "spin": return PrimitiveStep.tap(at: cell(of: .hub), prims)
        case "claim": return PrimitiveStep.tap(at: cell(of: .promoChip), prims)
        case "mute": return PrimitiveStep.tap(at: cell(of: .mute), prims)
        case "expand": return PrimitiveStep.tap(at: cell(of: .expand), prims)
        case "swipe":
            let s = size()
            let (dx, dy): (Int, Int) = switch words.first {
            case "left": (-s.width / 4, 0)
            case "right": (s.width / 4, 0)
            case "up": (0, -s.height / 4)
            default: (0, s.height / 4)
            }
            return PrimitiveStep.swipe(from: cell(of: .body), by: dx, dy, prims)
        case "scratch":
            // Through the step's points, fractions of the scratch area.
            let points = words.compactMap { try? Self.fraction($0, step) }
            guard let first = points.first else { return prims }
            let area = { [unowned self] () -> Rect? in
                self.hits(in: size(), at: self.now).reversed().lazy.compactMap { $0.rect(of: .scratchArea(x: 0, y: 0)) }.first
            }
            func at(_ p: InAppPoint) -> (x: Int, y: Int)? {
                area().map { r in (r.x + min(r.width - 1, Int(p.x * Double(r.width))), r.y + min(r.height - 1, Int(p.y * Double(r.height)))) }
            }
            let last = points.last ?? first
            return [.touch(.down, { at(first) })] + points.dropFirst().map { p in .touch(.move, { at(p) }) } + prims + [.touch(.up, { at(last) })]
        case "pip-drag":
            guard let to = words.first.flatMap({ try? Self.fraction($0, step) }) else { return prims }
            let end = { () -> (x: Int, y: Int)? in
                let s = size()
                return (min(s.width - 1, Int(to.x * Double(s.width))), min(s.height - 1, Int(to.y * Double(s.height))))
            }
            return [.touch(.down, cell(of: .body))] + prims + [.touch(.move, end), .touch(.up, end)]
        default:
            return prims
        }
    }
}
