// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

extension METNorwayDTO {
    /// MetAlerts 2.0 GeoJSON: a FeatureCollection, one feature a warning message.
    package struct Alerts: Decodable, Sendable {
        package var features: [AlertFeature]
    }

    package struct AlertFeature: Decodable, Sendable {
        package var properties: AlertProperties
        package var when: AlertWhen?
    }

    /// When the warning applies: `[start, end]`, instants with an offset (`2024-03-05T15:00:00+00:00`).
    package struct AlertWhen: Decodable, Sendable {
        package var interval: [String]
    }

    package struct AlertProperties: Decodable, Sendable {
        /// The CAP identifier of the message.
        package var id: String
        /// Short summary: event, level, area and time (CAP's `headline`).
        package var title: String?
        /// The event's code: `gale`, `icing`, `snow`, `rainFlood` …
        package var event: String?
        /// The event's name for people (`Kuling`; in English with `lang=en`).
        package var eventAwarenessName: String?
        /// `2; yellow; Moderate`: the level's number, colour and word.
        package var awareness_level: String?
        /// `Minor`, `Moderate`, `Severe`, `Extreme`.
        package var severity, description, instruction: String?
        /// The area's name (CAP's `areaDesc`).
        package var area: String?
        /// `Alert` or `Update`; CAP's `Cancel` ends the warning it references.
        package var type: String?
        /// `Actual` or `Test`.
        package var status: String?
    }
}
