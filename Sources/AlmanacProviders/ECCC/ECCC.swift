import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Environment and Climate Change Canada's GeoMet OGC API (api.weather.gc.ca), keyless.
    package static let eccc = Provider(
        rawValue: "eccc", displayName: "ECCC (Canada)", keyVariable: nil, urlVariable: "ALMANAC_ECCC_URL",
        defaultBaseURL: "https://api.weather.gc.ca", keyPlacement: .none,
        probe: { _ in ECCC.alerts(latitude: 45.4215, longitude: -75.6972).descriptor }, recordedAs: "metno")
}

/// Environment and Climate Change Canada's weather alerts (GeoMet's OGC API), under the ECCC Data
/// Servers End-use Licence: its credit line, and no alteration of an alert's content or intent.
package enum ECCC {
    /// The credit line the licence asks for.
    package static let attribution = "Data Source: Environment and Climate Change Canada (ECCC Data Servers End-use Licence)"

    /// The alerts whose regions meet a box of about 200 m around a point, in English
    /// (`/collections/weather-alerts/items?bbox=…&lang=en&f=json`). Kept 5 minutes when the
    /// answer says nothing.
    package static func alerts(latitude: Double, longitude: Double) -> Endpoint<ECCCDTO.Alerts> {
        let box = [longitude - 0.001, latitude - 0.001, longitude + 0.001, latitude + 0.001].map { DecimalText.fixed($0, 4) }
        return Endpoint(
            RequestDescriptor(
                provider: .eccc, name: "eccc.weather-alerts", subject: "warnings at \(PlaceText.place(latitude, longitude))",
                path: "/collections/weather-alerts/items",
                query: [QueryItem("bbox", box.joined(separator: ",")), QueryItem("lang", "en"), QueryItem("f", "json")], ttl: 300))
    }
}
