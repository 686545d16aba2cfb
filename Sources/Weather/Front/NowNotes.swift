import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// What `weather now` says beside the forecast (docs/weather.md): the coming rain as the
/// nowcast has it, for the Precipitation row — the same words as `weather rain`, so the view gives
/// one answer to "will it rain?" — and the lines under the conditions when they matter: the
/// official warnings in force or announced (in their level's colour, at most three) and the air
/// at moderate or worse. Each is asked beside the forecast; one that cannot be had is left out,
/// never failing the view.
package struct NowNotes: Sendable {
    /// Warnings shown before "and N more".
    static let warningsShown = 3

    /// The Precipitation row from the nowcast (`No rain expected in the next 2 hours (nowcast;
    /// weather rain)`); nil where none answers: the row is then the forecast's hour, said so.
    package var rain: String?
    /// The lines under the conditions.
    package var lines: [String]
    /// Whether the nowcast was asked (false: not yet, or not for this view).
    package var asked = true

    /// Nothing asked: no nowcast, no lines.
    package static let none = NowNotes(rain: nil, lines: [], asked: false)

    package static func asked(for city: City, service: WeatherService, settings: WeatherSettings, style: Style) async -> NowNotes {
        let city = WeatherService.withZone(city)
        let format = WeatherFormat(settings: settings, timeZone: city.timeZone)
        async let warnings = try? service.warnings(for: city)
        async let nowcast = try? service.nowcast(for: city)
        async let air = try? service.air(for: city, scale: nil)
        var lines = await warnings.map { warningLines($0, format: format, style: style) } ?? []
        if let air = await air?.air, air.matters { lines.append("Air: " + RainAndAirView.headline(air) + " (weather air)") }
        return NowNotes(rain: await nowcast.map { rainRow($0, clock: format.time) }, lines: lines)
    }

    /// The nowcast's sentence without its full stop, and the command that says more (with its
    /// strip and its source).
    static func rainRow(_ answer: WeatherService.NowcastAnswer, clock: (Date) -> String) -> String {
        var sentence = answer.sentence.sentence(clock: clock)
        if sentence.hasSuffix(".") { sentence.removeLast() }
        return "\(sentence) (nowcast; weather rain)"
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
