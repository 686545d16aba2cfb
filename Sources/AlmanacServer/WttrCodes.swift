import AlmanacCore
import Foundation
import Weather

/// The mapping of Almanac's weather to wttr.in's words and codes (docs/serve.md, "wttr.in's
/// JSON"): conditions (OpenWeatherMap's ids, which every provider's answer is read into) to
/// WorldWeatherOnline's codes and their English descriptions, degrees to the 16-point compass,
/// the moon's phase to its name.
enum WttrCodes {
    /// WorldWeatherOnline's code for a condition id; a code every wttr.in client knows, whatever
    /// the id (an unknown one by its group, none at all as partly cloudy).
    static func code(_ id: Int?) -> Int {
        guard let id else { return 116 }
        if let code = exact[id] { return code }
        switch id {
        case 200..<300: return 389
        case 300..<400: return 266
        case 500..<600: return 302
        case 600..<700: return 332
        case 700..<800: return 143
        default: return 116
        }
    }

    private static let exact: [Int: Int] = [
        200: 386, 201: 389, 202: 389, 210: 200, 211: 200, 212: 200, 221: 200, 230: 386, 231: 386, 232: 389,
        300: 263, 301: 263, 310: 263, 302: 266, 311: 266, 312: 266, 313: 266, 314: 266, 321: 266,
        500: 296, 501: 302, 502: 308, 503: 308, 504: 308, 511: 314, 520: 353, 521: 356, 522: 359, 531: 359,
        600: 326, 601: 332, 602: 338, 611: 317, 612: 317, 613: 362, 615: 317, 616: 317, 620: 368, 621: 371, 622: 371,
        701: 143, 741: 248, 800: 113, 801: 116, 802: 116, 803: 119, 804: 122,
    ]

    /// WorldWeatherOnline's English words for its code (`Sunny` by day, `Clear` by night).
    static func description(_ code: Int, daytime: Bool) -> String {
        if code == 113 { return daytime ? "Sunny" : "Clear" }
        return descriptions[code] ?? "Partly cloudy"
    }

    private static let descriptions: [Int: String] = [
        116: "Partly cloudy", 119: "Cloudy", 122: "Overcast", 143: "Mist", 200: "Thundery outbreaks possible", 248: "Fog",
        263: "Patchy light drizzle", 266: "Light drizzle", 296: "Light rain", 302: "Moderate rain", 308: "Heavy rain",
        314: "Moderate or Heavy freezing rain", 317: "Light sleet", 326: "Light snow", 332: "Moderate snow", 338: "Heavy snow",
        353: "Light rain shower", 356: "Moderate or heavy rain shower", 359: "Torrential rain shower", 362: "Light sleet showers",
        368: "Light snow showers", 371: "Moderate or heavy snow showers", 386: "Patchy light rain with thunder",
        389: "Moderate or heavy rain with thunder",
    ]

    static func isSnow(_ id: Int?) -> Bool { id.map { (600..<700).contains($0) } ?? false }
    static func isThunder(_ id: Int?) -> Bool { id.map { (200..<300).contains($0) } ?? false }

    /// `N`, `NNE`, … `NNW` for where the wind comes from; `N` with no figure.
    static func compass(_ degrees: Double?) -> String {
        let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        guard let degrees, degrees.isFinite else { return "N" }
        let normalized = degrees.truncatingRemainder(dividingBy: 360) + (degrees < 0 ? 360 : 0)
        return points[Int(rounding: normalized / 22.5) % 16]
    }

    /// wttr.in's names of the moon's phase for a phase 0…1: the forecast's
    /// (`MoonPhase.name(ofProviderPhase:)`), each word capitalised (`Waxing Crescent`); empty with none.
    static func moonPhase(_ phase: Double?) -> String { phase.map { MoonPhase.name(ofProviderPhase: $0).capitalized } ?? "" }
}

extension WttrSample {
    /// One of wttr.in's `hourly` slots, starting at `time` (`0`, `300`, … `2100`), the day's
    /// chance of precipitation (0…1) as its chances of rain, snow or thunder by the condition.
    func slotDocument(time: Int, precipitationChance: Double?) -> JSONValue {
        let chance = (precipitationChance ?? 0) * 100
        let snow = WttrCodes.isSnow(conditionID)
        let (heat, chill) = ((temperature ?? 0) >= 27 ? feelsLike : temperature, (temperature ?? 99) <= 10 ? feelsLike : temperature)
        var members: [(String, JSONValue)] = [("DewPointC", WttrJSON.int(dewPoint)), ("DewPointF", WttrJSON.int(WttrJSON.fahrenheit(dewPoint)))]
        members += [("FeelsLikeC", WttrJSON.int(feelsLike)), ("FeelsLikeF", WttrJSON.int(WttrJSON.fahrenheit(feelsLike)))]
        members += [("HeatIndexC", WttrJSON.int(heat)), ("HeatIndexF", WttrJSON.int(WttrJSON.fahrenheit(heat)))]
        members += [("WindChillC", WttrJSON.int(chill)), ("WindChillF", WttrJSON.int(WttrJSON.fahrenheit(chill)))]
        // No gusts in Almanac's hours: the wind itself, which a gust is at least.
        members += [("WindGustKmph", WttrJSON.int(windSpeed.map { $0 * 3.6 })), ("WindGustMiles", WttrJSON.int(windSpeed.map { $0 * 2.236936 }))]
        let chances: [(String, Double)] = [
            ("chanceoffog", 0), ("chanceoffrost", 0), ("chanceofhightemp", 0), ("chanceofovercast", 0), ("chanceofrain", snow ? 0 : chance),
            ("chanceofremdry", 100 - chance), ("chanceofsnow", snow ? chance : 0), ("chanceofsunshine", 0),
            ("chanceofthunder", WttrCodes.isThunder(conditionID) ? chance : 0), ("chanceofwindy", 0),
        ]
        members += chances.map { ($0.0, WttrJSON.int($0.1)) }
        members += [("cloudcover", WttrJSON.int(clouds)), ("diffRad", .string("0.0")), ("humidity", WttrJSON.int(humidity))]
        members += precipitationMembers + pressureMembers + [("shortRad", .string("0.0"))]
        members += [("tempC", WttrJSON.int(temperature)), ("tempF", WttrJSON.int(WttrJSON.fahrenheit(temperature)))]
        members += [("time", .string(String(time))), ("uvIndex", .string("0")), ("visibility", .string("0")), ("visibilityMiles", .string("0"))]
        return .object(members + conditionMembers(daytime: (600..<1800).contains(time)) + windMembers)
    }
}
