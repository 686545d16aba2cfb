import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The national service that issues a place's official warnings (or MeteoAlarm, which passes
/// on its members' own), chosen by its country without an extra request.
package enum WarningService: String, Sendable, CaseIterable {
    case metNorway = "metno"
    case nationalWeatherService = "nws"
    case brightSky = "brightsky"
    case meteoAlarm = "meteoalarm"
    case eccc
    case imd, roshydromet, kazhydromet, smg, metservice, hko

    /// The CAP feed the service is read from (`CAPFeed`); nil for the services with their own API.
    package var capFeed: CAPFeed? { CAPFeed.all.first { $0.provider.rawValue == rawValue } }

    /// Who issues the warnings of a place it covers, for people: `MET Norway`, `SHMÚ (through
    /// MeteoAlarm)`.
    package func issuer(for city: City) -> String {
        switch self {
        case .metNorway: "MET Norway"
        case .nationalWeatherService: "the National Weather Service"
        case .brightSky: "DWD (through Bright Sky)"
        case .eccc: "Environment and Climate Change Canada"
        case .meteoAlarm:
            (city.placedCountryCode.flatMap { MeteoAlarm.members[$0.uppercased()]?.service } ?? "the national service") + " (through MeteoAlarm)"
        case .imd, .roshydromet, .kazhydromet, .smg, .metservice, .hko: capFeed?.issuer ?? rawValue
        }
    }

    /// Who issues the warnings and where, for people: `DWD (Germany)`.
    package var coverage: String {
        switch self {
        case .metNorway: "MET Norway (Norway)"
        case .nationalWeatherService: "the National Weather Service (United States)"
        case .brightSky: "DWD (Germany)"
        case .eccc: "ECCC (Canada)"
        case .meteoAlarm: "MeteoAlarm (\(Self.meteoAlarmCountries.count) more European countries)"
        case .imd, .roshydromet, .kazhydromet, .smg, .metservice, .hko:
            "\(capFeed?.issuer ?? rawValue) (\(capFeed.flatMap { CountryName.english($0.country) } ?? ""))"
        }
    }

    /// Every service and what it covers, in one phrase: `MET Norway (Norway), the National
    /// Weather Service (United States) and DWD (Germany)`.
    package static var everyService: String {
        let each = allCases.map(\.coverage)
        return each.dropLast().joined(separator: ", ") + " and " + each[each.count - 1]
    }

    /// The countries MeteoAlarm is asked for (ISO 3166-1 codes): every member with a feed but
    /// Norway and Germany, whose own services are asked (their answers are for the point, with
    /// English text, and come sooner than the copy their services give MeteoAlarm).
    package static let meteoAlarmCountries = Set(MeteoAlarm.members.keys).subtracting(["NO", "DE"])

    /// The service for a place, by its country (`City.placedCountryCode`): MET Norway for Norway
    /// and Svalbard, the NWS for the United States and its territories, DWD for Germany,
    /// MeteoAlarm for `meteoAlarmCountries`; nil for any other country.
    package static func covering(_ city: City) -> WarningService? {
        let code = city.placedCountryCode?.uppercased() ?? ""
        switch code {
        case "NO", "SJ": return .metNorway
        case "US", "PR", "GU", "VI", "AS", "MP", "UM": return .nationalWeatherService
        case "DE": return .brightSky
        case "CA": return .eccc
        default:
            if meteoAlarmCountries.contains(code) { return .meteoAlarm }
            return CAPFeed.covering(country: code).flatMap { WarningService(rawValue: $0.provider.rawValue) }
        }
    }
}

/// A place's official warnings: the service asked (nil: none is wired for the place), the
/// warnings in force or announced at `asOf`, worst first, and where the answer came from.
package struct WarningsReport: Sendable {
    package var city: City
    package var service: WarningService?
    package var warnings: [OfficialWarning]
    /// Warnings of the place's country whose areas cannot be placed (no polygon, an area code
    /// whose outline is not shipped): said apart, never as the place's (MeteoAlarm's only).
    package var unplaced: [OfficialWarning] = []
    package var provenance: Provenance?
    /// The instant the warnings are read at: now, or when a sample answer was recorded.
    package var asOf: Date

    /// The warnings in force at `asOf`, worst first (announced ones left out).
    package var inForce: [OfficialWarning] { warnings.filter { $0.inForce(at: asOf) } }

    /// What is known of a place's warnings: the service's answer (`ok`; `stale`, from the cache
    /// past its lifetime), none to be had (`unavailable`: the service down and nothing kept — no
    /// report is made then), or no service for the place (`unsupported`). Only `ok` and `stale`
    /// say whether a warning is in force; the others never read as a quiet day.
    package enum State: String, Sendable {
        case ok, stale, unavailable, unsupported
    }

    /// This report's state: `unsupported` with no service, `stale` when its answer was past its
    /// lifetime, else `ok` (a sample answer too: it is labelled as one wherever it shows).
    package var state: State { service == nil ? .unsupported : provenance?.stale == true ? .stale : .ok }
}

