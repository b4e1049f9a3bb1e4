// The config keys (the builder's setter names) and their command-line options, with one-sentence errors for bad values.

import Foundation

/// A config value that cannot be used: names the key or option and what is allowed.
public struct PrimerConfigError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One setter of `PWPushPrimerBuilder`: its JSON key in `--config` and its command-line option.
public enum PrimerConfigKey: String, CaseIterable, Sendable {
    case style, position, title, message, acceptButton, declineButton, image, imageURL
    case backgroundColor, backgroundGradient, titleColor, messageColor
    case acceptButtonColor, acceptButtonTextColor, declineButtonColor, declineButtonTextColor
    case cornerRadius, buttonCornerRadius, buttonBorderColor, fallbackToSettings, minInterval

    /// The command-line option (without dashes) that sets the same thing.
    public var option: String {
        switch self {
        case .style: return "style"
        case .position: return "position"
        case .title: return "title"
        case .message: return "message"
        case .acceptButton: return "accept"
        case .declineButton: return "decline"
        case .image: return "image"
        case .imageURL: return "image-url"
        case .backgroundColor: return "background-color"
        case .backgroundGradient: return "background-gradient"
        case .titleColor: return "title-color"
        case .messageColor: return "message-color"
        case .acceptButtonColor: return "accept-color"
        case .acceptButtonTextColor: return "accept-text-color"
        case .declineButtonColor: return "decline-color"
        case .declineButtonTextColor: return "decline-text-color"
        case .cornerRadius: return "corner-radius"
        case .buttonCornerRadius: return "button-corner-radius"
        case .buttonBorderColor: return "button-border-color"
        case .fallbackToSettings: return "fallback-to-settings"
        case .minInterval: return "min-interval"
        }
    }

    /// What the value must be, for error messages.
    public var allowed: String {
        switch self {
        case .style: return "alert or sheet"
        case .position: return "bottom, top or center"
        case .title, .message, .acceptButton, .declineButton: return "a string"
        case .image: return "a file path"
        case .imageURL: return "a URL"
        case .backgroundGradient: return "a list of colours #RRGGBB (a JSON array, or comma-separated on the command line)"
        case .cornerRadius, .buttonCornerRadius: return "a number of points, 0 or more"
        case .fallbackToSettings: return "true or false"
        case .minInterval: return "a number of seconds, 0 or more"
        default: return "a colour #RRGGBB"
        }
    }

    public static var allowedKeysList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension PrimerConfig {
    /// Apply a JSON config object (keys are setter names). An unknown key or a bad value throws one sentence
    /// naming the key, prefixed with `source` (the file name).
    public mutating func apply(json: JSONValue, source: String) throws(PrimerConfigError) {
        guard let obj = json.objectValue else {
            throw PrimerConfigError("\(source): expected a JSON object whose keys are the builder's setter names, found \(json.typeDescription)")
        }
        for (name, value) in obj {
            guard let key = PrimerConfigKey(rawValue: name) else {
                throw PrimerConfigError("\(source): unknown key \"\(name)\"; allowed keys: \(PrimerConfigKey.allowedKeysList)")
            }
            if value.isNull { continue }
            do {
                try set(key, json: value)
            } catch {
                throw PrimerConfigError("\(source): \"\(name)\" must be \(key.allowed) (\(error.message))")
            }
        }
    }

    /// Apply a command-line option's text. Errors name the option.
    public mutating func apply(option key: PrimerConfigKey, text: String) throws(PrimerConfigError) {
        do {
            try set(key, text: text)
        } catch {
            throw PrimerConfigError("--\(key.option) must be \(key.allowed) (\(error.message))")
        }
    }

    mutating func set(_ key: PrimerConfigKey, json v: JSONValue) throws(PrimerConfigError) {
        switch key {
        case .backgroundGradient:
            guard let items = v.arrayValue else { throw PrimerConfigError("got \(v.typeDescription)") }
            var colors: [PrimerColor] = []
            for item in items {
                guard let s = item.stringValue else { throw PrimerConfigError("an entry is \(item.typeDescription)") }
                colors.append(try Self.color(s))
            }
            guard !colors.isEmpty else { throw PrimerConfigError("got an empty list") }
            backgroundGradient = colors
        case .cornerRadius, .buttonCornerRadius, .minInterval:
            guard case .number(let d) = v else { throw PrimerConfigError("got \(v.typeDescription)") }
            try setNumber(key, d, shown: JSONValue.formatNumber(d))
        case .fallbackToSettings:
            guard let b = v.boolValue else { throw PrimerConfigError("got \(v.typeDescription)") }
            fallbackToSettings = b
        default:
            guard let s = v.stringValue else { throw PrimerConfigError("got \(v.typeDescription)") }
            try set(key, text: s)
        }
    }

    mutating func set(_ key: PrimerConfigKey, text s: String) throws(PrimerConfigError) {
        switch key {
        case .style:
            guard let v = PrimerStyle(rawValue: s) else { throw PrimerConfigError("got \"\(s)\"") }
            style = v
        case .position:
            guard let v = PrimerPosition(rawValue: s) else { throw PrimerConfigError("got \"\(s)\"") }
            position = v
        case .title: title = s
        case .message: message = s
        case .acceptButton: acceptButton = s
        case .declineButton: declineButton = s
        case .image: image = s
        case .imageURL: imageURL = s
        case .backgroundColor: backgroundColor = try Self.color(s)
        case .backgroundGradient:
            let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var colors: [PrimerColor] = []
            for p in parts { colors.append(try Self.color(p)) }
            backgroundGradient = colors
        case .titleColor: titleColor = try Self.color(s)
        case .messageColor: messageColor = try Self.color(s)
        case .acceptButtonColor: acceptButtonColor = try Self.color(s)
        case .acceptButtonTextColor: acceptButtonTextColor = try Self.color(s)
        case .declineButtonColor: declineButtonColor = try Self.color(s)
        case .declineButtonTextColor: declineButtonTextColor = try Self.color(s)
        case .buttonBorderColor: buttonBorderColor = try Self.color(s)
        case .cornerRadius, .buttonCornerRadius, .minInterval:
            guard let d = Double(s) else { throw PrimerConfigError("got \"\(s)\"") }
            try setNumber(key, d, shown: s)
        case .fallbackToSettings:
            switch s.lowercased() {
            case "true", "yes", "on", "1": fallbackToSettings = true
            case "false", "no", "off", "0": fallbackToSettings = false
            default: throw PrimerConfigError("got \"\(s)\"")
            }
        }
    }

    mutating func setNumber(_ key: PrimerConfigKey, _ d: Double, shown: String) throws(PrimerConfigError) {
        guard d.isFinite, d >= 0 else { throw PrimerConfigError("got \(shown)") }
        switch key {
        case .cornerRadius: cornerRadius = d
        case .buttonCornerRadius: buttonCornerRadius = d
        default: minInterval = d
        }
    }

    static func color(_ s: String) throws(PrimerConfigError) -> PrimerColor {
        guard let c = PrimerColor(hex: s) else { throw PrimerConfigError("got \"\(s)\"") }
        return c
    }
}
