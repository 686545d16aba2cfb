import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import Weather

extension WeatherCommand {
    struct Rain: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "rain",
            abstract: "Rain in the next two hours: a strip of 5- or 15-minute steps and one sentence (MET radar where it reaches, else Open-Meteo).")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var place: CityOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                let city = WeatherService.withZone(try await run.city(place.city, pick: place.pick, chooser: run.terminalChooser))
                let answer = try await run.service.nowcast(for: city)
                let view = try run.rainAndAirView(city)
                try context.show(json: RainAndAirJSON.rain(answer, city: city, clock: view.format.time), text: view.rain(answer))
            }
        }
    }

    struct Air: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "air", abstract: "Air quality now: the index and its band, the pollutant that sets it, the next 24 hours, pollen.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var place: CityOptions
        @Option(
            help: ArgumentHelp("The index: eu (European AQI) or us (US AQI); by default us in the United States, eu elsewhere.", valueName: "scale"))
        var aqi: Picked<AirQuality.Scale>?

        func validate() throws {
            try validating { _ = try aqi?.value() }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                let city = WeatherService.withZone(try await run.city(place.city, pick: place.pick, chooser: run.terminalChooser))
                let (air, provenance) = try await run.service.air(for: city, scale: try aqi?.value())
                let view = try run.rainAndAirView(city)
                try context.show(json: RainAndAirJSON.air(air, city: city, provenance: provenance), text: view.air(air, provenance: provenance))
            }
        }
    }
}
