import AlmanacCore
import Foundation

/// Small, allocation-light helpers for URL strings.
public enum URLParts {
    /// Percent-encodes every UTF-8 byte but the unreserved characters of RFC 3986 (letters, digits,
    /// `-._~`), in uppercase hex (space → `%20`, `é` → `%C3%A9`): what Foundation's
    /// `addingPercentEncoding` gives with that set, without its character-set machinery.
    public static func encode(_ text: String) -> String {
        guard text.utf8.contains(where: { !isUnreserved($0) }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` sequences (`Horned%20Melon` → `Horned Melon`; `+` stays); nil when a `%`
    /// is not followed by two hex digits or the bytes are not UTF-8 — as Foundation's
    /// `removingPercentEncoding`, without its CoreFoundation round trip.
    public static func decode(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Percent-encodes one path segment (`Horned Melon` → `Horned%20Melon`).
    public static func encodeSegment(_ text: String) -> String { encode(text) }
}
