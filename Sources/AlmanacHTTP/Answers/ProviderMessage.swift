import AlmanacCore
import Foundation

/// Pulls the human part out of a provider's error body.
package enum ProviderMessage {
    /// The `message` (or `error`) string of a JSON error body, cleaned for printing;
    /// nil for HTML or anything else. Never returns more than 200 characters.
    package static func extract(from body: Data, secrets: [String] = []) -> String? {
        guard let object = JSONValue.parse(body), let raw = object["message"]?.stringValue ?? object["error"]?.stringValue else { return nil }
        return clean(raw, secrets: secrets)
    }

    /// Strips markdown bold, collapses whitespace, scrubs secrets, caps the length.
    package static func clean(_ text: String, secrets: [String] = []) -> String {
        var result = text.replacingOccurrences(of: "**", with: "")
        result = result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        result = Redactor.scrub(result, secrets: secrets)
        if result.count > 200 { result = String(result.prefix(199)) + "…" }
        return result
    }
}
