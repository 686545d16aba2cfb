import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// A place Almanac can show weather for, as resolved by a geocoder.
package struct City: Codable, Sendable, Equatable {
    /// The place's name as the geocoder gave it.
    package var name: String
    /// State, province or region, when known.
    package var region: String?
    /// The country's name, when known.
    package var country: String?
    /// ISO 3166 alpha-2 code, when known.
    package var countryCode: String?
    /// Degrees north.
    package var latitude: Double
    /// Degrees east.
    package var longitude: Double
    /// IANA zone (`Europe/Moscow`) when known.
    package var timeZoneIdentifier: String?
    /// Seconds east of UTC, when only the offset is known.
    package var utcOffset: Int?

    /// A place as given.
    package init(
        name: String, region: String? = nil, country: String? = nil, countryCode: String? = nil,
        latitude: Double, longitude: Double, timeZoneIdentifier: String? = nil, utcOffset: Int? = nil
    ) {
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.timeZoneIdentifier = timeZoneIdentifier
        self.utcOffset = utcOffset
    }

    /// `Saint Petersburg, Russia` or `St. Petersburg, Florida, United States` (a region the name
    /// already carries is not repeated).
    package var label: String {
        var parts = [name]
        if let region, !region.isEmpty, region != name, !name.hasSuffix(", " + region) { parts.append(region) }
        if let country, !country.isEmpty { parts.append(country) }
        return parts.joined(separator: ", ")
    }

    /// `Saint Petersburg, Russia (59.94°N 30.31°E)`: one place in a list to choose from.
    package var choiceText: String { name.hasSuffix(")") ? label : "\(label) (\(coordinatesText))" }

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

    /// The name without a region it was given to tell it apart (`Springfield, Illinois` → `Springfield`).
    var bareName: String {
        guard let region, !region.isEmpty, name.hasSuffix(", " + region) else { return name }
        return String(name.dropLast(region.count + 2))
    }

    /// Whether a list shows two different places alike: the same name or the same label.
    func looksLike(_ other: City) -> Bool {
        !isSamePlace(as: other) && (bareName == other.bareName || label == other.label)
    }

    /// `cities` with every name that another entry (or one of `others`) shows alike made to tell
    /// its place apart: by its region when the look-alikes lie in other regions (`Springfield,
    /// Illinois`), else by its coordinates (`Paris (33.66°N 95.55°W)`).
    package static func distinguished(_ cities: [City], from others: [City] = []) -> [City] {
        cities.indices.map { index in
            let city = cities[index]
            let alike = (cities.indices.filter { $0 != index }.map { cities[$0] } + others).filter { city.looksLike($0) }
            guard !alike.isEmpty else { return city }
            var named = city
            if let region = city.region, !region.isEmpty, region != city.bareName, !alike.contains(where: { $0.region == region }) {
                named.name = city.bareName + ", " + region
            } else {
                named.name = city.bareName + " (" + city.coordinatesText + ")"
            }
            return named
        }
    }

    /// The city's time zone: the IANA zone, else the fixed offset, else UTC.
    package var timeZone: TimeZone {
        if let id = timeZoneIdentifier, let zone = TimeZone(identifier: id) { return zone }
        if let offset = utcOffset, let zone = TimeZone(secondsFromGMT: offset) { return zone }
        return TimeZone(identifier: "UTC")!
    }

    /// Parses `lat,lon` (e.g. `55.75,37.62`); nil when the text is not a coordinate pair.
    /// The rule for a place a person types (docs/architecture.md §9), in every front end: 1 to
    /// 200 characters, and two numbers as `lat,lon` inside -90…90 and -180…180. Returns the text
    /// trimmed; throws `WeatherError.badName` or `.coordinatesOutOfRange`.
    package static func checkQuery(_ text: String) throws -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 200 else { throw WeatherError.badName }
        let parts = trimmed.split(separator: ",").map { $0.trimmingWhitespace() }
        if parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), !(-90...90).contains(lat) || !(-180...180).contains(lon) {
            throw WeatherError.coordinatesOutOfRange(trimmed)
        }
        return trimmed
    }

    package static func coordinates(_ text: String) -> City? {
        let parts = text.split(separator: ",").map { $0.trimmingWhitespace() }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return City(name: DecimalText.fixed(lat, 4) + "," + DecimalText.fixed(lon, 4), latitude: lat, longitude: lon)
    }
}
