import AlmanacCore
import Foundation

/// A decoding failure described by endpoint and coding path, never by body.
package struct DecodingFailure: Error, Equatable, CustomStringConvertible, Sendable {
    package var endpoint, detail: String
    /// Whose answer it was; set by `Endpoint.decode`.
    package var provider: Provider?

    package init(endpoint: String, detail: String, provider: Provider? = nil) {
        (self.endpoint, self.detail, self.provider) = (endpoint, detail, provider)
    }

    package var description: String { "\(endpoint): \(detail)" }
}

/// JSON decoding that reports `endpoint: missing key `a.0.b`` instead of a raw `DecodingError`.
package enum JSONDecoding {
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, endpoint: String) throws -> T {
        guard let document = JSONValue.parse(data) else { throw DecodingFailure(endpoint: endpoint, detail: "the response is not valid JSON") }
        return try decode(type, from: document, endpoint: endpoint)
    }

    /// The same, from a document already parsed (a member of a larger answer).
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, endpoint: String) throws -> T {
        do {
            return try JSONTreeDecoder().decode(type, from: value)
        } catch let error as DecodingError {
            throw DecodingFailure(endpoint: endpoint, detail: describe(error))
        }
    }

    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key `\(path(context.codingPath + [key]))`"
        case .typeMismatch(let type, let context):
            return "`\(path(context.codingPath))` is not a \(type)"
        case .valueNotFound(let type, let context):
            return "`\(path(context.codingPath))` is null, expected \(type)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the response is not valid JSON" : "`\(path(context.codingPath))` is malformed"
        @unknown default:
            return "the response could not be decoded"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
