import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// A place Almanac can show weather for, as resolved by a geocoder.
public struct City: Codable, Sendable, Equatable {
    public var name: String
    public var region: String?
    public var country: String?
    public var countryCode: String?
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// IANA zone (`Europe/Moscow`) when known.
    public var timeZoneIdentifier: String?
    /// Seconds east of UTC, when only the offset is known.
    public var utcOffset: Int?

    public init(
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

    /// `Saint Petersburg, Russia` or `St. Petersburg, Florida, United States`.
    public var label: String {
        var parts = [name]
        if let region, region != name, !region.isEmpty { parts.append(region) }
        if let country, !country.isEmpty { parts.append(country) }
        return parts.joined(separator: ", ")
    }

    /// `Saint Petersburg, Russia (59.94°N 30.31°E)`: one place in a list to choose from.
    public var choiceText: String { "\(label) (\(coordinatesText))" }

    /// `59.94°N 30.31°E`
    public var coordinatesText: String {
        "\(DecimalText.fixed(abs(latitude), 2))°\(latitude >= 0 ? "N" : "S") \(DecimalText.fixed(abs(longitude), 2))°\(longitude >= 0 ? "E" : "W")"
    }

    /// The city's time zone: the IANA zone, else the fixed offset, else UTC.
    public var timeZone: TimeZone {
        if let id = timeZoneIdentifier, let zone = TimeZone(identifier: id) { return zone }
        if let offset = utcOffset, let zone = TimeZone(secondsFromGMT: offset) { return zone }
        return TimeZone(identifier: "UTC")!
    }

    /// Parses `lat,lon` (e.g. `55.75,37.62`); nil when the text is not a coordinate pair.
    public static func coordinates(_ text: String) -> City? {
        let parts = text.split(separator: ",").map { $0.trimmingWhitespace() }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return City(name: DecimalText.fixed(lat, 4) + "," + DecimalText.fixed(lon, 4), latitude: lat, longitude: lon)
    }
}
