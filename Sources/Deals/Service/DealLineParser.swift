import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Foundation

/// Parses one JSON-lines deal on `JSONParser` without building a tree (hot loop):
/// `{"id":1,"dateModified":"2026-11-20T10:00:00Z","instrumentName":"EUR/USD_TOD","price":1.08,"amount":1000,"side":"buy"}`.
/// `dateModified` may also be seconds since 1970; `instrument` is accepted for `instrumentName`.
/// Returns nil for anything malformed.
package enum DealLineParser {
    /// The deal in `line` (one line, no newline); nil when malformed.
    package static func parse(_ line: [UInt8]) -> Deal? {
        line.withUnsafeBufferPointer { parse($0) }
    }

    /// The deal in `line` (one line, no newline); nil when malformed.
    package static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Deal? {
        var parser = JSONParser(bytes: line)
        var fields = Fields()
        let complete = parser.forEachMember { name, parser in fields.read(name, &parser) }
        parser.skipSpace()
        guard complete, parser.atEnd else { return nil }
        return fields.deal
    }

    /// The members read so far.
    private struct Fields {
        var id: Int64?
        var time: Double?
        var instrument: String?
        var price, amount: Double?
        var side: Deal.Side?

        var deal: Deal? {
            guard let id, let time, let instrument, let price, let amount, let side, price.isFinite, amount.isFinite else { return nil }
            return Deal(id: id, dateModified: Date(timeIntervalSince1970: time), instrumentName: instrument, price: price, amount: amount, side: side)
        }

        /// Reads the value of the member `name`; false when it is not what the format allows.
        mutating func read(_ name: UnsafeBufferPointer<UInt8>, _ parser: inout JSONParser) -> Bool {
            switch String(decoding: name, as: UTF8.self) {
            case "id":
                guard let value = parser.double(), value == value.rounded(), abs(value) < 9e15 else { return false }
                id = Int64(value)
            case "dateModified":
                time = parser.isAtString ? parser.string().flatMap(isoSeconds) : parser.double()
                return time != nil
            case "instrumentName", "instrument":
                guard parser.isAtString, let text = parser.string(), !text.isEmpty else { return false }
                instrument = TerminalText.inert(text)
            case "price": price = parser.double()
            case "amount": amount = parser.double()
            case "side":
                guard parser.isAtString, let text = parser.string(), let value = Deal.Side(rawValue: text.lowercased()) else { return false }
                side = value
            default:
                // Other members may be any scalar; a nested array or object is not the format.
                switch parser.value() {
                case .array, .object, nil: return false
                default: return true
                }
            }
            return true
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z` (or `+00:00`) → seconds since 1970.
    static func isoSeconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let date = LocalDate(String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = Int(String(decoding: bytes[11..<13], as: UTF8.self)), let minute = Int(String(decoding: bytes[14..<16], as: UTF8.self)),
            let second = Double(String(decoding: bytes[17..<19], as: UTF8.self)), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        let zone = String(decoding: bytes[index...], as: UTF8.self)
        guard zone == "Z" || zone == "+00:00" else { return nil }
        return Double(date.dayNumber) * 86400 + Double(hour * 3600 + minute * 60) + second + fraction
    }
}
