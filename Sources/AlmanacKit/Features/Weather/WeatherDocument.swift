import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Saved cities, the default one, and the weather settings (`weather.json`).
public struct WeatherDocument: StoredDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "weather.json"
    public static func initial() -> WeatherDocument { WeatherDocument() }

    public var cities: [City] = []
    /// Index into `cities` of the default city.
    public var defaultIndex: Int?
    public var settings = WeatherSettings()

    public init() {}

    /// A default that points past the recovered cities is dropped.
    public mutating func afterRecovery() {
        if let index = defaultIndex, !cities.indices.contains(index) { defaultIndex = cities.isEmpty ? nil : 0 }
    }

    public var defaultCity: City? {
        defaultIndex.flatMap { cities.indices.contains($0) ? cities[$0] : nil }
    }

    /// The index of a city given by its number (1-based) or its name (case-insensitive).
    public func index(of reference: String) -> Int? {
        if let number = Int(reference.trimmingCharacters(in: .whitespaces)) {
            return cities.indices.contains(number - 1) ? number - 1 : nil
        }
        return cities.firstIndex { $0.name.caseInsensitiveCompare(reference.trimmingCharacters(in: .whitespaces)) == .orderedSame }
    }
}
