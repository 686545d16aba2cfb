import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Turns one Locationforecast answer into current conditions, the hourly view and daily rows
/// in the place's own time zone (docs/architecture.md §3, "Who answers").
package enum METMapper {
    /// One decoded step: its instant and the blocks that start at it.
    struct Step {
        var time: Date
        var details: METNorwayDTO.InstantDetails
        var data: METNorwayDTO.StepData
    }

    /// The report at `now`: current conditions from the latest step not after `now` (else the
    /// first), hourly rows from the steps with a 1-hour block, days from every step.
    package static func report(_ dto: METNorwayDTO.Forecast, city: City, now: Date, provenance: Provenance) -> WeatherReport {
        let steps = dto.properties.timeseries.compactMap(step)
        let zone = city.timeZone
        let currentIndex = steps.lastIndex { $0.time <= now } ?? 0
        let upcoming = steps.isEmpty ? [] : Array(steps[currentIndex...])
        let hourly = upcoming.prefix { $0.data.next_1_hours != nil }.compactMap(hour)
        // MET sends no sun times, moon or feels-like: computed for the place and its local day
        // (the moon at local noon; feels-like from temperature, humidity and wind, `FeelsLike`).
        let current = steps.isEmpty ? nil : current(steps[currentIndex], city: city, zone: zone)
        var daily = days(steps, timeZone: zone).filter { $0.date >= LocalDate(now, timeZone: zone) }
        for index in daily.indices {
            let date = daily[index].date
            (daily[index].sunrise, daily[index].sunset) = SunTimes.of(date, latitude: city.latitude, longitude: city.longitude)
            let noon = date.middayUTC.addingTimeInterval(-TimeInterval(zone.secondsFromGMT()))
            daily[index].moonPhase = MoonPhase(at: noon).fraction
        }
        return WeatherReport(city: city, current: current, hourly: hourly, daily: daily, model: .met, provenance: provenance)
    }

    static func step(_ dto: METNorwayDTO.Step) -> Step? {
        guard let time = METNorway.time(dto.time), let details = dto.data.instant?.details, details.air_temperature != nil else { return nil }
        return Step(time: time, details: details, data: dto.data)
    }

    /// The summary of the shortest block a step has: 1 h, else 6 h, else 12 h.
    static func symbol(_ data: METNorwayDTO.StepData) -> String? {
        data.next_1_hours?.summary?.symbol_code ?? data.next_6_hours?.summary?.symbol_code ?? data.next_12_hours?.summary?.symbol_code
    }

    static func current(_ step: Step, city: City, zone: TimeZone) -> CurrentConditions {
        let (text, id) = METSymbol.condition(symbol(step.data))
        let d = step.details
        let sun = SunTimes.of(LocalDate(step.time, timeZone: zone), latitude: city.latitude, longitude: city.longitude)
        return CurrentConditions(
            time: step.time, temperature: d.air_temperature ?? 0, feelsLike: feelsLike(d), description: text, conditionID: id,
            humidity: d.relative_humidity, pressure: d.air_pressure_at_sea_level, windSpeed: d.wind_speed,
            windDegrees: d.wind_from_direction, windGust: d.wind_speed_of_gust,
            precipitation: step.data.next_1_hours?.details?.precipitation_amount ?? 0,
            precipitationProbability: step.data.next_1_hours?.details?.probability_of_precipitation.map { $0 / 100 },
            clouds: d.cloud_area_fraction, sunrise: sun.sunrise, sunset: sun.sunset)
    }

    /// Feels-like from the step's temperature, humidity and wind; nil without a temperature.
    static func feelsLike(_ d: METNorwayDTO.InstantDetails) -> Double? {
        d.air_temperature.map { FeelsLike.celsius(temperature: $0, humidity: d.relative_humidity, wind: d.wind_speed) }
    }

    static func hour(_ step: Step) -> HourForecast? {
        let (text, id) = METSymbol.condition(step.data.next_1_hours?.summary?.symbol_code)
        let d = step.details
        return HourForecast(
            time: step.time, temperature: d.air_temperature ?? 0, feelsLike: feelsLike(d),
            precipitationProbability: step.data.next_1_hours?.details?.probability_of_precipitation.map { $0 / 100 },
            precipitation: step.data.next_1_hours?.details?.precipitation_amount ?? 0, windSpeed: d.wind_speed,
            windDegrees: d.wind_from_direction, clouds: d.cloud_area_fraction, humidity: d.relative_humidity,
            description: text, conditionID: id)
    }

    // MARK: - Days

    /// One row per local day that has a step: min/max of its instants, precipitation summed from
    /// the 1-hour blocks, then the 6-hour blocks where no 1-hour block covers those hours (a
    /// block counts on the day it starts), the symbol of the step nearest local 13:00 (its
    /// 1 h → 6 h → 12 h summary), the strongest wind with its direction and gust, mean humidity.
    static func days(_ steps: [Step], timeZone: TimeZone) -> [DayForecast] {
        let amounts = precipitationByDay(steps, timeZone: timeZone)
        var order: [LocalDate] = []
        var groups: [LocalDate: [Step]] = [:]
        for step in steps {
            let date = LocalDate(step.time, timeZone: timeZone)
            if groups[date] == nil { order.append(date) }
            groups[date, default: []].append(step)
        }
        return order.map { day($0, groups[$0]!, precipitation: amounts[$0] ?? 0, timeZone: timeZone) }
    }

    /// Millimetres per local day, each hour counted once.
    static func precipitationByDay(_ steps: [Step], timeZone: TimeZone) -> [LocalDate: Double] {
        var totals: [LocalDate: Double] = [:]
        var coveredUntil = Date.distantPast
        for step in steps where step.time >= coveredUntil {
            let hourly = step.data.next_1_hours?.details?.precipitation_amount
            guard let amount = hourly ?? step.data.next_6_hours?.details?.precipitation_amount else { continue }
            totals[LocalDate(step.time, timeZone: timeZone), default: 0] += amount
            coveredUntil = step.time.addingTimeInterval(hourly == nil ? 6 * 3600 : 3600)
        }
        return totals
    }

    static func day(_ date: LocalDate, _ steps: [Step], precipitation: Double, timeZone: TimeZone) -> DayForecast {
        let hour = { (step: Step) in (Int(step.time.timeIntervalSince1970) + timeZone.secondsFromGMT(for: step.time)) / 3600 % 24 }
        let temperatures = steps.compactMap(\.details.air_temperature)
        func at(_ range: ClosedRange<Int>) -> Double? { steps.first { range.contains(hour($0)) }?.details.air_temperature }
        func feels(_ range: ClosedRange<Int>) -> Double? { steps.first { range.contains(hour($0)) }.flatMap { feelsLike($0.details) } }
        let named = steps.filter { symbol($0.data) != nil }
        let midday = named.min { abs(hour($0) - 13) < abs(hour($1) - 13) }
        let (text, id) = METSymbol.condition(midday.flatMap { symbol($0.data) })
        let windiest = steps.max { ($0.details.wind_speed ?? 0) < ($1.details.wind_speed ?? 0) }
        let gusts = steps.compactMap(\.details.wind_speed_of_gust)
        let humidity = steps.compactMap(\.details.relative_humidity)
        return DayForecast(
            date: date, minimum: temperatures.min() ?? 0, maximum: temperatures.max() ?? 0,
            morning: at(6...9), day: at(12...15), evening: at(18...20), night: at(0...3),
            feelsMorning: feels(6...9), feelsDay: feels(12...15), feelsEvening: feels(18...20), feelsNight: feels(0...3),
            description: text, conditionID: id, precipitation: precipitation, windSpeed: windiest?.details.wind_speed,
            windDegrees: windiest?.details.wind_from_direction, windGust: gusts.max(),
            humidity: humidity.isEmpty ? nil : humidity.reduce(0, +) / Double(humidity.count))
    }
}
