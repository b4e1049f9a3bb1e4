// Finds the bytes a command-line value arrived as, which Swift's decoded arguments no longer show.

import Foundation
import PushSimApp

enum RawArgument {
    /// Refuses `value` (the decoded value of `option`) when its bytes on the command line were not UTF-8. Swift
    /// repairs such bytes to U+FFFD when it decodes argv, so without this a JSON error would name U+FFFD, not the
    /// byte the user typed.
    static func checkUTF8(_ value: String, option: String) throws(UserError) {
        let argv = CommandLine.unsafeArgv
        for k in 1..<Int(CommandLine.argc) {
            guard let p = argv[k] else { continue }
            let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            guard let bad = InputFile.firstInvalidUTF8(raw) else { continue }
            // The value alone, or `--option=value`: the decoded text must be what this entry decodes to.
            let decoded = String(decoding: raw, as: UTF8.self)
            let prefix = decoded == value ? 0 : decoded == option + "=" + value ? option.utf8.count + 1 : -1
            guard prefix >= 0 else { continue }
            let column = String(decoding: raw[prefix..<bad.offset], as: UTF8.self).count + 1
            throw UserError("\(option) is not UTF-8: byte 0x\(String(bad.byte, radix: 16, uppercase: true)) at character \(column); pass UTF-8 text")
        }
    }
}
