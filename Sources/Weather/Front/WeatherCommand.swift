import AlmanacClient
import AlmanacCore
import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import Weather

package struct WeatherCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "weather", abstract: "Current weather, 7- and 25-day forecasts, hourly detail, saved cities.",
        subcommands: [
            Current.self, Forecast.self, Hourly.self, Day.self, Rain.self, Air.self, Warnings.self, Normals.self, Cities.self, Add.self,
            Remove.self, Default.self, Settings.self,
        ],
        defaultSubcommand: Current.self)
}

/// The CITY argument and `--pick`, shared by the weather views.
struct CityOptions: ParsableArguments {
    @Argument(help: "A city name, a saved city's name or number, or lat,lon (-33.87,151.21 as it is). Default: the default city.")
    var city: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("When several places match, take the Nth.", valueName: "N"))
    var pick: Int?

    /// A place given is a place: an empty one is refused as `weather add ""` is, never read as
    /// the default city.
    func validate() throws {
        if let city { try validating { _ = try City.checkQuery(city) } }
    }

    /// A report command's run: the place these options name, then its report shown stale first
    /// (`WeatherFlow.show`), or with `--json` its document.
    func showReport(
        _ global: GlobalOptions, render: @escaping @Sendable (WeatherView, WeatherReport) -> String,
        json: @escaping (WeatherReport) -> any Encodable,
        fetch: @escaping (WeatherService, City, WeatherService.StaleHandler?) async throws -> WeatherReport
    ) async throws {
        try await CommandRunner.run(global) { context in
            let run = WeatherFlow(context)
            let city = try await run.city(city, pick: pick, chooser: run.terminalChooser)
            try await run.show({ try await fetch(run.service, city, $0) }, render: render, json: { try context.printJSON(json($0)) })
        }
    }
}

extension WeatherCommand {
    /// Package-wide: the entry casts to it (`Main.asynchronous`) before the protocol.
    package struct Current: AsyncParsableCommand, ReadsProviders {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "now", abstract: "Current conditions in one or more places (the default view); status-bar lines.")
        @OptionGroup package var output: LocalOptions
        @OptionGroup package var cache: CacheOptions
        @OptionGroup package var deadline: TimeoutOptions
        @Argument(help: "Places: city names, saved cities' names or numbers, or lat,lon (-33.87,151.21 as it is). Default: the default city.")
        var places: [String] = []
        @Option(parsing: .unconditional, help: ArgumentHelp("When several places match, take the Nth.", valueName: "N"))
        var pick: Int?
        @Option(
            help: ArgumentHelp(
                "full (default); line; a wttr.in preset 1-4; or a template of codes such as '%l: %c %t' (docs/status-bars.md).",
                valueName: "format"))
        var format: String = "full"
        @Flag(help: "Print the JSON waybar's custom module reads (with a status-line --format).")
        var waybar = false
        @Flag(help: "Keep running; print a new line each time the text changes (a bar's continuous mode, with a status-line --format).")
        var follow = false

        package func validate() throws {
            if GlanceTemplate.isTemplate(format) {
                do { _ = try GlanceTemplate(format, codes: WeatherGlance.codes) } catch { throw ValidationError(error.description) }
            } else if !["full", "line"].contains(format) {
                throw ValidationError("--format must be full, line, 1 to 4, or a template of %-codes, not \"\(format)\".")
            }
            if waybar, format == "full" { throw ValidationError("--waybar needs a status-line --format (line, 1 to 4 or a template).") }
            if follow, format == "full" || output.json {
                throw ValidationError("--follow needs a status-line --format (line, 1 to 4 or a template), not --json.")
            }
            for place in places { try validating { _ = try City.checkQuery(place) } }
        }

        package func run() async throws {
            let glance = format != "full"
            try await CommandRunner.run(global, quietNotes: glance, glance: glance) { context in
                let run = WeatherFlow(context)
                if glance { return try await Self.statusLines(run, places: places, pick: pick, format: format, waybar: waybar) }
                if context.json, places.count > 1 { return try await placesJSON(run) }
                for (index, place) in (places.isEmpty ? [nil] : places.map(Optional.some)).enumerated() {
                    if index > 0 { context.console.print("") }
                    let city = try await Self.typoChecked(index == 0 ? place : nil) {
                        try await run.city(place, pick: pick, chooser: run.terminalChooser)
                    }
                    let settings = try run.service.document().settings
                    let said =
                        context.json ? NowNotes.none : await NowNotes.asked(for: city, service: run.service, settings: settings, style: context.style)
                    try await run.show(
                        {
                            // The normals are a line of the view, not of `--json`: not asked for it.
                            let report = await run.service.withUV(try await run.service.report(for: city, onStale: $0))
                            return context.json ? report : await run.service.withNormals(report)
                        },
                        render: { view, report in view.current(report, notes: said) },
                        json: { try context.printJSON(WeatherJSON.report($0, current: true)) })
                }
            }
        }

