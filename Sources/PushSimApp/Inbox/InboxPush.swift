// An inbox push on its way to a running `pushsim inbox`: read with the inbox's own intake, sent as one JSON line,
// and parsed again on arrival with the receiving device's clock.

import Foundation
import PushSimEngine

/// The line `pushsim notify --inbox FILE` sends: `{"file": NAME, "payload": DOCUMENT}`. The document travels as
/// written, not as parsed messages, because a push's `sendDate` is the device's receive time (spec §3.10) and a
/// createMessage request's `send_date: "now"` is the device's now: only the receiving side knows them. `file`
/// names the codes of createMessage notifications (`NAME#1`) and the folder relative images resolve against.
public struct InboxPush: Sendable, Equatable {
    public var file: String
    public var payload: JSONValue
    /// The sender already filled the payload for a device (`notify --inbox --tags`): the receiving inbox does not fill
    /// it again with its own.
    public var personalized = false

    public init(file: String, payload: JSONValue, personalized: Bool = false) {
        self.file = file
        self.payload = payload
        self.personalized = personalized
    }

    /// Read `path` ('-' = standard input) through the inbox command's intake, and check it holds at least one inbox
    /// message. Returns the push and the intake's warnings; a file with no inbox message is a one-line error with
    /// the reason the intake gave.
    public static func read(_ path: String, now: Date = Date(), timeZone: TimeZone = .current) throws(UserError) -> (push: InboxPush, warnings: [Diagnostic]) {
        let bytes = try InputFile.readBytes(path)  // a push is small: read once, parsed twice below
        let shown = InputFile.displayName(path)
        let parsed: InboxFeedParser.Result
        do {
            // Warnings name the file as the user gave it; the running inbox gets the absolute path.
            parsed = try InboxFeedReader.read(bytes, file: shown, parser: InboxFeedParser(now: now, timeZone: timeZone))
        } catch let e as JSONSyntaxError {
            throw UserError("\(shown): not valid JSON: \(e.description)")
        } catch let e as InboxFeedParser.ShapeError {
            throw UserError(e.description)
        } catch {
            throw UserError("\(shown): \(error)")
        }
        guard !parsed.messages.isEmpty else {
            // The intake leaves out a push APNs refuses; said as the inbox's own warning says it.
            if let why = parsed.diagnostics.lazy.compactMap(\.rejection).first {
                throw UserError("\(shown): APNs refuses this push, so it never reaches the inbox: \(why.reason)")
            }
            throw noMessage(shown, parsed.diagnostics)
        }
        // The intake accepted it, so the document parses.
        guard let doc = try? JSONParser.parse(bytes: bytes) else { throw UserError("\(shown): not valid JSON") }
        return (InboxPush(file: path == "-" ? shown : absolute(path), payload: doc), parsed.diagnostics)
    }

    /// Why APNs would refuse `doc` when it is one APNs push (an object with `aps`): over 4096 bytes as sent, or an `aps`
    /// that is not a dictionary (Apple, "Generating a remote notification"). Other shapes are not pushes as sent.
    public static func apnsRefusal(_ doc: JSONValue) -> APNsPayload.Rejection? {
        guard let o = doc.objectValue, o["aps"] != nil else { return nil }
        return APNsPayload.check(doc)
    }

    /// "no inbox message in FILE: PATH REASON", from the first thing the intake skipped.
    public static func noMessage(_ file: String, _ diagnostics: [Diagnostic]) -> UserError {
        guard let d = diagnostics.first else { return UserError("no inbox message in \(file): it holds no messages") }
        return UserError("no inbox message in \(file): \(d.path) \(d.message)")
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).standardized.path
    }

    /// The line sent over the socket.
    public var line: String {
        var o: JSONObject = ["file": .string(file), "payload": payload]
        if personalized { o["personalized"] = true }
        return JSONValue.object(o).jsonText()
    }

    /// A received line back into a push; nil with the reason when it is not one.
    public static func decode(_ line: String) -> Result<InboxPush, UserError> {
        guard let v = try? JSONParser.parse(line), let o = v.objectValue, let file = o["file"]?.stringValue, let payload = o["payload"] else {
            return .failure(UserError("not an inbox push from pushsim notify --inbox (expected {\"file\":…,\"payload\":…})"))
        }
        return .success(InboxPush(file: file, payload: payload, personalized: o["personalized"] == true))
    }
}
