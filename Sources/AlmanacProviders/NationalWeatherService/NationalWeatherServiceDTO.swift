// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// The NWS alerts API as sent: GeoJSON features whose properties are CAP messages.
package enum NationalWeatherServiceDTO {
    package struct Alerts: Decodable, Sendable {
        package var features: [Feature]
    }

    package struct Feature: Decodable, Sendable {
        package var properties: Alert
    }

    package struct Alert: Decodable, Sendable {
        /// The message's identifier (`urn:oid:2.49.0.1.840.0.…`).
        package var id: String
        /// Zone names joined by `; `.
        package var areaDesc: String?
        /// Instants with an offset (`2023-08-22T07:35:00-05:00`).
        package var sent, effective, onset: String?
        /// When this message stops being current; the hazard may go on until `ends`.
        package var expires: String?
        /// When the hazard ends; null for many messages.
        package var ends: String?
        /// `Actual`, `Exercise`, `System`, `Test`, `Draft`.
        package var status: String?
        /// `Alert`, `Update` or `Cancel`; a message that cancels or replaces a warning is often
        /// an `Alert` or an `Update` (its urgency `Past`, its response `AllClear`).
        package var messageType: String?
        /// `Immediate`, `Expected`, `Future`, `Past`, `Unknown`.
        package var urgency: String?
        /// `Shelter`, `Evacuate`, `Prepare`, `Execute`, `Avoid`, `Monitor`, `AllClear`, `None`.
        package var response: String?
        /// The product's codes; `VTEC` says what the message does to the warning (`CAN`, `UPG` …).
        package var parameters: Parameters?
        /// `Extreme`, `Severe`, `Moderate`, `Minor`, `Unknown`.
        package var severity: String?
        /// `Winter Storm Warning`.
        package var event, senderName, headline, description, instruction: String?
        /// The earlier messages an Update or a Cancel replaces.
        package var references: [Reference]?
    }

    /// The parameters read: the rest (`AWIPSidentifier`, `eventEndingTime` …) are left alone.
    package struct Parameters: Decodable, Sendable {
        /// P-VTEC strings, `/O.CAN.KTAE.FZ.A.0004.251216T0600Z-251216T1400Z/`: the second field is
        /// the action (`NEW`, `CON`, `EXT`, `CAN`, `UPG`, `EXP` …).
        package var VTEC: [String]?
    }

    package struct Reference: Decodable, Sendable {
        package var identifier: String
    }
}
