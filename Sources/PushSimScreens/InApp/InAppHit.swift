// What is at a cell of a native in-app message: the mouse's answer, in the words of the contract's steps.

import PushSimEngine

/// The thirds of a story page a tap lands in (`tap left|middle|right`; the SDK sends middle and right forward).
public enum InAppStoryZone: String, Hashable, Sendable { case left, middle, right }

/// One thing a tap can land on.
public enum InAppElement: Hashable, Sendable {
    /// The close chip (`close`).
    case closeChip
    /// A contract button, from 1 (`button N`): the card's, the story page's, or the revealed reward's.
    case button(Int)
    /// The message's own body (`tap`): the banner bar, the pip card, the carousel's slide; a card's surface, where a
    /// tap does nothing.
    case body
    /// A story page's tap zone (`tap left|middle|right`).
    case storyZone(InAppStoryZone)
    /// The spin wheel's hub (`spin`); a tap on the disc itself does nothing.
    case hub
    case wheel
    /// The reward's promo chip (`claim`).
    case promoChip
    /// The scratch card's reveal button (`reveal`).
    case revealButton
    /// The scratch area, at fractions 0…1 of its width and height (`scratch X,Y`).
    case scratchArea(x: Double, y: Double)
    /// The video's or pip's mute chip (`mute`).
    case mute
    /// The pip's expand/collapse chip (`expand`).
    case expand
    /// Beside the message (`tap-outside`): on a blocking backdrop it belongs to the message (the SDK's dimmed modal
    /// and sheet and the carousel close on it); otherwise the app gets it.
    case outside
}

/// Which message a cell belongs to (an index into the presentations drawn, the pip first) and what is there.
/// `index` nil means the app: nothing of a message is there and no backdrop stops the tap.
public struct InAppHit: Hashable, Sendable {
    public var index: Int?
    public var element: InAppElement
    public init(index: Int?, element: InAppElement) { self.index = index; self.element = element }
    public static let app = InAppHit(index: nil, element: .outside)
}

/// Where each element of one message landed, in drawing order (a later entry lies over an earlier one).
public struct InAppHitMap: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var rect: Rect
        public var element: InAppElement
    }
    public var entries: [Entry] = []
    /// True when the message covers the whole screen or puts a blocking backdrop under itself.
    public var blocksApp = false
    /// A spinner is turning on the message (an image or its video loading): the terminal draws its next step at
    /// `InAppSpinner.nextStep(after:)`.
    public var spinning = false
    public init() {}

    public mutating func add(_ rect: Rect, _ element: InAppElement) {
        guard !rect.isEmpty else { return }
        entries.append(Entry(rect: rect, element: element))
    }

    /// The topmost element at a cell; a scratch area answers the cell's centre as fractions of the area.
    public func element(x: Int, y: Int) -> InAppElement? {
        guard let e = entries.last(where: { $0.rect.contains(x: x, y: y) }) else { return nil }
        if case .scratchArea = e.element {
            return .scratchArea(x: (Double(x - e.rect.x) + 0.5) / Double(e.rect.width),
                                y: (Double(y - e.rect.y) + 0.5) / Double(e.rect.height))
        }
        return e.element
    }

    /// The first rectangle of an element (for tests and for placing a pointer).
    public func rect(of element: InAppElement) -> Rect? {
        entries.first { $0.element == element || ($0.element.isScratchArea && element.isScratchArea) }?.rect
    }

    /// Everything moved by (dx, dy), as the message's animation moves it.
    func offset(dx: Int, dy: Int) -> InAppHitMap {
        var m = self
        for i in m.entries.indices { m.entries[i].rect.x += dx; m.entries[i].rect.y += dy }
        return m
    }
}

extension InAppElement {
    var isScratchArea: Bool { if case .scratchArea = self { return true } else { return false } }
}
