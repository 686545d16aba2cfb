import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Turns an Open-Meteo ensemble answer into outlook days (docs/architecture.md §3).
package enum EnsembleMapper {
    /// Millimetres from which a member's day counts as wet; below it is trace amounts.
    package static let wetDay = 0.1

    /// One day per entry of `daily.time` (already local days: `timezone=auto`) that has at least
    /// one member with both a minimum and a maximum; members' nulls are left out. Values the answer
    /// gives in °F or inches are converted to °C and mm.
    package static func days(_ dto: OpenMeteoDTO.Ensemble) -> [OutlookDay] {
        guard let daily = dto.daily else { return [] }
        let units = dto.daily_units ?? [:]
        let minima = daily.members(of: "temperature_2m_min").map { convert($0, unit: units["temperature_2m_min"]) }
        let maxima = daily.members(of: "temperature_2m_max").map { convert($0, unit: units["temperature_2m_max"]) }
        let amounts = daily.members(of: "precipitation_sum").map { convert($0, unit: units["precipitation_sum"]) }
        return daily.time.indices.compactMap { index in
            guard let date = LocalDate(daily.time[index]) else { return nil }
            let low = values(minima, at: index)
            let high = values(maxima, at: index)
            guard let minimum = spread(low), let maximum = spread(high) else { return nil }
            let wet = values(amounts, at: index)
            return OutlookDay(
                date: date, minimum: minimum, maximum: maximum,
                precipitationChance: wet.isEmpty ? nil : Double(wet.filter { $0 >= wetDay }.count) / Double(wet.count),
                precipitation: wet.isEmpty ? nil : percentile(wet.sorted(), 0.5), members: min(low.count, high.count),
                odds: odds(low: low, high: high, amounts: wet, maximum: maximum))
        }
    }

    /// The day's odds: how many runs show rain (`ModelOdds.rainDay`), frost and heat, and how
    /// closely their highs agree.
    static func odds(low: [Double], high: [Double], amounts: [Double], maximum: OutlookDay.Spread) -> ModelOdds {
        ModelOdds(
            runs: min(low.count, high.count), rain: amounts.filter { $0 >= ModelOdds.rainDay }.count, frost: low.filter { $0 < 0 }.count,
            heat: high.filter { $0 > ModelOdds.hotDay }.count, confidence: .init(spread: maximum.high - maximum.low))
    }

    /// The outlook as forecast rows (the medians), so every view and `--json` reads it like a forecast.
    package static func forecastDays(_ days: [OutlookDay]) -> [DayForecast] {
        days.map { day in
            DayForecast(
                date: day.date, minimum: day.minimum.median, maximum: day.maximum.median, description: "outlook",
                precipitationProbability: day.precipitationChance, precipitation: day.precipitation ?? 0, odds: day.odds)
        }
    }

    static func values(_ members: [[Double?]], at index: Int) -> [Double] {
        members.compactMap { index < $0.count ? $0[index] : nil }.filter(\.isFinite)
    }

    static func spread(_ values: [Double]) -> OutlookDay.Spread? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return OutlookDay.Spread(median: percentile(sorted, 0.5), low: percentile(sorted, 0.1), high: percentile(sorted, 0.9))
    }

    /// The `p` quantile (0…1) of sorted values, linear between the closest ranks (as numpy's default).
    package static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let rank = p * Double(sorted.count - 1)
        let lower = Int(rounding: rank, .down)
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
    }

    static func convert(_ column: [Double?], unit: String?) -> [Double?] {
        switch unit {
        case "°F": column.map { $0.map { ($0 - 32) * 5 / 9 } }
        case "inch": column.map { $0.map { $0 * 25.4 } }
        default: column
        }
    }
}

/// The ensemble's days as the program reads them: its time zone and its outlook days, which is
/// also the form the cache keeps (31 members' 35 days become 35 rows; `EnsembleMapper.endpoint`).
package struct EnsembleOutlook: Codable, Sendable, Equatable {
    /// The answer's IANA time zone (`timezone=auto`).
    package var timezone: String?
    /// One row a local day (`EnsembleMapper.days`).
    package var outlook: [OutlookDay]
}

extension EnsembleMapper {
    /// The ensemble's request for a place (`OpenMeteo.ensemble`), read as outlook days; the cache
    /// keeps those days, not the members, so a run that reads it again decodes 35 rows.
    package static func endpoint(latitude: Double, longitude: Double) -> Endpoint<EnsembleOutlook> {
        let raw = OpenMeteo.ensemble(latitude: latitude, longitude: longitude)
        let name = raw.descriptor.name
        let read: @Sendable (JSONValue) throws -> EnsembleOutlook = { document in
            if document["outlook"] != nil { return try JSONDecoding.decode(EnsembleOutlook.self, from: document, endpoint: name) }
            let dto = try JSONDecoding.decode(OpenMeteoDTO.Ensemble.self, from: document, endpoint: name)
            return EnsembleOutlook(timezone: dto.timezone, outlook: days(dto))
        }
        return Endpoint<EnsembleOutlook>(raw.descriptor) { data in
            guard let document = JSONValue.parse(data) else { throw DecodingFailure(endpoint: name, detail: "the response is not valid JSON") }
            return try read(document)
        }.keeping { body in
            guard let document = JSONValue.parse(body), document["outlook"] == nil, let outlook = try? read(document) else { return nil }
            return try? JSONEncoder().encode(outlook)
        }
    }
}
