import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The weather front end's rules: saved cities, geocoding, forecasts and fallbacks.
package struct WeatherService: Sendable {
    /// Asks the user to choose among places; returns an index, or nil to cancel.
    package typealias Chooser = @Sendable ([City]) -> Int?
    /// Told of a report shown from a stale cache before the fresh one arrives.
    package typealias StaleHandler = @Sendable (WeatherReport) async -> Void

    /// The cache-first client (answers, and a look at the cache for the One Call fallback).
    package let client: DataClient
    /// Saved cities and settings.
    package let store: DocumentStore<WeatherDocument>
    /// Whether OpenWeatherMap is live, its key, the state folder.
    package let configuration: Configuration
    /// Where notes and warnings go.
    package let console: Console
    /// Today (`ALMANAC_TODAY` pins it).
    package let days: DayClock
    /// Sources fixed by the caller instead of resolved from keys and settings (the recorder's
    /// keyless pass); nil by default.
    package var pinnedSources: ForecastSources?

    /// Who answers weather this run, as every footer and note names it: `sources()`, read as it
    /// is on disk with no lock and no write (`DocumentStore.peek`: a frame may ask), a settings
    /// document that cannot be read counting as `auto`.
    package var runSources: ForecastSources {
        pinnedSources ?? ForecastSources.resolve(configuration, choice: store.peek()?.settings.provider)
    }

    /// Whether `capability` answers from the sample data whatever the network does: offline, or
    /// its provider needs a key that is not set.
    package func onSampleData(_ capability: ForecastSources.Capability) -> Bool {
        configuration.mode(for: runSources.provider(capability)) != .live
    }

    /// Wired from the run's context: its client, the saved cities in the data folder, its clock.
    package init(context: AppContext, pinnedSources: ForecastSources? = nil) {
        client = context.client
        store = context.store(WeatherDocument.self)
        configuration = context.configuration
        console = context.console
        days = context.days
        self.pinnedSources = pinnedSources
    }

    // MARK: - Forecasts

    /// Current, hourly and daily weather: One Call 3.0, or the free 2.5 pair when the key
    /// lacks the One Call subscription (said once on stderr).
    package func report(for city: City, onStale: StaleHandler? = nil) async throws -> WeatherReport {
        try await report(for: city, settings: try settings(), onStale: onStale)
    }

    private func report(for city: City, settings: WeatherSettings, onStale: StaleHandler?) async throws -> WeatherReport {
        if sources(settings).usesMET { return try await metReport(for: city, settings: settings, onStale: onStale) }
        let lang = settings.lang
        let endpoint = OpenWeather.oneCall(latitude: city.latitude, longitude: city.longitude, lang: lang)
        let refusal = oneCallRefusal
        if let refusal, refusal.isRefused(now: days.now()), client.answers.peek(endpoint) == nil {
            return try await freeReport(for: city, lang: lang, original: nil)
        }
        do {
            var staleHandler: (@Sendable (Fetched<OpenWeatherDTO.OneCall>) async -> Void)?
            if let onStale {
                staleHandler = { stale in await onStale(WeatherMapper.report(stale.value, city: city, provenance: stale.provenance)) }
            }
            let fetched = try await client.fetch(endpoint, onStale: staleHandler)
            return WeatherMapper.report(fetched.value, city: city, provenance: fetched.provenance)
        } catch let error as APIError {
            guard case .unauthorized(_, 401, _) = error else { throw error }
            let report = try await freeReport(for: city, lang: lang, original: error)
            refusal?.remember(now: days.now())
            return report
        } catch {
            throw await explained(error, settings, keyless: false)
        }
    }

    /// MET Norway's forecast for a city: current, hourly and about 9 days from one answer.
    private func metReport(for city: City, settings: WeatherSettings, onStale: StaleHandler?) async throws -> WeatherReport {
        let city = Self.withZone(city)
        var staleHandler: (@Sendable (Fetched<METNorwayDTO.Forecast>) async -> Void)?
        if let onStale {
            let days = self.days
            staleHandler = { stale in await onStale(Self.metReport(stale, city: city, now: days.instant())) }
        }
        do {
            let fetched = try await client.fetch(METNorway.forecast(latitude: city.latitude, longitude: city.longitude), onStale: staleHandler)
            noteNearby(city, origin: fetched.origin, .forecast)
            return Self.metReport(fetched, city: city, now: days.instant())
        } catch {
            throw await explained(error, settings, keyless: true)
        }
    }

    /// The report as of `now`, or as of its recording for sample data (recorded days stay shown).
    static func metReport(_ fetched: Fetched<METNorwayDTO.Forecast>, city: City, now: Date) -> WeatherReport {
        var report = METMapper.report(fetched.value, city: city, now: fetched.asOf(now), provenance: fetched.provenance)
        if report.daily.isEmpty, let first = fetched.value.properties.timeseries.first.flatMap({ METNorway.time($0.time) }) {
            // A cached answer older than its own last day: show what it holds, marked stale.
            report = METMapper.report(fetched.value, city: city, now: first, provenance: fetched.provenance)
        }
        return report
    }

    /// A city with a time zone for cutting days: its own (`zoned` found it when it could), else
    /// UTC — never a guess from its longitude (docs/architecture.md §3, "A place's clock").
    package static func withZone(_ city: City) -> City {
        guard city.timeZoneIdentifier == nil, city.utcOffset == nil else { return city }
        var city = city
        city.utcOffset = 0
        return city
    }

    static let freePlanNote =
        "note: this OpenWeather key has no One Call 3.0 subscription; showing the free 5-day forecast in 3-hour steps (no UV index or moon phase)."

    /// The remembered One Call refusal for the live key; nil without a key or when not live.
    private var oneCallRefusal: OneCallRefusal? {
        guard configuration.mode(for: .openWeather) == .live, let key = configuration.key(for: .openWeather) else { return nil }
        return OneCallRefusal(stateFolder: configuration.paths.state, key: key)
    }

    /// The free 2.5 pair in place of One Call, said once a run (`freePlanNote`).
    private func freeReport(for city: City, lang: String, original: APIError?) async throws -> WeatherReport {
        do {
            async let current = client.fetch(OpenWeather.current(latitude: city.latitude, longitude: city.longitude, lang: lang))
            async let forecast = client.fetch(OpenWeather.forecast(latitude: city.latitude, longitude: city.longitude, lang: lang))
            let (now, steps) = try await (current, forecast)
            console.noteOnce(Self.freePlanNote)
            return WeatherMapper.report(
                current: now.value, forecast: steps.value, city: city,
                provenance: Provenance.combine([now.provenance, steps.provenance]))
        } catch let error as APIError {
            if case .unauthorized = error, let original { throw original }
            throw error
        }
    }

    /// The days of the providers' own daily forecasts; beyond them the climate forecast or the
    /// ensemble outlook answers (a forecast with fewer days left shows what it has up to here).
    package static let forecastHorizon = 8

    /// `days` daily rows (1…25). Past the forecast's own days: OpenWeather's climate forecast
    /// when the key's plan has it, else the Open-Meteo ensemble outlook. A free OpenWeather key's
    /// 5 days are filled to 7 by MET Norway. With `normals` (the default) the days within the
    /// forecast's own carry the place's normals (`withNormals`).
    package func forecast(for city: City, days: Int, normals: Bool = true, onStale: StaleHandler? = nil) async throws -> WeatherReport {
        try NumberRule.days.check(days)
        let settings = try settings()
        var report = try await self.report(for: city, settings: settings, onStale: onStale)
        if report.model == .free, days > report.daily.count { await fillFromMET(&report, settings) }
        if days <= max(report.daily.count, Self.forecastHorizon) {
            report.daily = Array(report.daily.prefix(days))
            let report = await withUV(await withChances(report))
            return normals ? await withNormals(report) : report
        }
        if sources(settings).outlook == Provider.openWeatherPro.rawValue,
            let climate = try await climateReport(report, days: days, lang: settings.lang)
        {
            return climate
        }
        return try await outlookReport(report, days: days)
    }

    /// Days a free OpenWeather key lacks, from MET Norway (its rows replace the 5-day ones).
    private func fillFromMET(_ report: inout WeatherReport, _ settings: WeatherSettings) async {
        guard let met = try? await metReport(for: report.city, settings: settings, onStale: nil), met.daily.count > report.daily.count else { return }
        report.daily = met.daily
        report.dailyModel = .met
        report.provenance = Provenance.combine([report.provenance, met.provenance])
    }

    /// The climate forecast's rows; nil when the key's plan refuses it (said on stderr).
    private func climateReport(_ report: WeatherReport, days: Int, lang: String) async throws -> WeatherReport? {
        let city = report.city
        do {
            let climate = try await client.fetch(OpenWeather.climate(latitude: city.latitude, longitude: city.longitude, days: days, lang: lang))
            var report = report
            report.daily = Array(WeatherMapper.climateDays(climate.value, city: city).prefix(days))
            report.model = .climate
            report.dailyModel = nil
            report.provenance = Provenance.combine([report.provenance, climate.provenance])
            return report
        } catch let error as APIError {
            guard case .unauthorized = error else { throw error }
            console.note(
                "note: OpenWeather's 30-day climate forecast is not in your key's plan; showing the keyless Open-Meteo ensemble outlook instead."
            )
            return nil
        }
    }

    /// The ensemble outlook from today: medians as the rows, the spread beside them.
    private func outlookReport(_ report: WeatherReport, days: Int) async throws -> WeatherReport {
        let city = report.city
        let fetched = try await client.fetch(EnsembleMapper.endpoint(latitude: city.latitude, longitude: city.longitude))
        var report = report
        if report.city.timeZoneIdentifier == nil, let zone = fetched.value.timezone, TimeZone(identifier: zone) != nil {
            report.city.timeZoneIdentifier = zone
        }
        let today = LocalDate(fetched.asOf(self.days.instant()), timeZone: report.city.timeZone)
        let outlook = Array(fetched.value.outlook.filter { $0.date >= today }.prefix(days))
        report.outlook = outlook
        report.daily = EnsembleMapper.forecastDays(outlook)
        report.model = .outlook
        report.dailyModel = nil
        report.provenance = Provenance.combine([report.provenance, fetched.provenance])
        return report
    }

    /// The next `hours` hourly entries (1…48).
    package func hourly(for city: City, hours: Int, onStale: StaleHandler? = nil) async throws -> WeatherReport {
        try NumberRule.hours.check(hours)
        var report = try await self.report(for: city, onStale: onStale)
        report.hourly = Array(report.hourly.prefix(report.model == .free ? (hours + 2) / 3 : hours))
        return report
    }

    /// One day in detail; the date must be inside the forecast.
    /// - Parameter text: `YYYY-MM-DD`, `today`, `tomorrow` or `yesterday`; nil: today — for sample
    ///   data the recording's day (docs/architecture.md §3, "Sample data"), so it answers on any date.
    package func day(for city: City, date text: String?) async throws -> (WeatherReport, DayForecast) {
        let report = await withUV(await withChances(try await self.report(for: city)))
        let today =
            report.provenance.origin == .fixture ? LocalDate(report.provenance.fetchedAt, timeZone: report.city.timeZone) : try days.today()
        let date = try text.map { try DateInput.parse($0, today: today, field: .date) } ?? today
        guard let day = report.daily.first(where: { $0.date == date }) else {
            let days = report.daily.map(\.date)
            throw WeatherError.outsideForecast(date, city: city.displayName, available: days.min().flatMap { first in days.max().map { first...$0 } })
        }
        return (report, day)
    }
}
