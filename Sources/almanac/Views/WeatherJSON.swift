import AlmanacKit
import Foundation

/// `--json` documents for weather. Values are metric: °C, m/s, mm, hPa; times ISO 8601.
enum WeatherJSON {
    static let units = ["temperature": "celsius", "wind": "m/s", "precipitation": "mm", "pressure": "hPa"]

    /// One weather result: the city, whichever of `current`, `days`, `hours` the command shows,
    /// the model that answered, and provenance. Absent parts are omitted.
    struct Report: Encodable {
        var city: City
        var current: CurrentConditions?
        var days: [DayForecast]?
        var hours: [HourForecast]?
        var units = WeatherJSON.units
        var model: String
        var source: String
        var fetchedAt: Date
        var stale: Bool

        init(_ report: WeatherReport, current: Bool = false, days: Bool = false, hours: Bool = false) {
            city = report.city
            self.current = current ? report.current : nil
            self.days = days ? report.daily : nil
            self.hours = hours ? report.hourly : nil
            model = report.model.rawValue
            (source, fetchedAt, stale) = (report.provenance.origin.rawValue, report.provenance.fetchedAt, report.provenance.stale)
        }
    }

    struct OneDay: Encodable {
        var city: City
        var day: DayForecast
        var units = WeatherJSON.units
        var source: String
        var fetchedAt: Date
        var stale: Bool
        init(report: WeatherReport, day: DayForecast) {
            city = report.city
            self.day = day
            (source, fetchedAt, stale) = (report.provenance.origin.rawValue, report.provenance.fetchedAt, report.provenance.stale)
        }
    }

    struct Line: Encodable {
        var text: String
        var source: SourceFields
    }

    struct Cities: Encodable {
        struct Entry: Encodable {
            var number: Int
            var isDefault: Bool
            var city: City
        }
        var cities: [Entry]
        init(_ document: WeatherDocument) {
            cities = document.cities.enumerated().map {
                Entry(number: $0.offset + 1, isDefault: $0.offset == document.defaultIndex, city: $0.element)
            }
        }
    }

    struct Added: Encodable {
        var city: City
        var added: Bool
        var isDefault: Bool
    }
}
