// `pushsim validate` for in-app banners: one banner object or an array of them, as `pushsim notify` sends them.

import Foundation
import PushSimEngine

enum BannerValidation {
    static func lint(_ doc: JSONValue, source: PayloadValidation.Source) -> PayloadValidation.Lint {
        let items: [(prefix: String, json: JSONValue)]
        if let array = doc.arrayValue {
            items = array.enumerated().map { (JSONPath().index($0.offset).description, $0.element) }
        } else {
            items = [("", doc)]
        }
        var diagnostics: [Diagnostic] = []
        var refused = 0
        for (i, item) in items.enumerated() {
            // The presenter numbers banners without an id b1, b2, … in arrival order.
            let (banner, diags) = BannerParser.parse(item.json, defaultID: "b\(i + 1)")
            diagnostics += diags.map { Diagnostic($0.severity, path: PayloadValidation.join(item.prefix, $0.path), $0.message) }
            guard let banner else { refused += 1; continue }
            if let image = banner.image,
               let d = PayloadValidation.localImageProblem(image, source: source, path: PayloadValidation.join(item.prefix, "image"),
                                                          what: "the banner is shown without its thumbnail") {
                diagnostics.append(d)
            }
        }
        if doc.arrayValue?.isEmpty == true {
            diagnostics.append(Diagnostic(path: "", "the array holds no banners, so nothing would be shown"))
        }
        var summary = doc.arrayValue == nil ? "in-app banner" : "in-app banners, \(PayloadValidation.plural(items.count, "banner"))"
        if refused > 0 { summary += doc.arrayValue == nil ? " (refused)" : ", \(refused) refused" }
        return PayloadValidation.Lint(summary: summary, diagnostics: diagnostics)
    }
}
