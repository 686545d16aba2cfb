import AlmanacClient
import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// Weather: ←/→ slide between saved cities (the default first); the city's conditions now and
/// the 7-day list (`t`: 25 days); Enter opens 24 hours in detail (an hour strip, that hour's
/// details, a temperature chart); `+` adds a city (the geocoder's choices in a list); `s`
/// changes units, wind and clock at once.
package final class WeatherTab: AppTab {
    enum Screen { case main, hours, settings }

    /// What is shown for one city.
    final class CityData {
        let now = Loader<WeatherReport>()
        let week = Loader<WeatherReport>()
        let month = Loader<WeatherReport>()
        let hours = Loader<WeatherReport>()
        /// The nowcast's Precipitation row, the warnings and the air at moderate or worse (`NowNotes`).
        let notes = Loader<NowNotes>()
        var all: [Loader<WeatherReport>] { [now, week, month, hours] }

        /// Stops every load for the city, rain and air too.
        func cancel() {
            for loader in all { loader.cancel() }
            notes.cancel()
        }
    }

    package let title = "Weather"
    let context: FrontContext
    let flow: WeatherFlow
    private var service: WeatherService { flow.service }
    private var cityIndex: Int?
    private(set) var data: [String: CityData] = [:]
    private(set) var long = false
    private(set) var screen = Screen.main
    var scroller = Scroller()
    var hour = 0
    private(set) var adding: LineField?
    /// The places found for the query being added, to choose from.
    private(set) var choice: (list: Choice<City>, query: String)?
    private let places = Loader<(query: String, cities: [City])>()
    let action = Loader<String>(saves: true)
    /// Settings changes, saved in the background one after another: each waits for the one
    /// before (`lastSettingsSave`), so the file ends as the screen shows it. A durable save
    /// waits for the disk, which held a key's frame 91 ms in the soak (docs/architecture.md §5).
    private let settingsSave = Loader<WeatherSettings>(saves: true)
    private var lastSettingsSave: Task<Void, Never>?
    /// Landings of `places`, `action` and `settingsSave` already reacted to.
    private var placesSeen = 0, actionSeen = 0, settingsSeen = 0

    package init(context: FrontContext) {
        self.context = context
        self.flow = WeatherFlow(context)
    }

    package var capturesKeys: Bool { adding != nil || choice != nil }

    package var pending: Int {
        let cities = data.values.flatMap { $0.all.map(\.isLoading) + [$0.notes.isLoading] }
        let loaders = cities + [places.isLoading, action.isLoading, settingsSave.isLoading]
        return loaders.filter { $0 }.count
    }

    package var problem: String? { settingsSave.failure ?? action.failure ?? places.failure ?? shownLoader?.failure }

    package var concerns: Set<String> {
        let sources = service.runSources
        return Set(([.forecast, .places, .outlook] as [ForecastSources.Capability]).map { sources.name($0) })
    }

    package var source: String? {
        guard let report = shownLoader?.value else { return nil }
        return report.model.provider.brand + ": " + report.provenance.label(now: context.clock.now())
    }

    /// The saved cities and settings, read when the tab is shown and after each change (not every frame).
    private(set) var document: WeatherDocument?

    private func reread() { document = try? service.document() }

    /// The city shown: the one slid to, else the default.
    var city: City? {
        guard let document, !document.cities.isEmpty else { return nil }
        let index = min(cityIndex ?? document.defaultIndex ?? 0, document.cities.count - 1)
        return document.cities[index]
    }

    private var shownLoader: Loader<WeatherReport>? {
        guard let city, let data = data[city.label] else { return nil }
        switch screen {
        case .hours: return data.hours
        default: return long ? data.month : data.week
        }
    }

    package func activate() {
        reread()
        loadCity()
    }

    /// Leaving the tab cancels its loads (their transfers stop); showing it again restarts them.
    package func deactivate() {
        for cityData in data.values { cityData.cancel() }
        places.cancel()
    }

    /// Cancels the loads the screen no longer shows: other cities', and the range not shown.
    private func cancelUnshown() {
        for (label, cityData) in data where label != city?.label { cityData.cancel() }
        if let city, let shown = data[city.label] { (long ? shown.week : shown.month).cancel() }
    }

    /// Starts what the shown city's screen needs, once (the client answers from its cache first).
    func loadCity() {
        cancelUnshown()
        guard let city else { return }
        let cityData = data[city.label] ?? CityData()
        data[city.label] = cityData
        let service = self.service
        let needed: [(Loader<WeatherReport>, @Sendable (@escaping @Sendable (WeatherReport) -> Void) async throws -> WeatherReport)] = [
            // Now with the UV index and the normals, as `weather` says it (docs/weather.md).
            (cityData.now, { stale in await service.withNormals(await service.withUV(try await service.report(for: city) { stale($0) })) }),
            long
                ? (cityData.month, { _ in try await service.forecast(for: city, days: 25) })
                : (cityData.week, { stale in try await service.forecast(for: city, days: 7) { stale($0) } }),
            (cityData.hours, { stale in try await service.hourly(for: city, hours: 24) { stale($0) } }),
        ]
        for (loader, work) in needed where loader.value == nil && !loader.isLoading && loader.failure == nil { loader.load(work) }
        if cityData.notes.value == nil, !cityData.notes.isLoading, let settings = document?.settings {
            let style = context.style
            cityData.notes.load { _ in await NowNotes.asked(for: city, service: service, settings: settings, style: style) }
        }
    }

    // MARK: - Keys

    package func handle(_ key: Key) -> Bool {
        if adding != nil { return handleAdd(key) }
        if choice != nil { return handleChoice(key) }
        switch screen {
        case .hours: return handleHours(key)
        case .settings: return handleSettings(key)
        case .main: return handleMain(key)
        }
    }

    private func handleMain(_ key: Key) -> Bool {
        let count = document?.cities.count ?? 0
        switch key {
        case .left, .right:
            guard count > 1, let document else { return true }
            let current = min(cityIndex ?? document.defaultIndex ?? 0, count - 1)
            cityIndex = (current + (key == .right ? 1 : count - 1)) % count
            scroller = Scroller()
            loadCity()
        case .character("t"):
            long.toggle()
            loadCity()
        case .enter:
            guard city != nil else { return true }
            screen = .hours
            hour = 0
        case .character("+"), .character("a"):
            adding = LineField("City name (or lat,lon):") { text in
                text.trimmingWhitespace().isEmpty ? nil : LineField.problem { _ = try City.checkQuery(text) }
            }
        case .character("s"): screen = .settings
        case .character("u"):
            if let city { data.removeValue(forKey: city.label)?.cancel() }
            loadCity()
        default: return scroller.handle(key, count: nil, page: 10)
        }
        return true
    }

    private func handleHours(_ key: Key) -> Bool {
        let count = (city.flatMap { data[$0.label]?.hours.value })?.hourly.count ?? 0
        switch key {
        case .left: hour = max(0, hour - 1)
        case .right: hour = min(max(0, count - 1), hour + 1)
        case .home: hour = 0
        case .end: hour = max(0, count - 1)
        case .escape, .backspace: screen = .main
        default: return false
        }
        return true
    }

    private func handleSettings(_ key: Key) -> Bool {
        let change: (@Sendable (inout WeatherSettings) -> Void)?
        switch key {
        case .character("u"): change = { $0.setUnits($0.units == .metric ? .imperial : .metric) }
        case .character("w"):
            change = { settings in
                let all = WeatherSettings.Wind.allCases
                settings.setWind(all[(all.firstIndex(of: settings.wind)! + 1) % all.count])
            }
        case .character("c"): change = { $0.time = $0.time == .h24 ? .h12 : .h24 }
        case .escape, .backspace, .character("s"):
            screen = .main
            return true
        default: return false
        }
        if let change { save(change) }
        return true
    }

    /// Shows `change` at once and saves it in the background, after any save still under way;
    /// the file is read back once the last one lands (`tick`).
    private func save(_ change: @escaping @Sendable (inout WeatherSettings) -> Void) {
        if document != nil { change(&document!.settings) }
        let (service, previous) = (self.service, lastSettingsSave)
        lastSettingsSave = settingsSave.load { _ in
            await previous?.value
            return try service.updateSettings(change)
        }
    }

    private func handleAdd(_ key: Key) -> Bool {
        guard var field = adding else { return false }
        switch field.handle(key) {
        case .editing: adding = field
        case .cancelled: adding = nil
        case .submitted(let text):
            adding = nil
            let query = text.trimmingWhitespace()
            guard !query.isEmpty else { return true }
            let service = self.service
            places.load { _ in (query, try await service.geocode(query)) }
        }
        return true
    }

    private func handleChoice(_ key: Key) -> Bool {
        guard let query = choice?.query, var list = choice?.list else { return false }
        switch list.handle(key) {
        case .choosing: choice = (list, query)
        case .cancelled: choice = nil
        case .picked(_, let number):
            choice = nil
            add(query, pick: number)
        }
        return true
    }

    private func add(_ query: String, pick: Int) {
        let service = self.service
        action.load { _ in
            let (city, added) = try await service.addCity(query, pick: pick, chooser: nil)
            return added ? "Saved \(city.label)." : "\(city.label) is already saved."
        }
    }

    /// The geocoder's answer landed: one place is saved at once, several are offered; a city
    /// saved in the background is read back once.
    package func tick() {
        if action.landedSince(&actionSeen) { reread() }
        if settingsSave.landedSince(&settingsSeen) { reread() }
        guard places.landedSince(&placesSeen), case .loaded(let found, _) = places.current else { return }
        if found.cities.count <= 1 {
            add(found.query, pick: 1)  // none: the service says no place has that name
        } else {
            choice = (Choice("Places matching \"\(found.query)\":", items: found.cities) { $0.choiceText }, found.query)
        }
    }

    package var hints: [String] {
        if adding != nil || choice != nil { return ["Enter choose", "Esc cancel"] }
        switch screen {
        case .main: return ["←→ city", "Enter 24 hours", "t \(long ? 7 : 25) days", "+ add city", "s settings", "↑↓ scroll"]
        case .hours: return ["←→ hour", "Esc back"]
        case .settings: return ["u units", "w wind", "c clock", "Esc back"]
        }
    }

    package var keyHelp: [String] {
        [
            "← →        the previous or next saved city (the default first)", "↑ ↓ PgUp PgDn  scroll",
            "t          7 or 25 days (past 8 days from the \(service.runSources.name(.outlook)) outlook)",
            "Enter      24 hours in detail; there ← → pick an hour",
            "+          add a city by name or lat,lon (choose among the places found)", "s          units, wind unit, 12/24-hour clock",
            "u          update the shown city", "Esc        back",
        ]
    }
}
