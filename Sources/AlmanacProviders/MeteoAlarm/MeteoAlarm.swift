import Foundation

/// MeteoAlarm (EUMETNET): the member services' warnings, one feed a country
/// (`https://feeds.meteoalarm.org/api/v1/warnings/feeds-<slug>`; CAP 1.2 messages as JSON,
/// MeteoAlarm's terms equivalent to CC BY 4.0, "Data provided by EUMETNET members").
package enum MeteoAlarm {
    /// A member country: its feed's name and the national service that issues its warnings.
    package struct Member: Sendable, Equatable {
        /// The feed's name (`croatia`, `republic-of-north-macedonia`).
        package var slug: String
        /// The issuing service, as people there know it: `DHMZ`, `the Met Office`.
        package var service: String
    }

    /// Each member country with a live feed by its ISO 3166-1 code: 38 (the United Kingdom is `GB`
    /// here, `UK` in MeteoAlarm's own ids).
    package static let members: [String: Member] = [
        "AT": Member(slug: "austria", service: "GeoSphere Austria"),
        "BA": Member(slug: "bosnia-herzegovina", service: "FHMZ BiH and RHMZ RS"),
        "BE": Member(slug: "belgium", service: "the Royal Meteorological Institute"),
        "BG": Member(slug: "bulgaria", service: "NIMH"),
        "CH": Member(slug: "switzerland", service: "MeteoSwiss"),
        "CY": Member(slug: "cyprus", service: "the Cyprus Department of Meteorology"),
        "CZ": Member(slug: "czechia", service: "ČHMÚ"),
        "DE": Member(slug: "germany", service: "DWD"),
        "DK": Member(slug: "denmark", service: "DMI"),
        "EE": Member(slug: "estonia", service: "the Estonian Environment Agency"),
        "ES": Member(slug: "spain", service: "AEMET"),
        "FI": Member(slug: "finland", service: "the Finnish Meteorological Institute"),
        "FR": Member(slug: "france", service: "Météo-France"),
        "GB": Member(slug: "united-kingdom", service: "the Met Office"),
        "GR": Member(slug: "greece", service: "HNMS"),
        "HR": Member(slug: "croatia", service: "DHMZ"),
        "HU": Member(slug: "hungary", service: "HungaroMet"),
        "IE": Member(slug: "ireland", service: "Met Éireann"),
        "IL": Member(slug: "israel", service: "the Israel Meteorological Service"),
        "IS": Member(slug: "iceland", service: "the Icelandic Met Office"),
        "IT": Member(slug: "italy", service: "the Italian Air Force Meteorological Service"),
        "LT": Member(slug: "lithuania", service: "LHMS"),
        "LU": Member(slug: "luxembourg", service: "MeteoLux"),
        "LV": Member(slug: "latvia", service: "LVĢMC"),
        "MD": Member(slug: "moldova", service: "the State Hydrometeorological Service"),
        "ME": Member(slug: "montenegro", service: "IHMS"),
        "MK": Member(slug: "republic-of-north-macedonia", service: "NHMS"),
        "MT": Member(slug: "malta", service: "the Malta Meteorological Office"),
        "NL": Member(slug: "netherlands", service: "KNMI"),
        "NO": Member(slug: "norway", service: "MET Norway"),
        "PL": Member(slug: "poland", service: "IMGW-PIB"),
        "PT": Member(slug: "portugal", service: "IPMA"),
        "RO": Member(slug: "romania", service: "Meteo Romania"),
        "RS": Member(slug: "serbia", service: "RHMSS"),
        "SE": Member(slug: "sweden", service: "SMHI"),
        "SI": Member(slug: "slovenia", service: "ARSO"),
        "SK": Member(slug: "slovakia", service: "SHMÚ"),
        "UA": Member(slug: "ukraine", service: "the Ukrainian Hydrometeorological Center"),
    ]

    /// The feed's path for a country (`/api/v1/warnings/feeds-croatia`); nil for a country with none.
    package static func feedPath(country code: String) -> String? {
        members[code.uppercased()].map { "/api/v1/warnings/feeds-" + $0.slug }
    }
}
