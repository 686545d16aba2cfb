import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Rain in the next two hours and the air quality (docs/weather.md, "Rain in the next two hours",
/// "Air quality"): MET's radar nowcast where it covers the place, else Open-Meteo; the air from
/// Open-Meteo's air-quality API. Both keyless.
extension WeatherService {
    /// A nowcast, where it came from, and the time its steps are read from: now, or for sample data
    /// the recording's first step (a recording is shown as the moment it was recorded, labelled).
    package struct NowcastAnswer: Sendable {
        package var nowcast: Nowcast
        package var provenance: Provenance
        package var now: Date

        /// The steps of the next two hours from `now` (none when the nowcast has ended).
        package var upcoming: [Nowcast.Step] { nowcast.upcoming(from: now) }

        /// What those steps say.
        package var sentence: NowcastSentence { NowcastSentence(steps: upcoming, minutes: nowcast.source.minutes) }
    }

    /// The next two hours' precipitation at `city`. MET's radar nowcast when its coverage is `ok`
    /// and a step is still to come; otherwise (no coverage, radars down, MET unreachable, a nowcast
    /// past its validity) Open-Meteo's 15-minute steps. Throws `WeatherError.nowcastExpired` when
    /// neither has a step still to come.
    ///
    /// Sample data answers last: a recorded radar nowcast (MET unreachable) gives way to a live
    /// Open-Meteo answer, and stands only when Open-Meteo has none either, or offline.
    package func nowcast(for city: City) async throws -> NowcastAnswer {
        let radar = await radarNowcast(for: city)
        if let radar, radar.provenance.origin != .fixture || configuration.offline { return radar }
        let model: NowcastAnswer
        do { model = try await modelNowcast(for: city) } catch {
            if let radar { return radar }
            throw error
        }
        return model.provenance.origin == .fixture ? radar ?? model : model
    }

    /// Open-Meteo's 15-minute steps.
    private func modelNowcast(for city: City) async throws -> NowcastAnswer {
        let fetched = try await client.fetch(OpenMeteo.minutely(latitude: city.latitude, longitude: city.longitude))
        let source: Nowcast.Source = Self.hasNativeQuarterHours(city) ? .model15 : .hourly
        let answer = Self.answer(Nowcast(source: source, steps: Self.steps(fetched.value)), fetched.provenance, now: days.instant())
        guard !answer.upcoming.isEmpty else { throw WeatherError.nowcastExpired(city: city.label) }
        return answer
    }

    /// MET's answer when it can be used; nil (said under `--verbose`) when not.
    private func radarNowcast(for city: City) async -> NowcastAnswer? {
        let fetched: Fetched<METNorwayDTO.Nowcast>
        do { fetched = try await client.fetch(METNorway.nowcast(latitude: city.latitude, longitude: city.longitude)) } catch {
            console.debug("nowcast: MET Norway: \(error); asking Open-Meteo")
            return nil
        }
        let coverage = fetched.value.properties.meta?.radar_coverage ?? "no coverage"
        guard coverage == "ok" else {
            console.debug("nowcast: MET Norway's radar coverage here: \(coverage); asking Open-Meteo")
            return nil
        }
        let answer = Self.answer(Nowcast(source: .radar, steps: Self.steps(fetched.value)), fetched.provenance, now: days.instant())
        guard !answer.upcoming.isEmpty else {
            console.debug("nowcast: MET Norway's nowcast has ended; asking Open-Meteo")
            return nil
        }
        return answer
    }

    /// Sample data is read from its first step; a live or cached answer from now.
    private static func answer(_ nowcast: Nowcast, _ provenance: Provenance, now: Date) -> NowcastAnswer {
        let from = provenance.origin == .fixture ? nowcast.steps.first?.time ?? now : now
        return NowcastAnswer(nowcast: nowcast, provenance: provenance, now: from)
    }

    /// MET's steps: each its time and its `precipitation_rate` (mm/h); a step with no readable time is left out.
    package static func steps(_ answer: METNorwayDTO.Nowcast) -> [Nowcast.Step] {
        answer.properties.timeseries.compactMap { step in
            METNorway.time(step.time).map { Nowcast.Step(time: $0, millimetresPerHour: step.data.instant?.details?.precipitation_rate) }
        }
    }

    /// Open-Meteo's columns as steps: each value is the 15 minutes *before* its time, so a step
    /// starts 15 minutes earlier; millimetres over 15 minutes × 4 is mm/h.
    package static func steps(_ answer: OpenMeteoDTO.Minutely) -> [Nowcast.Step] {
        guard let columns = answer.minutely_15 else { return [] }
        return columns.time.enumerated().compactMap { index, time in
            guard let start = instant(time) else { return nil }
            let amount = columns.precipitation.flatMap { index < $0.count ? $0[index] : nil }
            return Nowcast.Step(time: start.addingTimeInterval(-900), millimetresPerHour: amount.map { $0 * 4 })
        }
    }

    /// Seconds since 1970 as an instant, within years 0–9999 (a hostile number is left out).
    static func instant(_ seconds: Int) -> Date? {
        (-62_135_596_800...253_402_300_799).contains(seconds) ? Date(timeIntervalSince1970: TimeInterval(seconds)) : nil
    }

    /// Where Open-Meteo has native 15-minute models: Central Europe (DWD ICON-D2's area) and the
    /// contiguous United States (NOAA HRRR's); elsewhere its 15-minute values are hourly ones
    /// interpolated.
    static func hasNativeQuarterHours(_ city: City) -> Bool {
        let (latitude, longitude) = (city.latitude, city.longitude)
        let centralEurope = (43.2...58.1).contains(latitude) && (-3.9...20.3).contains(longitude)
        let northAmerica = (21.1...52.6).contains(latitude) && (-134.1...(-60.9)).contains(longitude)
        return centralEurope || northAmerica
    }

    /// The air at `city` on `scale` (nil: the US AQI in the United States, the European one elsewhere).
    package func air(for city: City, scale: AirQuality.Scale?) async throws -> (air: AirQuality, provenance: Provenance) {
        let fetched = try await client.fetch(OpenMeteo.air(latitude: city.latitude, longitude: city.longitude))
        let scale = scale ?? (city.placedCountryCode == "US" ? .us : .european)
        return (Self.air(fetched.value, scale: scale, now: fetched.asOf(days.instant())), fetched.provenance)
    }

    /// The air in `answer` on `scale`, its hours those of the next 24 from `now` (the hour under
    /// way included; past hours and those beyond a day left out, whatever the answer holds).
    package static func air(_ answer: OpenMeteoDTO.Air, scale: AirQuality.Scale, now: Date) -> AirQuality {
        let current = answer.current
        let european = scale == .european
        let pollutants = OpenMeteo.airPollutants.map { key in
            AirQuality.Pollutant(key: key, microgramsPerCubicMetre: current?.concentration(key), index: current?.subIndex(key, european: european))
        }
        let column = european ? answer.hourly?.european_aqi : answer.hourly?.us_aqi
        let next = (now.addingTimeInterval(-3600), now.addingTimeInterval(24 * 3600))
        let hours = (answer.hourly?.time ?? []).enumerated().compactMap { index, time -> (Date, Double?)? in
            guard let at = instant(time), at > next.0, at < next.1 else { return nil }
            return (at, column.flatMap { index < $0.count ? $0[index] : nil })
        }
        return AirQuality(
            scale: scale, time: current?.time.flatMap(instant),
            index: european ? current?.european_aqi : current?.us_aqi, pollutants: pollutants, hours: hours, pollen: current?.pollen ?? [])
    }
}

extension OpenMeteoDTO.AirNow {
    /// A pollutant's concentration by its key.
    func concentration(_ key: String) -> Double? {
        switch key {
        case "pm2_5": pm2_5
        case "pm10": pm10
        case "ozone": ozone
        default: nitrogen_dioxide
        }
    }

    /// A pollutant's own index on the European or the US scale.
    func subIndex(_ key: String, european: Bool) -> Double? {
        switch key {
        case "pm2_5": european ? european_aqi_pm2_5 : us_aqi_pm2_5
        case "pm10": european ? european_aqi_pm10 : us_aqi_pm10
        case "ozone": european ? european_aqi_ozone : us_aqi_ozone
        default: european ? european_aqi_nitrogen_dioxide : us_aqi_nitrogen_dioxide
        }
    }

    /// The pollen given, by kind (`birch`), in the API's order.
    var pollen: [(kind: String, grains: Double)] {
        let values = [alder_pollen, birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen]
        return zip(OpenMeteo.pollen, values).compactMap { key, value in
            value.map { (String(key.dropLast("_pollen".count)), $0) }
        }
    }
}
