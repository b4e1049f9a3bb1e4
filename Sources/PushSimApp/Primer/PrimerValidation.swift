// `pushsim validate` for `pushsim primer --config` files: the engine's findings, plus a local image that is missing.

import Foundation
import PushSimEngine

enum PrimerValidation {
    static func lint(_ doc: JSONValue, source: PayloadValidation.Source) -> PayloadValidation.Lint {
        var (config, diagnostics) = PrimerConfig.parse(json: doc)
        guard doc.objectValue != nil else { return PayloadValidation.Lint(summary: "not a primer config", diagnostics: diagnostics) }
        // `pushsim primer` resolves a relative image against the config's folder, as here.
        if let image = config.image, config.style == .sheet,
           let d = PayloadValidation.localImageProblem(image, source: source, path: "image", what: "the primer shows its default bell instead") {
            diagnostics.append(d)
        }
        let keys = doc.objectValue!.keys.filter { doc[$0]?.isNull == false }.count
        let look = config.style == .alert ? "alert style" : "sheet style, \(config.position.rawValue) position"
        return PayloadValidation.Lint(summary: "primer config (\(look)), \(PayloadValidation.plural(keys, "key"))", diagnostics: diagnostics)
    }
}
