import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import Geography

/// A place Almanac can show weather for, as resolved by a geocoder. Its fields are the
/// provider's; `qualifier` alone is Almanac's, set only to tell look-alikes apart
/// (docs/json.md).
package struct City: Codable, Sendable, Equatable {
    /// The place's name as the geocoder gave it.
    package var name: String
    /// State, province or region; the country's name; its ISO 3166 alpha-2 code — each when known.
    package var region, country, countryCode: String?
    /// The town (or district) in the provider's address, when it gave one other than the name.
    package var locality: String?
    /// What tells this place from a look-alike of the same name: its region, country or
    /// locality, else its coordinates (`coordinatesText`); nil when it has no look-alike.
    package var qualifier: String?
    /// Degrees north and east.
    package var latitude, longitude: Double
    /// IANA zone (`Europe/Moscow`) when known.
    package var timeZoneIdentifier: String?
    /// Seconds east of UTC, when only the offset is known.
    package var utcOffset: Int?

    /// A place as given.
    package init(
        name: String, region: String? = nil, country: String? = nil, countryCode: String? = nil, locality: String? = nil,
        latitude: Double, longitude: Double, timeZoneIdentifier: String? = nil, utcOffset: Int? = nil
    ) {
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.locality = locality == name ? nil : locality
        self.latitude = latitude
        self.longitude = longitude
        self.timeZoneIdentifier = timeZoneIdentifier
        self.utcOffset = utcOffset
    }

    /// The place's ISO 3166 alpha-2 country: the geocoder's code, else the country whose outline
    /// shipped with the program holds the coordinates (`CountryOutlines`, docs/architecture.md §3,
    /// "A place's country"); nil at sea.
    package var placedCountryCode: String? {
        if let countryCode, !countryCode.isEmpty { return countryCode.uppercased() }
        return CountryOutlines.country(latitude: latitude, longitude: longitude)
    }

    /// The name as lists show it: `Springfield, Missouri`, `Paris (33.66°N 95.55°W)`, or the name alone.
    package var displayName: String {
        guard let qualifier, !qualifier.isEmpty else { return name }
        return qualifier == coordinatesText ? "\(name) (\(qualifier))" : "\(name), \(qualifier)"
    }

    /// `Saint Petersburg, Russia`, `St. Petersburg, Florida, United States` or `ulitsa Lenina,
    /// 5, Ivanovo, Ivanovo Oblast, Russia` (the town of a street; a part the display name
    /// already carries is not repeated).
    package var label: String {
        var parts = [displayName]
        for part in [locality, region, country] {
            if let part, !part.isEmpty, part != name, part != qualifier, !parts.contains(part) { parts.append(part) }
        }
        return parts.joined(separator: ", ")
    }

    /// `Saint Petersburg, Russia (59.94°N 30.31°E)`: one place in a list to choose from.
    package var choiceText: String { qualifier == coordinatesText ? label : "\(label) (\(coordinatesText))" }

    /// `59.94°N 30.31°E`
    package var coordinatesText: String {
        "\(DecimalText.fixed(abs(latitude), 2))°\(latitude >= 0 ? "N" : "S") \(DecimalText.fixed(abs(longitude), 2))°\(longitude >= 0 ? "E" : "W")"
    }

    /// Metres between two places on a sphere of the Earth's mean radius (haversine).
    package func distance(to other: City) -> Double {
        GreatCircle.metres((latitude, longitude), (other.latitude, other.longitude))
    }

    /// Whether two cities are the same place: within `sameNearby` metres of each other.
    package func isSamePlace(as other: City) -> Bool { distance(to: other) <= City.sameNearby }

    /// How close two saved places may be and still be one place: about 1 km.
    package static let sameNearby = 1000.0

    /// Whether a list shows two different places alike: the same name or the same label.
    func looksLike(_ other: City) -> Bool {
        !isSamePlace(as: other) && (name == other.name || label == other.label)
    }

    /// `cities` with each one that looks like another entry (or one of `others`) given a
    /// qualifier: its region when no look-alike shares it, else its country, else its locality,
    /// else its coordinates. A city without look-alikes keeps the qualifier it had.
    package static func distinguished(_ cities: [City], from others: [City] = []) -> [City] {
        cities.indices.map { index in
            var city = cities[index]
            let alike = (cities.indices.filter { $0 != index }.map { cities[$0] } + others).filter { city.looksLike($0) }
            guard !alike.isEmpty else { return city }
            let telling = [city.region, city.country, city.locality].compactMap { $0 }.first { part in
                !part.isEmpty && part != city.name && !alike.contains { [$0.region, $0.country, $0.locality].contains(part) }
            }
            city.qualifier = telling ?? city.coordinatesText
            return city
        }
    }

    /// The city's time zone: the IANA zone, else the fixed offset, else UTC.
    package var timeZone: TimeZone {
        if let id = timeZoneIdentifier, let zone = TimeZone(identifier: id) { return zone }
        if let offset = utcOffset, let zone = TimeZone(secondsFromGMT: offset) { return zone }
        return TimeZone(identifier: "UTC")!
    }

    /// The rule for a place a person types (docs/architecture.md §9), in every front end: 1 to
    /// 200 characters, and two numbers as `lat,lon` inside -90…90 and -180…180, a minus either
    /// `-` or `−` (U+2212: how the command line passes `-33.87,151.21` on, `ParseWords`). Returns
    /// the text trimmed, its minus signs `-`; throws `WeatherError.badName` or `.coordinatesOutOfRange`.
    package static func checkQuery(_ text: String) throws -> String {
        let trimmed = text.trimmingWhitespace().replacingOccurrences(of: "\u{2212}", with: "-")
        guard !trimmed.isEmpty, trimmed.count <= 200 else { throw WeatherError.badName }
        let parts = trimmed.split(separator: ",").map { $0.trimmingWhitespace() }
        if parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), !(-90...90).contains(lat) || !(-180...180).contains(lon) {
            throw WeatherError.coordinatesOutOfRange(trimmed)
        }
        return trimmed
    }

    /// Parses `lat,lon` (e.g. `55.75,37.62`); nil when the text is not a coordinate pair.
    package static func coordinates(_ text: String) -> City? {
        let parts = text.replacingOccurrences(of: "\u{2212}", with: "-").split(separator: ",").map { $0.trimmingWhitespace() }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return City(name: DecimalText.fixed(lat, 4) + "," + DecimalText.fixed(lon, 4), latitude: lat, longitude: lon)
    }
}

