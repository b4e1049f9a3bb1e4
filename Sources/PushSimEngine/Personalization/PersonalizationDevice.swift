// One simulated device as personalisation sees it: its tags (from a tags file), its language, phone and OS version.

import Foundation

public struct PersonalizationDevice: Sendable, Equatable {
    /// How the device is named in the status line, events and contact sheets (the tags file's name, with `#N` when
    /// the file holds several devices).
    public var name: String
    /// The tags the server has for this device, as the tags file gave them (before the default tags).
    public var tags: JSONObject
    /// `--language` (ISO-639-1); nil is pushsim's English device.
    public var language: String?
    /// `--device` (pushsim's phone name, such as `iphone-se`); nil is the default phone.
    public var phone: String?
    /// `--ios` (the system version `UIDevice.systemVersion` reports).
    public var osVersion: String

    /// The OS version without `--ios`: pushsim's default system (iOS 26).
    public static let defaultOSVersion = "26.0"

    public init(name: String = "device", tags: JSONObject = [:], language: String? = nil, phone: String? = nil,
                osVersion: String = PersonalizationDevice.defaultOSVersion) {
        self.name = name
        self.tags = tags
        self.language = language
        self.phone = phone
        self.osVersion = osVersion
    }

    /// `--ios 18|26|27` as the version string a phone reports ("18" → "18.0").
    public static func osVersion(forIOS v: String?) -> String {
        guard let v, !v.isEmpty else { return defaultOSVersion }
        return v.contains(".") ? v : v + ".0"
    }

    /// Apple's machine identifier (`uname`'s `machine`, what `PWUtils machineName` returns, so the `Device Model` tag)
    /// of the phone, from the one table of phones (`Phone.modelIdentifier`). A phone given as WxH reports the default
    /// phone's.
    public var deviceModel: String {
        (phone.flatMap { name in Phone.known.first { $0.name == name } } ?? Phone.default).modelIdentifier
    }
    public var languageCode: String { language.map { String($0.lowercased().prefix(2)) } ?? LanguagePick.defaultLanguage }

    /// The tags the server personalises with: the file's, with `Language` when the file has none (getTags returns
    /// `Language` for every device: docs.pushwoosh.com/platform-docs/api-reference/tags). The server never has
    /// `OS Version` or `Device Model` (the SDK adds them on the phone), so they are not here.
    public var serverTags: JSONObject {
        var t = tags
        if t["Language"] == nil { t["Language"] = .string(languageCode) }
        return t
    }

    /// The tag dictionary a native in-app config is filled from (`PWResource.m` `pw_nativeSubstitutionTags`): the
    /// tags (pushsim's stand-in for the app's cache), `Country` code → name (an unknown code is dropped), `City` after
    /// the last ", ", then `OS Version` and `Device Model` always set.
    public var nativeTags: JSONObject {
        var t = serverTags
        if let country = t["Country"], !country.isNull {
            let code = DeviceFill.description(of: country).uppercased()
            t["Country"] = CountryNames.byCode[code].map(JSONValue.string)
        }
        if let city = t["City"], !city.isNull {
            var parts = DeviceFill.description(of: city).components(separatedBy: ", ")
            while parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
            t["City"] = .string(parts.last ?? "")
        }
        t["OS Version"] = .string(osVersion)
        t["Device Model"] = .string(deviceModel)
        return t
    }
}