        /// `work` (finding the first place); when no such place is found and its word is near a
        /// subcommand (`weather forcast Oslo`), the typo is said instead (exit 64). A real place
        /// named like a subcommand still answers: only a place not found is taken for a typo, and
        /// never a word written where only a place stands (`weather now Lista`, `weather -- Lista`).
        static func typoChecked(_ word: String?, _ work: () async throws -> City) async throws -> City {
            do {
                return try await work()
            } catch {
                guard let word, !placeIsExplicit(), meansNoSuchPlace(error),
                    let typo = CommandTypo.near(word, of: WeatherCommand.self, path: "weather")
                else { throw error }
                throw typo
            }
        }

        /// Whether the command line wrote its places where only places stand: after `now`, or
        /// after `--`.
        static func placeIsExplicit(_ arguments: [String] = Invocation.arguments) -> Bool {
            guard let weather = arguments.firstIndex(of: "weather") else { return false }
            let rest = arguments[(weather + 1)...]
            return rest.contains("--") || rest.first { !$0.hasPrefix("-") } == "now"
        }

        /// Whether `error` says a place was not found (by the geocoder or in the sample data).
        private static func meansNoSuchPlace(_ error: any Error) -> Bool {
            switch error {
            case is SampleDataError, WeatherError.notFound: true
            default: false
            }
        }

        /// Several places with `--json`: one document, `{"places": [...]}`, in order, each place
        /// its answer or its error; then the first failure, as a glance ends.
        private func placesJSON(_ run: WeatherFlow) async throws {
            var outcomes: [PlaceOutcome<WeatherJSON.Report>] = []
            var failure: (any Error)?
            for place in places {
                do {
                    let city = try await run.city(place, pick: pick, chooser: nil)
                    outcomes.append(.answered(WeatherJSON.report(await run.service.withUV(try await run.service.report(for: city)), current: true)))
                } catch {
                    if error is CancellationError { throw error }
                    failure = failure ?? error
                    outcomes.append(
                        .failed(query: place.replacingOccurrences(of: "\u{2212}", with: "-"), error: ErrorSentence.text(error, for: .commandLine)))
                }
            }
            try run.context.printJSON(WeatherJSON.Places(places: outcomes))
            if let failure { throw failure }
        }

