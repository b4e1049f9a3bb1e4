// Every problem of a `--config` primer JSON at once, as diagnostics with paths (for `pushsim validate`).

extension PrimerConfig {
    /// Reads `json` as `apply(json:source:)` does, but instead of stopping at the first bad key it reports each one
    /// (an error: `pushsim primer --config` refuses the file) and the settings the SDK would ignore (a warning).
    /// The returned config holds every key that could be applied.
    public static func parse(json: JSONValue) -> (config: PrimerConfig, diagnostics: [Diagnostic]) {
        var c = PrimerConfig()
        guard let obj = json.objectValue else {
            return (c, [Diagnostic(.error, path: "", "expected a JSON object whose keys are the builder's setter names, found \(json.typeDescription)")])
        }
        var diags: [Diagnostic] = []
        var set: Set<PrimerConfigKey> = []
        for (name, value) in obj {
            let path = JSONPath().key(name)
            guard let key = PrimerConfigKey(rawValue: name) else {
                let hint = nearestKey(to: name).map { "did you mean \"\($0.rawValue)\"? " } ?? ""
                diags.append(Diagnostic(.error, path: path.description, "is not a primer setter; \(hint)allowed keys: \(PrimerConfigKey.allowedKeysList)"))
                continue
            }
            if value.isNull { continue }
            // A gradient is checked entry by entry so each bad colour gets its own path.
            if key == .backgroundGradient, let items = value.arrayValue, !items.isEmpty {
                var colors: [PrimerColor] = []
                for (i, item) in items.enumerated() {
                    if let s = item.stringValue, let color = PrimerColor(hex: s) { colors.append(color); continue }
                    diags.append(Diagnostic(.error, path: path.index(i).description, "must be a colour #RRGGBB (got \(item.quoted))"))
                }
                if colors.count == items.count {
                    c.backgroundGradient = colors
                    set.insert(key)
                }
                continue
            }
            do {
                try c.set(key, json: value)
                set.insert(key)
            } catch {
                diags.append(Diagnostic(.error, path: path.description, "must be \(key.allowed) (\(error.message))"))
            }
        }
        diags += ignoredSettings(c, set: set)
        return (c, diags)
    }

    /// Settings that are valid but have no effect with the rest of the config (spec §2.3, §2.4).
    static func ignoredSettings(_ c: PrimerConfig, set: Set<PrimerConfigKey>) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if c.style == .alert {
            // spec §2.3: the system alert uses only the texts; image, colours, radius and position are ignored.
            let texts: Set<PrimerConfigKey> = [.style, .title, .message, .acceptButton, .declineButton, .fallbackToSettings, .minInterval]
            for key in PrimerConfigKey.allCases where set.contains(key) && !texts.contains(key) {
                out.append(Diagnostic(path: key.rawValue, "is ignored by the alert style\(set.contains(.style) ? "" : " (the default)") (a system alert shows only the title, message and button titles); set \"style\": \"sheet\" to use it"))
            }
            return out
        }
        if set.contains(.backgroundColor) && set.contains(.backgroundGradient) {
            // spec §2.4: backgroundGradient overrides backgroundColor.
            out.append(Diagnostic(path: "backgroundColor", "is hidden by backgroundGradient, which overrides it"))
        }
        if set.contains(.imageURL) {
            if c.position == .top {
                // spec §2.4: the top banner's icon comes from image or the app icon; imageURL is ignored.
                out.append(Diagnostic(path: "imageURL", "is ignored by the top position (its icon comes from image, else the app icon)"))
            } else if set.contains(.image) {
                // spec §2.4: a local image wins over imageURL.
                out.append(Diagnostic(path: "imageURL", "is not used: the local image wins over imageURL"))
            }
        }
        return out
    }

    /// The setter a misspelt key most likely meant (case-insensitive edit distance of at most 2, 3 for long names).
    static func nearestKey(to name: String) -> PrimerConfigKey? {
        let lower = Array(name.lowercased())
        let limit = lower.count >= 8 ? 3 : 2
        var best: (PrimerConfigKey, Int)?
        for key in PrimerConfigKey.allCases {
            let d = editDistance(lower, Array(key.rawValue.lowercased()))
            if d <= limit, d < lower.count, d < (best?.1 ?? Int.max) { best = (key, d) }
        }
        return best?.0
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
}
