import AlmanacCore
import AlmanacHTTP
import Foundation

/// The National Weather Service's endpoints (api.weather.gov, no key).
package enum NationalWeatherService {
    /// The credit line: its data is the United States government's, in the public domain.
    package static let attribution = "Warnings from the National Weather Service"

    /// The alerts in force at a point (`/alerts/active?point=LAT,LON`, GeoJSON). Kept 5 minutes
    /// when the answer says nothing itself.
    package static func alerts(latitude: Double, longitude: Double) -> Endpoint<NationalWeatherServiceDTO.Alerts> {
        Endpoint(
            RequestDescriptor.about(
                "warnings", at: latitude, longitude, provider: .nationalWeatherService, name: "nws.alerts", path: "/alerts/active",
                query: [QueryItem("point", PlaceText.coordinate(latitude) + "," + PlaceText.coordinate(longitude))], ttl: 300))
    }
}
