import AlmanacCore
import Foundation

/// wttr.in's three-hour slots and the values each member is written from (docs/serve.md,
/// "wttr.in's JSON").
extension WttrJSON {
    /// The slot starting at `hour` (0, 3, … 21) local time on `day`: the forecast's hour
    /// nearest it within 90 minutes, else the day's own figures for that part of the day.
    func slot(_ day: JSONValue, hour: Int) -> JSONValue {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = (day["date"]?.stringValue ?? "").split(separator: "-").compactMap { Int($0) }
        let start = parts.count == 3 ? calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour)) : nil
        let nearest = start.flatMap { start in
            hours.min { distance($0, start) < distance($1, start) }.flatMap { distance($0, start) <= 5400 ? $0 : nil }
        }
        let sample = nearest.map { WttrSample($0) } ?? WttrSample(day: day, hour: hour)
        return sample.slotDocument(time: hour * 100, precipitationChance: day["precipitationProbability"]?.doubleValue)
    }

    private func distance(_ hour: JSONValue, _ start: Date) -> TimeInterval {
        hour["time"]?.stringValue.flatMap(Self.instant).map { abs($0.timeIntervalSince(start)) } ?? .infinity
    }

    // MARK: - Numbers as wttr.in writes them

    static func instant(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    static func clock(_ date: Date, _ zone: TimeZone, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    static func fahrenheit(_ celsius: Double?) -> Double? { celsius.map { $0 * 9 / 5 + 32 } }

    /// A whole number as text; `0` when there is no figure.
    static func int(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite, abs(value) < 1e9 else { return .string("0") }
        return .string(String(Int(rounding: value)))
    }

    /// One decimal as text; `0.0` when there is no figure.
    static func decimal(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .string("0.0") }
        return .string(String(format: "%.1f", value))
    }
}

/// One moment's weather as the members of wttr.in's `current_condition` and `hourly` are written
/// from it: metric, from Almanac's `current` or an hour, or a day's figures for a part of it.
struct WttrSample {
    var temperature, feelsLike, humidity, clouds, windSpeed, windDegrees, precipitation, pressure: Double?
    var conditionID: Int?

    /// From `current` or an hour of `weather hourly --json`.
    init(_ value: JSONValue) {
        temperature = value["temperature"]?.doubleValue
        // No feels-like given: the temperature, never a false 0.
        (feelsLike, humidity) = (value["feelsLike"]?.doubleValue ?? temperature, value["humidity"]?.doubleValue)
        (clouds, windSpeed, windDegrees) = (value["clouds"]?.doubleValue, value["windSpeed"]?.doubleValue, value["windDegrees"]?.doubleValue)
        (precipitation, pressure, conditionID) = (value["precipitation"]?.doubleValue, value["pressure"]?.doubleValue, value["conditionID"]?.intValue)
    }

    /// From a day of `weather forecast --json` at `hour`: its night (0–5), morning (6–11), day
    /// (12–17) or evening (18–23) temperature and feels-like, its wind and humidity, an eighth of
    /// its precipitation.
    init(day: JSONValue, hour: Int) {
        let part = ["night", "morning", "day", "evening"][min(3, hour / 6)]
        let average = day["minimum"]?.doubleValue.flatMap { low in day["maximum"]?.doubleValue.map { (low + $0) / 2 } }
        temperature = day[part]?.doubleValue ?? average
        feelsLike = day["feels" + part.prefix(1).uppercased() + part.dropFirst()]?.doubleValue ?? temperature
        (humidity, windSpeed, windDegrees) = (day["humidity"]?.doubleValue, day["windSpeed"]?.doubleValue, day["windDegrees"]?.doubleValue)
        precipitation = day["precipitation"]?.doubleValue.map { $0 / 8 }
        conditionID = day["conditionID"]?.intValue
    }

    var precipitationMembers: [(String, JSONValue)] {
        [("precipInches", WttrJSON.decimal(precipitation.map { $0 / 25.4 })), ("precipMM", WttrJSON.decimal(precipitation))]
    }

    var pressureMembers: [(String, JSONValue)] {
        [("pressure", WttrJSON.int(pressure)), ("pressureInches", WttrJSON.int(pressure.map { $0 * 0.02953 }))]
    }

    var windMembers: [(String, JSONValue)] {
        [
            ("winddir16Point", .string(WttrCodes.compass(windDegrees))), ("winddirDegree", WttrJSON.int(windDegrees)),
            ("windspeedKmph", WttrJSON.int(windSpeed.map { $0 * 3.6 })), ("windspeedMiles", WttrJSON.int(windSpeed.map { $0 * 2.236936 })),
        ]
    }

    func conditionMembers(daytime: Bool) -> [(String, JSONValue)] {
        let code = WttrCodes.code(conditionID)
        return [
            ("weatherCode", .string(String(code))),
            ("weatherDesc", .array([.object([("value", .string(WttrCodes.description(code, daytime: daytime)))])])),
            ("weatherIconUrl", .array([.object([("value", .string(""))])])),
        ]
    }

    /// The dew point by the Magnus formula, °C.
    var dewPoint: Double? {
        guard let temperature, let humidity, humidity > 0 else { return nil }
        let gamma = log(humidity / 100) + 17.62 * temperature / (243.12 + temperature)
        return 243.12 * gamma / (17.62 - gamma)
    }
}
