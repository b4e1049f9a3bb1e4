// `pushsim validate` for native in-app configs and campaign ZIPs: the SDK's refusal as one error at its key path (it
// stops at the first), the dark overlay checked as a dark phone would, and a warning wherever the phone will differ
// from what the config says or draws text nobody can read.

import Foundation
import PushSimEngine

enum InAppValidation {
    static func lint(_ doc: JSONValue, source: PayloadValidation.Source, options: PayloadValidation.Options) -> PayloadValidation.Lint {
        lint(doc, now: options.now.timeIntervalSince1970, what: "native in-app config", sdk: options.sdk, wheel: WheelCheck(options))
    }

    /// The phone a spin wheel is laid out on (`--device`, default the delivery's) and how its labels are measured.
    struct WheelCheck {
        var deviceName = DeliveryOptions.defaultDevice.name
        var deviceWidth = DeliveryOptions.defaultDevice.width
        var labelWidth: ((String) -> Double)?

        init(_ options: PayloadValidation.Options? = nil) {
            if let d = options?.delivery { deviceName = d.deviceName; deviceWidth = d.deviceWidth }
            labelWidth = options?.wheelLabelWidth
        }

        /// What the phone hides of a spin wheel in one appearance: labels under the hub, the pointer on its card.
        func findings(_ m: InAppMessage, dark: Bool) -> [Diagnostic] {
            guard case .spinwheel(let w) = m.content else { return [] }
            var out: [Diagnostic] = []
            // The labels do not depend on the appearance: said once, with the light parse.
            if !dark, let labelWidth {
                out += InAppWheelLayout.hiddenLabels(w, deviceWidth: deviceWidth, deviceName: deviceName, labelWidth: labelWidth)
            }
            if let p = InAppWheelLayout.hiddenPointer(w, dark: dark) { out.append(p) }
            return out
        }
    }

    /// `what` names the document in the summary (`native-config.json in sale.zip` for a ZIP); `sdk` is the release
    /// whose parser reads it (`--sdk`).
    static func lint(_ doc: JSONValue, now: Double, what: String, sdk: SDKVersion = .newest,
                     wheel: WheelCheck = WheelCheck()) -> PayloadValidation.Lint {
        var light = InAppConfigParser.parse(doc, isDark: false, now: now, sdk: sdk)
        if let m = light.message { light.warnings += InAppLegibility.findings(m, dark: false) + wheel.findings(m, dark: false) }
        var diagnostics: [Diagnostic] = []
        if let drop = light.drop {
            diagnostics.append(Diagnostic(.error, path: drop.path, "not shown: \(drop.sentence) (the SDK logs \"Invalid native in-app config, dropped at: \(drop.key)\")"))
        }
        diagnostics += light.warnings
        // A dark phone parses differently only when the block has an overlay (without one the light parse is repeated),
        // and only from 7.2.7: before, `dark` is a key no release reads (`SDKVersion.inAppDarkOverlay`).
        let layout = doc["displayType"]?.stringValue?.lowercased() ?? ""
        var overlaid = false
        if sdk.inAppDarkOverlay, let overlay = doc[layout]?["dark"], !overlay.isNull {
            var dark = InAppConfigParser.parse(doc, isDark: true, now: now, sdk: sdk)
            var pointer: [Diagnostic] = []
            if let m = dark.message, m.darkApplied {
                overlaid = true
                dark.warnings += InAppLegibility.findings(m, dark: true)
                // At the overlay's key when the overlay sets the background.
                let path = overlay["background"].map { _ in "\(layout).dark.background" }
                pointer = wheel.findings(m, dark: true).map { Diagnostic(path: path ?? $0.path, $0.message) }
            }
            diagnostics += darkFindings(dark, light: light, layout: layout) + pointer
        }
        // Without an overlay a dark phone shows the light config, with the pointer turned white.
        if !overlaid, let m = light.message { diagnostics += wheel.findings(m, dark: true) }
        var summary = what
        if let m = light.message {
            summary += " (\(m.layout.rawValue)\(m.id.map { ", id \(JSONValue.string($0).quoted)" } ?? ""))"
        } else {
            summary += " (not shown)"
        }
        return PayloadValidation.Lint(summary: summary, diagnostics: diagnostics)
    }

    /// What a dark phone does differently: a broken or rejected overlay (the light variant shows), a merged config that
    /// shows where the light one is dropped, and the overlay's ignored keys and the merged config's own warnings.
    static func darkFindings(_ dark: InAppParseResult, light: InAppParseResult, layout: String) -> [Diagnostic] {
        if let reason = dark.darkFallback {
            var message = "on a dark phone the overlay is not used and the light variant shows (the SDK logs \"Invalid dark overlay (\(reason)), falling back to light variant\")"
            if let drop = dark.darkDrop { message += ": with the overlay merged, \(drop.sentence)" }
            return [Diagnostic(path: dark.darkDrop?.path ?? "\(layout).dark", message)]
        }
        guard dark.message?.darkApplied == true else { return [] }
        var out: [Diagnostic] = []
        if light.drop != nil {
            out.append(Diagnostic(path: "\(layout).dark", "on a dark phone the overlay's values make the config valid, so the message shows there; only light phones drop it"))
        }
        let seen = Set(light.warnings.map(\.description))
        for w in dark.warnings where !seen.contains(w.description) {
            out.append(Diagnostic(path: w.path, w.path.contains(".dark") ? w.message : "on a dark phone: \(w.message)"))
        }
        return out
    }

    /// A campaign ZIP: read, localised and id-stamped as Core would, then linted.
    static func checkZIP(_ bytes: [UInt8], path: String, options: PayloadValidation.Options) -> PayloadValidation.FileReport {
        let name = InputFile.displayName(path)
        let loaded: InAppLoaded
        do {
            loaded = try InAppSource.load(bytes: bytes, path: path)
        } catch {
            let message = error.message.hasPrefix(name + ": ") ? String(error.message.dropFirst(name.count + 2)) : error.message
            return PayloadValidation.FileReport(file: name, summary: "campaign ZIP", findings: [
                PayloadValidation.Finding(severity: .error, file: name, path: "", message: message, kind: .inapp),
            ], unreadable: error.exitCode == 2, kinds: [.inapp])
        }
        let lint = lint(loaded.config, now: options.now.timeIntervalSince1970, what: "\(InAppSource.configName) in a campaign ZIP",
                        sdk: options.sdk, wheel: WheelCheck(options))
        let findings = (loaded.warnings + lint.diagnostics).map {
            PayloadValidation.Finding(severity: $0.severity, file: name, path: $0.path, message: $0.message, kind: .inapp)
        }
        return PayloadValidation.FileReport(file: name, summary: lint.summary, findings: findings, unreadable: false, kinds: [.inapp])
    }
}
