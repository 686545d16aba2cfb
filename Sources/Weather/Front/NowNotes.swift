import FrontKit
import Weather

/// The lines `weather now` adds under the conditions when they matter (docs/weather.md): the
/// official warnings in force or announced (in their level's colour, at most three), rain within
/// the next two hours, and the air at moderate or worse. Each is asked beside the forecast; one
/// that cannot be had is left out, never failing the view.
package enum NowNotes {
    /// Warnings shown before "and N more".
    static let warningsShown = 3

    package static func lines(for city: City, service: WeatherService, settings: WeatherSettings, style: Style) async -> [String] {
        let city = WeatherService.withZone(city)
        let format = WeatherFormat(settings: settings, timeZone: city.timeZone)
        async let warnings = try? service.warnings(for: city)
        async let rain = try? service.nowcast(for: city)
        async let air = try? service.air(for: city, scale: nil)
        var lines = await warnings.map { warningLines($0, format: format, style: style) } ?? []
        if let sentence = await rain?.sentence, sentence.expectsRain {
            lines.append("☔ " + sentence.sentence(clock: format.time) + " (weather rain)")
        }
        if let air = await air?.air, air.matters { lines.append("Air: " + RainAndAirView.headline(air) + " (weather air)") }
        return lines
    }

    /// `⚠ Yellow · moderate — Snow until Sat 21 Nov 2026, 10:00, MET Norway (weather warnings)`, one
    /// a warning, worst first, with its issuer; an announced one says when it starts.
    static func warningLines(_ report: WarningsReport, format: WeatherFormat, style: Style) -> [String] {
        let lines = report.warnings.prefix(warningsShown).map { warning in
            let start = warning.inForce(at: report.asOf) ? "" : warning.onset.map { " from " + format.dateTime($0) } ?? ""
            let end = warning.expires.map { " until " + format.dateTime($0) } ?? ""
            let text = "⚠ " + WarningsView.grade(warning) + " — " + warning.event + start + end + ", " + warning.sender + " (weather warnings)"
            return WarningsView.paint(text, warning, style: style)
        }
        let more = report.warnings.count - lines.count
        return lines + (more > 0 ? ["and \(more) more (weather warnings)"] : [])
    }
}
