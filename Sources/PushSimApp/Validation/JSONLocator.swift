// Where a finding's JSON path (`pw_stories.pages[2].image`) is in the file's bytes, as a line and column, for the
// formats that point at a place (text, JSON, GitHub workflow commands, SARIF).

import PushSimEngine

public enum JSONLocator {
    /// One step of a JSON path as diagnostics print it (`JSONPath`): a member's key or an array index.
    enum Part: Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps of `path` (`a.b[3]["odd key"].c`), as far as they are steps: a wildcard (`[*]`) or anything else a
    /// path does not hold ends the list there, so the place found is the nearest enclosing one.
    static func parts(_ path: String) -> [Part] {
        let u = Array(path.utf8)
        var out: [Part] = []
        var i = 0
        while i < u.count {
            switch u[i] {
            case UInt8(ascii: "."):
                i += 1
            case UInt8(ascii: "["):
                if i + 1 < u.count, u[i + 1] == UInt8(ascii: "\"") {
                    // A quoted key: a JSON string, then `]`.
                    var j = i + 2
                    while j < u.count, u[j] != UInt8(ascii: "\"") { j += u[j] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard j + 1 < u.count, u[j + 1] == UInt8(ascii: "]"),
                          case .string(let key)? = try? JSONParser.parse(bytes: Array(u[(i + 1)...j])) else { return out }
                    out.append(.key(key))
                    i = j + 2
                } else {
                    var j = i + 1
                    var n = 0
                    while j < u.count, u[j] >= UInt8(ascii: "0"), u[j] <= UInt8(ascii: "9"), n < Int.max / 10 - 9 {
                        n = n * 10 + Int(u[j] - UInt8(ascii: "0")); j += 1
                    }
                    guard j > i + 1, j < u.count, u[j] == UInt8(ascii: "]") else { return out }
                    out.append(.index(n))
                    i = j + 1
                }
            default:
                var j = i
                while j < u.count, u[j] != UInt8(ascii: "."), u[j] != UInt8(ascii: "[") { j += 1 }
                out.append(.key(String(decoding: u[i..<j], as: UTF8.self)))
                i = j
            }
        }
        return out
    }

    /// The 1-based line and column (in characters) of each path in `bytes`, a JSON document that parsed: where its
    /// key starts (an array element's value; the document's first value for the empty path), or where the nearest
    /// enclosing member or element starts when the path is not all in the file (a createMessage request's finding
    /// about the userInfo built from it). One pass over the file, whatever the number of paths.
    public static func lineColumns(of paths: [String], in bytes: UnsafeBufferPointer<UInt8>) -> [String: (line: Int, column: Int)] {
        var walker = Walker(b: bytes)
        var ends: [String: Int] = [:]
        for path in Set(paths) {
            var node = 0
            for part in parts(path) {
                if let next = walker.nodes[node].children[part] { node = next; continue }
                walker.nodes.append(Node())
                walker.nodes[node].children[part] = walker.nodes.count - 1
                node = walker.nodes.count - 1
            }
            ends[path] = node
        }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        _ = walker.value(walker.space(bom ? 3 : 0), node: 0)
        // The deepest node reached on each path's way down.
        var offsets: [String: Int] = [:]
        for path in ends.keys {
            var node = 0
            var found = walker.nodes[0].offset ?? 0
            for part in parts(path) {
                guard let next = walker.nodes[node].children[part], let at = walker.nodes[next].offset else { break }
                node = next; found = at
            }
            offsets[path] = found
        }
        let positions = JSONParser.lineColumns(of: Array(offsets.values), in: bytes)
        return offsets.compactMapValues { at in
            guard let (line, column) = positions[at] else { return nil }
            // The byte order mark is no character an editor shows.
            return (line, bom && line == 1 ? max(1, column - 1) : column)
        }
    }

    struct Node {
        var children: [Part: Int] = [:]
        var offset: Int?
    }

    /// Walks the document down the paths' steps only, skipping every other value without building it.
    struct Walker {
        let b: UnsafeBufferPointer<UInt8>
        var nodes = [Node()]

        func space(_ at: Int) -> Int {
            var i = at
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
            return i
        }

        /// Just past the string that starts at `at` (a quote).
        func stringEnd(_ at: Int) -> Int {
            var i = at + 1
            while i < b.count {
                if b[i] == UInt8(ascii: "\\") { i += 2 } else if b[i] == UInt8(ascii: "\"") { return i + 1 } else { i += 1 }
            }
            return b.count
        }

        /// Just past the value that starts at `at`.
        func skip(_ at: Int) -> Int {
            guard at < b.count else { return b.count }
            switch b[at] {
            case UInt8(ascii: "\""): return stringEnd(at)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                var i = at
                while i < b.count {
                    switch b[i] {
                    case UInt8(ascii: "\""): i = stringEnd(i); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return i + 1 }
                    default: break
                    }
                    i += 1
                }
                return b.count
            default:
                var i = at
                while i < b.count, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "}"), b[i] != UInt8(ascii: "]"),
                      b[i] > 0x20 { i += 1 }
                return i
            }
        }

        /// The value at `at` (after white space) for the path node `node`: records where it starts unless its key's
        /// place is recorded already, goes down into the members and elements the paths name, and returns the index
        /// just past it.
        mutating func value(_ at: Int, node: Int) -> Int {
            if nodes[node].offset == nil { nodes[node].offset = at }
            guard at < b.count, !nodes[node].children.isEmpty else { return skip(at) }
            if b[at] == UInt8(ascii: "{") {
                var i = space(at + 1)
                while i < b.count, b[i] == UInt8(ascii: "\"") {
                    let keyStart = i
                    let keyEnd = stringEnd(i)
                    i = space(keyEnd)
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { return b.count }
                    i = space(i + 1)
                    if let child = nodes[node].children[.key(key(keyStart, keyEnd))] {
                        // A repeated key: the device keeps the last value, so the last place is the one meant.
                        nodes[child].offset = keyStart
                        i = value(i, node: child)
                    } else {
                        i = skip(i)
                    }
                    i = space(i)
                    guard i < b.count, b[i] == UInt8(ascii: ",") else { break }
                    i = space(i + 1)
                }
                return i < b.count && b[i] == UInt8(ascii: "}") ? i + 1 : i
            }
            if b[at] == UInt8(ascii: "[") {
                var i = space(at + 1)
                var index = 0
                while i < b.count, b[i] != UInt8(ascii: "]") {
                    if let child = nodes[node].children[.index(index)] {
                        nodes[child].offset = nil
                        i = value(i, node: child)
                    } else {
                        i = skip(i)
                    }
                    index += 1
                    i = space(i)
                    guard i < b.count, b[i] == UInt8(ascii: ",") else { break }
                    i = space(i + 1)
                }
                return i < b.count && b[i] == UInt8(ascii: "]") ? i + 1 : i
            }
            return skip(at)
        }

        /// The key whose quotes span `start..<end`, unescaped.
        func key(_ start: Int, _ end: Int) -> String {
            let inner = UnsafeBufferPointer(rebasing: b[(start + 1)..<max(start + 1, end - 1)])
            if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
            if case .string(let s)? = try? JSONParser.parse(bytes: Array(b[start..<end])) { return s }
            return String(decoding: inner, as: UTF8.self)
        }
    }
}
