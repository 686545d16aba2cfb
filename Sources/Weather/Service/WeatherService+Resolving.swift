import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Resolving a city: the default, a saved name or number, `lat,lon`, or the geocoder's places
/// (the sample data's when no provider can be asked).
extension WeatherService {
    /// The city meant by an argument: none → the default; a saved name or number; `lat,lon`; else geocoded.
    package func resolve(_ argument: String?, pick: Int?, chooser: Chooser?) async throws -> City {
        let document = try store.read()
        guard let argument = argument?.trimmingWhitespace(), !argument.isEmpty else {
            guard let city = document.defaultCity else { throw WeatherError.noDefaultCity }
            return zoned(city)
        }
        if let index = document.index(of: argument) { return zoned(document.cities[index]) }
        return try await resolveNew(argument, pick: pick, chooser: chooser)
    }

    /// A place not saved: `lat,lon`, else geocoded; with its own time zone (`zoned`).
    func resolveNew(_ query: String, pick: Int?, chooser: Chooser?) async throws -> City {
        let trimmed = try City.checkQuery(query)
        if let city = City.coordinates(trimmed) { return zoned(city) }
        return zoned(try Self.choose(try await geocode(trimmed), query: trimmed, pick: pick, chooser: chooser))
    }

    /// The providers answering this run, from the keys set and the saved `--provider` choice.
    package func sources() throws -> ForecastSources {
        sources(try settings())
    }

    /// The run's weather sources from settings already read (no second read of the document),
    /// unless the caller pinned them.
    func sources(_ settings: WeatherSettings) -> ForecastSources {
        pinnedSources ?? ForecastSources.resolve(configuration, choice: settings.provider)
    }

    /// Places matching a name, from the geocoder `sources()` picks: Yandex when its key is set,
    /// else OpenWeather's when that key is set, else Open-Meteo's (keyless).
    package func geocode(_ query: String) async throws -> [City] {
        let settings = try settings()
        switch sources(settings).geocoder {
        case Provider.openWeather.rawValue:
            let fetched = try await client.fetch(OpenWeather.geocode(query))
            return try await offerable(PlaceCandidates.fromOpenWeather(fetched.value), origin: fetched.origin, settings)
        case Provider.yandexGeocoder.rawValue:
            do {
                let fetched = try await client.fetch(YandexGeocoder.geocode(query, lang: settings.lang))
                return try await offerable(PlaceCandidates.fromYandex(fetched.value), origin: fetched.origin, settings)
            } catch {
                throw await explained(error, settings, keyless: false)
            }
        default:
            do {
                let fetched = try await client.fetch(OpenMeteo.search(query, language: settings.lang))
                return try await offerable(PlaceCandidates.fromOpenMeteo(fetched.value), origin: fetched.origin, settings)
            } catch {
                throw await explained(error, settings, keyless: true)
            }
        }
    }

    /// A failure to find a place or its weather, in a user's words: which places the sample data
    /// covers when it has no answer (or, for a keyless provider, when the provider cannot be
    /// reached); any other error, and "no sample data installed", as it is.
    func explained(_ error: any Error, _ settings: WeatherSettings, keyless: Bool) async -> any Error {
        switch error {
        case let sample as SampleDataError where !sample.noSampleData:
            return await sampleCities(settings)
        case let transport as TransportError where keyless && transport.isUnreachable && client.samples.fixtures != nil:
            console.debug("\(transport)")
            return await sampleCities(settings)
        default:
            return error
        }
    }

    /// For a place the sample data does not cover: the cities it does (each recorded name that
    /// finds a place of that name the sample data answers every view for, in recording order)
    /// and, for a keyed geocoder, the keys that open up any city. Read from the recordings
    /// quietly: no note of an answer that is not shown.
    private func sampleCities(_ settings: WeatherSettings) async -> SampleDataError {
        let lang = settings.lang
        let keyless = sources(settings).geocoder == Provider.openMeteoGeocoding.rawValue
        var names: [String] = []
        let probe = keyless ? OpenMeteo.search("", language: lang).descriptor : YandexGeocoder.geocode("", lang: lang).descriptor
        for name in client.samples.fixtures?.coverage(for: probe) ?? [] {
            guard let found = await sampleGeocode(name, lang: lang, keyless: keyless),
                offerable(found, origin: .fixture).contains(where: { $0.name.lowercased() == name.lowercased() })
            else { continue }
            names.append(name)
        }
        let keys = keyless ? [] : ["OPENWEATHER_API_KEY", "YANDEX_GEOCODER_API_KEY"]
        return SampleDataError(covered: names, keys: keys, subject: "any city", reason: sampleReason)
    }

    /// The places of a geocoder answer that can be offered: all of a live one; of the sample
    /// data's, those it answers every view for — none left is the sample data's own error.
    private func offerable(_ places: [City], origin: DataOrigin, _ settings: WeatherSettings) async throws -> [City] {
        let kept = offerable(places, origin: origin)
        if kept.isEmpty, !places.isEmpty { throw await sampleCities(settings) }
        return kept
    }

    /// Why the sample data answers weather this run, with the provider's name from `ForecastSources`.
    private var sampleReason: SampleDataError.Reason {
        let sources = runSources
        if configuration.offline { return .offline }
        for capability in [ForecastSources.Capability.places, .forecast, .outlook] where client.isUnreachable(sources.provider(capability)) {
            return configuration.refresh ? .refreshed(sources.name(capability)) : .unreachable(sources.name(capability))
        }
        return onSampleData(.places) ? .keyMissing : .unreachable(sources.name(.places))
    }

    private func sampleGeocode(_ name: String, lang: String, keyless: Bool) async -> [City]? {
        if keyless { return await client.samples.recorded(OpenMeteo.search(name, language: lang)).map { PlaceCandidates.fromOpenMeteo($0.value) } }
        return await client.samples.recorded(YandexGeocoder.geocode(name, lang: lang)).map { PlaceCandidates.fromYandex($0.value) }
    }

    static func choose(_ places: [City], query: String, pick: Int?, chooser: Chooser?) throws -> City {
        let candidates = City.distinguished(places)
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
}
