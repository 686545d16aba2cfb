import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// Price text: two decimals with thousands separators from 1 up, four significant digits below.
package enum PriceFormat {
    /// `14:05 UTC` for a time within a day of `now`, else `2026-11-21 14:05 UTC`.
    package static func clock(_ date: Date, now: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.up))
        let time = DecimalText.padded(seconds % 86400 / 3600, 2) + ":" + DecimalText.padded(seconds % 3600 / 60, 2) + " UTC"
        return LocalDate.utc(date) == LocalDate.utc(now) ? time : "\(LocalDate.utc(date)) \(time)"
    }

    package static func format(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        if abs(value) >= 1 {
            let fixed = DecimalText.fixed(abs(value), 2)
            let parts = fixed.split(separator: ".")
            return (value < 0 ? "-" : "") + NumberText.grouped(digits: parts[0]) + "." + parts[1]
        }
        if value == 0 { return "0.00" }
        let decimals = max(2, 3 - Int(floor(log10(abs(value)))))
        return DecimalText.fixed(value, decimals)
    }

    /// `+1.23%` / `−0.45%`
    package static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        let text = DecimalText.fixed(abs(value), 2) + "%"
        return (value < 0 ? "−" : "+") + text
    }
}
