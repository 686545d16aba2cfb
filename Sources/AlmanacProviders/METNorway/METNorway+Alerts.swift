import AlmanacCore
import AlmanacHTTP
import Foundation

extension METNorway {
    /// MetAlerts 2.0 `current.json`: the warnings in force or announced for a point in Norway
    /// (GeoJSON; CC BY 4.0). A message never changes once issued; MET asks for at most one
    /// request every 10 minutes, so an answer is kept that long when it says nothing itself.
    package static func alerts(latitude: Double, longitude: Double) -> Endpoint<METNorwayDTO.Alerts> {
        Endpoint(
            RequestDescriptor.about(
                "warnings", at: latitude, longitude, provider: .metNorway, name: "metno.metalerts", path: "/weatherapi/metalerts/2.0/current.json",
                query: PlaceText.trimmedQuery(latitude, longitude) + [QueryItem("lang", "en")], ttl: 600))
    }
}
