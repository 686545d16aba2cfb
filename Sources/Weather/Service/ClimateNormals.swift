import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// A place's climate normals (docs/weather.md, "Normals"): for each calendar day of 1991–2020,
/// the mean of the daily high, low and precipitation and their usual range, the 10th to the 90th
/// percentile — over the 30 years' days within a week either side, so each day's figure rests on
/// about 450 days. From the ERA5 reanalysis (Open-Meteo's archive). °C and mm.
package struct ClimateNormals: Codable, Sendable, Equatable {
    /// A value's mean and its 10th and 90th percentiles.
    package struct Band: Codable, Sendable, Equatable {
        package var mean, low, high: Double
    }

    /// One calendar day's normals.
    package struct Day: Codable, Sendable, Equatable {
        package var month, day: Int
        package var high, low, precipitation: Band
    }

    /// The years the normals cover: `1991–2020`.
    package var period: String
    /// The calendar days the archive answered for, in calendar order (29 February included).
    package var days: [Day]

    /// The first and last year of the period (WMO's current standard normals).
    package static let years = (first: 1991, last: 2020)
    /// Days either side of a calendar day whose values count for it.
    package static let window = 7

    /// The normals of `date`'s calendar day; nil when the archive did not cover it.
    package func day(_ date: LocalDate) -> Day? { days.first { $0.month == date.month && $0.day == date.day } }

    /// The normals of an archive answer: each calendar day that has at least a year's values within
    /// its window (a reanalysis's null days left out).
    package static func from(_ archive: OpenMeteoDTO.Archive) -> ClimateNormals {
        let daily = archive.daily
        var rows: [(dayOfYear: Int, high: Double?, low: Double?, rain: Double?)] = []
        for (index, text) in (daily?.time ?? []).enumerated() {
            guard let date = LocalDate(text) else { continue }
            let value = { (column: [Double?]?) in column.flatMap { index < $0.count ? $0[index] : nil }.flatMap { $0.isFinite ? $0 : nil } }
            rows.append((dayOfYear(date), value(daily?.temperature_2m_max), value(daily?.temperature_2m_min), value(daily?.precipitation_sum)))
        }
        var byDay = [[(Double?, Double?, Double?)]](repeating: [], count: 367)
        for row in rows {
            for offset in -window...window { byDay[wrapped(row.dayOfYear + offset)].append((row.high, row.low, row.rain)) }
        }
        let days = (1...366).compactMap { number -> Day? in
            let samples = byDay[number]
            guard let high = band(samples.compactMap(\.0)), let low = band(samples.compactMap(\.1)), let rain = band(samples.compactMap(\.2))
            else { return nil }
            let (month, day) = calendarDay(number)
            return Day(month: month, day: day, high: high, low: low, precipitation: rain)
        }
        return ClimateNormals(period: "\(years.first)–\(years.last)", days: days)
    }

    /// A leap year's day number (1…366) of a date: 29 February is 60 in every year, so each
    /// calendar day keeps its number.
    static func dayOfYear(_ date: LocalDate) -> Int {
        let before = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]
        return before[date.month - 1] + date.day
    }

    /// The month and day of a leap year's day number.
    static func calendarDay(_ number: Int) -> (Int, Int) {
        let before = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366]
        let month = before.lastIndex { $0 < number }! + 1
        return (month, number - before[month - 1])
    }

    /// A day number moved round the year's end.
    static func wrapped(_ number: Int) -> Int { ((number - 1) % 366 + 366) % 366 + 1 }

    static func band(_ values: [Double]) -> Band? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return Band(
            mean: values.reduce(0, +) / Double(values.count), low: EnsembleMapper.percentile(sorted, 0.1),
            high: EnsembleMapper.percentile(sorted, 0.9))
    }

    /// The highs the archive has for `from` to `to` at a place (°C by local day; a day the
    /// reanalysis has not reached yet, about five days back, is left out). Kept a day.
    package static func observedHighs(latitude: Double, longitude: Double, from: LocalDate, to: LocalDate) -> Endpoint<[LocalDate: Double]> {
        var descriptor = OpenMeteo.archive(latitude: latitude, longitude: longitude, from: from.description, to: to.description)
        (descriptor.name, descriptor.subject, descriptor.ttl) = ("openmeteo.archive-recent", "the month's observed highs", 86400)
        let name = descriptor.name
        return Endpoint(descriptor) { data in
            let daily = try JSONDecoding.decode(OpenMeteoDTO.Archive.self, from: data, endpoint: name).daily
            var highs: [LocalDate: Double] = [:]
            for (index, text) in (daily?.time ?? []).enumerated() {
                guard let date = LocalDate(text), date >= from, date <= to,
                    let high = daily?.temperature_2m_max.flatMap({ index < $0.count ? $0[index] : nil }), high.isFinite
                else { continue }
                highs[date] = high
            }
            return highs
        }
    }

    /// The normals' request for a place: its 30 years' archive, whose kept form is the normals
    /// themselves (30 years of days become 366 rows of columns: `keptForm`, `init(kept:)`).
    package static func endpoint(latitude: Double, longitude: Double) -> Endpoint<ClimateNormals> {
        let descriptor = OpenMeteo.archive(latitude: latitude, longitude: longitude, from: "\(years.first)-01-01", to: "\(years.last)-12-31")
        let name = descriptor.name
        return Endpoint<ClimateNormals>(descriptor) { data in
            guard let document = JSONValue.parse(data) else { throw DecodingFailure(endpoint: name, detail: "the response is not valid JSON") }
            if document["normals"] != nil {
                guard let kept = ClimateNormals(kept: document) else { throw DecodingFailure(endpoint: name, detail: "the kept normals are damaged") }
                return kept
            }
            // The rows' form the cache kept before the columns (until `f449d6f`), for a year.
            if document["period"] != nil { return try JSONDecoding.decode(ClimateNormals.self, from: document, endpoint: name) }
            return from(try JSONDecoding.decode(OpenMeteoDTO.Archive.self, from: document, endpoint: name))
        }.keeping { body in
            // Only an archive answer becomes normals; anything else is kept as it came.
            guard let archive = try? JSONDecoding.decode(OpenMeteoDTO.Archive.self, from: body, endpoint: name), archive.daily != nil else {
                return nil
            }
            return from(archive).keptForm
        }
    }
}

