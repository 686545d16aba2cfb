import Foundation
import FrontKit
import Weather

/// `weather warnings --notify`: a desktop notification for each warning in force or announced,
/// sent once, and again when the service changes it (docs/weather.md, "Official warnings").
package enum WarningNotifications {
    /// How long a warning with no end is remembered after it was last seen.
    static let openEnded: TimeInterval = 7 * 86_400

    /// One notification a warning of `report`, worst first: `⚠ Yellow · Snow — Oslo, Norway`,
    /// its headline, when (in the place's clock) and who issued it.
    package static func of(_ report: WarningsReport, view: WarningsView) -> [DesktopNotification] {
        report.warnings.map { warning in
            let fingerprint = DesktopNotification.fingerprint([
                warning.severity?.rawValue, warning.level, warning.event, warning.headline, warning.description, warning.instruction,
                warning.onset.map { "\($0.timeIntervalSince1970)" }, warning.expires.map { "\($0.timeIntervalSince1970)" },
            ])
            return DesktopNotification(
                key: "warning \(warning.provider) \(warning.id)", fingerprint: fingerprint,
                keepUntil: warning.expires ?? report.asOf.addingTimeInterval(openEnded),
                summary: WeatherGlance.warningText(warning) + " — " + report.city.label,
                body: [warning.headline, view.when(warning, asOf: report.asOf), "Issued by " + warning.sender].joined(separator: "\n"),
                urgency: urgency(warning))
        }
    }

    /// Critical for the top of a scale (red, DWD's dark red, extreme), else normal.
    static func urgency(_ warning: OfficialWarning) -> DesktopNotification.Urgency {
        ["red", "dark red"].contains(warning.level ?? "") || warning.severity == .extreme ? .critical : .normal
    }
}
