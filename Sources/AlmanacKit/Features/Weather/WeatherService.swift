import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The weather front end's rules: saved cities, geocoding, forecasts and fallbacks.
public struct WeatherService: Sendable {
    /// Asks the user to choose among places; returns an index, or nil to cancel.
    public typealias Chooser = @Sendable ([City]) -> Int?
    public typealias StaleHandler = @Sendable (WeatherReport) async -> Void

    /// The cache-first client (answers, and a look at the cache for the One Call fallback).
    public let client: DataClient
    public let store: DocumentStore<WeatherDocument>
    /// Whether OpenWeatherMap is live, its key, the state folder.
    public let configuration: Configuration
    public let console: Console
    public let days: DayClock

    public init(client: DataClient, store: DocumentStore<WeatherDocument>, configuration: Configuration, console: Console, days: DayClock) {
        self.client = client
        self.store = store
        self.configuration = configuration
        self.console = console
        self.days = days
    }

    /// Wired from the run's context: its client, the saved cities in the data folder, its clock.
    public init(context: AppContext) {
        self.init(
            client: context.client, store: context.store(WeatherDocument.self), configuration: context.configuration,
            console: context.console, days: context.days)
    }

    // MARK: - Settings and saved cities

    public func document() throws -> WeatherDocument { try store.read() }

    public func updateSettings(_ change: (inout WeatherSettings) -> Void) throws -> WeatherSettings {
        try store.update { document in
            change(&document.settings)
            return document.settings
        }
    }

    /// Geocodes `query`, fetches its forecast once to learn its time zone, saves it.
    /// The first city saved becomes the default. Returns the city and whether it was new.
    public func addCity(_ query: String, pick: Int?, chooser: Chooser?) async throws -> (city: City, added: Bool) {
        var city = try await resolveNew(query, pick: pick, chooser: chooser)
        if let report = try? await report(for: city) { city = report.city }
        let resolved = city
        return try store.update { document in
            if let existing = document.cities.first(where: { $0.label == resolved.label }) { return (existing, false) }
            document.add(resolved)
            if document.defaultCity == nil { document.defaultIndex = document.cities.count - 1 }
            return (resolved, true)
        }
    }

    public func removeCity(_ reference: String) throws -> City {
        try store.update { document in
            guard let index = document.index(of: reference) else { throw unknownCity(reference, document) }
            return document.remove(at: index)
        }
    }

    public func setDefault(_ reference: String) throws -> City {
        try store.update { document in
            guard let index = document.index(of: reference) else { throw unknownCity(reference, document) }
            document.defaultIndex = index
            return document.cities[index]
        }
    }

    private func unknownCity(_ reference: String, _ document: WeatherDocument) -> WeatherError {
        if document.cities.isEmpty { return .noSavedCities }
        return .unknownSavedCity(reference, saved: document.cities.indices.map { "\(document.id(at: $0)) \(document.cities[$0].name)" })
    }

    // MARK: - Resolving a city

    /// The city meant by an argument: none → the default; a saved name or number; `lat,lon`; else geocoded.
    public func resolve(_ argument: String?, pick: Int?, chooser: Chooser?) async throws -> City {
        let document = try store.read()
        guard let argument = argument?.trimmingWhitespace(), !argument.isEmpty else {
            guard let city = document.defaultCity else { throw WeatherError.noDefaultCity }
            return city
        }
        if let index = document.index(of: argument) { return document.cities[index] }
        return try await resolveNew(argument, pick: pick, chooser: chooser)
    }

    private func resolveNew(_ query: String, pick: Int?, chooser: Chooser?) async throws -> City {
        let trimmed = query.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 200 else { throw UsageError("A city name must be 1 to 200 characters.") }
        if let city = City.coordinates(trimmed) { return city }
        return try Self.choose(try await geocode(trimmed), query: trimmed, pick: pick, chooser: chooser)
    }

