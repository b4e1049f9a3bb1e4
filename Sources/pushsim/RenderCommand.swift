// `pushsim render FILE [--tags FILE] [--device-index N] [--language CODE] [--ios V] [--device D]`: what one device
// receives, as one JSON object on standard output.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print what one device receives: the filled userInfo of a push, or the filled native in-app config.",
        discussion: """
        A createMessage request (its first notification) or one notification: the APNs userInfo after Pushwoosh's \
        server picked the device's language and filled its Liquid and Dynamic Content from the device's tags, the \
        request's dynamic_content_placeholders and template_bindings. A native in-app config or a campaign ZIP: the \
        config after the device filled its {{key|type|default}} from pushwoosh.json and its {Tag|Modifier|Default} \
        from its tags. A device the server sends nothing prints {"not_sent":{"reason":"untagged","tag":…}} (exit 0); \
        Liquid the server refuses prints its field, line and column on standard error (exit 1); a file that is not \
        JSON exits 2. Rules and sources: docs/personalization.md.
        """
    )

    @Argument(help: ArgumentHelp("The file (a createMessage request, a notification, a userInfo, a native-config.json or a campaign ZIP); - reads standard input.", valueName: "file"))
    var file: String

    @OptionGroup(title: "Personalisation") var personalization: PersonalizationOptions

    @Option(help: ArgumentHelp("The device's language (ISO-639-1, default en): picks a language dictionary's text, and the Language tag when the tags file has none.", valueName: "code"))
    var language: String?

    @Option(help: ArgumentHelp("The iOS version the device runs (the OS Version tag a native config can show; default 26).", valueName: "version"))
    var ios: String?

    @Option(help: ArgumentHelp("The phone (its machine identifier is the Device Model tag; default iphone-15).", valueName: "name"))
    var device: String?

    func validate() throws {
        if let l = language, l.isEmpty || l.count > 35 || !l.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }) {
            throw ValidationError("--language takes a language code such as de or pt-BR (got '\(l)')")
        }
        if let v = ios, v.isEmpty || v.count > 12 || !v.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            throw ValidationError("--ios takes a version such as 18, 26 or 26.1 (got '\(v)')")
        }
        if let device { try DeliveryOptionGroup.validateDevice(device) }
    }

    func run() throws {
        do {
            let input = try personalization.input(language: language?.replacingOccurrences(of: "_", with: "-"), phone: device, ios: ios)
            for w in input.warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
            // A file that cannot be read is, like one that is not JSON, no input at all (exit 2, as validate's);
            // exit 1 stays the answer "the server refuses this Liquid".
            let bytes: [UInt8]
            do { bytes = try InputFile.readBytes(file) } catch { fail(UserError(error.message, exitCode: 2)) }
            switch try RenderOutput.render(bytes: bytes, path: file, device: input.device, raw: input.raw) {
            case .rendered(let json, let warnings, _):
                for w in warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
                print(json.jsonText())
            case .notSent(let json, _):
                print(json.jsonText())
            case .templateError(let sentence, _):
                fail(UserError(sentence, exitCode: 1))
            }
        } catch {
            fail(error)
        }
    }
}
