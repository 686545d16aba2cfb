import AlmanacKit
import Foundation

/// `--json` documents for weather. Values are metric: °C, m/s, mm, hPa; times ISO 8601.
enum WeatherJSON {
    static let units = ["temperature": "celsius", "wind": "m/s", "precipitation": "mm", "pressure": "hPa"]

    struct Current: Encodable {
        var city: City
        var current: CurrentConditions?
        var units = WeatherJSON.units
        var model: String
        var source: String
        var fetchedAt: Date
        var stale: Bool
        init(_ report: WeatherReport) {
            city = report.city
            current = report.current
            model = report.model.rawValue
            (source, fetchedAt, stale) = (report.provenance.origin.rawValue, report.provenance.fetchedAt, report.provenance.stale)
        }
    }

    struct Daily: Encodable {
        var city: City
        var days: [DayForecast]
        var units = WeatherJSON.units
        var model: String
        var source: String
        var fetchedAt: Date
        var stale: Bool
        init(_ report: WeatherReport) {
            city = report.city
            days = report.daily
            model = report.model.rawValue
            (source, fetchedAt, stale) = (report.provenance.origin.rawValue, report.provenance.fetchedAt, report.provenance.stale)
        }
    }

    struct Hourly: Encodable {
        var city: City
        var hours: [HourForecast]
        var units = WeatherJSON.units
        var model: String
        var source: String
        var fetchedAt: Date
        var stale: Bool
        init(_ report: WeatherReport) {
            city = report.city
            hours = report.hourly
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
            cities = document.cities.enumerated().map { Entry(number: $0.offset + 1, isDefault: $0.offset == document.defaultIndex, city: $0.element) }
        }
    }

    struct Added: Encodable {
        var city: City
        var added: Bool
        var isDefault: Bool
    }
}
