import AlmanacClient
import AlmanacCore
import ArgumentParser
import Foundation
import FrontKit
import TerminalKit
import Weather

extension WeatherCommand {
    /// `weather normals [PLACE]`: the place's 1991–2020 normals for each day of a month, drawn as
    /// the usual band with the forecast's highs on it (docs/weather.md, "Normals").
    struct Normals: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "normals",
            abstract: "The 1991–2020 normals of a month, day by day: the usual high and low, their range, and the forecast against them.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var place: CityOptions
        @Flag(help: "The whole year, a row a month: its usual high and low, the high's range, its usual precipitation.")
        var year = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                let city = WeatherService.withZone(try await run.city(place.city, pick: place.pick, chooser: run.terminalChooser))
                let (report, normals) = try await Self.reportAndNormals(run, city, context)
                let today = report.daily.first?.date ?? LocalDate(context.clock.now(), timeZone: city.timeZone)
                let observed = await Self.observed(run, city, month: today)
                let view = NormalsView(
                    format: WeatherFormat(settings: try run.service.document().settings, timeZone: city.timeZone), style: context.style)
                if year {
                    let days = NormalsView.days(normals, year: today.year)
                    return try context.show(
                        json: NormalsView.json(report, normals, observed: observed, days: days), text: view.yearText(report, normals, days))
                }
                try context.show(
                    json: NormalsView.json(report, normals, observed: observed, days: NormalsView.days(normals, month: today)),
                    text: view.text(report, normals, observed: observed, month: today))
            }
        }

        /// The week's forecast and the place's normals, asked at once, the normals once (the
        /// forecast does not ask them). Their failure is the command's (exit 69); a forecast that
        /// cannot be had leaves the normals alone on the band, said in a note: the normals are what
        /// was asked for.
        static func reportAndNormals(_ run: WeatherFlow, _ city: City, _ context: FrontContext) async throws -> (WeatherReport, ClimateNormals) {
            let service = run.service
            async let forecast = outcome { try await service.forecast(for: city, days: 7, normals: false) }
            let fetched = try await service.client.fetch(ClimateNormals.endpoint(latitude: city.latitude, longitude: city.longitude))
            guard var report = await forecast.value else {
                let reason = await forecast.failure.map(ErrorText.describe) ?? ""
                context.console.note("note: no forecast to set against the normals: \(reason)")
                return (.empty(city: city, provenance: fetched.provenance), fetched.value)
            }
            report.provenance = Provenance.combine([report.provenance, fetched.provenance])
            return (report, fetched.value)
        }

        /// This month's highs so far from the archive (before `today`); none when the month has
        /// just begun or the archive cannot be had (the view then shows the normals and the forecast).
        static func observed(_ run: WeatherFlow, _ city: City, month today: LocalDate) async -> [LocalDate: Double] {
            let first = LocalDate(year: today.year, month: today.month, day: 1)
            guard first < today else { return [:] }
            let endpoint = ClimateNormals.observedHighs(latitude: city.latitude, longitude: city.longitude, from: first, to: today.adding(days: -1))
            return (try? await run.service.client.fetch(endpoint).value) ?? [:]
        }
    }
}

