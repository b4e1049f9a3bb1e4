// A native in-app config left as written: no pass fills it (`--raw-placeholders`, or a bare `native-config.json`,
// which no campaign resource brings), so each placeholder is a `personalized` event with source `raw` and a warning.

extension InAppLocalizer {
    /// The config unchanged, with one `personalized` event (source `raw`) per placeholder in its string values (at
    /// most `DynamicContent.maxPlaceholders`) and a warning per placeholder (at most `PlaceholderScan.maxWarnings`)
    /// saying `why` it shows as written.
    public static func asWritten(_ config: JSONValue, why: String) -> Result {
        var events: [Event] = []
        func walk(_ v: JSONValue, _ path: JSONPath) {
            guard events.count < DynamicContent.maxPlaceholders else { return }
            switch v {
            case .string(let s):
                for p in PlaceholderScan.all(in: s) where events.count < DynamicContent.maxPlaceholders {
                    events.append(Event("personalized", ["path": .string(path.description), "placeholder": .string(p),
                                                         "value": .string(p), "source": "raw"]))
                }
            case .array(let a): for (i, e) in a.enumerated() { walk(e, path.index(i)) }
            case .object(let o): for (k, e) in o { walk(e, path.key(k)) }
            default: break
            }
        }
        walk(config, JSONPath())
        var result = Result(config: config, warnings: PlaceholderScan.leftovers(in: config, path: JSONPath(), why: why), language: nil)
        result.events = events
        return result
    }
}
