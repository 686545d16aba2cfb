import AlmanacCore
import AlmanacHTTP
import Foundation

/// Bright Sky's endpoints: DWD's data, no key.
package enum BrightSky {
    /// The credit line DWD's terms ask for (Bright Sky passes its data on unchanged).
    package static let attribution = "Warnings from Deutscher Wetterdienst, through Bright Sky"

    /// DWD's warnings for the municipality holding a point (`/alerts?lat=&lon=`). A place no
    /// DWD cell covers gets `404` (not covered). Kept 5 minutes when the answer says nothing.
    package static func alerts(latitude: Double, longitude: Double) -> Endpoint<BrightSkyDTO.Alerts> {
        Endpoint(
            RequestDescriptor.about(
                "warnings", at: latitude, longitude, provider: .brightSky, name: "brightsky.alerts", path: "/alerts",
                query: PlaceText.trimmedQuery(latitude, longitude), ttl: 300))
    }
}
