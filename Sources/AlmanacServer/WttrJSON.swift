import AlmanacCore
import Foundation

/// `?format=j1` and `j2`: wttr.in's JSON (docs/serve.md, "wttr.in's JSON"): every member wttr.in
/// writes, each a string as wttr.in writes it, filled from three of Almanac's documents —
/// `weather now --json`, `weather forecast --json` and `weather hourly --hours 48 --json`
/// (docs/json.md), all metric — by the mapping documented there. A number Almanac has no figure
/// for is `0`, a text it has none for is empty. A pure function of the documents.
struct WttrJSON {
    /// `current` of `weather now --json`.
    let current: JSONValue
    /// The Place of `weather now --json`.
    let city: JSONValue
    /// `days` of `weather forecast --json`.
    let days: [JSONValue]
    /// `hours` of `weather hourly --json`.
    let hours: [JSONValue]
    /// The place's zone: its identifier, else its offset, else UTC.
    let zone: TimeZone
    /// When the conditions were observed (`current.time`); the epoch when the document lacks it.
    let observed: Date

    /// nil when a document lacks what every answer has (`current`, `city`, `days`).
    init?(now: JSONValue, forecast: JSONValue, hourly: JSONValue) {
        guard let current = now["current"], let city = now["city"], case .array(let days)? = forecast["days"] else { return nil }
        (self.current, self.city, self.days) = (current, city, days)
        if case .array(let hours)? = hourly["hours"] { self.hours = hours } else { self.hours = [] }
        observed = current["time"]?.stringValue.flatMap(Self.instant) ?? Date(timeIntervalSince1970: 0)
        zone =
            city["timeZoneIdentifier"]?.stringValue.flatMap(TimeZone.init(identifier:))
            ?? city["utcOffset"]?.intValue.flatMap(TimeZone.init(secondsFromGMT:)) ?? TimeZone(secondsFromGMT: 0)!
    }

    /// The document: wttr.in's four members in its order; `hourly` false leaves each day's
    /// `hourly` out, as wttr.in's `j2` does.
    func document(hourly: Bool) -> JSONValue {
        .object([
            ("current_condition", .array([currentCondition()])),
            ("nearest_area", .array([nearestArea()])),
            ("request", .array([request()])),
            ("weather", .array(forecastDays().map { day($0, hourly: hourly) })),
        ])
    }

    private func currentCondition() -> JSONValue {
        let sample = WttrSample(current)
        let sunrise = current["sunrise"]?.stringValue.flatMap(Self.instant)
        let sunset = current["sunset"]?.stringValue.flatMap(Self.instant)
        let daytime = (sunrise.map { observed >= $0 } ?? true) && (sunset.map { observed < $0 } ?? true)
        var members: [(String, JSONValue)] = [
            ("FeelsLikeC", Self.int(sample.feelsLike)), ("FeelsLikeF", Self.int(Self.fahrenheit(sample.feelsLike))),
        ]
        members += [("cloudcover", Self.int(sample.clouds)), ("humidity", Self.int(sample.humidity))]
        members += [("localObsDateTime", .string(Self.clock(observed, zone, "yyyy-MM-dd hh:mm a")))]
        members += [("observation_time", .string(Self.clock(observed, TimeZone(secondsFromGMT: 0)!, "hh:mm a")))]
        members += sample.precipitationMembers + sample.pressureMembers
        members += [("temp_C", Self.int(sample.temperature)), ("temp_F", Self.int(Self.fahrenheit(sample.temperature)))]
        members += [("uvIndex", .string("0")), ("visibility", .string("0")), ("visibilityMiles", .string("0"))]
        members += sample.conditionMembers(daytime: daytime) + sample.windMembers
        return .object(members)
    }

    private func nearestArea() -> JSONValue {
        let text = { (name: String) in JSONValue.array([.object([("value", .string(city[name]?.stringValue ?? ""))])]) }
        return .object([
            ("areaName", text("name")), ("country", text("country")),
            ("latitude", .string(String(format: "%.3f", city["latitude"]?.doubleValue ?? 0))),
            ("longitude", .string(String(format: "%.3f", city["longitude"]?.doubleValue ?? 0))), ("population", .string("0")),
            ("region", text("region")), ("weatherUrl", .array([.object([("value", .string(""))])])),
        ])
    }

    private func request() -> JSONValue {
        let latitude = String(format: "%.2f", city["latitude"]?.doubleValue ?? 0)
        let longitude = String(format: "%.2f", city["longitude"]?.doubleValue ?? 0)
        return .object([("query", .string("Lat \(latitude) and Lon \(longitude)")), ("type", .string("LatLon"))])
    }

    /// Today and the next two days in the place's zone, as the forecast has them.
    private func forecastDays() -> [JSONValue] {
        let today = Self.clock(observed, zone, "yyyy-MM-dd")
        return Array(days.filter { ($0["date"]?.stringValue ?? "") >= today }.prefix(3))
    }

    private func day(_ day: JSONValue, hourly: Bool) -> JSONValue {
        let (low, high) = (day["minimum"]?.doubleValue ?? 0, day["maximum"]?.doubleValue ?? 0)
        let average = (low + high) / 2
        let snow = WttrCodes.isSnow(day["conditionID"]?.intValue) ? day["precipitation"]?.doubleValue ?? 0 : 0
        var members: [(String, JSONValue)] = [("astronomy", .array([astronomy(day)]))]
        members += [("avgtempC", Self.int(average)), ("avgtempF", Self.int(Self.fahrenheit(average)))]
        members += [("date", .string(day["date"]?.stringValue ?? ""))]
        if hourly { members += [("hourly", .array(stride(from: 0, to: 24, by: 3).map { slot(day, hour: $0) }))] }
        members += [("maxtempC", Self.int(high)), ("maxtempF", Self.int(Self.fahrenheit(high)))]
        members += [("mintempC", Self.int(low)), ("mintempF", Self.int(Self.fahrenheit(low)))]
        // Snow as its depth: 1 mm of water is about 1 cm of snow.
        members += [("sunHour", .string("0.0")), ("totalSnow_cm", Self.decimal(snow)), ("uvIndex", .string("0"))]
        return .object(members)
    }

    private func astronomy(_ day: JSONValue) -> JSONValue {
        let phase = day["moonPhase"]?.doubleValue
        let time = { (name: String) in
            JSONValue.string(day[name]?.stringValue.flatMap(Self.instant).map { Self.clock($0, zone, "hh:mm a") } ?? "")
        }
        // The lit fraction of the disc from the phase (0 new, 0.5 full).
        let lit = phase.map { (1 - cos(2 * Double.pi * $0)) / 2 * 100 }
        return .object([
            ("moon_illumination", Self.int(lit)), ("moon_phase", .string(WttrCodes.moonPhase(phase))), ("moonrise", .string("")),
            ("moonset", .string("")), ("sunrise", time("sunrise")), ("sunset", time("sunset")),
        ])
    }
}
