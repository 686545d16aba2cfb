// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Open-Meteo's shapes. Empty fields are left out of its answers: everything is optional.
public enum OpenMeteoDTO {
    /// `/v1/search`. No match is an answer with no `results` key at all.
    public struct Search: Decodable, Sendable {
        public var results: [Place]?
    }

    public struct Place: Decodable, Sendable {
        public var id: Int?
        public var name: String?
        public var latitude: Double?
        public var longitude: Double?
        public var elevation: Double?
        public var country_code: String?
        public var country: String?
        public var admin1: String?
        public var admin2: String?
        public var admin3: String?
        public var timezone: String?
        public var population: Int?
    }

    /// `/v1/ensemble`: columnar daily values, one column per variable and member
    /// (`temperature_2m_max`, `temperature_2m_max_member01`, …); values may be null.
    public struct Ensemble: Decodable, Sendable {
        public var latitude: Double?
        public var longitude: Double?
        public var timezone: String?
        public var utc_offset_seconds: Int?
        public var daily_units: [String: String]?
        public var daily: Daily?
    }

    /// `time` (local days, `YYYY-MM-DD`) and every other column by its name.
    public struct Daily: Decodable, Sendable {
        public var time: [String]
        public var columns: [String: [Double?]]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public init(time: [String], columns: [String: [Double?]]) {
            (self.time, self.columns) = (time, columns)
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            time = try container.decode([String].self, forKey: Key(stringValue: "time"))
            var columns: [String: [Double?]] = [:]
            for key in container.allKeys where key.stringValue != "time" {
                columns[key.stringValue] = try container.decode([Double?].self, forKey: key)
            }
            self.columns = columns
        }

        /// Every member's column of a variable: the control (`name`) and `name_memberNN`.
        public func members(of name: String) -> [[Double?]] {
            columns.keys.filter { $0 == name || $0.hasPrefix(name + "_member") }.sorted().map { columns[$0]! }
        }
    }
}
