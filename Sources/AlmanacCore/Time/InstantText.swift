import Foundation

/// Instants as warning services write them: RFC 3339 / ISO 8601 with a zone, `2024-03-05T15:00:00+00:00`,
/// `2023-08-22T07:35:00-05:00` or `…Z`; seconds optional, a fraction of a second ignored.
package enum InstantText {
    /// The instant `text` names; nil for any other shape, an impossible date or time, or no zone.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            let day = LocalDate(String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard bytes.count >= index + 3, let value = number(bytes[(index + 1)..<(index + 3)]), value < 61 else { return nil }
            (second, index) = (value, index + 3)
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            }
        }
        guard let offset = zone(bytes[index...]) else { return nil }
        let local = day.dayNumber * 86400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(local - offset))
    }

    /// Seconds east of UTC of `Z`, `+HH:MM`, `-HH:MM` or `+HHMM`; nil for anything else.
    private static func zone(_ bytes: ArraySlice<UInt8>) -> Int? {
        let zone = Array(bytes)
        if zone == [UInt8(ascii: "Z")] || zone == [UInt8(ascii: "z")] { return 0 }
        guard zone.count == 6 || zone.count == 5, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-") else { return nil }
        let minutesAt = zone.count == 6 ? 4 : 3
        guard zone.count == 5 || zone[3] == UInt8(ascii: ":"), let hours = number(zone[1..<3]),
            let minutes = number(zone[minutesAt..<(minutesAt + 2)]), hours < 24, minutes < 60
        else { return nil }
        return (zone[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }
}
