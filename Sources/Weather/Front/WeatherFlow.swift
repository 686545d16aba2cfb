import AlmanacProviders
import FrontKit
import Weather

/// The weather flow every front end follows, written once: the city asked for (the first run when
/// none is saved and the front end can hold one), the report fetched stale-first, and the view
/// drawn with the saved settings.
package struct WeatherFlow: Sendable {
    package let context: FrontContext
    package let service: WeatherService

    package init(_ context: FrontContext) {
        self.context = context
        self.service = WeatherService(context: context.app)
    }

    /// The chooser for several matching places at a terminal; nil when nobody can be asked.
    package var terminalChooser: WeatherService.Chooser? { context.interactive ? Prompt.choosePlace : nil }

    /// The city `reference` names (nil: the default). With none named and none saved: the first
    /// run when `firstRun` (the subcommands), else `WeatherError.noDefaultCity` (the menu says so).
    package func city(
        _ reference: String?, pick: Int? = nil, chooser: WeatherService.Chooser?, firstRun: Bool = true
    ) async throws -> City {
        do {
            return try await service.resolve(reference, pick: pick, chooser: chooser)
        } catch WeatherError.noDefaultCity where firstRun {
            return try await WeatherFirstRun(context: context, service: service).city()
        }
    }

    /// The view of a report with the saved settings, the front end's style and the current time.
    package func view(_ report: WeatherReport) throws -> WeatherView {
        view(report, settings: try service.document().settings)
    }

    /// The rain and air view of `city` with the saved settings, the front end's style and the
    /// current time: what `weather rain`, `weather air` and the menu show.
    package func rainAndAirView(_ city: City) throws -> RainAndAirView {
        RainAndAirView(city: city, settings: try service.document().settings, style: context.style, now: context.clock.now())
    }

    /// The warnings view for `city`, with the saved settings.
    package func warningsView(_ city: City) throws -> WarningsView {
        WarningsView(city: city, settings: try service.document().settings, style: context.style, now: context.clock.now())
    }

    /// The view of a report with settings already read (a screen that redraws often keeps them),
    /// fitted to `width` columns when given (the app's area), else to the terminal's.
    package func view(_ report: WeatherReport, settings: WeatherSettings, width: Int? = nil) -> WeatherView {
        var style = context.style
        if let width { style.columns = width }
        return WeatherView(report: report, settings: settings, style: style, now: context.clock.now())
    }

    /// Fetches with stale-first display (human output only) and prints the final rendering;
    /// `--json` prints only the final answer.
    package func show(
        _ fetch: (WeatherService.StaleHandler?) async throws -> WeatherReport,
        render: @escaping @Sendable (WeatherView, WeatherReport) -> String,
        json: (WeatherReport) throws -> Void
    ) async throws {
        if context.json { return try json(try await fetch(nil)) }
        let settings = try service.document().settings
        let (style, now) = (context.style, context.clock.now())
        let text: @Sendable (WeatherReport) -> String = { render(WeatherView(report: $0, settings: settings, style: style, now: now), $0) }
        _ = try await context.printStaleFirst(staleFirst: true, render: text) { try await fetch($0) }
    }
}
