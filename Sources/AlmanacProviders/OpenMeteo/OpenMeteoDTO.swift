// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Open-Meteo's shapes. Empty fields are left out of its answers: everything is optional.
package enum OpenMeteoDTO {
    /// `/v1/search`. No match is an answer with no `results` key at all.
    package struct Search: Decodable, Sendable {
        package var results: [Place]?
    }

    package struct Place: Decodable, Sendable {
        package var id: Int?
        package var name: String?
        package var latitude, longitude, elevation: Double?
        package var country_code, country, admin1, admin2, admin3, timezone: String?
        package var population: Int?
    }

    /// `/v1/ensemble`: columnar daily values, one column per variable and member
    /// (`temperature_2m_max`, `temperature_2m_max_member01`, …); values may be null.
    package struct Ensemble: Decodable, Sendable {
        package var latitude, longitude: Double?
        package var timezone: String?
        package var utc_offset_seconds: Int?
        package var daily_units: [String: String]?
        package var daily: Daily?
    }

    /// `time` (local days, `YYYY-MM-DD`) and every other column by its name.
    package struct Daily: Decodable, Sendable {
        package var time: [String]
        package var columns: [String: [Double?]]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        package init(time: [String], columns: [String: [Double?]]) {
            (self.time, self.columns) = (time, columns)
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            time = try container.decode([String].self, forKey: Key(stringValue: "time"))
            var columns: [String: [Double?]] = [:]
            for key in container.allKeys where key.stringValue != "time" {
                columns[key.stringValue] = try container.decode([Double?].self, forKey: key)
            }
            self.columns = columns
        }

        /// Every member's column of a variable: the control (`name`) and `name_memberNN`.
        package func members(of name: String) -> [[Double?]] {
            columns.keys.filter { $0 == name || $0.hasPrefix(name + "_member") }.sorted().map { columns[$0]! }
        }
    }
}
