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
        package var effective: String?
        package var onset: String?
        /// Null: open-ended (until DWD says otherwise).
        package var expires: String?
        /// `immediate`, `future`; CAP's `past` for a message that ends a warning.
        package var urgency: String?
        /// `prepare`, `monitor`, `none`; `allclear` when DWD lifts a warning.
        package var response_type: String?
        /// `minor`, `moderate`, `severe`, `extreme`.
        package var severity: String?
        package var event_en: String?
        package var event_de: String?
        package var headline_en: String?
        package var headline_de: String?
        package var description_en: String?
        package var description_de: String?
        package var instruction_en: String?
        package var instruction_de: String?
    }

    /// The municipality (DWD warn cell) the point lies in.
    package struct Location: Decodable, Sendable {
        package var name: String?
        package var district: String?
        package var state: String?
    }
}
