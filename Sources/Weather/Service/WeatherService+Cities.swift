import AlmanacClient
import AlmanacCore
import Foundation

/// Settings and saved cities: the document's side of the weather service.
extension WeatherService {
    /// Saved cities and settings as stored, the settings with this run's units over them
    /// (`ALMANAC_UNITS`, `ALMANAC_WIND`: `WeatherSettings.overridden(by:)`).
    package func document() throws -> WeatherDocument {
        var document = try store.read()
        document.settings = try document.settings.overridden(by: configuration.environment)
        return document
    }

    /// The settings this run uses: the saved ones with this run's units over them.
    package func settings() throws -> WeatherSettings { try document().settings }

    /// The settings as saved, without this run's units: what a settings screen edits.
    package func savedSettings() throws -> WeatherSettings { try store.read().settings }

    /// Changes the settings and saves them; returns them as saved.
    package func updateSettings(_ change: (inout WeatherSettings) -> Void) throws -> WeatherSettings {
        try store.update { document in
            change(&document.settings)
            return document.settings
        }
    }

    /// Geocodes `query`, fetches its forecast once to learn its time zone, saves it.
    /// The first city saved becomes the default. Returns the city and whether it was new.
    package func addCity(_ query: String, pick: Int?, chooser: Chooser?) async throws -> (city: City, added: Bool) {
        var city = try await resolveNew(query, pick: pick, chooser: chooser)
        if let report = try? await report(for: city) { city = report.city }
        let resolved = city
        return try store.update { document in
            // The same place only within about 1 km: two places of one name are two cities.
            if let existing = document.cities.first(where: { $0.isSamePlace(as: resolved) }) { return (existing, false) }
            document.add(resolved)
            // Every saved name tells its place apart, the earlier look-alikes' too.
            document.cities = City.distinguished(document.cities)
            if document.defaultCity == nil { document.defaultIndex = document.cities.count - 1 }
            return (document.cities[document.cities.count - 1], true)
        }
    }

    /// Forgets the saved city meant by `reference` (number or name); `WeatherError` when none.
    package func removeCity(_ reference: String) throws -> City {
        try store.update { document in
            guard let index = document.index(of: reference) else { throw unknownCity(reference, document) }
            return document.remove(at: index)
        }
    }

    /// Makes the saved city meant by `reference` the default; `WeatherError` when none.
    package func setDefault(_ reference: String) throws -> City {
        try store.update { document in
            guard let index = document.index(of: reference) else { throw unknownCity(reference, document) }
            document.defaultIndex = index
            return document.cities[index]
        }
    }

    private func unknownCity(_ reference: String, _ document: WeatherDocument) -> WeatherError {
        if document.cities.isEmpty { return .noSavedCities }
        return .unknownSavedCity(reference, saved: document.cities.indices.map { "\(document.id(at: $0)) \(document.cities[$0].displayName)" })
    }
}
