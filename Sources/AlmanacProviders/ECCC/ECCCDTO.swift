// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import Foundation

/// Environment and Climate Change Canada's weather alerts as GeoMet's OGC API sends them
/// (`/collections/weather-alerts/items`, GeoJSON): one feature an alert and forecast region,
/// English and French side by side. Every field the rules read is optional.
package enum ECCCDTO {
    package struct Alerts: Decodable, Sendable {
        package var features: [Feature]
    }

    package struct Feature: Decodable, Sendable {
        package var id: String?
        package var geometry: Geometry?
        package var properties: Properties
    }

    /// A Polygon's or MultiPolygon's rings, `[longitude, latitude]` pairs.
    package struct Geometry: Decodable, Sendable {
        package var type: String?
        /// Every ring of every polygon, in order.
        package var rings: [[[Double]]]

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            type = try? container.decodeIfPresent(String.self, forKey: .type)
            if let polygon = try? container.decode([[[Double]]].self, forKey: .coordinates) {
                rings = polygon
            } else {
                rings = ((try? container.decode([[[[Double]]]].self, forKey: .coordinates)) ?? []).flatMap { $0 }
            }
        }

        enum Key: String, CodingKey {
            case type, coordinates
        }
    }

    package struct Properties: Decodable, Sendable {
        /// The alert's identifier (one alert, several regions' features).
        package var id: String?
        /// `warning`, `watch`, `advisory`, `statement`.
        package var alert_type: String?
        /// `wind warning`, lower case.
        package var alert_name_en: String?
        package var alert_short_name_en: String?
        package var alert_text_en: String?
        /// `yellow`, `orange`, `red`.
        package var risk_colour_en: String?
        /// The alert's life: `issued`, `continued`, `ended` (an ended alert is no warning).
        package var status_en: String?
        /// Instants, UTC.
        package var publication_datetime, validity_datetime, expiration_datetime, event_end_datetime: String?
        /// The forecast region the feature covers: `City of Ottawa`.
        package var feature_name_en: String?
    }
}
