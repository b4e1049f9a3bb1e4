// Script steps: the headless language shared by every experience (`wait 1; key right; click 10,5`).

import PushSimScreens

public struct ScriptStep: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    /// Everything after the name, trimmed (may hold spaces or JSON).
    public var argument: String
    /// 1-based position in the script, for error messages.
    public var number: Int

    public init(name: String, argument: String = "", number: Int = 0) {
        self.name = name
        self.argument = argument
        self.number = number
    }

    public var description: String { argument.isEmpty ? name : "\(name) \(argument)" }
    public var words: [String] { argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
}

/// A script that could not be understood: which step and why, in one sentence.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var step: String
    public var number: Int
    public var reason: String
    public init(_ step: ScriptStep, _ reason: String) {
        self.step = step.description
        self.number = step.number
        self.reason = reason
    }
    public var description: String { "script step \(number) (\"\(step)\"): \(reason)" }
}

public enum Script {
    /// Splits on `;` and newlines. Blank steps and `#` comments are skipped. A `notify {…}` step keeps
    /// semicolons inside its JSON braces.
    public static func parse(_ text: String) -> [ScriptStep] {
        var raw: [String] = []
        var cur = ""
        var depth = 0
        var inString = false, escaped = false
        for ch in text {
            if inString {
                cur.append(ch)
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            switch ch {
            case "\"" where depth > 0: inString = true; cur.append(ch)
            case "{", "[": depth += 1; cur.append(ch)
            case "}", "]": depth = max(0, depth - 1); cur.append(ch)
            case ";", "\n", "\r\n":
                if depth == 0 { raw.append(cur); cur = "" } else { cur.append(ch) }
            default: cur.append(ch)
            }
        }
        raw.append(cur)
        var steps: [ScriptStep] = []
        for r in raw {
            let t = r.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            let name: Substring, arg: Substring
            if let sp = t.firstIndex(where: { $0 == " " || $0 == "\t" }) {
                name = t[..<sp]
                arg = t[sp...]
            } else {
                name = Substring(t)
                arg = ""
            }
            steps.append(ScriptStep(name: String(name).lowercased(), argument: String(arg).trimmingCharacters(in: .whitespaces), number: steps.count + 1))
        }
        return steps
    }

    /// A non-negative number of seconds, finite.
    public static func seconds(_ step: ScriptStep) throws -> Double {
        guard let v = Double(step.argument), v.isFinite, v >= 0 else {
            throw ScriptError(step, "expected a number of seconds, 0 or more")
        }
        return v
    }

    /// `X,Y` cell coordinates (0-based).
    public static func point(_ step: ScriptStep) throws -> (x: Int, y: Int) {
        let parts = step.argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0 else {
            throw ScriptError(step, "expected cell coordinates X,Y such as 10,5")
        }
        return (x, y)
    }
}

/// What an experience-specific step turns into.
public enum PrimitiveStep {
    case input(InputEvent)
    case wait(Double)
    /// Something done directly to the scene at the current time (e.g. `present`, `advance 3600`).
    case call((Double) -> Void)
    /// Where a scripted gesture's finger is, in the cells the scene would be clicked at, asked when the step is
    /// reached (nil: nothing to touch there): a recording's touch marks. It changes nothing in the scene.
    case touch(TouchPhase, () -> (x: Int, y: Int)?)
}

/// A finger going down, moving or lifting (a scripted gesture's touch).
public enum TouchPhase: Sendable, Equatable { case down, move, up }

extension PrimitiveStep {
    /// A tap on the cell `at` gives when the step is reached: the finger down, `body`, the finger up where it went
    /// down (what it touched may be gone by then).
    public static func tap(at: @escaping () -> (x: Int, y: Int)?, _ body: [PrimitiveStep]) -> [PrimitiveStep] {
        let down = TouchMemo()
        return [.touch(.down, { down.cell = at(); return down.cell })] + body + [.touch(.up, { down.cell })]
    }

    /// A finger put down at `from` when the step is reached, moved through `path` (offsets in cells from there), and
    /// lifted at the last, around `body` (what the scene does with it).
    public static func stroke(from: @escaping () -> (x: Int, y: Int)?, through path: [(dx: Int, dy: Int)],
                              _ body: [PrimitiveStep]) -> [PrimitiveStep] {
        let start = TouchMemo()
        func at(_ d: (dx: Int, dy: Int)) -> () -> (x: Int, y: Int)? { { start.cell.map { (x: $0.x + d.dx, y: $0.y + d.dy) } } }
        let last = path.last ?? (0, 0)
        return [.touch(.down, { start.cell = from(); return start.cell })] + path.map { .touch(.move, at($0)) } + body + [.touch(.up, at(last))]
    }

    /// A swipe from the cell `from` gives by `dx`, `dy` cells.
    public static func swipe(from: @escaping () -> (x: Int, y: Int)?, by dx: Int, _ dy: Int, _ body: [PrimitiveStep]) -> [PrimitiveStep] {
        stroke(from: from, through: [(dx / 2, dy / 2), (dx, dy)], body)
    }
}

/// Where a scripted finger went down, for the steps that follow it.
final class TouchMemo {
    var cell: (x: Int, y: Int)?
}

/// A scene whose phone is only part of the terminal (the primer's panel, the stories' letterbox): touches map from
/// these cells onto the phone's screen.
public protocol TouchArea: AnyObject {
    var touchArea: Rect { get }
}

extension Rect {
    /// The cell at the middle of the rectangle; nil when it is empty.
    public var centerCell: (x: Int, y: Int)? {
        isEmpty ? nil : (x + width / 2, y + height / 2)
    }
}

/// A scene that understands steps of its own (`tap left`, `present`, `select`).
public protocol ScriptableScene: Scene {
    /// Expand one step; nil when the step is not this scene's (the runner then tries the common steps).
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]?
}

import Foundation
