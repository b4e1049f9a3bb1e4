// The action params a createMessage notification gives its inbox message: what the device would see in userInfo.

public enum InboxRequestMapper {
    /// `ios_root_params` at the root, `data` under `u` as a JSON string (as the server sends it), `link` as `l`.
    /// Nil when the notification carries none of them.
    public static func actionParams(_ n: JSONObject, file: String, path: JSONPath, diagnostics: inout [Diagnostic]) -> JSONObject? {
        var p = JSONObject()
        if let root = n["ios_root_params"] {
            if let o = root.objectValue {
                for (k, v) in o { p[k] = v }
            } else {
                diagnostics.append(Diagnostic(.warning, path: "\(file):\(path.key("ios_root_params"))",
                                              "is \(root.typeDescription), not an object; ignored"))
            }
        }
        if let data = n["data"] {
            switch data {
            case .object: p["u"] = .string(data.jsonText())
            case .string: p["u"] = data
            case .null: break
            default:
                diagnostics.append(Diagnostic(.warning, path: "\(file):\(path.key("data"))",
                                              "is \(data.typeDescription), not an object; ignored"))
            }
        }
        if let link = n["link"]?.stringValue, !link.isEmpty { p["l"] = .string(link) }
        return p.isEmpty ? nil : p
    }
}
