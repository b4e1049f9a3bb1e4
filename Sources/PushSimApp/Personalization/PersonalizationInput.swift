// The devices of `--tags FILE…` (read from disk), and the one a headless run personalises for.

import Foundation
import PushSimEngine

/// What the personalisation options give a command: the devices, which one is shown, and whether to fill at all.
public struct PersonalizationInput: Sendable, Equatable {
    /// At least one device: without `--tags`, one with only its default tags.
    public var devices: [PersonalizationDevice]
    /// `--device-index N` (0 unless given).
    public var index: Int
    /// `--raw-placeholders`: the text as written, a warning per placeholder.
    public var raw: Bool
    /// What reading the tags files said (operations ignored, values dropped), with the file and JSON path.
    public var warnings: [Diagnostic]

    public var device: PersonalizationDevice { devices[min(max(index, 0), devices.count - 1)] }

    /// A device with its default tags only (no `--tags`).
    public static func untagged(language: String? = nil, phone: String? = nil, ios: String? = nil) -> PersonalizationInput {
        PersonalizationInput(devices: [PersonalizationDevice(name: "device", language: language, phone: phone,
                                                             osVersion: PersonalizationDevice.osVersion(forIOS: ios))],
                             index: 0, raw: false, warnings: [])
    }

    /// Reads each tags file (each is one or more devices). An index past the last device is refused.
    public static func load(tagFiles: [String], index: Int?, raw: Bool, language: String?, phone: String?, ios: String?) throws(UserError) -> PersonalizationInput {
        var devices: [PersonalizationDevice] = []
        var warnings: [Diagnostic] = []
        let os = PersonalizationDevice.osVersion(forIOS: ios)
        for path in tagFiles {
            let name = InputFile.displayName(path)
            let bytes = try InputFile.readBytes(path)
            let doc: JSONValue
            do { doc = try JSONParser.parse(bytes: bytes) } catch {
                throw UserError("\(name): not valid JSON: \(error.description); a tags file is a JSON object of tag name → value", exitCode: 2)
            }
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            do {
                let r = try TagsFile.read(doc, file: name, name: base.isEmpty ? "device" : base)
                for d in r.devices {
                    // A file's own Language tag is the device's language when --language does not say.
                    let lang = language ?? d.tags["Language"]?.stringValue
                    devices.append(PersonalizationDevice(name: d.name, tags: d.tags, language: lang, phone: phone, osVersion: os))
                }
                warnings += r.warnings.map { Diagnostic($0.severity, path: $0.path, $0.path.isEmpty ? $0.message : "\(name): \($0.message)") }
            } catch {
                throw UserError(error.description, exitCode: 2)
            }
        }
        if devices.isEmpty { devices = untagged(language: language, phone: phone, ios: ios).devices }
        let i = index ?? 0
        guard i >= 0, i < devices.count else {
            throw UserError("--device-index \(i): the tags files give \(devices.count) device\(devices.count == 1 ? "" : "s") (indexes 0 to \(devices.count - 1))", exitCode: 2)
        }
        return PersonalizationInput(devices: devices, index: i, raw: raw, warnings: warnings)
    }
}
