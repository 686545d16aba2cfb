import AlmanacCore

/// The forecast read from the program's JSON tree in one pass, as the tree's decoder would read
/// it: a number may be written as an integer, null and absent are the same for an optional,
/// unknown members are ignored, a repeated key answers with its first value, and text is made
/// inert (docs/architecture.md §2, item 7). Each reader returns nil for
/// anything else, and the caller then takes the container path for its error.
extension METNorwayDTO.Properties {
    /// Nil unless `timeseries` is an array of steps and `meta` an object, null or absent.
    init?(json: JSONValue) {
        guard case .array(let elements)? = json["timeseries"], let meta = METNorwayDTO.optional(json["meta"], METNorwayDTO.Meta.init(json:))
        else { return nil }
        var steps: [METNorwayDTO.Step] = []
        steps.reserveCapacity(elements.count)
        for element in elements {
            guard let step = METNorwayDTO.Step(json: element) else { return nil }
            steps.append(step)
        }
        self.init(meta: meta, timeseries: steps)
    }
}

extension METNorwayDTO {
    /// `.some(nil)` when `value` is absent or null, `.some(read)` when `read` reads it, nil when
    /// it is something else.
    static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) -> T?? {
        guard let value else { return .some(nil) }
        if case .null = value { return .some(nil) }
        return read(value).map { .some($0) }
    }

    /// A number member, as `optional` says.
    static func number(_ value: JSONValue?) -> Double?? { optional(value, \.doubleValue) }

    /// A text member's value, its escapes made inert; nil when it is not text.
    static func text(_ value: JSONValue) -> String? { value.stringValue.map(TerminalText.outside) }

    /// An object's one optional text member, as `optional` says; nil when `json` is not an object.
    static func textMember(_ json: JSONValue, _ name: String) -> String?? {
        guard case .object = json else { return nil }
        return optional(json[name], text)
    }
}

extension METNorwayDTO.Meta {
    init?(json: JSONValue) {
        guard let updated = METNorwayDTO.textMember(json, "updated_at") else { return nil }
        self.init(updated_at: updated)
    }
}

extension METNorwayDTO.Step {
    init?(json: JSONValue) {
        guard case .object = json, let time = json["time"].flatMap(METNorwayDTO.text),
            let data = json["data"].flatMap(METNorwayDTO.StepData.init(json:))
        else { return nil }
        self.init(time: time, data: data)
    }
}

extension METNorwayDTO.StepData {
    init?(json: JSONValue) {
        guard case .object = json, let instant = METNorwayDTO.optional(json["instant"], METNorwayDTO.Instant.init(json:)),
            let next1 = METNorwayDTO.optional(json["next_1_hours"], METNorwayDTO.Block.init(json:)),
            let next6 = METNorwayDTO.optional(json["next_6_hours"], METNorwayDTO.Block.init(json:)),
            let next12 = METNorwayDTO.optional(json["next_12_hours"], METNorwayDTO.Block.init(json:))
        else { return nil }
        self.init(instant: instant, next_1_hours: next1, next_6_hours: next6, next_12_hours: next12)
    }
}

extension METNorwayDTO.Instant {
    init?(json: JSONValue) {
        guard case .object = json, let details = METNorwayDTO.optional(json["details"], METNorwayDTO.InstantDetails.init(json:)) else {
            return nil
        }
        self.init(details: details)
    }
}

extension METNorwayDTO.InstantDetails {
    init?(json: JSONValue) {
        let number = { METNorwayDTO.number(json[$0]) }
        guard case .object = json, let temperature = number("air_temperature"), let pressure = number("air_pressure_at_sea_level"),
            let clouds = number("cloud_area_fraction"), let humidity = number("relative_humidity"),
            let direction = number("wind_from_direction"), let speed = number("wind_speed"), let gust = number("wind_speed_of_gust")
        else { return nil }
        self.init(
            air_temperature: temperature, air_pressure_at_sea_level: pressure, cloud_area_fraction: clouds, relative_humidity: humidity,
            wind_from_direction: direction, wind_speed: speed, wind_speed_of_gust: gust)
    }
}

extension METNorwayDTO.Block {
    init?(json: JSONValue) {
        guard case .object = json, let summary = METNorwayDTO.optional(json["summary"], METNorwayDTO.Summary.init(json:)),
            let details = METNorwayDTO.optional(json["details"], METNorwayDTO.BlockDetails.init(json:))
        else { return nil }
        self.init(summary: summary, details: details)
    }
}

extension METNorwayDTO.Summary {
    init?(json: JSONValue) {
        guard let symbol = METNorwayDTO.textMember(json, "symbol_code") else { return nil }
        self.init(symbol_code: symbol)
    }
}

extension METNorwayDTO.BlockDetails {
    init?(json: JSONValue) {
        guard case .object = json, let amount = METNorwayDTO.number(json["precipitation_amount"]),
            let chance = METNorwayDTO.number(json["probability_of_precipitation"])
        else { return nil }
        self.init(precipitation_amount: amount, probability_of_precipitation: chance)
    }
}
