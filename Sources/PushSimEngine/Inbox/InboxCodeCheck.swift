// Whether any inbox code repeats in a feed, told without a Set<String>: the check runs serially over every message.

import Foundation

enum InboxCodeCheck {
    /// Whether two messages have equal codes, as `Set<String>` tells it. Swift's set hashed and compared a million
    /// codes in 0.24 s of a 1,000,000-message load, all of it on one core between the parallel parse and the rows;
    /// this table of byte hashes does it in a fraction. Codes are hashed by their bytes only when every code is
    /// ASCII: `String` equality is canonical equivalence, and a non-ASCII code can equal an ASCII one (a Kelvin
    /// sign and "K"), so a feed with any non-ASCII code, or one whose hashes pile up (`maxProbes`), is checked
    /// with the set.
    static func hasRepeats(_ messages: [InboxMessage], maxProbes: Int = 64) -> Bool {
        let n = messages.count
        guard n > 1 else { return false }
        guard n < Int(Int32.max), let table = tableCheck(messages, maxProbes: maxProbes) else { return setCheck(messages) }
        return table
    }

    /// The set's answer: for feeds the table does not take.
    static func setCheck(_ messages: [InboxMessage]) -> Bool {
        var codes = Set<String>(minimumCapacity: messages.count)
        for i in messages.indices where !codes.insert(messages[i].code).inserted { return true }
        return false
    }

    /// The table's answer; nil when a code is not ASCII or a probe sequence grows past `maxProbes` (the answer is
    /// then the set's).
    static func tableCheck(_ messages: [InboxMessage], maxProbes: Int) -> Bool? {
        var capacity = 16
        while capacity < messages.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        // A slot holds a code's hash (never 0, which marks a free slot) and the message it came from. The seed is
        // random so that no feed can be made to collide on purpose.
        var hashes = [UInt64](repeating: 0, count: capacity)
        var owners = [Int32](repeating: 0, count: capacity)
        let seed = UInt64.random(in: 1...UInt64.max)
        return hashes.withUnsafeMutableBufferPointer { hashes in
            owners.withUnsafeMutableBufferPointer { owners in
                for i in messages.indices {
                    guard let h = asciiHash(messages[i].code, seed: seed) else { return nil }
                    var slot = Int(truncatingIfNeeded: h) & mask
                    var probes = 0
                    while hashes[slot] != 0 {
                        if hashes[slot] == h && messages[Int(owners[slot])].code == messages[i].code { return true }
                        slot = (slot + 1) & mask
                        probes += 1
                        if probes > maxProbes { return nil }
                    }
                    hashes[slot] = h
                    owners[slot] = Int32(i)
                }
                return false
            }
        }
    }

    /// A hash of an ASCII string's bytes, never 0; nil when it has a byte that is not ASCII.
    static func asciiHash(_ s: String, seed: UInt64) -> UInt64? {
        var s = s
        return s.withUTF8 { b -> UInt64? in
            var h = seed ^ UInt64(b.count) &* 0x9E37_79B9_7F4A_7C15
            var high: UInt8 = 0
            var k = 0
            let raw = UnsafeRawBufferPointer(b)
            while k + 8 <= b.count {
                let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                if w & 0x8080_8080_8080_8080 != 0 { return nil }
                h = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 31
                k += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while k < b.count {
                high |= b[k]
                tail |= UInt64(b[k]) << shift
                shift += 8
                k += 1
            }
            if high & 0x80 != 0 { return nil }
            h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 29
            h = h &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 32
            return h == 0 ? 1 : h
        }
    }
}
