import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// Price text by the one number rule (`NumberText`): two decimals with thousands separators from 1
/// up, four significant digits below; the Unicode minus for a loss.
package enum PriceFormat {
    /// `14:05 UTC` for a time within a day of `now`, else `2026-11-21 14:05 UTC`.
    package static func clock(_ date: Date, now: Date) -> String {
        let seconds = Int(rounding: date.timeIntervalSince1970, .up)
        let time = DecimalText.padded(seconds % 86400 / 3600, 2) + ":" + DecimalText.padded(seconds % 3600 / 60, 2) + " UTC"
        return LocalDate.utc(date) == LocalDate.utc(now) ? time : "\(LocalDate.utc(date)) \(time)"
    }

    package static func format(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        if abs(value) >= 1 || value == 0 { return NumberText.decimal(value, places: 2) }
        return NumberText.decimal(value, places: max(2, 3 - Int(floor(log10(abs(value))))))
    }

    /// `+1.23%` / `−0.45%`
    package static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        let text = DecimalText.fixed(abs(value), 2) + "%"
        return (value < 0 ? NumberText.minus : "+") + text
    }
}
