import AlmanacCore
import AlmanacHTTP
import Foundation

/// Yandex Geocoder endpoints.
package enum YandexGeocoder {
    /// Yandex wants a locale (`en_US`), not a bare language code.
    package static func locale(for lang: String) -> String {
        let known = ["en": "en_US", "ru": "ru_RU", "uk": "uk_UA", "tr": "tr_TR", "be": "be_BY", "kk": "kk_KZ"]
        return known[lang.lowercased()] ?? "en_US"
    }

    /// Up to `results` places for a free-text query.
    package static func geocode(_ query: String, lang: String, results: Int = 5) -> Endpoint<YandexDTO.Root> {
        Endpoint(
            RequestDescriptor(
                provider: .yandexGeocoder, name: "yandex.geocode", subject: "places called \"\(query)\"", path: "/1.x/",
                query: [
                    QueryItem("geocode", query), QueryItem("format", "json"), QueryItem("lang", locale(for: lang)),
                    QueryItem("results", String(results)),
                ],
                ttl: OpenWeather.geocodeTTL))
    }

    /// Parses `"37.617698 55.755864"` — longitude first — into (latitude, longitude).
    package static func coordinates(fromPos pos: String) -> (latitude: Double, longitude: Double)? {
        let parts = pos.split(separator: " ").compactMap { Double($0) }
        guard parts.count == 2, (-180...180).contains(parts[0]), (-90...90).contains(parts[1]) else { return nil }
        return (latitude: parts[1], longitude: parts[0])
    }
}