    /// Places matching a name: Yandex when its key is set, else OpenWeather's geocoder when
    /// that key is set, else Yandex sample data.
    public func geocode(_ query: String) async throws -> [City] {
        let lang = try store.read().settings.lang
        if configuration.mode(for: .yandexGeocoder) != .live, configuration.mode(for: .openWeather) == .live {
            return PlaceCandidates.fromOpenWeather(try await client.fetch(OpenWeather.geocode(query)).value)
        }
        do {
            return PlaceCandidates.fromYandex(try await client.fetch(YandexGeocoder.geocode(query, lang: lang)).value)
        } catch is SampleDataError {
            throw await sampleCities(lang: lang)
        }
    }

    /// For a place the sample data does not cover: the cities it does (each recorded name that
    /// finds a place of that name, in recording order) and the two keys that open up any city.
    private func sampleCities(lang: String) async -> SampleDataError {
        var names: [String] = []
        for name in client.fixtures?.coverage(for: YandexGeocoder.geocode("", lang: lang).descriptor) ?? [] {
            guard let answer = try? await client.fetch(YandexGeocoder.geocode(name, lang: lang)).value,
                PlaceCandidates.fromYandex(answer).first?.name.lowercased() == name.lowercased()
            else { continue }
            names.append(name)
        }
        return SampleDataError(covered: names, keys: ["OPENWEATHER_API_KEY", "YANDEX_GEOCODER_API_KEY"], subject: "any city")
    }

    static func choose(_ candidates: [City], query: String, pick: Int?, chooser: Chooser?) throws -> City {
        if candidates.isEmpty { throw WeatherError.notFound(query: query) }
        if let pick {
            guard candidates.indices.contains(pick - 1) else {
                throw WeatherError.choiceOutOfRange(choice: pick, count: candidates.count, query: query)
            }
            return candidates[pick - 1]
        }
        if candidates.count == 1 { return candidates[0] }
        if let chooser {
            guard let index = chooser(candidates), candidates.indices.contains(index) else { throw WeatherError.noneChosen }
            return candidates[index]
        }
        throw WeatherError.ambiguous(query: query, places: candidates)
    }

    // MARK: - Forecasts

    /// Current, hourly and daily weather: One Call 3.0, or the free 2.5 pair when the key
    /// lacks the One Call subscription (said once on stderr).
    public func report(for city: City, onStale: StaleHandler? = nil) async throws -> WeatherReport {
        try await report(for: city, lang: try store.read().settings.lang, onStale: onStale)
    }

    /// The report with its current conditions; throws `APIError.provider` when the answer has none.
    public func current(for city: City) async throws -> (report: WeatherReport, current: CurrentConditions) {
        let report = try await report(for: city)
        guard let current = report.current else {
            throw APIError.provider(provider: .openWeather, code: nil, message: "no current conditions")
        }
        return (report, current)
    }

    private func report(for city: City, lang: String, onStale: StaleHandler?) async throws -> WeatherReport {
        let endpoint = OpenWeather.oneCall(latitude: city.latitude, longitude: city.longitude, lang: lang)
        let refusal = oneCallRefusal
        if let refusal, refusal.isRefused(now: days.now()), client.peek(endpoint) == nil {
            let report = try await freeReport(for: city, lang: lang, original: nil)
            console.noteOnce(Self.freePlanNote)
            return report
        }
        do {
            var staleHandler: (@Sendable (Fetched<OpenWeatherDTO.OneCall>) async -> Void)?
            if let onStale {
                staleHandler = { stale in await onStale(WeatherMapper.report(stale.value, city: city, provenance: stale.provenance)) }
            }
            let fetched = try await client.fetch(endpoint, onStale: staleHandler)
            return WeatherMapper.report(fetched.value, city: city, provenance: fetched.provenance)
        } catch is SampleDataError {
            throw await sampleCities(lang: lang)
        } catch let error as APIError {
            guard case .unauthorized(_, 401, _) = error else { throw error }
            let report = try await freeReport(for: city, lang: lang, original: error)
            refusal?.remember(now: days.now())
            console.noteOnce(Self.freePlanNote)
            return report
        }
    }

    static let freePlanNote =
        "note: this OpenWeather key has no One Call 3.0 subscription; showing the free 5-day forecast in 3-hour steps (no UV index or moon phase)."

    /// The remembered One Call refusal for the live key; nil without a key or when not live.
    private var oneCallRefusal: OneCallRefusal? {
        guard configuration.mode(for: .openWeather) == .live, let key = configuration.key(for: .openWeather) else { return nil }
        return OneCallRefusal(stateFolder: configuration.paths.state, key: key)
    }

