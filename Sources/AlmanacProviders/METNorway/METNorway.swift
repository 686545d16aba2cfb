import AlmanacCore
import AlmanacHTTP
import Foundation

/// MET Norway endpoints (api.met.no, no key).
package enum METNorway {
    /// Used only when an answer carries no `Expires` (MET's always do, about 30 minutes ahead).
    package static let forecastTTL: TimeInterval = 1800

    /// The credit line MET's licence (CC BY 4.0) asks for wherever its data is shown.
    package static let attribution = "Data from MET Norway"

    /// Locationforecast 2.0 `compact`: about 9 days, hourly for the first 2.5 days, then 6-hourly.
    /// Coordinates go with 4 decimals at most: MET answers 403 to more, and it spoils their cache.
    package static func forecast(latitude: Double, longitude: Double) -> Endpoint<METNorwayDTO.Forecast> {
        Endpoint(
            RequestDescriptor.about(
                "weather", at: latitude, longitude, provider: .metNorway, name: "metno.locationforecast",
                path: "/weatherapi/locationforecast/2.0/compact", query: PlaceText.trimmedQuery(latitude, longitude), ttl: forecastTTL))
    }

    /// Nowcast 2.0 `complete`: radar precipitation every 5 minutes for the next 2 hours, where
    /// MET's radars reach (Norway, Sweden, Finland, Denmark); elsewhere an answer whose
    /// `radar_coverage` says `no coverage`. Kept by its `Expires` (about 5 minutes ahead).
    package static func nowcast(latitude: Double, longitude: Double) -> Endpoint<METNorwayDTO.Nowcast> {
        Endpoint(
            RequestDescriptor.about(
                "nowcast", at: latitude, longitude, provider: .metNorway, name: "metno.nowcast", path: "/weatherapi/nowcast/2.0/complete",
                query: PlaceText.trimmedQuery(latitude, longitude), ttl: 300))
    }

    /// A coordinate with at most 4 decimals and no trailing zeros (`PlaceText.coordinate`): MET
    /// answers 403 to more.
    package static func coordinate(_ value: Double) -> String { PlaceText.coordinate(value) }

    /// `2026-11-20T09:00:00Z` (seconds optional) as an instant (`InstantText`); nil for any other shape.
    package static func time(_ text: String) -> Date? { InstantText.parse(text) }
}
