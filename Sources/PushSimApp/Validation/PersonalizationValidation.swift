// `validate`'s personalisation check of one document: the engine's placeholder findings, and with `--tags` each
// device's outcome and cut text (the stories push's collapsed notification, filled for that device).

import Foundation
import PushSimEngine

enum PersonalizationValidation {
    static func findings(_ doc: JSONValue, kinds: [PayloadKind], source: PayloadValidation.Source,
                         options: PayloadValidation.Options) -> [PayloadValidation.Finding] {
        let kind = kinds.first
        let native = kinds == [.inapp]
        guard kinds.contains(where: { $0 == .stories || $0 == .inbox || $0 == .inapp }) else { return [] }
        var out = PersonalizationLint.findings(doc, native: native, devices: options.devices)
        if !native {
            for device in options.devices {
                let stage = PersonalizationStage.apply(doc, device: device)
                for (i, e) in stage.stopped.sorted(by: { $0.key < $1.key }) {
                    let at = "notification \(i)"
                    if e.name == "template_error" { continue } // already an error without tags
                    out.append(Diagnostic(path: "", "device \(device.name) is sent nothing for \(at): it has no \(JSONValue.string(e["tag"]?.stringValue ?? "").jsonText()) tag"))
                }
                guard kinds.contains(.stories), let delivery = options.delivery, stage.stopped.isEmpty,
                      let inputs = try? StoriesInput.readAll(stage.doc, language: device.language ?? delivery.language) else { continue }
                for input in inputs where PayloadValidation.mentionsStories(.object(input.userInfo), depth: 0) {
                    let arrival = StoriesDelivery.arrive(input, options: delivery, folder: source.folder, network: false)
                    for d in arrival.diagnostics where d.message.hasPrefix("is cut on") {
                        out.append(Diagnostic(path: d.path, "for device \(device.name): \(d.message)"))
                    }
                }
            }
        }
        return out.map { PayloadValidation.Finding(severity: $0.severity, file: source.name, path: $0.path, message: $0.message, kind: kind) }
    }
}
