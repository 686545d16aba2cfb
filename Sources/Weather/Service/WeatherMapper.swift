import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Turns OpenWeather DTOs into the weather domain, tolerating every optional field.
package enum WeatherMapper {
    static func date(_ seconds: Int?) -> Date? {
        guard let seconds, seconds > 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    package static func describe(_ conditions: [OpenWeatherDTO.Condition]?) -> (String, Int?) {
        let first = conditions?.first
        return (first?.description ?? first?.main ?? "—", first?.id)
    }

    static func precipitation(_ rain: Precipitation?, _ snow: Precipitation?) -> Double {
        (rain?.millimetres ?? 0) + (snow?.millimetres ?? 0)
    }

    // MARK: - One Call

    package static func report(_ dto: OpenWeatherDTO.OneCall, city: City, provenance: Provenance) -> WeatherReport {
        var city = city
        if let zone = dto.timezone { city.timeZoneIdentifier = zone }
        if let offset = dto.timezone_offset { city.utcOffset = offset }
        let hourly = (dto.hourly ?? []).compactMap(hour)
        var current = dto.current.flatMap(current)
        current?.precipitationProbability = hourly.first?.precipitationProbability
        let daily = (dto.daily ?? []).compactMap { day($0, timeZone: city.timeZone) }
        return WeatherReport(city: city, current: current, hourly: hourly, daily: daily, model: .oneCall, provenance: provenance)
    }

    static func current(_ dto: OpenWeatherDTO.Current) -> CurrentConditions? {
        guard let temp = dto.temp else { return nil }
        let (text, id) = describe(dto.weather)
        return CurrentConditions(
            time: Date(timeIntervalSince1970: TimeInterval(dto.dt)), temperature: temp, feelsLike: dto.feels_like,
            description: text, conditionID: id, humidity: dto.humidity, pressure: dto.pressure, windSpeed: dto.wind_speed,
            windDegrees: dto.wind_deg, windGust: dto.wind_gust, precipitation: precipitation(dto.rain, dto.snow),
            clouds: dto.clouds, uvIndex: dto.uvi, visibility: dto.visibility,
            sunrise: date(dto.sunrise), sunset: date(dto.sunset))
    }

    static func hour(_ dto: OpenWeatherDTO.Hourly) -> HourForecast? {
        guard let temp = dto.temp else { return nil }
        let (text, id) = describe(dto.weather)
        return HourForecast(
            time: Date(timeIntervalSince1970: TimeInterval(dto.dt)), temperature: temp, feelsLike: dto.feels_like,
            precipitationProbability: dto.pop, precipitation: precipitation(dto.rain, dto.snow), windSpeed: dto.wind_speed,
            windDegrees: dto.wind_deg, clouds: dto.clouds, humidity: dto.humidity, description: text, conditionID: id)
    }

    /// A daily entry of One Call or of the climate forecast (`speed`/`deg` there).
    static func day(_ dto: OpenWeatherDTO.Daily, timeZone: TimeZone) -> DayForecast? {
        guard let min = dto.temp?.min, let max = dto.temp?.max else { return nil }
        let (text, id) = describe(dto.weather)
        return DayForecast(
            date: LocalDate(Date(timeIntervalSince1970: TimeInterval(dto.dt)), timeZone: timeZone),
            minimum: min, maximum: max, morning: dto.temp?.morn, day: dto.temp?.day, evening: dto.temp?.eve, night: dto.temp?.night,
            feelsMorning: dto.feels_like?.morn, feelsDay: dto.feels_like?.day, feelsEvening: dto.feels_like?.eve,
            feelsNight: dto.feels_like?.night, description: text, conditionID: id, precipitationProbability: dto.pop,
            precipitation: precipitation(dto.rain, dto.snow), windSpeed: dto.wind_speed ?? dto.speed,
            windDegrees: dto.wind_deg ?? dto.deg, windGust: dto.wind_gust, humidity: dto.humidity, uvIndex: dto.uvi,
            sunrise: date(dto.sunrise), sunset: date(dto.sunset), moonPhase: dto.moon_phase, summary: dto.summary)
    }

    // MARK: - Climate (pro)

    package static func climateDays(_ dto: OpenWeatherDTO.Climate, city: City) -> [DayForecast] {
        (dto.list ?? []).compactMap { day($0, timeZone: city.timeZone) }
    }

    // MARK: - Free plan (2.5)

    /// Current conditions plus 3-hour steps aggregated into days in the city's calendar.
    package static func report(
        current dto: OpenWeatherDTO.Current25, forecast: OpenWeatherDTO.Forecast25,
        city: City, provenance: Provenance
    ) -> WeatherReport {
        var city = city
        if let offset = dto.timezone ?? forecast.city?.timezone, city.timeZoneIdentifier == nil { city.utcOffset = offset }
        let steps = (forecast.list ?? []).compactMap(step)
        var current: CurrentConditions?
        if let temp = dto.main?.temp {
            let (text, id) = describe(dto.weather)
            current = CurrentConditions(
                time: date(dto.dt) ?? Date(), temperature: temp, feelsLike: dto.main?.feels_like, description: text,
                conditionID: id, humidity: dto.main?.humidity, pressure: dto.main?.pressure, windSpeed: dto.wind?.speed,
                windDegrees: dto.wind?.deg, windGust: dto.wind?.gust, precipitation: precipitation(dto.rain, dto.snow),
                precipitationProbability: steps.first?.precipitationProbability, clouds: dto.clouds?.all, visibility: dto.visibility,
                sunrise: date(dto.sys?.sunrise), sunset: date(dto.sys?.sunset))
        }
        let days = aggregate(steps, timeZone: city.timeZone)
        return WeatherReport(city: city, current: current, hourly: steps, daily: days, model: .free, provenance: provenance)
    }

    static func step(_ item: OpenWeatherDTO.Forecast25.Item) -> HourForecast? {
        guard let temp = item.main?.temp else { return nil }
        let (text, id) = describe(item.weather)
        return HourForecast(
            time: Date(timeIntervalSince1970: TimeInterval(item.dt)), temperature: temp, feelsLike: item.main?.feels_like,
            precipitationProbability: item.pop, precipitation: precipitation(item.rain, item.snow), windSpeed: item.wind?.speed,
            windDegrees: item.wind?.deg, clouds: item.clouds?.all, humidity: item.main?.humidity, description: text, conditionID: id)
    }

    /// Groups steps by local date: min/max temperature, the midday description, the highest chance
    /// of precipitation, the summed amount, the strongest wind, the mean humidity.
    static func aggregate(_ steps: [HourForecast], timeZone: TimeZone) -> [DayForecast] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let groups = Dictionary(grouping: steps) { LocalDate($0.time, timeZone: timeZone) }
        return groups.keys.sorted().map { date in
            let items = groups[date]!.sorted { $0.time < $1.time }
            let hour = { (item: HourForecast) in calendar.component(.hour, from: item.time) }
            let midday = items.min { abs(hour($0) - 13) < abs(hour($1) - 13) }!
            func at(_ range: ClosedRange<Int>) -> HourForecast? { items.first { range.contains(hour($0)) } }
            let humidity = items.compactMap(\.humidity)
            let windiest = items.max { ($0.windSpeed ?? 0) < ($1.windSpeed ?? 0) }
            return DayForecast(
                date: date, minimum: items.map(\.temperature).min()!, maximum: items.map(\.temperature).max()!,
                morning: at(6...9)?.temperature, day: at(12...15)?.temperature, evening: at(18...20)?.temperature,
                night: at(0...3)?.temperature, feelsMorning: at(6...9)?.feelsLike, feelsDay: at(12...15)?.feelsLike,
                feelsEvening: at(18...20)?.feelsLike, feelsNight: at(0...3)?.feelsLike, description: midday.description,
                conditionID: midday.conditionID, precipitationProbability: items.compactMap(\.precipitationProbability).max(),
                precipitation: items.reduce(0) { $0 + $1.precipitation }, windSpeed: windiest?.windSpeed,
                windDegrees: windiest?.windDegrees, humidity: humidity.isEmpty ? nil : humidity.reduce(0, +) / Double(humidity.count))
        }
    }
}
