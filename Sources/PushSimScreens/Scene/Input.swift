// Input as every scene receives it, whether from ncurses or from a headless script.

public enum Key: Hashable, Sendable, CustomStringConvertible {
    case left, right, up, down, enter, space, esc, tab, backTab, backspace, delete
    case pageUp, pageDown, home, end
    case char(Character)
    /// Ctrl plus a letter (lowercase), e.g. `.ctrl("l")`.
    case ctrl(Character)

    /// Parses a script key name: `left`, `enter`, `pgdn`, … or one character.
    public init?(name: String) {
        switch name.lowercased() {
        case "left": self = .left
        case "right": self = .right
        case "up": self = .up
        case "down": self = .down
        case "enter", "return": self = .enter
        case "space": self = .space
        case "esc", "escape": self = .esc
        case "tab": self = .tab
        case "backtab", "shift-tab": self = .backTab
        case "backspace": self = .backspace
        case "delete", "del": self = .delete
        case "pageup", "pgup": self = .pageUp
        case "pagedown", "pgdn": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        default:
            if name.count == 1 { self = name == " " ? .space : .char(name.first!) }
            else if name.lowercased().hasPrefix("ctrl-"), name.count == 6 { self = .ctrl(Character(name.suffix(1).lowercased())) }
            else { return nil }
        }
    }

    public var description: String {
        switch self {
        case .char(let c): return String(c)
        case .ctrl(let c): return "ctrl-\(c)"
        case .left: return "left"
        case .right: return "right"
        case .up: return "up"
        case .down: return "down"
        case .enter: return "enter"
        case .space: return "space"
        case .esc: return "esc"
        case .tab: return "tab"
        case .backTab: return "backtab"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .pageUp: return "pageup"
        case .pageDown: return "pagedown"
        case .home: return "home"
        case .end: return "end"
        }
    }
}

public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, drag, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int
    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
}

/// What a scene asks of the terminal besides drawing.
public enum TerminalRequest: Hashable, Sendable {
    case bell
}
