import AlmanacCore
import AlmanacHTTP
import Foundation

/// A number that may arrive as a JSON number or a numeric string (`"91234.5"`, `"20"`).
package struct LenientDouble: Decodable, Sendable, Equatable {
    package var value: Double

    package init(_ value: Double) { self.value = value }

    package init(from decoder: any Decoder) throws {
        guard let number = Self.number(from: decoder) else {
            throw DecodingError.typeMismatch(Double.self, .init(codingPath: decoder.codingPath, debugDescription: "not a number"))
        }
        value = number
    }

    /// From the program's decoder, the JSON value directly; from any other, through a container,
    /// a string first: the providers that need leniency (Twelve Data, Yandex) send strings, and a
    /// failed attempt costs a thrown error.
    private static func number(from decoder: any Decoder) -> Double? {
        if let json = JSONTreeDecoder.value(of: decoder) { return number(in: json) }
        guard let container = try? decoder.singleValueContainer() else { return nil }
        if let text = try? container.decode(String.self) { return number(in: .string(text)) }
        return try? container.decode(Double.self)
    }
}

extension LenientDouble {
    /// The number a JSON value holds: a number, or a string that reads as one (spaces around
    /// allowed); nil for anything else.
    package static func number(in json: JSONValue) -> Double? {
        switch json {
        case .string(let text): Double(text) ?? Double(text.trimmingWhitespace())
        case .int, .double: json.doubleValue
        default: nil
        }
    }
}

/// An integer or string code (`cod` is `401` in some bodies and `"404"` in others).
package struct LenientCode: Decodable, Sendable, Equatable {
    package var value: String

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            value = try container.decode(String.self)
        }
    }
}

/// Precipitation as OpenWeather sends it: `{"1h": x}`, `{"3h": x}`, or a plain number (mm).
package struct Precipitation: Decodable, Sendable, Equatable {
    /// Millimetres over the period the provider used.
    package var millimetres: Double

    private struct Periods: Decodable {
        var oneHour, threeHours: Double?
        enum CodingKeys: String, CodingKey {
            case oneHour = "1h"
            case threeHours = "3h"
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            millimetres = number
        } else {
            let periods = try container.decode(Periods.self)
            millimetres = periods.oneHour ?? periods.threeHours ?? 0
        }
    }
}
