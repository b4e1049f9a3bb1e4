// A terminal whose locale is not UTF-8 (LANG=C, POSIX, a Latin-1 locale) cannot be sent box lines, arrows, dashes
// or any non-ASCII text through ncursesw: they vanish or garble the line ("page 1/5  54s left"). Such a terminal gets
// every cell in ASCII instead — the same layout, each grapheme replaced by its nearest ASCII look-alike and a wide
// one by as many `?` as its cells — and one line on exit says why and how to get the full picture.

import Foundation

public enum AsciiFallback {
    /// Whether the current locale (after `setlocale(LC_CTYPE, "")`) encodes text as UTF-8.
    public static func localeIsUTF8() -> Bool {
        guard let cs = nl_langinfo(nl_item(CODESET)) else { return false }
        return codesetIsUTF8(String(cString: cs))
    }

    /// Whether a codeset's name (`nl_langinfo(CODESET)`: "UTF-8", "utf8", "ANSI_X3.4-1968") names UTF-8, in any case
    /// and with or without its dashes. (Compared byte by byte: Foundation's `replacingOccurrences` went through
    /// NSString, 0.23 ms of every interactive start: docs/performance.md.)
    public static func codesetIsUTF8(_ name: String) -> Bool {
        let letters = name.utf8.filter { $0 != UInt8(ascii: "-") }.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        return letters == Array("UTF8".utf8)
    }

    /// The locale variables' value that decided, for the message (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
    public static func localeName(environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = environment[key], !v.isEmpty { return "\(key)=\(v)" }
        }
        return "no LANG"
    }

    public static func notice(environment: [String: String]) -> String {
        "pushsim: \(localeName(environment: environment)) is not a UTF-8 locale, so lines, arrows and non-ASCII text " +
        "were drawn in ASCII; set LANG=C.UTF-8 to see them."
    }

    /// The ASCII text for one grapheme drawn `width` cells wide (1, or 2 for a wide one).
    public static func ascii(_ grapheme: String, width: Int) -> String {
        if grapheme.utf8.allSatisfy({ $0 < 0x80 }) { return grapheme }
        let scalar = grapheme.unicodeScalars.first!
        if let mapped = table[scalar.value] { return width > 1 ? mapped + String(repeating: " ", count: width - 1) : mapped }
        switch scalar.value {
        case 0x2500...0x257F:  // box drawing: which way the line goes decides
            return String(repeating: boxDrawing(scalar.value), count: max(1, width))
        case 0x2800...0x28FF:  // braille pictures: a dot where any dot is set
            return scalar.value == 0x2800 ? " " : "."
        case 0x2580...0x259F:  // block elements (pictures in half blocks): the colours still show through the cell
            return scalar.value == 0x2591 ? "." : scalar.value == 0x2592 ? ":" : scalar.value == 0x2593 ? "#" : " "
        default:
            // Letters with accents lose them (é → e); anything else (CJK, emoji) is `?` in every cell it takes.
            let folded = grapheme.folding(options: [.diacriticInsensitive], locale: nil)
            if folded.utf8.allSatisfy({ $0 < 0x80 }), !folded.isEmpty { return String(folded.prefix(max(1, width))) }
            return String(repeating: "?", count: max(1, width))
        }
    }

    private static func boxDrawing(_ v: UInt32) -> String {
        switch v {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E: return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F: return "|"
        default: return "+"
        }
    }

    private static let table: [UInt32: String] = [
        // The native in-app loading spinner's braille ring (a gap stepping clockwise): a turning bar.
        0x28FE: "|", 0x28F7: "/", 0x28EF: "-", 0x28DF: "\\", 0x287F: "|", 0x28BF: "/", 0x28FB: "-", 0x28FD: "\\",
        0x2014: "-", 0x2013: "-", 0x2012: "-", 0x2010: "-", 0x2011: "-", 0x2212: "-",
        0x2026: ".", 0x00B7: ".", 0x2022: "*", 0x2219: ".", 0x25CF: "*", 0x25CB: "o", 0x25C9: "*", 0x25E6: "o",
        0x2018: "'", 0x2019: "'", 0x201C: "\"", 0x201D: "\"", 0x00AB: "<", 0x00BB: ">", 0x00A0: " ",
        0x2190: "<", 0x2192: ">", 0x2191: "^", 0x2193: "v", 0x2194: "-", 0x2195: "|", 0x21B5: "<", 0x23CE: "<",
        0x25B6: ">", 0x25C0: "<", 0x25B2: "^", 0x25BC: "v", 0x25B8: ">", 0x25C2: "<", 0x25B4: "^", 0x25BE: "v",
        0x2715: "x", 0x2716: "x", 0x00D7: "x", 0x2713: "v", 0x2714: "v", 0x2717: "x", 0x2718: "x",
        0x2588: "#", 0x258C: "|", 0x2590: "|", 0x25A0: "#", 0x25A1: "o", 0x25AA: "#", 0x25AB: "o",
        0x00B0: "o", 0x2030: "%", 0x20AC: "E", 0x00A3: "L", 0x00A5: "Y", 0x2122: "TM", 0x00A9: "c", 0x00AE: "R",
        0x2605: "*", 0x2606: "*", 0x2665: "<3", 0x2661: "<3", 0x231B: "~", 0x23F3: "~", 0x25E0: "~", 0x25E1: "~",
        0x25DC: "~", 0x25DD: "~", 0x25DE: "~", 0x25DF: "~", 0x2807: ".", 0x2839: ".",
        0x25AC: "-", 0x25AE: "|", 0x25C6: "*",  // confetti pieces: flat, upright, turning
    ]
}
