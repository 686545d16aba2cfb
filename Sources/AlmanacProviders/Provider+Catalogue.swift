import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Every provider Almanac knows, in the order lists show them.
    package static let allCases: [Provider] = [
        .twelveData, .fruityvice, .openWeather, .openWeatherPro, .yandexGeocoder, .metNorway, .openMeteoGeocoding, .openMeteoEnsemble,
        .openMeteoForecast, .openMeteoAir, .openMeteoArchive, .kraken, .nationalWeatherService, .brightSky, .meteoAlarm, .eccc, .imd, .roshydromet,
        .kazhydromet, .smg,
        .metService, .hongKongObservatory,
    ]

    /// The declared provider with this stored name, or nil.
    package init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }
}
