import AlmanacCore

/// `?format=p1`: the weather now as Prometheus's text exposition (version 0.0.4), one gauge per
/// value, read from `weather now --json` (docs/json.md), labelled with the place and the source.
enum PrometheusText {
    /// The gauges: name, the `current` member it reads, its help, and the `units` member that names its unit.
    static let gauges: [(name: String, member: String, help: String, unit: String?)] = [
        ("almanac_temperature", "temperature", "Temperature now.", "temperature"),
        ("almanac_feels_like", "feelsLike", "Feels-like temperature now.", "temperature"),
        ("almanac_humidity_percent", "humidity", "Relative humidity now, %.", nil),
        ("almanac_pressure", "pressure", "Air pressure now.", "pressure"),
        ("almanac_wind_speed", "windSpeed", "Wind speed now.", "wind"),
        ("almanac_wind_direction_degrees", "windDegrees", "Where the wind comes from, degrees.", nil),
        ("almanac_clouds_percent", "clouds", "Cloud cover now, %.", nil),
        ("almanac_precipitation", "precipitation", "Precipitation now.", "precipitation"),
    ]

    /// The exposition of a `weather now --json` document; nil when it has no `current`.
    static func render(_ document: JSONValue) -> String? {
        guard let current = document["current"] else { return nil }
        let city = document["city"]
        var labels = [("place", city?["name"]?.stringValue ?? ""), ("country", city?["countryCode"]?.stringValue ?? "")]
        labels.append(("source", document["source"]?.stringValue ?? ""))
        var lines: [String] = []
        for gauge in gauges {
            guard let value = current[gauge.member]?.doubleValue else { continue }
            let unit = gauge.unit.flatMap { document["units"]?[$0]?.stringValue }.map { [("unit", $0)] } ?? []
            lines += ["# HELP \(gauge.name) \(gauge.help)", "# TYPE \(gauge.name) gauge", "\(gauge.name){\(label(labels + unit))} \(number(value))"]
        }
        let stale = document["stale"] == .bool(true) ? 1.0 : 0.0
        lines += ["# HELP almanac_stale 1 when the answer is older than its lifetime.", "# TYPE almanac_stale gauge"]
        lines.append("almanac_stale{\(label(labels))} \(number(stale))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name="value",…` with each value inert (a provider's text: no control character acts)
    /// and escaped as the format asks (`\\`, `\"`, `\n`).
    static func label(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in
            let escaped = TerminalText.inert(value).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            return "\(name)=\"\(escaped)\""
        }.joined(separator: ",")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