/// `weather normals` as text and JSON: each day of the month the normals cover, the usual high
/// (its mean and 10th–90th percentile range), the usual low, the usual precipitation, and the
/// forecast's high where the forecast reaches, on a band drawn across the month's scale.
package struct NormalsView: Sendable {
    package var format: WeatherFormat
    package var style: Style

    package func text(_ report: WeatherReport, _ normals: ClimateNormals, observed: [LocalDate: Double], month: LocalDate) -> String {
        let days = Self.days(normals, month: month)
        let forecast = Dictionary(report.daily.map { ($0.date, $0.maximum) }) { first, _ in first }
        let scale = (days.map(\.1.low.low).min() ?? 0, days.map(\.1.high.high).max() ?? 0)
        // No column of blanks: the observed highs only when the archive had some.
        let seen = days.contains { observed[$0.0] != nil }
        var table = Table(
            [.init("Date"), .init("Usual high", .right), .init("Range", .right), .init("Usual low", .right), .init("Precip", .right)]
                + (seen ? [.init("Observed", .right)] : []) + [.init("Forecast", .right), .init("Band")])
        for (date, day) in days {
            let high = forecast[date]
            let usual = [
                date.shortText, format.temperature(day.high.mean), format.temperature(day.high.low) + "…" + format.temperature(day.high.high),
                format.temperature(day.low.mean), format.precipitation(day.precipitation.mean),
            ]
            let mark = Self.band(day, mark: observed[date] ?? high, observed: observed[date] != nil, scale: scale, width: 24)
            table.add(usual + (seen ? [observed[date].map(format.temperature) ?? ""] : []) + [high.map(format.temperature) ?? "", mark])
        }
        table.leaveOutFirst(["Band", "Precip", "Usual low", "Observed"])
        let heading = WeatherView.heading(
            "Normals, \(LocalDate.monthNames[month.month - 1]) — \(report.city.label)", report.city.coordinatesText, style: style)
        let note = style.dim(
            "The usual high is the mean of \(normals.period)'s highs within a week of the day; the range holds 8 in 10 of them; ○ the day's observed high (the archive), ● the forecast's."
        )
        return [
            heading, "", table.render(style: style), "", note,
            style.footer(["Source: \(report.provenance.label(now: Date()))", "normals \(normals.period) from Open-Meteo's archive (ERA5)"]),
        ].joined(separator: "\n")
    }

    /// Every day of `year` the normals cover, in order.
    static func days(_ normals: ClimateNormals, year: Int) -> [(LocalDate, ClimateNormals.Day)] {
        (1...12).flatMap { days(normals, month: LocalDate(year: year, month: $0, day: 1)) }
    }

    /// The year a row a month: the means of the month's days' usual high, low and high's range,
    /// the month's usual precipitation (the sum of its days' means); months the normals do not
    /// cover are left out.
    package func yearText(_ report: WeatherReport, _ normals: ClimateNormals, _ days: [(LocalDate, ClimateNormals.Day)]) -> String {
        var table = Table([
            .init("Month"), .init("Usual high", .right), .init("Range", .right), .init("Usual low", .right), .init("Precipitation", .right),
        ])
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        for month in 1...12 {
            let its = days.filter { $0.0.month == month }.map(\.1)
            guard !its.isEmpty else { continue }
            table.add([
                LocalDate.monthNames[month - 1], format.temperature(mean(its.map(\.high.mean))),
                format.temperature(mean(its.map(\.high.low))) + "…" + format.temperature(mean(its.map(\.high.high))),
                format.temperature(mean(its.map(\.low.mean))), format.precipitation(its.map(\.precipitation.mean).reduce(0, +)),
            ])
        }
        let heading = WeatherView.heading("Normals, the year — \(report.city.label)", report.city.coordinatesText, style: style)
        let note = style.dim("Each month: the means of its days' normals (\(normals.period)); the precipitation is the month's usual total.")
        let footer = style.footer(["Source: \(report.provenance.label(now: Date()))", "normals \(normals.period) from Open-Meteo's archive (ERA5)"])
        return [heading, "", table.render(style: style), "", note, footer].joined(separator: "\n")
    }

    /// The month's days the normals cover, in order.
    static func days(_ normals: ClimateNormals, month: LocalDate) -> [(LocalDate, ClimateNormals.Day)] {
        (1...LocalDate.daysIn(month: month.month, year: month.year)).compactMap { number in
            let date = LocalDate(year: month.year, month: month.month, day: number)
            return normals.day(date).map { (date, $0) }
        }
    }

    /// `  ░░░██●██░░ `: on the month's scale, `░` the high's usual range, `█` from the usual low to
    /// the usual high, `○` the observed high or `●` the forecast's.
    static func band(_ day: ClimateNormals.Day, mark value: Double?, observed: Bool, scale: (Double, Double), width: Int) -> String {
        let column = { WeatherView.barColumn($0, scale: scale, width: width) }
        let (rangeStart, rangeEnd) = (column(day.high.low), column(day.high.high))
        let (coreStart, coreEnd) = (column(day.low.mean), column(day.high.mean))
        let mark = value.map(column)
        return String(
            (0..<width).map { index -> Character in
                if index == mark { return observed ? "○" : "●" }
                if (coreStart...max(coreStart, coreEnd)).contains(index) { return "█" }
                if (rangeStart...max(rangeStart, rangeEnd)).contains(index) { return "░" }
                return " "
            })
    }

    /// `weather normals --json` (docs/json.md): every number with its period and source.
    package struct Document: Encodable {
        var place: City
        var period, source: String
        var days: [Day]

        struct Day: Encodable {
            var date: LocalDate
            var high, low, precipitation: ClimateNormals.Band
            var observedHigh, forecastHigh: Double?
        }
    }

    package static func json(
        _ report: WeatherReport, _ normals: ClimateNormals, observed: [LocalDate: Double], days: [(LocalDate, ClimateNormals.Day)]
    ) -> Sourced<Document> {
        let forecast = Dictionary(report.daily.map { ($0.date, $0.maximum) }) { first, _ in first }
        let days = days.map { date, day in
            Document.Day(
                date: date, high: day.high, low: day.low, precipitation: day.precipitation, observedHigh: observed[date], forecastHigh: forecast[date]
            )
        }
        return Sourced(Document(place: report.city, period: normals.period, source: "Open-Meteo archive (ERA5)", days: days), report.provenance)
    }
}
