// Lets nested JSON be written as Swift literals (`["pw_stories": ["pages": [...]]]`) in tests and samples.

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
