import AlmanacCore
import Foundation

/// How a response body sits inside a JSON envelope — a cache entry (`CacheEntry`) or a
/// recording (`Fixtures/`): spliced in byte for byte under `body` when it is JSON, else as a
/// string under `bodyText`. The one writer of that member.
public enum BodyEnvelope {
    public static let jsonName = "body"
    public static let textName = "bodyText"

    /// `"body":<the body as sent>` or `"bodyText":"<the body as a JSON string>"`.
    public static func member(_ body: Data) throws -> Data {
        if (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil {
            return Data("\"\(jsonName)\":".utf8) + body
        }
        let text = try JSONSerialization.data(
            withJSONObject: String(decoding: body, as: UTF8.self), options: [.fragmentsAllowed, .withoutEscapingSlashes])
        return Data("\"\(textName)\":".utf8) + text
    }
}
