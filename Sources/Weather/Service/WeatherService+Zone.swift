import AlmanacClient
import AlmanacCore
import Foundation
import Geography

/// A place's own clock (docs/architecture.md §3, "A place's clock"): a place given as `lat,lon`,
/// or found by a geocoder that sends no zone, gets its IANA zone from the time-zone outlines
/// shipped with the program — no request, so it holds offline, on a first run and with every
/// service down.
extension WeatherService {
    /// `city` with its IANA zone: its own when it has one; else the outlines' for its coordinates
    /// (`TimeZoneOutlines`). A zone this system's time-zone data does not know leaves the city as
    /// it was: its times are then shown in UTC, with one note saying so.
    func zoned(_ city: City) -> City {
        guard city.timeZoneIdentifier == nil else { return city }
        var city = city
        guard let zone = TimeZoneOutlines.zone(latitude: city.latitude, longitude: city.longitude) else { return city }
        if TimeZone(identifier: zone) != nil {
            city.timeZoneIdentifier = zone
        } else if city.utcOffset == nil, !configuration.quietNotes {
            // Said with the answer it concerns, never before an error (`Console.noteForAnswer`).
            console.noteForAnswer("note: this system does not know the time zone \(zone) at \(city.coordinatesText); times are UTC.")
        }
        return city
    }
}
