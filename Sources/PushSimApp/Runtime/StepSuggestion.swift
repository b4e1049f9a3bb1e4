// What an unknown script step is told: the nearest step this experience knows ("did you mean `wait`?") and the list.

/// A scene that can list the steps of its own that `expand` takes (the common steps are the runner's).
public protocol NamedSteps {
    static var stepNames: [String] { get }
}

public enum StepSuggestion {
    /// The steps every experience takes (`HeadlessRunner.perform`).
    public static let common = ["wait", "key", "click", "press", "release", "drag", "resize"]

    /// "unknown step; did you mean `wait`? The steps here: …" — the nearest known name within two edits (or one that
    /// starts like it), then every step the scene and the runner take; without a near one, only the list.
    public static func unknown(_ name: String, scene: ScriptableScene) -> String {
        let own = (type(of: scene) as? NamedSteps.Type)?.stepNames ?? []
        let known = own + common.filter { !own.contains($0) }
        let list = known.joined(separator: ", ")
        if let near = nearest(name, in: known) { return "unknown step; did you mean `\(near)`? The steps here: \(list)" }
        return "unknown step; the steps here: \(list)"
    }

    static func nearest(_ name: String, in known: [String]) -> String? {
        let lower = name.lowercased()
        if let exact = known.first(where: { $0 == lower }) { return exact }
        let scored = known.map { ($0, distance(lower, $0)) }.sorted { $0.1 < $1.1 }
        if let best = scored.first, best.1 <= min(2, max(1, lower.count / 2)) { return best.0 }
        if lower.count >= 3, let prefix = known.first(where: { $0.hasPrefix(lower) || lower.hasPrefix($0) }) { return prefix }
        return nil
    }

    /// Levenshtein distance, on at most the first 64 characters (a step name is short; a hostile one is cut).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.prefix(64)), y = Array(b.prefix(64))
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var prev = row[0]
            row[0] = i
            for j in 1...y.count {
                let cur = row[j]
                row[j] = x[i - 1] == y[j - 1] ? prev : 1 + min(prev, row[j], row[j - 1])
                prev = cur
            }
        }
        return row[y.count]
    }
}

extension StoriesScene: NamedSteps {
    public static let stepNames = ["tap", "hold", "button", "dismiss", "expand", "replay"]
}

extension PrimerScene: NamedSteps {
    public static let stepNames = ["present", "accept", "decline", "tap-outside", "allow", "deny", "advance", "settings", "window"]
}

extension InboxScene: NamedSteps {
    public static let stepNames = ["select", "button", "delete", "refresh", "back", "up", "down", "swipe", "push", "push-file", "receive"]
}

extension InAppScene: NamedSteps {
    public static let stepNames = [
        "notify", "banner-tap", "banner-swipe", "banner-drag", "receive", "foreground-push", "foreground-push-file",
        "foreground-tap", "inapp", "inapp-file", "button", "close", "tap", "tap-outside", "hold", "swipe", "scratch",
        "reveal", "spin", "claim", "mute", "expand", "pip-drag", "video-ready", "video-fail", "video-end", "background",
        "foreground", "pause", "dismiss", "advance",
    ]
}
