import FrontKit
import Weather

extension WeatherCommand {
    struct Warnings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "warnings",
            abstract: "Official weather warnings for the place from its national service (MET Norway, the US NWS, DWD), keyless.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var place: CityOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                let city = WeatherService.withZone(try await run.city(place.city, pick: place.pick, chooser: run.terminalChooser))
                let report = try await run.service.warnings(for: city)
                let view = WarningsView(city: city, settings: try run.service.document().settings, style: context.style, now: context.clock.now())
                try context.show(json: WarningsJSON.document(report), text: view.text(report))
            }
        }
    }
}
