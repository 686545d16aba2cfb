import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Parses one JSON-lines deal without `JSONDecoder` (hot loop):
/// `{"id":1,"dateModified":"2026-11-20T10:00:00Z","instrumentName":"EUR/USD_TOD","price":1.08,"amount":1000,"side":"buy"}`.
/// `dateModified` may also be seconds since 1970; `instrument` is accepted for `instrumentName`.
/// Returns nil for anything malformed.
public enum DealLineParser {
    public static func parse<Bytes: Collection>(_ line: Bytes) -> Deal? where Bytes.Element == UInt8, Bytes.Index == Int {
        var scanner = Scanner(bytes: line)
        var id: Int64?
        var time: Double?
        var instrument: String?
        var price: Double?
        var amount: Double?
        var side: Deal.Side?
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        if scanner.consume(UInt8(ascii: "}")) { return nil }
        repeat {
            guard let key = scanner.string(), scanner.consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "id":
                guard let value = scanner.number(), value == value.rounded(), abs(value) < 9e15 else { return nil }
                id = Int64(value)
            case "dateModified":
                if let text = scanner.string() { time = isoSeconds(text) } else { time = scanner.number() }
                if time == nil { return nil }
            case "instrumentName", "instrument":
                guard let text = scanner.string(), !text.isEmpty else { return nil }
                instrument = text
            case "price": price = scanner.number()
            case "amount": amount = scanner.number()
            case "side":
                guard let text = scanner.string(), let value = Deal.Side(rawValue: text.lowercased()) else { return nil }
                side = value
            default:
                guard scanner.skipValue() else { return nil }
            }
        } while scanner.consume(UInt8(ascii: ","))
        guard scanner.consume(UInt8(ascii: "}")), scanner.atEnd,
            let id, let time, let instrument, let price, let amount, let side, price.isFinite, amount.isFinite
        else { return nil }
        return Deal(id: id, dateModified: Date(timeIntervalSince1970: time), instrumentName: instrument, price: price, amount: amount, side: side)
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

    struct Scanner<Bytes: Collection> where Bytes.Element == UInt8, Bytes.Index == Int {
        let bytes: Bytes
        var index: Int

        init(bytes: Bytes) {
            self.bytes = bytes
            index = bytes.startIndex
            skipSpace()
        }

        var atEnd: Bool { index >= bytes.endIndex }

        mutating func skipSpace() {
            while index < bytes.endIndex, [9, 10, 13, 32].contains(bytes[index]) { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
            skipSpace()
            return true
        }

        mutating func string() -> String? {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            var escaped = false
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") {
                    escaped = true
                    end += 1
                }
                end += 1
            }
            guard end < bytes.endIndex else { return nil }
            var text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            if escaped {
                guard let decoded = try? JSONSerialization.jsonObject(with: Data(bytes[index...end]), options: .fragmentsAllowed) as? String else {
                    return nil
                }
                text = decoded
            }
            index = end + 1
            skipSpace()
            return text
        }

        mutating func number() -> Double? {
            let start = index
            while index < bytes.endIndex, let byte = Optional(bytes[index]),
                (48...57).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            {
                index += 1
            }
            guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            skipSpace()
            return value
        }

        mutating func skipValue() -> Bool {
            if string() != nil || number() != nil { return true }
            for word in ["true", "false", "null"] {
                let utf8 = Array(word.utf8)
                if index + utf8.count <= bytes.endIndex, Array(bytes[index..<(index + utf8.count)]) == utf8 {
                    index += utf8.count
                    skipSpace()
                    return true
                }
            }
            return false
        }
    }
}
