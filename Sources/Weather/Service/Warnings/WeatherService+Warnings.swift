import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The national service that issues a place's official warnings, chosen by its country without
/// an extra request.
package enum WarningService: String, Sendable, CaseIterable {
    case metNorway = "metno"
    case nationalWeatherService = "nws"
    case brightSky = "brightsky"

    /// Who issues the warnings, for people.
    package var issuer: String {
        switch self {
        case .metNorway: "MET Norway"
        case .nationalWeatherService: "the National Weather Service"
        case .brightSky: "DWD (through Bright Sky)"
        }
    }

    /// Who issues the warnings and where, for people: `DWD (Germany)`.
    package var coverage: String {
        switch self {
        case .metNorway: "MET Norway (Norway)"
        case .nationalWeatherService: "the National Weather Service (United States)"
        case .brightSky: "DWD (Germany)"
        }
    }

    /// Every service and what it covers, in one phrase: `MET Norway (Norway), the National
    /// Weather Service (United States) and DWD (Germany)`.
    package static var everyService: String {
        let each = allCases.map(\.coverage)
        return each.dropLast().joined(separator: ", ") + " and " + each[each.count - 1]
    }

    /// The service for a place, by its country (`City.placedCountryCode`): MET Norway for Norway
    /// and Svalbard, the NWS for the United States and its territories, DWD for Germany; nil for
    /// any other country.
    package static func covering(_ city: City) -> WarningService? {
        switch city.placedCountryCode?.uppercased() {
        case "NO", "SJ": .metNorway
        case "US", "PR", "GU", "VI", "AS", "MP", "UM": .nationalWeatherService
        case "DE": .brightSky
        default: nil
        }
    }
}

/// A place's official warnings: the service asked (nil: none is wired for the place), the
/// warnings in force or announced at `asOf`, worst first, and where the answer came from.
package struct WarningsReport: Sendable {
    package var city: City
    package var service: WarningService?
    package var warnings: [OfficialWarning]
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
        }
    }

    /// The report of a service's answer, read at now — or, for a sample answer, when it was
    /// recorded, so the sample shows what was in force then.
    private func report<Answer>(
        _ city: City, _ service: WarningService, _ fetched: Fetched<Answer>, _ rules: (Answer, Date) -> [OfficialWarning]
    ) -> WarningsReport {
        let asOf = fetched.provenance.origin == .fixture ? fetched.provenance.fetchedAt : days.instant()
        return WarningsReport(city: city, service: service, warnings: rules(fetched.value, asOf), provenance: fetched.provenance, asOf: asOf)
    }
}
