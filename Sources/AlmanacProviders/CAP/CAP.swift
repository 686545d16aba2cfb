// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The fields carry CAP 1.2's own element names, so the standard reads off the code.)
import Foundation

/// A Common Alerting Protocol 1.2 message (OASIS), as warning services send them: in JSON
/// (MeteoAlarm's feeds) or in XML (`CAP.alert(_:)`). Every field the rules read is optional: a
/// service that leaves one out loses that field, not the message.
package enum CAP {
    package struct Alert: Codable, Sendable {
        /// The sender's identifier (`2.49.0.0.191.0.HR.231225081742_0_yellow_HR004`).
        package var identifier: String
        package var sender, sent: String?
        /// `Actual`, `Exercise`, `System`, `Test`, `Draft`.
        package var status: String?
        /// `Alert`, `Update` or `Cancel`.
        package var msgType: String?
        /// CAP's references: `sender,identifier,sent` triples separated by spaces.
        package var references: String?
        package var info: [Info]?

        /// The identifiers this message refers to (replaces or cancels).
        package var referenced: [String] {
            (references ?? "").split(whereSeparator: \.isWhitespace).compactMap { triple in
                let parts = triple.split(separator: ",", omittingEmptySubsequences: false)
                return parts.count == 3 ? String(parts[1]) : nil
            }
        }
    }

    package struct Info: Codable, Sendable {
        /// `en-GB`, `hr-HR`, `bs`.
        package var language: String?
        package var event, headline, description, instruction, senderName: String?
        /// `Extreme`, `Severe`, `Moderate`, `Minor`, `Unknown`.
        package var severity, urgency, certainty: String?
        package var responseType: [String]?
        /// Instants with an offset (`2023-12-26T00:01:01+01:00`).
        package var effective, onset, expires: String?
        /// `awareness_level` (`2; yellow; Moderate`) and `awareness_type` (`1; Wind`) among them.
        package var parameter: [Pair]?
        package var area: [Area]?

        /// The value of the parameter `name`.
        package func parameter(_ name: String) -> String? { parameter?.first { $0.valueName == name }?.value }
    }

    package struct Area: Codable, Sendable {
        package var areaDesc: String?
        /// CAP polygons: `lat,lon lat,lon …`, the first point again at the end.
        package var polygon: [String]?
        /// `EMMA_ID` and NUTS codes of the area.
        package var geocode: [Pair]?

        package init(areaDesc: String? = nil, polygon: [String]? = nil, geocode: [Pair]? = nil) {
            (self.areaDesc, self.polygon, self.geocode) = (areaDesc, polygon, geocode)
        }

        /// The value of the code `name` (`EMMA_ID`).
        package func code(_ name: String) -> String? { geocode?.first { $0.valueName == name }?.value }

        /// A polygon as one string or several: CAP allows several, and a feed's JSON may give one bare.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            areaDesc = try? container.decodeIfPresent(String.self, forKey: .areaDesc)
            geocode = try? container.decodeIfPresent([Pair].self, forKey: .geocode)
            polygon =
                (try? container.decodeIfPresent([String].self, forKey: .polygon))
                ?? (try? container.decode(String.self, forKey: .polygon)).map { [$0] }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(areaDesc, forKey: .areaDesc)
            try container.encodeIfPresent(polygon, forKey: .polygon)
            try container.encodeIfPresent(geocode, forKey: .geocode)
        }

        enum Key: String, CodingKey {
            case areaDesc, polygon, geocode
        }
    }

    package struct Pair: Codable, Sendable {
        package var valueName: String?
        package var value: String?
    }
}
