// Which text of a language dictionary a device gets: the order Pushwoosh documents for picking a locale.

/// Pushwoosh's "Locale selection for a device" (docs.pushwoosh.com, Messaging API v2 payload reference): an exact
/// match on the device's language, then the key `"default"`, then `"en"`, then any other language present. pushsim
/// applies it to a `createMessage` request's language dictionaries (`content`, `ios_title`, `ios_subtitle`); a
/// region-tagged device language (`de-AT`) that has no exact entry tries its base language (`de`) next.
public enum LanguagePick {
    /// The simulated device's language when `--language` is not given.
    public static let defaultLanguage = "en"

    /// The chosen text and the dictionary key it came from; nil when no value is a string.
    public static func pick(_ dict: JSONObject, device: String) -> (text: String, key: String)? {
        let want = device.lowercased()
        let base = want.split(separator: "-").first.map(String.init) ?? want
        var order: [(JSONObject.Element) -> Bool] = [{ $0.key.lowercased() == want }]
        if base != want { order.append { $0.key.lowercased() == base } }
        order += [{ $0.key == "default" }, { $0.key.lowercased() == "en" }, { _ in true }]
        for matches in order {
            for entry in dict where matches(entry) {
                if let s = entry.value.stringValue { return (s, entry.key) }
            }
        }
        return nil
    }

    /// The language a notification's dictionaries were read in: the key picked from the first of `content`,
    /// `ios_title`, `ios_subtitle` that is a dictionary; nil when every text is a plain string.
    public static func used(in fields: JSONObject, device: String) -> String? {
        for key in ["content", "ios_title", "ios_subtitle"] {
            if let o = fields[key]?.objectValue, let p = pick(o, device: device) { return p.key }
        }
        return nil
    }
}
