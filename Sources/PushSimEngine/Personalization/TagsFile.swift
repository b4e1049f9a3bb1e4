// A `--tags FILE`: the device(s) whose tags pushsim personalises with, in the shapes users already have.

/// Shapes (detected in this order, pushsim's choice):
/// - a `getTags` response `{"response":{"result":{…}}}` (docs.pushwoosh.com/platform-docs/api-reference/tags);
/// - a `setTags` / `registerDevice` request `{"request":{"tags":{…}}}` (docs.pushwoosh.com/developer/api-reference/device-api/);
/// - a `bulkSetTags` request `{"request":{"devices":[{"hwid":…,"tags":{…}}]}}`: one device per entry;
/// - a plain object of tag name → value;
/// - a JSON array of any of these: one device each.
public enum TagsFile {
    /// At most this many tags per device are kept (Pushwoosh apps have a few dozen).
    public static let maxTags = 10_000
    /// A string value longer than this (UTF-8 bytes) is dropped.
    public static let maxValueBytes = 64 * 1024
    /// At most this many devices per file.
    public static let maxDevices = 1_000
    /// At most this many warnings per file; the rest are counted in one more.
    public static let maxWarnings = 50

    public struct Result: Sendable, Equatable {
        public var devices: [(name: String, tags: JSONObject)]
        public var warnings: [Diagnostic]
        public static func == (a: Result, b: Result) -> Bool {
            a.warnings == b.warnings && a.devices.count == b.devices.count
                && zip(a.devices, b.devices).allSatisfy { $0.name == $1.name && $0.tags == $1.tags }
        }
    }

    /// Why a file gives no device: one sentence naming the file and the JSON path.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The devices of a parsed tags file. `file` names it in messages; `name` is the device's base name (the file's
    /// name without `.json`).
    public static func read(_ doc: JSONValue, file: String, name: String) throws(Failure) -> Result {
        var warnings: [Diagnostic] = []
        var devices: [(String, JSONObject)] = []
        var extra = 0
        func warn(_ d: Diagnostic) { if warnings.count < maxWarnings { warnings.append(d) } else { extra += 1 } }

        func device(_ v: JSONValue, path: JSONPath) throws(Failure) -> [JSONObject] {
            guard let o = v.objectValue else {
                throw Failure(description: "\(file): \(path.description.isEmpty ? "the file" : path.description) is \(v.typeDescription), not an object of tags (a plain object, a getTags response or a setTags request)")
            }
            if let result = o["response"]?["result"] {
                return [try tags(result, path: path.key("response").key("result"))]
            }
            if let request = o["request"]?.objectValue {
                let rp = path.key("request")
                if let list = request["devices"] {
                    guard let entries = list.arrayValue else {
                        throw Failure(description: "\(file): \(rp.key("devices")) is \(list.typeDescription), not an array of devices")
                    }
                    var out: [JSONObject] = []
                    for (i, e) in entries.enumerated() {
                        let ep = rp.key("devices").index(i)
                        guard let t = e["tags"] else { throw Failure(description: "\(file): \(ep) has no tags object") }
                        out.append(try tags(t, path: ep.key("tags")))
                    }
                    return out
                }
                if let t = request["tags"] { return [try tags(t, path: rp.key("tags"))] }
                throw Failure(description: "\(file): \(rp) has neither tags nor devices; write the tags as {\"request\":{\"tags\":{…}}} or a plain object")
            }
            if o["tags"] != nil, o["hwid"] != nil || o["user_id"] != nil || o["push_token"] != nil, let t = o["tags"] {
                return [try tags(t, path: path.key("tags"))]
            }
            return [try tags(v, path: path)]
        }

        func tags(_ v: JSONValue, path: JSONPath) throws(Failure) -> JSONObject {
            guard let o = v.objectValue else {
                throw Failure(description: "\(file): \(path.description.isEmpty ? "the file" : path.description) is \(v.typeDescription), not an object of tag name → value")
            }
            var out = JSONObject()
            out.reserveCapacity(min(o.count, maxTags))
            if o.count > maxTags {
                warn(Diagnostic(path: path.description, "holds \(o.count) tags; pushsim keeps the first \(maxTags)"))
            }
            for (k, value) in o {
                if out.count >= maxTags { break }
                let p = path.key(k)
                switch value {
                case .object(let op) where op["operation"] != nil:
                    warn(Diagnostic(path: p.description, "is a tag operation (\(op["operation"]?.quoted ?? "?")), which only the server applies; ignored"))
                case .object:
                    warn(Diagnostic(path: p.description, "is an object, which no tag type holds; ignored"))
                case .string(let s) where s.utf8.count > maxValueBytes:
                    warn(Diagnostic(path: p.description, "is a \(s.utf8.count / 1024) KB string, longer than pushsim's \(maxValueBytes / 1024) KB for a tag value; ignored"))
                case .array(let a) where a.contains(where: { $0.objectValue != nil || $0.arrayValue != nil }):
                    warn(Diagnostic(path: p.description, "is a list holding objects or lists; a List tag holds strings only; ignored"))
                case .array(let a) where a.count > maxTags:
                    warn(Diagnostic(path: p.description, "is a list of \(a.count) values, more than \(maxTags); ignored"))
                default:
                    out[k] = value
                }
            }
            return out
        }

        if let list = doc.arrayValue {
            if list.count > maxDevices {
                throw Failure(description: "\(file): lists \(list.count) devices; pushsim reads at most \(maxDevices) from one file")
            }
            for (i, e) in list.enumerated() {
                for t in try device(e, path: JSONPath().index(i)) { devices.append(("\(name)#\(devices.count)", t)) }
            }
        } else {
            let found = try device(doc, path: JSONPath())
            if found.count > maxDevices {
                throw Failure(description: "\(file): lists \(found.count) devices; pushsim reads at most \(maxDevices) from one file")
            }
            for t in found { devices.append((found.count == 1 ? name : "\(name)#\(devices.count)", t)) }
        }
        if devices.isEmpty { throw Failure(description: "\(file): holds no device (an empty list)") }
        if extra > 0 { warnings.append(Diagnostic(path: "", "\(file): \(extra) more warnings like these")) }
        return Result(devices: devices.map { (name: $0.0, tags: $0.1) }, warnings: warnings)
    }
}
