// Reads the files users pass (or standard input) and turns every failure into one sentence naming the file.

import Foundation
import PushSimEngine

/// A user-facing failure: printed as one line, never a stack trace.
public struct UserError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}

public enum InputFile {
    /// Files larger than this are refused before they are read.
    public static let maxBytes = 64 * 1024 * 1024

    /// The bytes of `path`, or of standard input for `-`.
    public static func readBytes(_ path: String) throws(UserError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return [UInt8](data)
        }
        let url = URL(fileURLWithPath: path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw UserError("\(path): no such file")
        }
        if isDir.boolValue { throw UserError("\(path): is a folder, not a file") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxBytes {
            throw UserError("\(path): the file is \(size / 1_048_576) MB; pushsim reads files up to \(maxBytes / 1_048_576) MB")
        }
        guard FileManager.default.isReadableFile(atPath: path), let data = try? Data(contentsOf: url) else {
            throw UserError("\(path): cannot be read (check its permissions)")
        }
        return [UInt8](data)
    }

    /// The file parsed as JSON; a syntax error names the file, line and column.
    public static func readJSON(_ path: String) throws(UserError) -> JSONValue {
        let bytes = try readBytes(path)
        do {
            return try JSONParser.parse(bytes: bytes)
        } catch {
            let name = path == "-" ? "standard input" : path
            throw UserError("\(name): not valid JSON: \(error.description)")
        }
    }

    /// Name used in messages: `standard input` for `-`.
    public static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }
}