extension ClimateNormals {
    /// The form the cache keeps: the period, each day as `MMDD`, and each band's mean, low and
    /// high in turn, a column a value (°C and mm to a hundredth) — read with no decoder, as a
    /// glance reads it every run.
    var keptForm: Data {
        let column = { (band: KeyPath<Day, Band>) in
            JSONValue.array(
                days.flatMap { [$0[keyPath: band].mean, $0[keyPath: band].low, $0[keyPath: band].high] }.map { .double(($0 * 100).rounded() / 100) })
        }
        return JSONValue.object([
            ("normals", .string(period)), ("days", .array(days.map { .int($0.month * 100 + $0.day) })),
            ("high", column(\.high)), ("low", column(\.low)), ("precipitation", column(\.precipitation)),
        ]).encoded()
    }

    /// The normals in their kept form; nil for any other document or a damaged one.
    init?(kept document: JSONValue) {
        guard let period = document["normals"]?.stringValue, case .array(let dates)? = document["days"] else { return nil }
        let columns = ["high", "low", "precipitation"].map { key -> [Double] in
            guard case .array(let values)? = document[key] else { return [] }
            // A null, text, or a number no day has (past ±1,000 °C or mm): not read.
            let numbers = values.compactMap(\.doubleValue).filter { $0.isFinite && abs($0) < 1000 }
            return numbers.count == values.count ? numbers : []
        }
        guard columns.allSatisfy({ $0.count == dates.count * 3 }) else { return nil }
        var days: [Day] = []
        days.reserveCapacity(dates.count)
        for (index, date) in dates.enumerated() {
            guard let number = date.intValue, (1...12).contains(number / 100), (1...31).contains(number % 100) else { return nil }
            let band = { (column: [Double]) in Band(mean: column[index * 3], low: column[index * 3 + 1], high: column[index * 3 + 2]) }
            days.append(Day(month: number / 100, day: number % 100, high: band(columns[0]), low: band(columns[1]), precipitation: band(columns[2])))
        }
        self.init(period: period, days: days)
    }
}
