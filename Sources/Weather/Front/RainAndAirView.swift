import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// `weather rain` and `weather air` as text (docs/weather.md, "Rain in the next two hours", "Air
/// quality"): a strip of the next two hours and its sentence; the index, its band, the pollutant
/// that sets it, the next 24 hours and the pollen.
package struct RainAndAirView: Sendable {
    package var city: City
    package var format: WeatherFormat
    package var style: Style
    package var now: Date

    package init(city: City, settings: WeatherSettings, style: Style, now: Date) {
        self.city = city
        self.format = WeatherFormat(settings: settings, timeZone: city.timeZone)
        self.style = style
        self.now = now
    }

    /// A cell per step: `·` dry, `▁`…`█` by rate (mm/h), `?` for a step without a value.
    package static func cell(_ rate: Double?) -> String {
        guard let rate else { return "?" }
        guard rate >= Nowcast.wet else { return "·" }
        let bounds: [Double] = [0.5, 1, 2.5, 4, 7.6, 15, 30]
        let blocks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return blocks[bounds.firstIndex { rate < $0 } ?? bounds.count]
    }

    package func rain(_ answer: WeatherService.NowcastAnswer) -> String {
        let steps = answer.upcoming
        let end = steps.last.map { $0.time.addingTimeInterval(TimeInterval(answer.nowcast.source.minutes * 60)) }
        let strip = "\(format.time(steps.first?.time)) " + steps.map { Self.cell($0.millimetresPerHour) }.joined() + " \(format.time(end))"
        let credit = answer.nowcast.source == .radar ? METNorway.attribution : OpenMeteo.attribution
        return [
            WeatherView.heading("Rain, the next 2 hours — \(city.label)", city.coordinatesText, style: style), strip,
            style.sentence(answer.sentence.sentence(clock: format.time)),
            style.footer(["Source: \(answer.provenance.label(now: now))", answer.nowcast.source.words, credit]),
        ].joined(separator: "\n")
    }

    package func air(_ air: AirQuality, provenance: Provenance) -> String {
        var lines = [WeatherView.heading("Air quality — \(city.label)", city.coordinatesText, style: style)]
        lines.append(style.sentence(Self.headline(air)))
        lines.append(style.joined(air.pollutants.map { "\($0.name) \(Self.concentration($0.microgramsPerCubicMetre))" }))
        if let peak = air.peak {
            lines.append(
                style.sentence(
                    "Next 24 hours: highest \(Int(rounding: peak.index)) (\(air.scale.band(peak.index).words)) at \(format.time(peak.time))"))
        }
        let pollen = air.pollen.filter { $0.grains > 0 }
        if !pollen.isEmpty {
            lines.append(style.sentence("Pollen: " + pollen.map { "\($0.kind) \(Int(rounding: $0.grains)) grains/m³" }.joined(separator: ", ")))
        }
        lines.append(style.footer(["Source: \(provenance.label(now: now))", "Open-Meteo air quality (CAMS)", OpenMeteo.attribution]))
        return lines.joined(separator: "\n")
    }

    /// `European AQI 45, moderate — set by PM2.5 (18.2 µg/m³)`.
    package static func headline(_ air: AirQuality) -> String {
        guard let index = air.index else { return "\(air.scale.name): no value in this answer" }
        let set = air.dominant.map { " — set by \($0.name) (\(concentration($0.microgramsPerCubicMetre)))" } ?? ""
        return "\(air.scale.name) \(Int(rounding: index)), \(air.scale.band(index).words)\(set)"
    }

    /// `18.2 µg/m³`, `—` when not given.
    static func concentration(_ value: Double?) -> String { value.map { DecimalText.fixed($0, 1) + " µg/m³" } ?? "—" }
}
