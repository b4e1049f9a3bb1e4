// The Dynamic Content modifiers (`{Tag|Modifier|Default}`'s middle part) as the iOS SDK applies them, and the server
// profile pushsim uses for push fields.

import Foundation

/// Pushwoosh iOS SDK `iOS_SDK/Pushwoosh/PushwooshCore/InAppMessages/PWResource.m` (7.2.x, `pw_applyModifier:`):
/// names match exactly and case-sensitively; the four case modifiers apply to a found value or to the default, the
/// value modifiers (`comma`, currencies, `cent`, dates) only to a found value; an unknown name changes nothing.
public enum PlaceholderModifier {
    /// Which SDK's case rules: `.device` is iOS (`CapitalizeFirst` lower-cases the rest), `.server` is pushsim's choice
    /// for text the Pushwoosh server fills (Android's `InAppTagFormatModifier`: the rest is left as it is). Change the
    /// server's rules here.
    public enum Profile: Sendable, Equatable { case device, server }

    public static let caseModifiers: Set<String> = ["CapitalizeFirst", "CapitalizeAllFirst", "UPPERCASE", "lowercase"]
    public static let currencySymbols: [String: String] = ["dollar": "$", "euro": "€", "jpy": "¥", "lira": "₤"]
    /// PHP-style names → ICU patterns (`pw_dateFormatForModifier:`); `H:i` is `hh:mm`, a 12-hour clock without AM/PM.
    public static let dateFormats: [String: String] = [
        "M-d-y": "MMM-dd-yy", "m-d-y": "MM-dd-yy", "M d y": "MMM dd yy", "M d Y": "MMM dd yyyy",
        "l": "EEEE", "M d": "MMM dd", "H:i": "hh:mm", "m-d-y H:i": "MM-dd-yy hh:mm",
    ]
    /// Names the editor writes as a placeholder's type (rich-media-templates-syntax): known, and they change nothing.
    public static let typeNames: Set<String> = ["text", "color", "html"]

    /// Every modifier that does something, for `validate`.
    public static var known: Set<String> {
        caseModifiers.union(currencySymbols.keys).union(dateFormats.keys).union(["comma", "cent"])
    }
    /// Modifiers that read the value as a number or a Unix time.
    public static func isNumeric(_ m: String) -> Bool {
        m == "comma" || m == "cent" || currencySymbols[m] != nil || dateFormats[m] != nil
    }

    /// `value` formatted by `modifier`. `found`: the value is the tag's (value modifiers run), not the default.
    public static func apply(_ modifier: String, to value: String, found: Bool, profile: Profile = .device,
                             locale: Locale = Locale(identifier: "en_US_POSIX")) -> String {
        switch modifier {
        case "CapitalizeFirst":
            guard let first = value.first else { return value }
            let rest = value.dropFirst()
            return String(first).uppercased() + (profile == .device ? rest.lowercased() : String(rest))
        case "CapitalizeAllFirst":
            return profile == .device ? value.capitalized : capitalizeWordsKeepingRest(value)
        case "UPPERCASE": return value.uppercased()
        case "lowercase": return value.lowercased()
        default: break
        }
        guard found else { return value }
        if modifier == "comma" { return comma(value) }
        if modifier == "cent" { return cent(value) }
        if let symbol = currencySymbols[modifier] { return value.isEmpty ? symbol + "0" : symbol + comma(value) }
        if let format = dateFormats[modifier] { return date(value, format: format, locale: locale) ?? value }
        return value
    }

    /// Android's `CapitalizeAllFirst`: a letter after whitespace (or at the start) upper-cased, the rest unchanged.
    static func capitalizeWordsKeepingRest(_ s: String) -> String {
        var out = ""
        var atStart = true
        for c in s {
            out += atStart ? String(c).uppercased() : String(c)
            atStart = c.isWhitespace
        }
        return out
    }

    /// `pw_toComma:`: the raw text grouped in threes from the right, without reading it as a number
    /// ("19.95" → "19,.95", "-100" → "-,100").
    public static func comma(_ s: String) -> String {
        let units = Array(s.utf16)
        guard !units.isEmpty else { return "" }
        var groups: [String] = []
        var end = units.count
        while end > 0 {
            let start = max(end - 3, 0)
            groups.insert(String(decoding: units[start..<end], as: UTF16.self), at: 0)
            end = start
        }
        return groups.joined(separator: ",")
    }

    /// `pw_toCent:`: "$" + all but the last two UTF-16 units + "." + the last two; one unit gets a leading 0 first.
    public static func cent(_ s: String) -> String {
        var units = Array(s.utf16)
        guard !units.isEmpty else { return "$.00" }
        if units.count == 1 { units.insert(UInt16(UInt8(ascii: "0")), at: 0) }
        let cut = units.count - 2
        return "$" + String(decoding: units[..<cut], as: UTF16.self) + "." + String(decoding: units[cut...], as: UTF16.self)
    }

    /// `pw_formatUnixTimestamp:`: the whole string must be a base-10 integer (`strtoll` to the end), Unix seconds,
    /// printed in GMT; nil otherwise (the value is left as it is).
    public static func date(_ s: String, format: String, locale: Locale) -> String? {
        guard let seconds = unixSeconds(s) else { return nil }
        let f = DateFormatter()
        f.locale = locale
        f.timeZone = TimeZone(secondsFromGMT: 0)
        f.dateFormat = format
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// `strtoll(…, 10)` consuming the whole string: optional leading whitespace and sign, digits; clamped as strtoll clamps.
    static func unixSeconds(_ s: String) -> Int64? {
        var t = Substring(s)
        while let c = t.first, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" { t = t.dropFirst() }
        var negative = false
        if let c = t.first, c == "+" || c == "-" { negative = c == "-"; t = t.dropFirst() }
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var v: Int64 = 0
        for c in t.utf8 {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(c - UInt8(ascii: "0")))
            if o1 || o2 { return negative ? .min : .max }
            v = a
        }
        // Dates beyond year ±9999 print nothing sensible; keep the formatter in range.
        let bounded = max(min(negative ? -v : v, 253_402_300_799), -62_135_596_800)
        return bounded
    }
}
