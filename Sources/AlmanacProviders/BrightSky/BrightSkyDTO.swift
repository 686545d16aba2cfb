// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Bright Sky's `/alerts` as sent: DWD's CAP messages for one municipality, in German and English.
package enum BrightSkyDTO {
    package struct Alerts: Decodable, Sendable {
        package var alerts: [Alert]
        package var location: Location?
    }

    package struct Alert: Decodable, Sendable {
        /// Bright Sky's number for the message.
        package var id: Int?
        /// The CAP identifier.
        package var alert_id: String?
        /// `actual` or `test`, lower case.
        package var status: String?
        /// Instants with an offset.
        package var effective, onset: String?
        /// Null: open-ended (until DWD says otherwise).
        package var expires: String?
        /// `immediate`, `future`; CAP's `past` for a message that ends a warning.
        package var urgency: String?
        /// `prepare`, `monitor`, `none`; `allclear` when DWD lifts a warning.
        package var response_type: String?
        /// `minor`, `moderate`, `severe`, `extreme`.
        package var severity, event_en, event_de, headline_en, headline_de, description_en, description_de, instruction_en, instruction_de: String?
    }

    /// The municipality (DWD warn cell) the point lies in.
    package struct Location: Decodable, Sendable {
        package var name, district, state: String?
    }
}
