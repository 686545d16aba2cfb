import AlmanacHTTP
import AlmanacProviders
import FrontKit
import Weather

/// `--json` documents for weather. Values are metric: °C, m/s, mm, hPa; times ISO 8601.
package enum WeatherJSON {
    package static let units = ["temperature": "celsius", "wind": "m/s", "precipitation": "mm", "pressure": "hPa"]

    /// One weather result with the source fields beside it, as every command prints it.
    package static func report(_ report: WeatherReport, current: Bool = false, days: Bool = false, hours: Bool = false) -> Sourced<Report> {
        Sourced(Report(report, current: current, days: days, hours: hours), report.provenance)
    }

    /// One weather result: the city, whichever of `current`, `days`, `hours` the command shows,
    /// and the model that answered. Absent parts are omitted. Printed as `Sourced` (`report`).
    package struct Report: Encodable {
        var city: City
        var current: CurrentConditions?
        var days: [DayForecast]?
        var hours: [HourForecast]?
        /// The ensemble's spread per day, for the outlook.
        var outlook: [OutlookDay]?
        var units = WeatherJSON.units
        var model: String
        /// The model of `days` when another provider filled them (`met` for a free OpenWeather key).
        var daysModel: String?
        /// The credit lines the providers' licences ask for.
        var attribution: [String]

        init(_ report: WeatherReport, current: Bool, days: Bool, hours: Bool) {
            city = report.city
            self.current = current ? report.current : nil
            self.days = days ? report.daily : nil
            self.hours = hours ? report.hourly : nil
            outlook = days ? report.outlook : nil
            model = report.model.rawValue
            daysModel = days ? report.dailyModel?.rawValue : nil
            attribution = WeatherView.credits(report)
        }
    }

    /// Several places' results, one document: `{"places": [...]}`, each as `Report` writes it.
    package struct Places: Encodable {
        var places: [PlaceOutcome<Report>]
    }

    /// One day of a place's forecast (`weather day --json`); print it as `Sourced`.
    package struct OneDay: Encodable {
        var city: City
        var day: DayForecast
        var units = WeatherJSON.units
    }

    /// A status line: its text and why values are missing; print it as `Sourced` (no source
    /// fields when no answer came).
    package struct Line: Encodable {
        package init(text: String, error: String? = nil) {
            (self.text, self.error) = (text, error)
        }

        var text: String
        var error: String?
    }

    /// `weather settings --json`: the clock as a number of hours (24 or 12), the provider
    /// choice as saved (`auto` when none).
    package struct Settings: Encodable {
        var units, wind: String
        var clockHours: Int
        var lang, provider: String

        package init(_ settings: WeatherSettings) {
            (units, wind, lang) = (settings.units.rawValue, settings.wind.rawValue, settings.lang)
            clockHours = settings.time == .h12 ? 12 : 24
            provider = settings.provider?.rawValue ?? "auto"
        }
    }

    package struct Cities: Encodable {
        package struct Entry: Encodable {
            var number: Int
            var isDefault: Bool
            var city: City
        }
        var cities: [Entry]
        package init(_ document: WeatherDocument) {
            cities = document.cities.enumerated().map {
                Entry(number: document.id(at: $0.offset), isDefault: $0.offset == document.defaultIndex, city: $0.element)
            }
        }
    }

    package struct Added: Encodable {
        var city: City
        var added, isDefault: Bool
    }
}
