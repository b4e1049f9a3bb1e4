// The layers over `pushsim inapp`'s host app, in the order each concern visits them: how the host composes them.

/// The layers in the order each concern visits them, composed once by the host the way a reducer's parts are: drawn
/// bottom to top, their timers run in turn, and input offered top first.
struct HostLayers {
    /// Bottom to top, as drawn.
    private(set) var drawn: [any HostLayer]
    /// In the order their timers run when the clock moves.
    private(set) var advanced: [any HostLayer]
    /// Top first: keys, script steps, clicks, and whose hints and help show.
    private(set) var keyed: [any HostLayer]
    /// Top first: a press.
    private(set) var pressed: [any HostLayer]
    /// Top first: a socket line.
    private(set) var lines: [any HostLayer]

    init(drawn: [any HostLayer], advanced: [any HostLayer], keyed: [any HostLayer], pressed: [any HostLayer],
         lines: [any HostLayer]) {
        self.drawn = drawn; self.advanced = advanced; self.keyed = keyed; self.pressed = pressed; self.lines = lines
    }

    /// A new surface over everything: drawn last, its timers run last, and every input is offered to it first — but a
    /// press goes after `pressesAfter`, when given, is offered it.
    mutating func putOnTop(_ layer: any HostLayer, pressesAfter below: (any HostLayer)? = nil) {
        drawn.append(layer)
        advanced.append(layer)
        keyed.insert(layer, at: 0)
        lines.insert(layer, at: 0)
        let i = below.flatMap { b in pressed.firstIndex { $0 === b } }.map { $0 + 1 } ?? 0
        pressed.insert(layer, at: i)
    }

    /// Take a layer off (one replaced by a new one).
    mutating func remove(_ layer: any HostLayer) {
        drawn.removeAll { $0 === layer }
        advanced.removeAll { $0 === layer }
        keyed.removeAll { $0 === layer }
        pressed.removeAll { $0 === layer }
        lines.removeAll { $0 === layer }
    }
}
