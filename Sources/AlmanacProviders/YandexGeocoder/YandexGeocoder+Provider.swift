import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Place names to coordinates; the key as `apikey`.
    package static let yandexGeocoder = Provider(
        rawValue: "yandex", displayName: "Yandex Geocoder", keyVariable: "YANDEX_GEOCODER_API_KEY", urlVariable: "ALMANAC_YANDEX_GEOCODER_URL",
        defaultBaseURL: "https://geocode-maps.yandex.ru", keyPlacement: .query("apikey"),
        probe: {
            RequestDescriptor(
                provider: $0, name: "yandex.geocode", path: "/1.x/",
                query: [QueryItem("geocode", "London"), QueryItem("format", "json"), QueryItem("results", "1")], ttl: 0)
        })
}
