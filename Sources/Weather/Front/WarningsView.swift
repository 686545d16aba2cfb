import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// `weather warnings` as text (docs/weather.md, "Official warnings"): each warning worst first —
/// its level or severity, event, headline, when (in the place's own clock), areas, description
/// and what to do — then the issuer and the source; one sentence when there is none, or when no
/// service is wired for the place.
package struct WarningsView: Sendable {
    package var format: WeatherFormat
    package var style: Style
    /// The clock's instant, for the source's age.
    package var now: Date

    package init(city: City, settings: WeatherSettings, style: Style, now: Date) {
        (self.format, self.style, self.now) = (WeatherFormat(settings: settings, timeZone: city.timeZone), style, now)
    }

    package func text(_ report: WarningsReport) -> String {
        let city = report.city
        let heading = WeatherView.heading("Official warnings — \(city.label)", city.coordinatesText, style: style)
        guard let service = report.service else {
            let sentence = "No official warning service is wired for \(city.label): Almanac asks \(WarningService.everyService)."
            return [heading, style.sentence(sentence)].joined(separator: "\n")
        }
        var lines = [heading]
        if report.warnings.isEmpty {
            lines.append(style.sentence("No official warning from \(service.issuer(for: city)) is in force or announced."))
        }
        for warning in report.warnings { lines += [""] + block(warning, asOf: report.asOf) }
        lines += unplaced(report)
        lines += ["", style.footer(["Source: \(report.provenance?.label(now: now) ?? "none")", Self.credit(service)])]
        return lines.joined(separator: "\n")
    }

    /// The country's warnings whose areas cannot be placed, apart: the worst `unplacedShown`, one
    /// line each, then how many more (`--json` lists every one). Never said to be the place's.
    func unplaced(_ report: WarningsReport) -> [String] {
        guard !report.unplaced.isEmpty else { return [] }
        let country = report.city.country ?? report.city.placedCountryCode.flatMap(CountryName.english)
        let count = report.unplaced.count
        var lines = [
            "", style.dim("Not placed: \(count) more for \(country ?? "the country") in areas Almanac cannot place, so not said to be here:"),
        ]
        for warning in report.unplaced.prefix(Self.unplacedShown) {
            let areas = warning.areas.isEmpty ? "" : " (" + warning.areas.joined(separator: "; ") + ")"
            let end = warning.expires.map { ", until " + format.dateTime($0) } ?? ""
            lines.append(style.dim("  " + Self.grade(warning) + " — " + warning.event + areas + end))
        }
        if count > Self.unplacedShown { lines.append(style.dim("  and \(count - Self.unplacedShown) more (--json lists them)")) }
        return lines
    }

    /// How many unplaced warnings the text lists before saying how many more.
    static let unplacedShown = 3

    /// One warning's lines.
    func block(_ warning: OfficialWarning, asOf: Date) -> [String] {
        var lines = [Self.paint("⚠ " + Self.grade(warning) + " — " + warning.event, warning, style: style)]
        lines.append(style.sentence(warning.headline))
        lines.append(style.sentence(when(warning, asOf: asOf)))
        if !warning.areas.isEmpty { lines.append(style.sentence("Areas: " + warning.areas.joined(separator: "; "))) }
        if let description = warning.description { lines.append(style.sentence(description)) }
        if let instruction = warning.instruction { lines.append(style.sentence("What to do: " + instruction)) }
        lines.append(style.dim("Issued by " + warning.sender))
        return lines
    }

    /// `From Fri 20 Nov 2026, 14:00 until Sat 21 Nov 2026, 06:00` in the place's clock; `In force
    /// since …` when it had begun at `asOf` (now, or a sample's recording).
    func when(_ warning: OfficialWarning, asOf: Date) -> String {
        let since = warning.onset.map { " since " + format.dateTime($0) } ?? ""
        let start = warning.inForce(at: asOf) ? "In force" + since : warning.onset.map { "From " + format.dateTime($0) } ?? "Announced"
        return start + (warning.expires.map { " until " + format.dateTime($0) } ?? ", until further notice")
    }

    /// The level's colour word and the severity: `Yellow · moderate`, `Severe`, `Unknown severity`.
    static func grade(_ warning: OfficialWarning) -> String {
        let severity = warning.severity?.rawValue
        guard let level = warning.level else { return severity.map(OfficialWarnings.readable) ?? "Unknown severity" }
        return OfficialWarnings.readable(level) + (severity.map { " · " + $0 } ?? "")
    }

    /// `text` in the warning's level colour (the NWS's severity mapped to one), bold.
    static func paint(_ text: String, _ warning: OfficialWarning, style: Style) -> String {
        switch warning.level ?? warning.severity.map(OfficialWarnings.level) {
        case "yellow": style.bold(style.yellow(text))
        case "orange": style.bold(style.color256(text, 208))
        case "red", "dark red": style.boldRed(text)
        default: style.bold(text)
        }
    }

    /// Each service's credit line and terms.
    static func credit(_ service: WarningService) -> String {
        switch service {
        case .metNorway: METNorway.attribution + " (CC BY 4.0)"
        case .nationalWeatherService: NationalWeatherService.attribution
        case .brightSky: BrightSky.attribution
        case .meteoAlarm: MeteoAlarm.attribution
        case .eccc: ECCC.attribution
        case .imd, .roshydromet, .kazhydromet, .smg, .metservice, .hko: service.capFeed?.attribution ?? service.rawValue
        }
    }
}
