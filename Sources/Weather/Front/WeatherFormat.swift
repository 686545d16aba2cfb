import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import Weather

/// Unit conversion and formatting for weather values (domain values are metric).
package struct WeatherFormat: Sendable {
    package var settings: WeatherSettings
    package var timeZone: TimeZone

    /// °C → °F when imperial.
    package static func convert(celsius: Double, to units: WeatherSettings.Units) -> Double {
        units == .imperial ? celsius * 9 / 5 + 32 : celsius
    }

    /// A difference of temperatures (°C) in whole degrees of the settings' units: ×1.8 for °F.
    package func degrees(difference celsius: Double) -> Int {
        Int(rounding: celsius * (settings.units == .imperial ? 1.8 : 1))
    }

    /// m/s → km/h (×3.6) or mph (×2.236936).
    package static func convert(metresPerSecond: Double, to unit: WeatherSettings.Wind) -> Double {
        switch unit {
        case .ms: metresPerSecond
        case .kmh: metresPerSecond * 3.6
        case .mph: metresPerSecond * 2.2369362921
        }
    }

    /// `−3°C`, `27°F` (rounded; a true minus sign).
    package func temperature(_ celsius: Double?) -> String {
        guard let celsius else { return "—" }
        let (value, unit) = temperatureParts(celsius)
        return (value < 0 ? "−\(-value)" : "\(value)") + unit
    }

    /// The temperature rounded in the settings' units, and the unit: `(-3, "°C")`.
    package func temperatureParts(_ celsius: Double) -> (value: Int, unit: String) {
        (Int(rounding: Self.convert(celsius: celsius, to: settings.units)), settings.units == .imperial ? "°F" : "°C")
    }

    /// `4 m/s`, `14 km/h`, `9 mph`.
    package func wind(_ metresPerSecond: Double?) -> String {
        guard let metresPerSecond else { return "—" }
        let (value, unit) = windParts(metresPerSecond)
        return "\(value) \(unit)"
    }

    /// The wind speed rounded in the settings' unit, and the unit: `(14, "km/h")`.
    package func windParts(_ metresPerSecond: Double) -> (value: Int, unit: String) {
        (Int(rounding: Self.convert(metresPerSecond: metresPerSecond, to: settings.wind)), settings.wind.label)
    }

    /// `4 m/s NW`
    package func windWithDirection(_ speed: Double?, _ degrees: Double?) -> String {
        wind(speed) + (degrees.map { " " + Self.compass($0) } ?? "")
    }

    /// 16-point compass name for a direction the wind comes from.
    package static func compass(_ degrees: Double) -> String {
        let names = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        let normalised = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return names[Int(rounding: normalised / 22.5) % 16]
    }

    /// `1.2 mm` or `0.05 in`; empty amounts show as `0 mm`.
    package func precipitation(_ millimetres: Double) -> String {
        let (amount, unit) = precipitationParts(millimetres)
        return amount + " " + unit
    }

    /// The amount as shown and its unit: `("1.2", "mm")`, `("0", "mm")`, `("0.05", "in")`.
    package func precipitationParts(_ millimetres: Double) -> (amount: String, unit: String) {
        if settings.units == .imperial { return (DecimalText.fixed(millimetres / 25.4, 2), "in") }
        return (millimetres == 0 ? "0" : DecimalText.fixed(millimetres, 1), "mm")
    }

    /// `40%`
    package static func percent(_ fraction: Double?) -> String {
        fraction.map { "\(Int(rounding: $0 * 100))%" } ?? "—"
    }

    /// `14:05` or `2:05 PM` in the city's zone.
    package func time(_ date: Date?) -> String {
        guard let date else { return "—" }
        // Clock arithmetic in the zone's offset at that instant (no formatter to build per call).
        let seconds = Int(rounding: date.timeIntervalSince1970, .down) + timeZone.secondsFromGMT(for: date)
        let minutes = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60  // floor, before 1970 too
        let minuteOfDay = (minutes % 1440 + 1440) % 1440
        let (hour, minute) = (minuteOfDay / 60, minuteOfDay % 60)
        let mm = DecimalText.padded(minute, 2)
        if settings.time == .h12 { return "\(hour % 12 == 0 ? 12 : hour % 12):\(mm) \(hour < 12 ? "AM" : "PM")" }
        return DecimalText.padded(hour, 2) + ":" + mm
    }

    /// `Sat 21 Nov 2026, 14:05` in the city's zone.
    package func dateTime(_ date: Date) -> String {
        LocalDate(date, timeZone: timeZone).shortText + " \(LocalDate(date, timeZone: timeZone).year), " + time(date)
    }

    /// `8 h 12 min`
    package static func duration(from start: Date?, to end: Date?) -> String {
        guard let start, let end, end > start else { return "—" }
        let minutes = Int(end.timeIntervalSince(start) / 60)
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    /// A symbol for an OpenWeather condition code.
    package static func icon(_ conditionID: Int?) -> String {
        switch conditionID ?? 0 {
        case 200..<300: "⛈"
        case 300..<400: "🌦"
        case 500..<600: "🌧"
        case 600..<700: "❄"
        case 700..<800: "🌫"
        case 800: "☀"
        case 801, 802: "⛅"
        case 803, 804: "☁"
        default: "·"
        }
    }

    /// `New moon`, `First quarter`, … for a phase 0…1 (`MoonPhase.name(ofProviderPhase:)`); `—` with none.
    package static func moonPhase(_ phase: Double?) -> String { phase.map(MoonPhase.name(ofProviderPhase:)) ?? "—" }

    /// `Moscow −3°C ☁ 4 m/s` for a status bar.
    package func statusLine(city: City, current: CurrentConditions) -> String {
        "\(city.displayName) \(temperature(current.temperature)) \(Self.icon(current.conditionID)) \(wind(current.windSpeed))"
    }
}
