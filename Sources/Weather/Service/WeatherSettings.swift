import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// How weather is shown; persisted with the saved cities.
package struct WeatherSettings: Codable, Sendable, Equatable {
    /// Temperature units.
    package enum Units: String, Codable, Sendable, CaseIterable {
        /// °C.
        case metric
        /// °F.
        case imperial
    }
    /// Wind speed units.
    package enum Wind: String, Codable, Sendable, CaseIterable {
        /// Metres per second.
        case ms
        /// Kilometres per hour.
        case kmh
        /// Miles per hour.
        case mph

        /// The unit as shown: `m/s`, `km/h`, `mph`.
        package var label: String {
            switch self {
            case .ms: "m/s"
            case .kmh: "km/h"
            case .mph: "mph"
            }
        }
    }
    /// 12- or 24-hour times.
    package enum Clock: String, Codable, Sendable, CaseIterable {
        /// `14:05`.
        case h24 = "24"
        /// `2:05 PM`.
        case h12 = "12"
    }

    /// Temperatures in °C (metric) or °F (imperial); metric by default.
    package var units: Units = .metric
    /// Wind in m/s, km/h or mph; m/s by default.
    package var wind: Wind = .ms
    /// 24- or 12-hour clock; 24 by default.
    package var time: Clock = .h24
    /// Language code for descriptions (`en`, `ru`, …); `en` by default.
    package var lang: String = "en"
    /// Whether the user chose the wind unit; until then it follows the units (m/s for metric,
    /// mph for imperial). Missing in older documents: a wind unit other than m/s was chosen.
    package var windChosen: Bool?
    /// Which provider answers forecasts: nil or `auto` picks by the keys set (`ForecastSources`).
    package var provider: ForecastSources.Choice?

    /// The defaults: metric, m/s, 24-hour, English, provider by keys.
    package init() {}

    /// Sets the units; the wind unit follows unless the user chose it.
    package mutating func setUnits(_ units: Units) {
        self.units = units
        if !(windChosen ?? (wind != .ms)) {
            wind = units == .imperial ? .mph : .ms
            windChosen = false
        }
    }

    /// Sets the wind unit; it no longer follows the units.
    package mutating func setWind(_ wind: Wind) {
        self.wind = wind
        windChosen = true
    }

    /// These settings with one run's units over them: `ALMANAC_UNITS` (`metric`, `imperial`; the
    /// wind follows as `setUnits` has it), `ALMANAC_WIND` (`ms`, `kmh`, `mph`) and `ALMANAC_LANG`
    /// (one of `languages`), from the run's environment (docs/scripting.md). What is saved is unchanged; a value neither takes is
    /// refused (`WeatherError.badUnitsVariable`).
    package func overridden(by environment: Environment) throws(WeatherError) -> WeatherSettings {
        var settings = self
        if let text = environment["ALMANAC_UNITS"], !text.isEmpty {
            guard let units = Units(rawValue: text) else { throw .badUnitsVariable("ALMANAC_UNITS", text, takes: Units.allCases.map(\.rawValue)) }
            settings.setUnits(units)
        }
        if let text = environment["ALMANAC_WIND"], !text.isEmpty {
            guard let wind = Wind(rawValue: text) else { throw .badUnitsVariable("ALMANAC_WIND", text, takes: Wind.allCases.map(\.rawValue)) }
            settings.setWind(wind)
        }
        if let text = environment["ALMANAC_LANG"], !text.isEmpty {
            guard Self.languages.contains(text) else { throw .badUnitsVariable("ALMANAC_LANG", text, takes: Self.languages.sorted()) }
            settings.lang = text
        }
        return settings
    }

    /// The languages the providers offer descriptions in (OpenWeatherMap's `lang` list, the
    /// narrowest of them; Open-Meteo names places in each, Yandex in those it has).
    package static let languages: Set<String> = Set(
        """
        af al ar az bg ca cz da de el en eu fa fi fr gl he hi hr hu id it ja kr la lt mk no nl pl pt pt_br ro ru sv se sk sl sp es \
        sr th tr ua uk vi zh_cn zh_tw zu
        """.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" }).map(String.init))
}
