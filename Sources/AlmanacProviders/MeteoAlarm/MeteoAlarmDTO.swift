// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import Foundation

/// MeteoAlarm's (EUMETNET's) warnings of one member country as its JSON feed sends them
/// (`/api/v1/warnings/feeds-<country>`): CAP 1.2 messages, each with one `info` block a language
/// (the member's own and, mostly, English) and its areas by code (`EMMA_ID`, NUTS) or polygon.
/// Every field the rules read is optional: a member that leaves one out loses that field, not
/// the message.
package enum MeteoAlarmDTO {
    package struct Feed: Codable, Sendable {
        package var warnings: [Entry]

        package init(warnings: [Entry]) { self.warnings = warnings }
    }

    package struct Entry: Codable, Sendable {
        package var alert: Alert
        /// MeteoAlarm's own id of the message (its path under the feed).
        package var uuid: String?

        package init(alert: Alert, uuid: String? = nil) { (self.alert, self.uuid) = (alert, uuid) }
    }

    /// The messages are CAP's (`CAP`), as every CAP service's are read.
    package typealias Alert = CAP.Alert
    package typealias Info = CAP.Info
    package typealias Area = CAP.Area
    package typealias Pair = CAP.Pair
}