extension City {
    /// Reads a saved place; one saved before `qualifier` existed carried it in its name
    /// (`Paris (33.66°N 95.55°W)`, `Springfield, Illinois`), which is taken back out of it.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name), region: try container.decodeIfPresent(String.self, forKey: .region),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            countryCode: try container.decodeIfPresent(String.self, forKey: .countryCode),
            locality: try container.decodeIfPresent(String.self, forKey: .locality),
            latitude: try container.decode(Double.self, forKey: .latitude), longitude: try container.decode(Double.self, forKey: .longitude),
            timeZoneIdentifier: try container.decodeIfPresent(String.self, forKey: .timeZoneIdentifier),
            utcOffset: try container.decodeIfPresent(Int.self, forKey: .utcOffset))
        qualifier = try container.decodeIfPresent(String.self, forKey: .qualifier)
        if qualifier == nil, !container.contains(.qualifier) { takeQualifierOutOfName() }
    }

    /// `Paris (33.66°N 95.55°W)` → `Paris` qualified by its coordinates; `Springfield,
    /// Illinois` with region Illinois → `Springfield` qualified by its region.
    private mutating func takeQualifierOutOfName() {
        if name.hasSuffix(" (\(coordinatesText))") {
            name = String(name.dropLast(coordinatesText.count + 3))
            qualifier = coordinatesText
        } else if let region, !region.isEmpty, name.hasSuffix(", " + region) {
            name = String(name.dropLast(region.count + 2))
            qualifier = region
        }
    }
}
