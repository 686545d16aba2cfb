import AlmanacClient
import AlmanacCore
import Foundation

/// MET Norway's weather symbols (`symbol_code`) in the words and condition codes the rest of the
/// weather feature uses (OpenWeather's ids, which pick the icons), so every provider reads alike.
package enum METSymbol {
    /// The description and condition id for a `symbol_code` such as `lightrainshowers_day`;
    /// `("—", nil)` for nil, and the code's own words with no id for a code not in MET's list.
    package static func condition(_ code: String?) -> (description: String, id: Int?) {
        guard let code, !code.isEmpty else { return ("—", nil) }
        let base = code.split(separator: "_").first.map(String.init) ?? code
        return table[base] ?? (base, nil)
    }

    /// Every base symbol of Locationforecast 2.0 (the variant `_day`/`_night`/`_polartwilight` aside).
    static let table: [String: (String, Int?)] = [
        "clearsky": ("clear sky", 800), "fair": ("fair", 801), "partlycloudy": ("partly cloudy", 802),
        "cloudy": ("cloudy", 804), "fog": ("fog", 741),
        "lightrain": ("light rain", 500), "rain": ("rain", 501), "heavyrain": ("heavy rain", 502),
        "lightrainshowers": ("light rain showers", 520), "rainshowers": ("rain showers", 521),
        "heavyrainshowers": ("heavy rain showers", 522),
        "lightsleet": ("light sleet", 612), "sleet": ("sleet", 611), "heavysleet": ("heavy sleet", 613),
        "lightsleetshowers": ("light sleet showers", 612), "sleetshowers": ("sleet showers", 613),
        "heavysleetshowers": ("heavy sleet showers", 613),
        "lightsnow": ("light snow", 600), "snow": ("snow", 601), "heavysnow": ("heavy snow", 602),
        "lightsnowshowers": ("light snow showers", 620), "snowshowers": ("snow showers", 621),
        "heavysnowshowers": ("heavy snow showers", 622),
        "lightrainandthunder": ("light rain and thunder", 200), "rainandthunder": ("rain and thunder", 201),
        "heavyrainandthunder": ("heavy rain and thunder", 202),
        "lightrainshowersandthunder": ("light rain showers and thunder", 200),
        "rainshowersandthunder": ("rain showers and thunder", 201),
        "heavyrainshowersandthunder": ("heavy rain showers and thunder", 202),
        "lightsleetandthunder": ("light sleet and thunder", 200), "sleetandthunder": ("sleet and thunder", 201),
        "heavysleetandthunder": ("heavy sleet and thunder", 202),
        "lightssleetshowersandthunder": ("light sleet showers and thunder", 200),
        "sleetshowersandthunder": ("sleet showers and thunder", 201),
        "heavysleetshowersandthunder": ("heavy sleet showers and thunder", 202),
        "lightsnowandthunder": ("light snow and thunder", 200), "snowandthunder": ("snow and thunder", 201),
        "heavysnowandthunder": ("heavy snow and thunder", 202),
        "lightssnowshowersandthunder": ("light snow showers and thunder", 200),
        "snowshowersandthunder": ("snow showers and thunder", 201),
        "heavysnowshowersandthunder": ("heavy snow showers and thunder", 202),
    ]
}
