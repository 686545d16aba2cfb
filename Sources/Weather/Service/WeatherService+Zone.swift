import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// A place's own clock (docs/architecture.md §3, "A place's clock"): a place given as `lat,lon`,
/// or found by a geocoder that sends no zone, gets its IANA zone from Open-Meteo's answer for its
/// coordinates — never a guess from its longitude.
extension WeatherService {
    /// `city` with its IANA zone: its own when it has one; else Open-Meteo's for its coordinates
    /// (kept 30 days; the sample data offline).
    /// When no answer comes the city is returned as it was, and its times are shown in UTC with
    /// one note saying so (`withZone`).
    func zoned(_ city: City) async -> City {
        guard city.timeZoneIdentifier == nil else { return city }
        var city = city
        let reason: String
        do {
            let zone = try await client.fetch(OpenMeteo.zone(latitude: city.latitude, longitude: city.longitude)).value
            if TimeZone(identifier: zone.timezone) != nil {
                city.timeZoneIdentifier = zone.timezone
                return city
            }
            reason = "Open-Meteo named a zone this system does not know, \(zone.timezone)"
        } catch is CancellationError {
            return city
        } catch let error as SampleDataError {
            // No recording near the place: its weather has none either, and says so.
            console.debug("time zone: \(error)")
            return city
        } catch {
            reason = ErrorText.describe(error)
        }
        if city.utcOffset == nil, !configuration.quietNotes {
            // Said with the answer it concerns, never before an error (`Console.noteForAnswer`).
            console.noteForAnswer("note: the time zone at \(city.coordinatesText) is not known (\(reason)); times are UTC.")
        }
        return city
    }
}
