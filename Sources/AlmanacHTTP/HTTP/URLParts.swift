import AlmanacCore
import Foundation

/// Percent coding of URL parts, as Foundation does it.
package enum URLParts {
    /// Every character but the unreserved ones of RFC 3986 (letters, digits, `-._~`), as UTF-8
    /// bytes in uppercase hex (space → `%20`, `é` → `%C3%A9`).
    package static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Decodes `%XX` sequences (`Horned%20Melon` → `Horned Melon`; `+` stays); nil when a `%`
    /// is not followed by two hex digits or the bytes are not UTF-8.
    package static func decode(_ text: String) -> String? {
        text.removingPercentEncoding
    }

    /// Percent-encodes one path segment (`Horned Melon` → `Horned%20Melon`).
    package static func encodeSegment(_ text: String) -> String { encode(text) }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