    private func freeReport(for city: City, lang: String, original: APIError?) async throws -> WeatherReport {
        do {
            async let current = client.fetch(OpenWeather.current(latitude: city.latitude, longitude: city.longitude, lang: lang))
            async let forecast = client.fetch(OpenWeather.forecast(latitude: city.latitude, longitude: city.longitude, lang: lang))
            let (now, steps) = try await (current, forecast)
            return WeatherMapper.report(
                current: now.value, forecast: steps.value, city: city,
                provenance: Provenance.combine([now.provenance, steps.provenance]))
        } catch let error as APIError {
            if case .unauthorized = error, let original { throw original }
            throw error
        }
    }

    /// The days a forecast can cover: the provider's 8 days, then its 30-day climate model up to 25.
    public static let dayRange = 1...25
    /// The hours the hourly view can cover (One Call's 48).
    public static let hourRange = 1...48

    /// The days of the provider's own daily forecast; beyond them the climate model answers.
    public static let forecastHorizon = 8

    /// `days` inside `dayRange`, or the error saying it is not.
    public static func checkDays(_ days: Int) -> Result<Int, WeatherError> {
        dayRange.contains(days) ? .success(days) : .failure(.daysOutOfRange(requested: days, allowed: dayRange))
    }

    /// `hours` inside `hourRange`, or the error saying it is not.
    public static func checkHours(_ hours: Int) -> Result<Int, WeatherError> {
        hourRange.contains(hours) ? .success(hours) : .failure(.hoursOutOfRange(requested: hours, allowed: hourRange))
    }

    /// The date in `text` (`YYYY-MM-DD`), or `WeatherError.invalidDate`.
    public static func checkDate(_ text: String) throws -> LocalDate {
        guard let date = LocalDate(text) else { throw WeatherError.invalidDate(text) }
        return date
    }

    /// `days` daily rows (1…25). Beyond what the forecast holds, the climate forecast is used;
    /// when the plan refuses it, the available days are returned with a note on stderr.
    public func forecast(for city: City, days: Int, onStale: StaleHandler? = nil) async throws -> WeatherReport {
        _ = try Self.checkDays(days).get()
        let lang = try store.read().settings.lang
        var report = try await self.report(for: city, lang: lang, onStale: onStale)
        if days <= report.daily.count {
            report.daily = Array(report.daily.prefix(days))
            return report
        }
        do {
            let climate = try await client.fetch(OpenWeather.climate(latitude: city.latitude, longitude: city.longitude, days: days, lang: lang))
            let climateDays = WeatherMapper.climateDays(climate.value, city: report.city)
            report.daily = Array(climateDays.prefix(days))
            report.model = .climate
            report.provenance = Provenance.combine([report.provenance, climate.provenance])
        } catch let error as APIError {
            guard case .unauthorized = error else { throw error }
            console.note(
                "note: the \(days)-day forecast needs OpenWeather's 30-day climate forecast; your key works, but its plan does not include that product. Showing the \(report.daily.count) days available."
            )
        }
        return report
    }

    /// The next `hours` hourly entries (1…48).
    public func hourly(for city: City, hours: Int, onStale: StaleHandler? = nil) async throws -> WeatherReport {
        _ = try Self.checkHours(hours).get()
        var report = try await self.report(for: city, onStale: onStale)
        report.hourly = Array(report.hourly.prefix(report.model == .free ? (hours + 2) / 3 : hours))
        return report
    }

    /// One day in detail; the date must be inside the forecast.
    public func day(for city: City, date text: String) async throws -> (WeatherReport, DayForecast) {
        let date = try Self.checkDate(text)
        let report = try await self.report(for: city)
        guard let day = report.daily.first(where: { $0.date == date }) else {
            guard let first = report.daily.first, let last = report.daily.last else {
                throw UsageError("The forecast for \(city.name) has no daily entries.")
            }
            throw UsageError("\(date) is outside the forecast for \(city.name): days from \(first.date) to \(last.date) are available.")
        }
        return (report, day)
    }
}