extension WeatherService {
    /// The official warnings for `city` from its national service; a report with no service when
    /// none is wired for the place (Bright Sky's "not covered" included). Throws what the client
    /// throws when the service cannot be reached with nothing stored.
    package func warnings(for city: City) async throws -> WarningsReport {
        let none = WarningsReport(city: city, service: nil, warnings: [], provenance: nil, asOf: days.instant())
        guard let service = WarningService.covering(city) else { return none }
        let (lat, lon) = (city.latitude, city.longitude)
        switch service {
        case .metNorway:
            return report(city, service, try await client.fetch(METNorway.alerts(latitude: lat, longitude: lon)), OfficialWarnings.from)
        case .nationalWeatherService:
            return report(city, service, try await client.fetch(NationalWeatherService.alerts(latitude: lat, longitude: lon)), OfficialWarnings.from)
        case .brightSky:
            do {
                return report(city, service, try await client.fetch(BrightSky.alerts(latitude: lat, longitude: lon)), OfficialWarnings.from)
            } catch APIError.notFound(provider: .brightSky, _, _) {
                return none  // no DWD cell covers it
            }
        case .eccc:
            return report(city, service, try await client.fetch(ECCC.alerts(latitude: lat, longitude: lon)), OfficialWarnings.from)
        case .meteoAlarm:
            guard let feed = MeteoAlarm.feed(country: city.placedCountryCode ?? "")?.keeping(OfficialWarnings.keptFeed) else { return none }
            let holds = OfficialWarnings.meteoAlarmArea(holdsLatitude: lat, longitude: lon)
            let member = MeteoAlarm.members[city.placedCountryCode ?? ""]?.service ?? "MeteoAlarm"
            return report(city, service, try await client.fetch(feed)) { OfficialWarnings.from($0, holds: holds, now: $1, issuer: member) }
        case .imd, .roshydromet, .kazhydromet, .smg, .metservice, .hko:
            guard let feed = service.capFeed else { return none }
            let holds = { (area: MeteoAlarmDTO.Area) in CAPPolygon.holds(area.polygon, latitude: lat, longitude: lon) }
            return report(city, service, try await messages(of: feed)) { OfficialWarnings.from($0, holds: holds, now: $1, issuer: feed.issuer) }
        }
    }

    /// A CAP feed's messages, as one feed: its index, then each document it links, asked at once;
    /// stale when any of them is.
    private func messages(of feed: CAPFeed) async throws -> Fetched<MeteoAlarmDTO.Feed> {
        let index = try await client.fetch(feed.index())
        let endpoints = index.value.compactMap(feed.message(at:))
        let client = self.client
        let fetched = try await withThrowingTaskGroup(of: (Int, Fetched<CAP.Alert>).self) { group in
            for (order, endpoint) in endpoints.enumerated() { group.addTask { (order, try await client.fetch(endpoint)) } }
            return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var combined = index.map { _ in MeteoAlarmDTO.Feed(warnings: fetched.map { MeteoAlarmDTO.Entry(alert: $0.value) }) }
        combined.stale = index.stale || fetched.contains(where: \.stale)
        return combined
    }

    /// The report of a service's answer, read at now — or, for a sample answer, when it was
    /// recorded, so the sample shows what was in force then.
    private func report<Answer>(
        _ city: City, _ service: WarningService, _ fetched: Fetched<Answer>, _ rules: (Answer, Date) -> [OfficialWarning]
    ) -> WarningsReport {
        report(city, service, fetched) { OfficialWarnings.Placed(warnings: rules($0, $1)) }
    }

    /// The report of a service's answer read for the place, with what it could not place.
    private func report<Answer>(
        _ city: City, _ service: WarningService, _ fetched: Fetched<Answer>, _ rules: (Answer, Date) -> OfficialWarnings.Placed
    ) -> WarningsReport {
        let asOf = fetched.provenance.origin == .fixture ? fetched.provenance.fetchedAt : days.instant()
        let read = rules(fetched.value, asOf)
        return WarningsReport(
            city: city, service: service, warnings: read.warnings, unplaced: read.unplaced, provenance: fetched.provenance, asOf: asOf)
    }
}
