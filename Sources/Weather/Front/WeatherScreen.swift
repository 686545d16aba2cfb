import AlmanacProviders
import FrontKit
import Synchronization
import Weather

package struct WeatherScreen: MenuScreen {
    package let context: FrontContext
    /// Days shown by "Forecast"; toggled between 7 and 25.
    package final class Toggle: Sendable {
        private let state = Mutex(7)
        package var days: Int { state.withLock { $0 } }
        func switchDays() { state.withLock { $0 = $0 == 7 ? 25 : 7 } }
    }
    package let toggle = Toggle()

    package var title: String { "Weather" }
    package var help: [String] {
        [
            "Each saved city with its temperature now. Same as: almanac weather cities, then almanac weather NAME",
            "The default city's forecast, a row a day. Same as: almanac weather forecast --days 7",
            "Switches the forecast between 7 and 25 days (days past 8 come from the \(WeatherService(context: context.app).runSources.name(.outlook)) outlook).",
            "The next 24 hours, hour by hour. Same as: almanac weather hourly --hours 24",
            "Rain in the next two hours: a strip of 5- or 15-minute steps and one sentence. Same as: almanac weather rain",
            "The air quality index now, the pollutant that sets it, the next 24 hours and pollen. Same as: almanac weather air",
            "The official warnings for the default city from its national service (Norway, the US, Germany). Same as: almanac weather warnings",
            "Asks for a city name or coordinates (lat,lon) and offers a choice when several places match. Same as: almanac weather add NAME",
            "Asks for the name or number of a saved city. Same as: almanac weather remove NAME",
            "Asks for units (metric, imperial) and wind (ms, kmh, mph); blank keeps the current one. Same as: almanac weather settings --units imperial",
        ]
    }
    package var choices: [String] {
        [
            "Saved cities with current temperature", "Forecast for the default city (\(toggle.days) days)",
            "Switch forecast to \(toggle.days == 7 ? 25 : 7) days",
            "Hourly, next 24 hours", "Rain in the next two hours", "Air quality now", "Official warnings", "Add a city", "Remove a city",
            "Settings",
        ]
    }

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let flow = WeatherFlow(context)
        let service = flow.service
        await attempt(io) {
            switch index {
            case 0: try await showCities(flow, io: io)
            case 1:
                let report = try await service.forecast(for: try await flow.city(nil, chooser: nil, firstRun: false), days: toggle.days)
                io.say(try flow.view(report).forecast(report))
            case 2:
                toggle.switchDays()
                io.say("Forecasts now show \(toggle.days) days.")
            case 3:
                let report = try await service.hourly(for: try await flow.city(nil, chooser: nil, firstRun: false), hours: 24)
                io.say(try flow.view(report).hourly(report))
            case 4:
                let city = try await zonedDefault(flow)
                let answer = try await service.nowcast(for: city)
                io.say(try flow.rainAndAirView(city).rain(answer))
            case 5:
                let city = try await zonedDefault(flow)
                let (air, provenance) = try await service.air(for: city, scale: nil)
                io.say(try flow.rainAndAirView(city).air(air, provenance: provenance))
            case 6:
                let city = try await zonedDefault(flow)
                let report = try await service.warnings(for: city)
                io.say(try flow.warningsView(city).text(report))
            case 7: try await addCity(service, io: io)
            case 8:
                io.say(WeatherView.cities(try service.document(), style: context.style))
                guard let city = io.askValid("Name or number to remove:", { try service.removeCity($0) }) else { return }
                io.say("Removed \(city.label).")
            default: try changeSettings(service, try service.savedSettings(), io: io)
            }
        }
        return .stay
    }

    /// The default city with a zone for cutting days, for `weather rain`, `air` and `warnings` in the same views.
    private func zonedDefault(_ flow: WeatherFlow) async throws -> City {
        WeatherService.withZone(try await flow.city(nil, chooser: nil, firstRun: false))
    }

    private func showCities(_ flow: WeatherFlow, io: MenuIO) async throws {
        let document = try flow.service.document()
        if document.cities.isEmpty { return io.say("No saved cities yet: choose \"Add a city\".") }
        for (number, city) in document.cities.enumerated() {
            let report = try await flow.service.report(for: city)
            let line = try report.current.map { try flow.view(report).format.statusLine(city: report.city, current: $0) } ?? city.name
            io.say("  \(document.id(at: number))) \(line)\(number == document.defaultIndex ? "  (default)" : "")")
        }
    }

    private func addCity(_ service: WeatherService, io: MenuIO) async throws {
        let chooser: WeatherService.Chooser = { io.choose("Several places match:", $0.map(\.choiceText)) }
        guard let (city, added) = try await io.askValid("City name (or lat,lon):", { try await service.addCity($0, pick: nil, chooser: chooser) })
        else { return }
        io.say(added ? "Saved \(city.label)." : "\(city.label) is already saved.")
    }

    private func changeSettings(_ service: WeatherService, _ settings: WeatherSettings, io: MenuIO) throws {
        io.say(WeatherView.settings(settings))
        guard let units = io.askOption("Units", current: settings.units), let wind = io.askOption("Wind", current: settings.wind) else { return }
        let saved = try service.updateSettings { updated in
            updated.setUnits(units)
            if wind != settings.wind { updated.setWind(wind) }
        }
        io.say(WeatherView.settings(saved))
    }
}
