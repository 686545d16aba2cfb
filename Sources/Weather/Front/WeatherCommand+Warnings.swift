import FrontKit
import Weather

extension WeatherCommand {
    struct Warnings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "warnings",
            abstract: "Official weather warnings for places from their national services (MET Norway, the US NWS, DWD), keyless.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Places: city names, saved cities' names or numbers, or lat,lon. Default: the default city.")
        var places: [String] = []
        @Option(parsing: .unconditional, help: ArgumentHelp("When several places match, take the Nth.", valueName: "N"))
        var pick: Int?

        func validate() throws {
            for place in places { try validating { _ = try City.checkQuery(place) } }
        }

        /// Each place in order, its warnings under its heading; with `--json` one document (one
        /// place's, or `{"places": [...]}` for several).
        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                var documents: [Sourced<WarningsJSON>] = []
                for (index, place) in (places.isEmpty ? [nil] : places.map(Optional.some)).enumerated() {
                    let city = WeatherService.withZone(try await run.city(place, pick: pick, chooser: run.terminalChooser))
                    let report = try await run.service.warnings(for: city)
                    documents.append(WarningsJSON.document(report))
                    guard !context.json else { continue }
                    if index > 0 { context.console.print("") }
                    let view = WarningsView(city: city, settings: try run.service.document().settings, style: context.style, now: context.clock.now())
                    context.console.print(view.text(report))
                }
                guard context.json else { return }
                if documents.count == 1 { try context.printJSON(documents[0]) } else { try context.printJSON(WarningsJSON.Places(places: documents)) }
            }
        }
    }
}
