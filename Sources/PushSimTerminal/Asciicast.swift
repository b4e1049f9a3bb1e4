// asciicast v2 encoding: a JSON header line, then one `[seconds, "o", text]` line per chunk the terminal was sent.

import Foundation
import PushSimEngine

public struct Asciicast: Sendable {
    /// Bytes of a UTF-8 sequence cut at the end of the previous chunk, carried into the next one.
    private var carry: [UInt8] = []

    public init() {}

    public static func header(width: Int, height: Int, timestamp: Int, title: String) -> String {
        "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(timestamp), "
            + "\"title\": \(jsonString(title)), \"env\": {\"TERM\": \(jsonString(ProcessInfo.processInfo.environment["TERM"] ?? ""))}}\n"
    }

    /// The event line for `bytes` written `seconds` after the start; nil while only a partial UTF-8 sequence is held.
    public mutating func outputLine(_ bytes: [UInt8], at seconds: Double) -> String? {
        var all = carry + bytes
        carry = Self.incompleteTail(all)
        all.removeLast(carry.count)
        guard !all.isEmpty else { return nil }
        let text = String(decoding: all, as: UTF8.self)
        return "[\(String(format: "%.6f", seconds)), \"o\", \(Self.jsonString(text))]\n"
    }

    /// A resize event: `[seconds, "r", "WxH"]`.
    public static func resizeLine(width: Int, height: Int, at seconds: Double) -> String {
        "[\(String(format: "%.6f", seconds)), \"r\", \"\(width)x\(height)\"]\n"
    }

    /// How many trailing bytes start a UTF-8 sequence that is not complete yet.
    static func incompleteTail(_ b: [UInt8]) -> [UInt8] {
        var i = b.count - 1
        var back = 0
        while i >= 0 && back < 3 && b[i] & 0xC0 == 0x80 { i -= 1; back += 1 }
        guard i >= 0 else { return [] }
        let lead = b[i]
        let need: Int
        if lead & 0xE0 == 0xC0 { need = 2 } else if lead & 0xF0 == 0xE0 { need = 3 } else if lead & 0xF8 == 0xF0 { need = 4 } else { return [] }
        return back + 1 < need ? Array(b[i...]) : []
    }

    /// A JSON string literal (the recorder writes its few lines by hand; the engine's writer does the escaping).
    public static func jsonString(_ s: String) -> String { JSONValue.string(s).jsonText() }
}
