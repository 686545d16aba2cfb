import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Saved cities, the default one, and the weather settings (`weather.json`). Each saved city
/// keeps its number (`ids`) while saved; a number is never given to another city.
package struct WeatherDocument: StoredDocument, Equatable {
    /// 2: stable city numbers (`ids`, `nextID`).
    package static let schemaVersion = 2
    package static let fileName = "weather.json"
    package static func initial() -> WeatherDocument { WeatherDocument() }

    /// Saved places, in the order shown.
    package var cities: [City] = []
    /// The number of each city in `cities`, same order.
    package var ids: [Int] = []
    /// The number the next saved city gets.
    package var nextID = 1
    /// Index into `cities` of the default city.
    package var defaultIndex: Int?
    /// Units, wind, clock and provider choice.
    package var settings = WeatherSettings()

    /// No cities, default settings.
    package init() {}

    /// Schema 1 had no numbers: the positions of that day become them.
    package static func migrate(_ data: JSONValue, from version: Int) -> JSONValue {
        guard version < 2, case .object = data else { return data }
        let count = data["cities"]?.arrayValue?.count ?? 0
        return data.setting("ids", to: .array((0..<count).map { .int($0 + 1) })).setting("nextID", to: .int(count + 1))
    }

    /// The number shown for the city at `index`.
    package func id(at index: Int) -> Int { ids.indices.contains(index) ? ids[index] : index + 1 }

    /// Saves `city` under the next number.
    package mutating func add(_ city: City) {
        cities.append(city)
        ids.append(nextID)
        nextID += 1
    }

    /// Removes the city at `index`, keeping the default on the same city (or the first).
    package mutating func remove(at index: Int) -> City {
        let city = cities.remove(at: index)
        if ids.indices.contains(index) { ids.remove(at: index) }
        if defaultIndex == index {
            defaultIndex = cities.isEmpty ? nil : 0
        } else if let current = defaultIndex, current > index {
            defaultIndex = current - 1
        }
        return city
    }

    /// Numbers follow the recovered cities; a default past them is dropped.
    package mutating func afterRecovery() {
        if ids.count != cities.count { ids = Array(cities.indices).map { $0 + 1 } }
        nextID = max(nextID, (ids.max() ?? 0) + 1)
        if let index = defaultIndex, !cities.indices.contains(index) { defaultIndex = cities.isEmpty ? nil : 0 }
    }

    /// The default city; nil when none is saved.
    package var defaultCity: City? {
        defaultIndex.flatMap { cities.indices.contains($0) ? cities[$0] : nil }
    }

    /// The index of a city given by its number (1-based) or its name (case-insensitive).
    package func index(of reference: String) -> Int? {
        let text = reference.trimmingWhitespace()
        if let number = Int(text) { return cities.indices.first { id(at: $0) == number } }
        return cities.firstIndex { $0.displayName.caseInsensitiveCompare(text) == .orderedSame }
            ?? cities.firstIndex { $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }
}
