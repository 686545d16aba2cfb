import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import Weather

/// The weather codes of a status line (wttr.in's, same meanings), for one place at one moment.
/// Values the provider does not send are computed where they can be (feels-like, sun and moon
/// times, the moon's phase); what cannot be had is the template's placeholder (docs/status-bars.md).
package struct WeatherGlance: Sendable {
    /// Every weather code, in the order `--help` and errors list them.
    package static let codes: [Character] = Array("cCxtfhwpoPumMDSzsdTZlraWHLNRUV+")
    /// The codes shown without the forecast: the place, the moon, the sun, the clock (computed),
    /// rain, air and warnings (their own answers).
    package static let codesWithoutForecast: Set<Character> = Set("lmMDSzsdTZraWUV")

    package let city: City
    /// The answer; nil when none could be had in time (every code but `%l`, `%m`, `%M`, the sun's
    /// times and the clock shows the placeholder).
    package let report: WeatherReport?
    package let format: WeatherFormat
    package let now: Date
    /// `ALMANAC_TODAY` when pinned: the day the sun and moon are worked out for, whatever the
    /// clock's time of day makes of it at the place.
    package var pinnedDay: LocalDate?
    /// `%r` (rain in the next two hours, short: `☔ 14:30`, `☔ now`, empty when dry) and `%a`
    /// (`AQI 45`), when the line asked for them and they came (`WeatherGlances.extras`).
    package var extras: [Character: String] = [:]
    /// The place's official warnings, when the line asked for `%W` and the service answered.
    package var warnings: WarningsReport?
    /// Whether the line asked for `%W` (so that no answer reads as unknown, not as no warning).
    package var asksWarnings = false

    /// The line asked for `%W` and cannot say whether a warning is in force: no service for the
    /// place, or no answer from it.
    package var warningsUnknown: Bool { asksWarnings && [.unsupported, .unavailable].contains(warnings?.state ?? .unavailable) }

    /// The worst official warning in force (`%W`, waybar's class); nil when none is or none came.
    package var warning: OfficialWarning? { warnings?.inForce.first }

    package init(city: City, report: WeatherReport?, settings: WeatherSettings, now: Date, pinnedDay: LocalDate? = nil) {
        self.city = city
        self.report = report
        self.format = WeatherFormat(settings: settings, timeZone: city.timeZone)
        self.now = now
        self.pinnedDay = pinnedDay
    }

    private var current: CurrentConditions? { report?.current }
    /// The moment the line describes: the current conditions' (a recording's for sample data,
    /// so its sun, moon and today agree with its weather), else now. `%T` is always the clock.
    package var moment: Date { current?.time ?? now }

    /// The day of `moment` at the place.
    private var today: DayForecast? {
        let date = LocalDate(moment, timeZone: city.timeZone)
        return report?.daily.first { $0.date == date }
    }

    /// Today's forecast high against its 1991–2020 normal, signed in whole degrees of the line's
    /// units: `+3°`, `-1°`, `±0°` (docs/weather.md, "Normals").
    private var departure: String? {
        guard let today, let departure = report?.departure(on: today.date) else { return nil }
        let value = format.degrees(difference: departure.celsius)
        return (value > 0 ? "+\(value)" : value < 0 ? "-\(-value)" : "±0") + "°"
    }

    /// The day after `moment`'s at the place.
    private var tomorrow: DayForecast? {
        let date = LocalDate(moment, timeZone: city.timeZone).adding(days: 1)
        return report?.daily.first { $0.date == date }
    }

    /// The text for `code`; nil when it cannot be had.
    package func value(_ code: Character) -> String? {
        switch code {
        case "c": current.map { WeatherFormat.icon($0.conditionID) }
        case "C": current.map { $0.description.prefix(1).uppercased() + $0.description.dropFirst() }
        case "x": current.map { Self.plainSymbol($0.conditionID) }
        case "t": current.map { signed($0.temperature) }
        case "f": current.map { signed($0.feelsLike ?? FeelsLike.celsius(temperature: $0.temperature, humidity: $0.humidity, wind: $0.windSpeed)) }
        case "h": current?.humidity.map { "\(Int(rounding: $0))%" }
        case "w": current.flatMap(wind)
        case "p": current.map { format.precipitationParts($0.precipitation) }.map { $0.amount + $0.unit }
        case "o": chance.map { WeatherFormat.percent($0) }
        case "P": current?.pressure.map { "\(Int(rounding: $0))hPa" }
        case "u": (current?.uvIndex ?? today?.uvIndex).map { "\(Int(rounding: $0))" }
        case "r", "a": extras[code]
        // Not wttr.in's: today's high and low, tomorrow in brief, today's model odds of rain.
        case "H": today.map { signed($0.maximum) }
        case "L": today.map { signed($0.minimum) }
        case "N": tomorrow.map { "\(WeatherFormat.icon($0.conditionID)) \(signed($0.maximum))/\(signed($0.minimum))" }
        case "R": today?.odds.map { "\($0.rain)/\($0.runs)" }
        case "+": departure
        // Unknown — no service for the place, or none answered — is the placeholder, never the
        // empty "no warning".
        case "W": warningsUnknown ? nil : warnings.map { Self.warningText($0.inForce.first) }
        default: timeValue(code)
        }
    }

    /// Whether the line is drawn from the sample data: it is then shown as of its recording,
    /// and marked (`GlanceMark`).
    package var isSample: Bool { report?.provenance.origin == .fixture }

    /// The codes that need no answer: the place, the moon, the sun's times and the clock —
    /// computed for the real date and place (docs/architecture.md §3, "One today"), or for sample
    /// data the recording's day, so no line mixes two days; the provider's own sun times only
    /// when they are for that day. `%T` is always the clock.
    private func timeValue(_ code: Character) -> String? {
        let day = isSample ? LocalDate(moment, timeZone: city.timeZone) : pinnedDay ?? LocalDate(now, timeZone: city.timeZone)
        let sent = current.flatMap { LocalDate($0.time, timeZone: city.timeZone) == day ? $0 : nil }
        let moon = { (date: Date) in MoonPhase(at: isSample ? moment : pinnedDay?.middayUTC ?? date) }
        switch code {
        case "l": return city.displayName
        case "m": return moon(now).icon
        case "M": return "\(Int(moon(now).age))"
        case "D": return SunTimes.twilight(day, latitude: city.latitude, longitude: city.longitude).dawn.map(format.time)
        case "S": return (sent?.sunrise ?? SunTimes.of(day, latitude: city.latitude, longitude: city.longitude).sunrise).map(format.time)
        case "z": return format.time(SunTimes.solarNoon(day, longitude: city.longitude))
        case "s": return (sent?.sunset ?? SunTimes.of(day, latitude: city.latitude, longitude: city.longitude).sunset).map(format.time)
        case "d": return SunTimes.twilight(day, latitude: city.latitude, longitude: city.longitude).dusk.map(format.time)
        case "T": return format.time(now)
        case "Z": return city.timeZoneIdentifier ?? zoneOffset
        // Not wttr.in's: moonrise and moonset (computed; `none` on a day without one).
        case "U", "V":
            let times = MoonTimes.of(day, timeZone: city.timeZone, latitude: city.latitude, longitude: city.longitude)
            return (code == "U" ? times.moonrise : times.moonset).map(format.time) ?? "none"
        default: return nil
        }
    }

    /// The chance of precipitation: this hour's, else today's.
    private var chance: Double? {
        current?.precipitationProbability ?? report?.hourly.first?.precipitationProbability ?? today?.precipitationProbability
    }

    /// `+7°C`, `-3°C`: signed, as wttr.in prints it.
    private func signed(_ celsius: Double) -> String {
        let (value, unit) = format.temperatureParts(celsius)
        return (value > 0 ? "+" : "") + "\(value)" + unit
    }

    /// `↙11km/h`: an arrow the way the wind blows, then the speed.
    private func wind(_ current: CurrentConditions) -> String? {
        guard let speed = current.windSpeed else { return nil }
        let arrow = current.windDegrees.map { Self.arrow($0) } ?? ""
        let (value, unit) = format.windParts(speed)
        return arrow + "\(value)" + unit
    }

    /// The arrow for a wind from `degrees`: from the north it blows south, `↓`.
    static func arrow(_ degrees: Double) -> String {
        let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]
        let normalised = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return arrows[Int((normalised + 22.5) / 45) % 8]
    }

    /// `UTC+05:30` when only the offset is known.
    private var zoneOffset: String {
        let seconds = city.timeZone.secondsFromGMT(for: now)
        let minutes = abs(seconds) / 60
        return "UTC" + (seconds < 0 ? "-" : "+") + DecimalText.padded(minutes / 60, 2) + ":" + DecimalText.padded(minutes % 60, 2)
    }

    /// wttr.in's plain-text symbols (`%x`) for an OpenWeather condition code.
    static func plainSymbol(_ conditionID: Int?) -> String {
        switch conditionID ?? 0 {
        case 200..<300: "!/"
        case 300..<400, 500, 501: "/"
        case 502...504: "///"
        case 511, 611...616: "x"
        case 520: "."
        case 521...531: "//"
        case 600, 601: "*"
        case 602: "**"
        case 620...622: "*/"
        case 700..<800: "="
        case 800: "o"
        case 801, 802: "m"
        case 803: "mm"
        case 804: "mmm"
        default: "?"
        }
    }
}

extension WeatherGlance {
    /// `%W` for the worst warning in force: `⚠ `, its level's colour or else its severity, and
    /// the event (`⚠ Yellow · Snow`, `⚠ Moderate · Wind Advisory`); empty when none is.
    package static func warningText(_ warning: OfficialWarning?) -> String {
        guard let warning else { return "" }
        return "⚠ " + (warning.grade.map(OfficialWarnings.readable) ?? "Warning") + " · " + warning.event
    }

    /// `--format line`: the place, temperature, condition and wind.
    package static let lineTemplate = "%l %t %c %w"
}
