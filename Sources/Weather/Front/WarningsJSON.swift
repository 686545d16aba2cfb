import FrontKit
import Weather

/// `weather warnings --json` (docs/json.md): one document for the place, its warnings worst
/// first with instants in UTC, and the source fields when a service answered.
package struct WarningsJSON: Encodable {
    package var place: City
    /// The service asked (`metno`, `nws`, `brightsky`); absent when none is wired for the place.
    package var service: String?
    package var warnings: [Warning]

    package struct Warning: Encodable {
        package var provider: String
        package var id: String
        package var event: String
        package var severity: String?
        package var level: String?
        package var headline: String
        package var description: String?
        package var instruction: String?
        package var onset: Date?
        /// When it stops being in force; null: open-ended.
        package var expires: Date?
        package var areas: [String]
        package var sender: String

        init(_ warning: OfficialWarning) {
            (provider, id, event, severity, level) = (warning.provider, warning.id, warning.event, warning.severity?.rawValue, warning.level)
            (headline, description, instruction) = (warning.headline, warning.description, warning.instruction)
            (onset, expires, areas, sender) = (warning.onset, warning.expires, warning.areas, warning.sender)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(provider, forKey: .provider)
            try container.encode(id, forKey: .id)
            try container.encode(event, forKey: .event)
            try container.encode(severity, forKey: .severity)
            try container.encode(level, forKey: .level)
            try container.encode(headline, forKey: .headline)
            try container.encode(description, forKey: .description)
            try container.encode(instruction, forKey: .instruction)
            try container.encode(onset, forKey: .onset)
            try container.encode(expires, forKey: .expires)
            try container.encode(areas, forKey: .areas)
            try container.encode(sender, forKey: .sender)
        }

        enum CodingKeys: String, CodingKey {
            case provider, id, event, severity, level, headline, description, instruction, onset, expires, areas, sender
        }
    }

    /// Several places: `{"places": [...]}`, each as one place's document, in order.
    package struct Places: Encodable {
        package var places: [Sourced<WarningsJSON>]
    }

    package static func document(_ report: WarningsReport) -> Sourced<WarningsJSON> {
        Sourced(WarningsJSON(place: report.city, service: report.service?.rawValue, warnings: report.warnings.map(Warning.init)), report.provenance)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(place, forKey: .place)
        try container.encodeIfPresent(service, forKey: .service)
        try container.encode(warnings, forKey: .warnings)
    }

    enum CodingKeys: String, CodingKey { case place, service, warnings }
}