        /// One line per place, in order, fetched together; a place that failed still prints its
        /// line (placeholders) and the run ends with the first failure's exit code.
        static func statusLines(_ run: WeatherFlow, places: [String], pick: Int?, format: String, waybar: Bool) async throws {
            let template = try GlanceTemplate(format == "line" ? WeatherGlance.lineTemplate : format, codes: WeatherGlance.codes)
            let lines = await WeatherGlances(flow: run, template: template).lines(places, pick: pick)
            // One run, one document: several places are one object (`places` in JSON, the texts
            // side by side for waybar).
            if waybar {
                run.context.console.print(WaybarLine(joining: lines.map(\.waybar)).encoded)
            } else if run.context.json {
                if lines.count == 1 { try run.context.printJSON(lines[0].json) } else { try run.context.printJSON(["places": lines.map(\.json)]) }
            } else {
                for line in lines { run.context.console.print(line.text) }
            }
            if let failure = lines.lazy.compactMap(\.failure).first { throw failure }
        }
    }

    struct Forecast: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "forecast", abstract: "One row per day: min/max, conditions, precipitation, wind.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var place: CityOptions
        @Option(parsing: .unconditional, help: "Days to show, \(NumberRule.days.range) (past the forecast's own days: the 25-day outlook).")
        var days = TypedNumber<DaysNumber>(7)

        func validate() throws {
            try validating { _ = try days.whole() }
        }

        func run() async throws {
            try await place.showReport(
                global, render: { $0.forecast($1) }, json: { WeatherJSON.report($0, days: true) },
                fetch: { service, city, onStale in
                    let days = try days.whole()
                    // The normals are a line of the view, not of `--json`: not asked for it.
                    return try await service.forecast(
                        for: city, days: days, normals: !output.json, onStale: days <= WeatherService.forecastHorizon ? onStale : nil)
                })
        }
    }

    struct Hourly: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "hourly", abstract: "The next hours: temperature, feels like, precipitation, wind, clouds, humidity.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var place: CityOptions
        @Option(parsing: .unconditional, help: "Hours to show, \(NumberRule.hours.range).")
        var hours = TypedNumber<HoursNumber>(24)

        func validate() throws {
            try validating { _ = try hours.whole() }
        }

        func run() async throws {
            try await place.showReport(
                global, render: { $0.hourly($1) }, json: { WeatherJSON.report($0, hours: true) },
                fetch: { try await $0.hourly(for: $1, hours: try hours.whole(), onStale: $2) })
        }
    }

    struct Day: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "day",
            abstract: "One day in detail: morning/day/evening/night, feels like, wind, the UV index, the sun, the moon's rise, set and phase.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var place: CityOptions
        @Option(help: "The day inside the forecast: YYYY-MM-DD, today, tomorrow or yesterday; today by default.")
        var date: String?

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                if let date { _ = try DateInput.parse(date, today: try context.app.days.today(), field: .date) }
                let city = try await run.city(place.city, pick: place.pick, chooser: run.terminalChooser)
                let (report, day) = try await run.service.day(for: city, date: date)
                try context.show(
                    json: Sourced(WeatherJSON.OneDay(city: report.city, day: day), report.provenance), text: try run.view(report).day(report, day))
            }
        }
    }

    struct Cities: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cities", abstract: "Saved cities; the default is marked (also: list, ls).", aliases: ["list", "ls"])
        @OptionGroup var global: LocalOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let document = try WeatherService(context: context.app).document()
                try context.show(json: WeatherJSON.Cities(document), text: WeatherView.cities(document, style: context.style))
            }
        }
    }

    struct Add: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Save a city (the first one becomes the default).")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Argument(help: "A city name or lat,lon (-33.87,151.21 as it is).") var name: String
        @Option(parsing: .unconditional, help: ArgumentHelp("When several places match, take the Nth.", valueName: "N")) var pick: Int?

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                let (city, added) = try await run.service.addCity(name, pick: pick, chooser: run.terminalChooser)
                let document = try run.service.document()
                if context.json { return try context.printJSON(WeatherJSON.Added(city: city, added: added, isDefault: document.defaultCity == city)) }
                let note = document.defaultCity == city ? " (default)" : ""
                context.console.print(added ? "Saved \(city.label)\(note)." : "\(city.label) is already saved.")
            }
        }
    }

    struct Remove: NamedCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a saved city by name or number.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The city's name or its number in `almanac weather cities`.") var city: String

        func change(_ context: FrontContext) throws -> Shown {
            let removed = try WeatherService(context: context.app).removeCity(city)
            return Shown(json: ["removed": removed.label], text: "Removed \(removed.label).")
        }
    }

    struct Default: NamedCommand {
        static let configuration = CommandConfiguration(commandName: "default", abstract: "Make a saved city the default.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The city's name or its number.") var city: String

        func change(_ context: FrontContext) throws -> Shown {
            let chosen = try WeatherService(context: context.app).setDefault(city)
            return Shown(json: ["default": chosen.label], text: "\(chosen.label) is now the default city.")
        }
    }

    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings", abstract: "Show or change units, wind unit, clock, language and forecast provider.")
        @OptionGroup var global: LocalOptions
        @Option(help: "metric or imperial") var units: Picked<WeatherSettings.Units>?
        @Option(help: "ms, kmh or mph (default: follows --units: m/s for metric, mph for imperial)") var wind: Picked<WeatherSettings.Wind>?
        @Option(help: "24 or 12") var time: Picked<WeatherSettings.Clock>?
        @Option(help: "Language code for descriptions, e.g. en, ru, de") var lang: String?
        @Option(help: "Forecast provider: auto (by the keys set), met (MET Norway, keyless) or openweather")
        var provider: Picked<ForecastSources.Choice>?

        func validate() throws {
            try validating { _ = try (units?.value(), wind?.value(), time?.value(), provider?.value()) }
            if let lang, !WeatherSettings.languages.contains(lang.lowercased()) {
                throw ValidationError("--lang must be a language the providers offer, such as en, de, fr, ru or pt_BR, not \"\(lang)\".")
            }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let (units, wind, time, provider) = try (units?.value(), wind?.value(), time?.value(), provider?.value())
                let settings = try WeatherService(context: context.app).updateSettings { settings in
                    if let units { settings.setUnits(units) }
                    if let wind { settings.setWind(wind) }
                    if let time { settings.time = time }
                    if let lang { settings.lang = lang }
                    if let provider { settings.provider = provider }
                }
                if provider == .openweather, context.configuration.key(for: .openWeather) == nil {
                    context.console.note("note: OpenWeatherMap answers only once OPENWEATHER_API_KEY is set; until then, its sample data.")
                }
                try context.show(json: WeatherJSON.Settings(settings), text: WeatherView.settings(settings))
            }
        }
    }
}
