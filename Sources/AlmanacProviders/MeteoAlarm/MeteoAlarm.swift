import Foundation

/// MeteoAlarm (EUMETNET): the member services' warnings, one feed a country
/// (`https://feeds.meteoalarm.org/api/v1/warnings/feeds-<slug>`; CAP 1.2 messages as JSON,
/// MeteoAlarm's terms equivalent to CC BY 4.0, "Data provided by EUMETNET members").
package enum MeteoAlarm {
    /// Each member country's feed name by its ISO 3166-1 code: the 38 countries with a live feed
    /// (the United Kingdom is `GB` here, `UK` in MeteoAlarm's own ids).
    package static let feeds: [String: String] = [
        "AT": "austria", "BA": "bosnia-herzegovina", "BE": "belgium", "BG": "bulgaria", "CH": "switzerland", "CY": "cyprus", "CZ": "czechia",
        "DE": "germany", "DK": "denmark", "EE": "estonia", "ES": "spain", "FI": "finland", "FR": "france", "GB": "united-kingdom",
        "GR": "greece", "HR": "croatia", "HU": "hungary", "IE": "ireland", "IL": "israel", "IS": "iceland", "IT": "italy", "LT": "lithuania",
        "LU": "luxembourg", "LV": "latvia", "MD": "moldova", "ME": "montenegro", "MK": "republic-of-north-macedonia", "MT": "malta",
        "NL": "netherlands", "NO": "norway", "PL": "poland", "PT": "portugal", "RO": "romania", "RS": "serbia", "SE": "sweden", "SI": "slovenia",
        "SK": "slovakia", "UA": "ukraine",
    ]

    /// The feed's path for a country (`/api/v1/warnings/feeds-croatia`); nil for a country with none.
    package static func feedPath(country code: String) -> String? {
        feeds[code.uppercased()].map { "/api/v1/warnings/feeds-" + $0 }
    }
}
