// The action params a createMessage notification gives its inbox message: the userInfo the device would see.

public enum InboxRequestMapper {
    /// `PushRequest`'s device userInfo (`data` under `u` as a JSON string, `ios_root_params` at the root, title and
    /// body in `aps.alert`) plus `link` as `l`, which the SDK opens on a row tap. Diagnostics name the file.
    public static func actionParams(_ n: JSONObject, file: String, path: JSONPath, diagnostics: inout [Diagnostic]) -> JSONObject? {
        let (info, diags) = PushRequest.deviceUserInfo(n, path: path)
        for d in diags { diagnostics.append(Diagnostic(d.severity, path: "\(file):\(d.path)", d.message)) }
        var p = info
        if p["l"] == nil, let link = n["link"]?.stringValue, !link.isEmpty { p["l"] = .string(link) }
        return p.isEmpty ? nil : p
    }
}
