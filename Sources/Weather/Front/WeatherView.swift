import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// Human renderings of weather results.
package struct WeatherView {
    package let format: WeatherFormat
    package let style: Style
    package let now: Date

    package init(report: WeatherReport, settings: WeatherSettings, style: Style, now: Date) {
        self.format = WeatherFormat(settings: settings, timeZone: report.city.timeZone)
        self.style = style
        self.now = now
    }

    /// `7-day forecast — Oslo, Norway  59.91°N 10.75°E`; the coordinates on a line of their own
    /// when the line would be wider than the terminal, the title wrapped between words.
    package func header(_ report: WeatherReport, _ title: String) -> String {
        Self.heading("\(title) — \(report.city.label)", report.city.coordinatesText, style: style)
    }

    /// A view's heading (bold) and its place's coordinates (dim), by the width rule.
    package static func heading(_ title: String, _ coordinates: String, style: Style) -> String {
        let line = title + "  " + coordinates
        guard let columns = style.columns, Style.width(line) > columns else { return style.bold(title) + style.dim("  \(coordinates)") }
        return Style.wrap(title, width: columns).map(style.bold).joined(separator: "\n") + "\n" + style.dim(coordinates)
    }

    /// `Source: live · MET Norway Locationforecast · Data from MET Norway`: where the data came
    /// from, which product answered, and the credit its licence asks for.
    package func footer(_ report: WeatherReport) -> String {
        var parts = ["Source: \(report.provenance.label(now: now))", Self.product(report.model)]
        if let filled = report.dailyModel { parts.append("days from " + Self.product(filled)) }
        if report.chancesModel == .outlook { parts.append("chance of precipitation from the GFS ensemble") }
        if report.model != .outlook, report.daily.contains(where: { $0.odds != nil }) { parts.append("model odds from the GFS ensemble") }
        if report.uvFromOpenMeteo == true { parts.append("UV index from Open-Meteo") }
        if let normals = report.normals { parts.append("normals \(normals.period) from Open-Meteo's archive (ERA5)") }
        parts += Self.credits(report)
        return style.footer(parts)
    }

    /// The product in a footer: `One Call 3.0`, `MET Norway Locationforecast`, …
    static func product(_ model: WeatherReport.Model) -> String {
        switch model {
        case .free: "free 2.5 forecast (3-hour steps)"
        case .climate: "30-day climate forecast"
        case .oneCall: "One Call 3.0"
        case .met: "MET Norway Locationforecast"
        case .outlook: "ensemble outlook (NOAA GFS, 31 members), not a forecast"
        }
    }

    /// The credit lines the licences of the providers behind a report ask for (CC BY 4.0).
    package static func credits(_ report: WeatherReport) -> [String] {
        var credits: [String] = []
        if report.model == .met || report.dailyModel == .met { credits.append(METNorway.attribution) }
        if report.model == .outlook || report.chancesModel == .outlook || report.uvFromOpenMeteo == true || report.normals != nil
            || report.daily.contains(where: { $0.odds != nil })
        {
            credits.append(OpenMeteo.attribution)
        }
        return credits
    }

    /// `21:05 / 05:41`, computed for the place's day (`MoonTimes`); a day without a rise or a set
    /// says so: `no moonrise / 11:02`.
    func moonTimes(_ city: City, _ date: LocalDate) -> String {
        let times = MoonTimes.of(date, timeZone: city.timeZone, latitude: city.latitude, longitude: city.longitude)
        if let up = times.upAllDay { return up ? "the moon is up all day" : "the moon is down all day" }
        return (times.moonrise.map(format.time) ?? "no moonrise") + " / " + (times.moonset.map(format.time) ?? "no moonset")
    }

    /// `4°C warmer than usual for 20 Nov (usual high 2°C, range −3°C to 6°C, 1991–2020)`: the
    /// day's forecast high against its normal (docs/weather.md, "Normals"); nil without either.
    /// A departure under a degree is "about as warm as usual"; nothing is ever called a record.
    func normalSentence(_ report: WeatherReport, on date: LocalDate) -> String? {
        guard let normals = report.normals, let (normal, celsius) = report.departure(on: date) else { return nil }
        let departure = format.degrees(difference: celsius)
        let unit = format.settings.units == .imperial ? "°F" : "°C"
        let said = departure == 0 ? "About as warm as usual" : "\(abs(departure))\(unit) \(departure > 0 ? "warmer" : "colder") than usual"
        let usual =
            "usual high \(format.temperature(normal.high.mean)), range \(format.temperature(normal.high.low)) to \(format.temperature(normal.high.high))"
        return "\(said) for \(date.dayMonthText) (\(usual), \(normals.period))"
    }

    /// The now view's moon rows: the day's moonrise and moonset, or that the moon stays up or
    /// down all day.
    func moonRows(_ city: City, _ date: LocalDate) -> [(String, String)] {
        let moon = MoonTimes.of(date, timeZone: city.timeZone, latitude: city.latitude, longitude: city.longitude)
        if let up = moon.upAllDay { return [("Moon", up ? "up all day (no moonrise or moonset)" : "down all day (no moonrise or moonset)")] }
        return [("Moonrise", moon.moonrise.map(format.time) ?? "none today"), ("Moonset", moon.moonset.map(format.time) ?? "none today")]
    }

    /// `3.4 — moderate (WHO)`: a UV index to one decimal and the WHO's word for it.
    static func uvText(_ index: Double) -> String { DecimalText.fixed(index, 1) + " — " + WeatherService.uvBand(index) + " (WHO)" }

    /// - Parameter notes: the nowcast's Precipitation row and the lines said between the
    ///   conditions and the footer (the air at moderate or worse, the official warnings: `NowNotes`).
    package func current(_ report: WeatherReport, notes: NowNotes = .none) -> String {
        guard let now = report.current else { return header(report, "Now") + "\nNo current conditions in this answer.\n" + footer(report) }
        let f = format
        // MET Norway's answer has no feels-like, chance or sun times: those parts are left out, not dashed.
        // One answer to "will it rain?": the nowcast's, as `weather rain` words it, where one
        // answers; else the forecast's hour, said so.
        let forecastHour =
            report.model == .met
            ? "\(f.precipitation(now.precipitation)) in the coming hour (forecast\(notes.asked ? "; no nowcast here" : ""))"
            : "\(f.precipitation(now.precipitation)) last hour, \(WeatherFormat.percent(now.precipitationProbability)) chance next hour"
        let precipitation = notes.rain ?? forecastHour
        var rows: [(String, String)] = [
            ("Local time", f.dateTime(now.time)),
            ("Temperature", style.bold(f.temperature(now.temperature)) + (now.feelsLike.map { "  feels like \(f.temperature($0))" } ?? "")),
            ("Conditions", "\(WeatherFormat.icon(now.conditionID)) \(now.description)"),
            ("Humidity", now.humidity.map { "\(Int(rounding: $0, .towardZero))%" } ?? "—"),
            ("Precipitation", precipitation),
            ("Wind", f.windWithDirection(now.windSpeed, now.windDegrees) + (now.windGust.map { ", gusts \(f.wind($0))" } ?? "")),
            ("Pressure", now.pressure.map { "\(Int(rounding: $0, .towardZero)) hPa" } ?? "—"),
        ]
        if let clouds = now.clouds, report.model == .met { rows.append(("Clouds", "\(Int(rounding: clouds))%")) }
        if now.sunrise != nil || now.sunset != nil {
            rows += [
                ("Sunrise", f.time(now.sunrise)), ("Sunset", f.time(now.sunset)),
                ("Daylight", WeatherFormat.duration(from: now.sunrise, to: now.sunset)),
            ]
        }
        if let uvi = now.uvIndex { rows.insert(("UV index", Self.uvText(uvi)), at: 7) }
        rows += moonRows(report.city, LocalDate(now.time, timeZone: report.city.timeZone))
        let body = style.labelled(rows.map { (label: $0.0, value: $0.1) })
        let lines = notes.lines + (normalSentence(report, on: LocalDate(now.time, timeZone: report.city.timeZone)).map { [$0] } ?? [])
        let said = lines.isEmpty ? "" : "\n\n" + lines.map(style.sentence).joined(separator: "\n")
        return header(report, "Now") + "\n\n" + body + said + "\n\n" + footer(report)
    }

    package func forecast(_ report: WeatherReport) -> String {
        if report.model == .outlook, let outlook = report.outlook { return self.outlook(report, outlook) }
        // The climate forecast has amounts but no chance of precipitation: no column of dashes.
        let chance = report.daily.contains { $0.precipitationProbability != nil }
        var columns: [Table.Column] = [.init("Date"), .init("Min", .right), .init("Max", .right), .init("Conditions")]
        if chance { columns.append(.init("Precip", .right)) }
        let odds = report.daily.contains { $0.odds != nil }
        let uv = report.daily.contains { $0.uvIndex != nil }
        var table = Table(columns + [.init("Amount", .right), .init("Wind")] + (uv ? [.init("UV", .right)] : []) + (odds ? Self.oddsColumns : []))
        for day in report.daily {
            var cells = [
                day.date.shortText, format.temperature(day.minimum), style.bold(format.temperature(day.maximum)),
                "\(WeatherFormat.icon(day.conditionID)) \(day.description)",
            ]
            if chance { cells.append(WeatherFormat.percent(day.precipitationProbability)) }
            cells += [format.precipitation(day.precipitation), format.windWithDirection(day.windSpeed, day.windDegrees)]
            if uv { cells.append(day.uvIndex.map { "\(Int(rounding: $0))" } ?? "—") }
            table.add(cells + (odds ? oddsCells(day.odds) : []))
        }
        table.leaveOutFirst(["Agree", "UV", "Wind", "Model odds", "Amount", "Precip"])
        let note =
            (odds ? "\n\n" + oddsNote : "")
            + (report.daily.first.flatMap { normalSentence(report, on: $0.date) }.map { "\n\n" + style.sentence($0) } ?? "")
        return header(report, "\(report.daily.count)-day forecast") + "\n\n" + table.render(style: style) + note + "\n\n" + footer(report)
    }

    package func hourly(_ report: WeatherReport) -> String {
        // A provider without feels-like or chances (MET Norway) gets no column of dashes; its
        // amounts are shown instead of the chance.
        let feels = report.hourly.contains { $0.feelsLike != nil }
        let chance = report.hourly.contains { $0.precipitationProbability != nil }
        var columns: [Table.Column] = [.init("Time"), .init("Temp", .right)]
        if feels { columns.append(.init("Feels", .right)) }
        columns.append(chance ? .init("Precip", .right) : .init("Amount", .right))
        var table = Table(columns + [.init("Wind"), .init("Clouds", .right), .init("Humidity", .right), .init("Conditions")])
        var lastDate: LocalDate?
        for hour in report.hourly {
            let date = LocalDate(hour.time, timeZone: report.city.timeZone)
            let time = (date != lastDate ? date.shortText + " " : String(repeating: " ", count: date.shortText.count + 1)) + format.time(hour.time)
            lastDate = date
            var cells = [time, format.temperature(hour.temperature)]
            if feels { cells.append(format.temperature(hour.feelsLike)) }
            cells.append(chance ? WeatherFormat.percent(hour.precipitationProbability) : format.precipitation(hour.precipitation))
            table.add(
                cells + [
                    format.windWithDirection(hour.windSpeed, hour.windDegrees), hour.clouds.map { "\(Int(rounding: $0))%" } ?? "—",
                    hour.humidity.map { "\(Int(rounding: $0))%" } ?? "—", "\(WeatherFormat.icon(hour.conditionID)) \(hour.description)",
                ])
        }
        table.leaveOutFirst(["Humidity", "Clouds", "Feels", "Wind", "Amount", "Precip"])
        var text =
            header(report, "Next \(report.hourly.count) \(report.model == .free ? "3-hour steps" : "hours")") + "\n\n" + table.render(style: style)
        let chart = temperatureChart(report)
        if !chart.isEmpty { text += "\n\n" + chart }
        return text + "\n\n" + footer(report)
    }

    /// One hour in detail: the rows of `hourly`'s table for that hour, labelled.
    package func hour(_ report: WeatherReport, at index: Int) -> String {
        guard report.hourly.indices.contains(index) else { return "" }
        let hour = report.hourly[index]
        let f = format
        // A provider without chances (MET Norway) gives the amount alone, not "— chance".
        let chance = hour.precipitationProbability.map { "\(WeatherFormat.percent($0)) chance, " } ?? ""
        let rows: [(String, String)] = [
            ("Time", f.dateTime(hour.time)),
            ("Temperature", style.bold(f.temperature(hour.temperature)) + "  feels like \(f.temperature(hour.feelsLike))"),
            ("Conditions", "\(WeatherFormat.icon(hour.conditionID)) \(hour.description)"),
            ("Precipitation", chance + f.precipitation(hour.precipitation)),
            ("Wind", f.windWithDirection(hour.windSpeed, hour.windDegrees)),
            ("Clouds", hour.clouds.map { "\(Int(rounding: $0, .towardZero))%" } ?? "—"),
            ("Humidity", hour.humidity.map { "\(Int(rounding: $0, .towardZero))%" } ?? "—"),
        ]
        return rows.map { $0.0.padding(toLength: 13, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    }

    /// The temperature across the hours as a chart (empty without colour or with one hour).
    package func temperatureChart(_ report: WeatherReport, width: Int = 48) -> String {
        guard style.enabled, report.hourly.count > 1 else { return "" }
        let temps = report.hourly.map { WeatherFormat.convert(celsius: $0.temperature, to: format.settings.units) }
        let unit = format.settings.units == .imperial ? "°F" : "°C"
        let ends = (format.time(report.hourly[0].time), format.time(report.hourly[report.hourly.count - 1].time))
        return LineChart.render(temps, height: 6, width: width, unicode: style.unicode, span: ends) {
            // The tables' minus sign (−), not a hyphen.
            let value = Int(rounding: $0)
            return (value < 0 ? "−\(-value)" : "\(value)") + unit
        }
    }

    package func day(_ report: WeatherReport, _ day: DayForecast) -> String {
        let f = format
        var table = Table([.init(""), .init("Morning", .right), .init("Day", .right), .init("Evening", .right), .init("Night", .right)])
        let feels = [day.feelsMorning, day.feelsDay, day.feelsEvening, day.feelsNight]
        table.add(["Temperature"] + [day.morning, day.day, day.evening, day.night].map(f.temperature))
        if feels.contains(where: { $0 != nil }) { table.add(["Feels like"] + feels.map(f.temperature)) }
        let chance = day.precipitationProbability.map { "\(WeatherFormat.percent($0)) chance, " } ?? ""
        var rows: [(String, String)] = [
            ("Min / max", "\(f.temperature(day.minimum)) / \(f.temperature(day.maximum))"),
            ("Conditions", "\(WeatherFormat.icon(day.conditionID)) \(day.description)"),
            ("Precipitation", chance + f.precipitation(day.precipitation)),
            ("Wind", f.windWithDirection(day.windSpeed, day.windDegrees) + (day.windGust.map { ", gusts \(f.wind($0))" } ?? "")),
            ("Humidity", day.humidity.map { "\(Int(rounding: $0))%" } ?? "—"),
        ]
        // What a provider does not give and cannot be computed (MET Norway: UV) is left out, not dashed.
        if let uvi = day.uvIndex { rows.append(("UV index", Self.uvText(uvi))) }
        if day.sunrise != nil || day.sunset != nil {
            rows.append(
                ("Sunrise / sunset", "\(f.time(day.sunrise)) / \(f.time(day.sunset)) (\(WeatherFormat.duration(from: day.sunrise, to: day.sunset)))"))
        }
        rows.append(("Moonrise / set", moonTimes(report.city, day.date)))
        if day.moonPhase != nil { rows.append(("Moon", WeatherFormat.moonPhase(day.moonPhase))) }
        table.leaveOutFirst(["Night", "Morning"])
        var text = header(report, day.date.longText) + "\n\n" + table.render(style: style) + "\n\n"
        text += style.labelled(rows.map { (label: $0.0, value: $0.1) })
        if let summary = day.summary { text += "\n\n" + style.sentence(summary + ".") }
        return text + "\n\n" + footer(report)
    }

    package static func cities(_ document: WeatherDocument, style: Style) -> String {
        if document.cities.isEmpty { return "No saved cities. Add one with: almanac weather add NAME" }
        var table = Table([.init("#", .right), .init("City"), .init("Default"), .init("Coordinates"), .init("Time zone")])
        table.leaveOutFirst(["Time zone", "Coordinates"])
        for (index, city) in document.cities.enumerated() {
            let zone = city.timeZoneIdentifier ?? city.utcOffset.map { "UTC\($0 >= 0 ? "+" : "")\(Double($0) / 3600)" } ?? "—"
            table.add([String(document.id(at: index)), city.label, index == document.defaultIndex ? "yes" : "", city.coordinatesText, zone])
        }
        return table.render(style: style)
    }

    package static func settings(_ settings: WeatherSettings) -> String {
        """
        Units     \(settings.units.rawValue)
        Wind      \(settings.wind.label)
        Time      \(settings.time.rawValue)-hour
        Language  \(settings.lang)
        Provider  \((settings.provider ?? .auto).rawValue)
        """
    }
}
