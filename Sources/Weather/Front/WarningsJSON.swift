import AlmanacClient
import AlmanacProviders
import FrontKit
import TerminalKit
import Weather

/// `weather warnings --json` (docs/json.md): one document for the place, its warnings worst
/// first with instants in UTC, and the source fields when a service answered.
package struct WarningsJSON: Encodable {
    package var place: City
    /// The service asked (`metno`, `nws`, `brightsky`, `meteoalarm`); absent when none is wired for the place.
    package var service: String?
    /// What is known (`WarningsReport.State`): `ok`, `stale`, `unsupported`; `unavailable` is the
    /// place's error in a several-place document.
    package var state: String
    package var warnings: [Warning]
    /// The country's warnings whose areas cannot be placed (MeteoAlarm's): never the place's.
    package var unplaced: [Warning]

    /// One warning: every field, null where the service gave none; instants in UTC.
    package struct Warning: Encodable {
        let warning: OfficialWarning

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let warning = self.warning
            let texts: [(Key, String?)] = [
                (.provider, warning.provider), (.id, warning.id), (.event, warning.event), (.severity, warning.severity?.rawValue),
                (.level, warning.level), (.headline, warning.headline), (.description, warning.description),
                (.instruction, warning.instruction), (.sender, warning.sender), (.language, warning.language),
            ]
            for (key, text) in texts { try container.encode(text, forKey: key) }
            try container.encode(warning.onset, forKey: .onset)
            try container.encode(warning.expires, forKey: .expires)
            try container.encode(warning.areas, forKey: .areas)
        }

        enum Key: String, CodingKey {
            case provider, id, event, severity, level, headline, description, instruction, onset, expires, areas, sender, language
        }
    }

    /// Several places: `{"places": [...]}`, each as one place's document, in order.
    package struct Places: Encodable {
        package var places: [PlaceOutcome<WarningsJSON>]
    }

    package static func document(_ report: WarningsReport) -> Sourced<WarningsJSON> {
        Sourced(
            WarningsJSON(
                place: report.city, service: report.service?.rawValue, state: report.state.rawValue,
                warnings: report.warnings.map { Warning(warning: $0) }, unplaced: report.unplaced.map { Warning(warning: $0) }),
            report.provenance)
    }
}
