/// A value stored in JSON as one string (`"2026-11-21"`), parsed back with `init?(_:)`.
package protocol TextCodable: Codable {
    init?(_ text: String)
    /// The text written to JSON; `init?(_:)` must accept it.
    var codedText: String { get }
}

extension TextCodable {
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a valid \(Self.self): \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codedText)
    }
}
