import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// `--json` documents for weather. Values are metric: °C, m/s, mm, hPa; times ISO 8601.
package enum WeatherJSON {
    package static let units = ["temperature": "celsius", "wind": "m/s", "precipitation": "mm", "pressure": "hPa"]

    /// One weather result: the city, whichever of `current`, `days`, `hours` the command shows,
    /// the model that answered, and provenance. Absent parts are omitted.
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
        var source: String
        var fetchedAt: Date
        var stale: Bool

        package init(_ report: WeatherReport, current: Bool = false, days: Bool = false, hours: Bool = false) {
            city = report.city
            self.current = current ? report.current : nil
            self.days = days ? report.daily : nil
            self.hours = hours ? report.hourly : nil
            outlook = days ? report.outlook : nil
            model = report.model.rawValue
            daysModel = days ? report.dailyModel?.rawValue : nil
            attribution = WeatherView.credits(report)
            (source, fetchedAt, stale) = (report.provenance.origin.rawValue, report.provenance.fetchedAt, report.provenance.stale)
        }
    }

    package struct OneDay: Encodable {
        var city: City
        var day: DayForecast
        var units = WeatherJSON.units
        var source: String
        var fetchedAt: Date
        var stale: Bool
        package init(report: WeatherReport, day: DayForecast) {
            city = report.city
            self.day = day
            (source, fetchedAt, stale) = (report.provenance.origin.rawValue, report.provenance.fetchedAt, report.provenance.stale)
        }
    }

    /// A status line: its text, where its data came from (none when no answer came), and why
    /// values are missing.
    package struct Line: Encodable {
        package init(text: String, source: SourceFields?, error: String? = nil) {
            (self.text, self.source, self.error) = (text, source, error)
        }

        var text: String
        var source: SourceFields?
        var error: String?
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
        package init(city: City, added: Bool, isDefault: Bool) {
            self.city = city
            self.added = added
            self.isDefault = isDefault
        }

        var city: City
        var added: Bool
        var isDefault: Bool
    }
}
