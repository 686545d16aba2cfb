import Foundation

/// A remote data provider and the facts Almanac needs to reach it.
public enum Provider: String, CaseIterable, Sendable, Codable {
    case twelveData = "twelvedata"
    case fruityvice
    case openWeather = "openweather"
    case openWeatherPro = "openweather-pro"
    case yandexGeocoder = "yandex"

    /// Where the provider's API key goes on the wire.
    public enum KeyPlacement: Sendable, Equatable {
        /// No key at all (Fruityvice).
        case none
        /// A query parameter with this name (`appid`, `apikey`).
        case query(String)
        /// A header with this name; the value is `prefix + key`.
        case header(String, prefix: String)
    }

    public var displayName: String {
        switch self {
        case .twelveData: "Twelve Data"
        case .fruityvice: "Fruityvice"
        case .openWeather: "OpenWeatherMap"
        case .openWeatherPro: "OpenWeatherMap Pro"
        case .yandexGeocoder: "Yandex Geocoder"
        }
    }

    /// The environment variable holding the API key, or nil when none is needed.
    public var keyVariable: String? {
        switch self {
        case .twelveData: "TWELVEDATA_API_KEY"
        case .fruityvice: nil
        case .openWeather, .openWeatherPro: "OPENWEATHER_API_KEY"
        case .yandexGeocoder: "YANDEX_GEOCODER_API_KEY"
        }
    }

    /// The environment variable overriding the base URL.
    public var urlVariable: String {
        switch self {
        case .twelveData: "ALMANAC_TWELVEDATA_URL"
        case .fruityvice: "ALMANAC_FRUITYVICE_URL"
        case .openWeather: "ALMANAC_OPENWEATHER_URL"
        case .openWeatherPro: "ALMANAC_OPENWEATHER_PRO_URL"
        case .yandexGeocoder: "ALMANAC_YANDEX_GEOCODER_URL"
        }
    }

    public var defaultBaseURL: String {
        switch self {
        case .twelveData: "https://api.twelvedata.com"
        case .fruityvice: "https://www.fruityvice.com"
        case .openWeather: "https://api.openweathermap.org"
        case .openWeatherPro: "https://pro.openweathermap.org"
        case .yandexGeocoder: "https://geocode-maps.yandex.ru"
        }
    }

    public var keyPlacement: KeyPlacement {
        switch self {
        case .twelveData: .header("Authorization", prefix: "apikey ")
        case .fruityvice: .none
        case .openWeather, .openWeatherPro: .query("appid")
        case .yandexGeocoder: .query("apikey")
        }
    }

    /// Whether requests spend plan credits (Twelve Data): a 429 then means the plan's credits are
    /// spent, so it is not retried at once.
    public var countsCredits: Bool { self == .twelveData }

    /// The folder under `Fixtures/` holding this provider's recordings.
    public var fixtureFolder: String {
        switch self {
        case .openWeatherPro: "openweather"
        default: rawValue
        }
    }

    /// Query parameter names that carry secrets for any provider; always redacted.
    public static let secretQueryNames: Set<String> = ["apikey", "appid", "api_key", "key", "token"]
}
