// Lets inbox tests write nested JSON payloads as Swift literals (`["u": ["pinned": true]]`).

import PushSimEngine

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { ($0.0, $0.1) }))
    }
}
