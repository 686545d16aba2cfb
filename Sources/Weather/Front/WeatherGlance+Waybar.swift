import AlmanacCore
import Foundation
import FrontKit
import Weather

extension WaybarLine {
    /// The object for a weather line: the tooltip lists the next days (up to four); the class is
    /// `warning-<level>` while a warning is in force (with `%W`), `warning-unknown` when `%W`
    /// cannot say (no service for the place, or none answered), else the condition's; a line
    /// that reads no forecast has no alt.
    package init(text: String, glance: WeatherGlance) {
        let report = glance.report
        let days = (report?.daily ?? []).filter { $0.date >= LocalDate(glance.moment, timeZone: glance.city.timeZone) }.prefix(4)
        let rows = days.map { day in
            "\(day.date.shortText)  \(WeatherFormat.icon(day.conditionID)) \(glance.format.temperature(day.minimum)) … \(glance.format.temperature(day.maximum))  \(day.description)"
        }
        let warning = glance.warning.map { ["\(WeatherGlance.warningText($0)): \($0.headline)"] } ?? []
        self.init(
            text: text, tooltip: ([glance.city.label] + warning + rows).joined(separator: "\n"),
            class: glance.warning.map(Self.warningClass) ?? (glance.warningsUnknown ? "warning-unknown" : nil)
                ?? (report == nil ? "" : Self.conditionClass(report?.current?.conditionID, known: report?.current != nil)),
            alt: report?.current?.description ?? (report == nil ? "" : GlanceTemplate.placeholder))
    }

    /// `warning-yellow`, `warning-dark-red`, `warning-moderate`: the level's colour, else the
    /// severity; `warning` when the service gave neither.
    static func warningClass(_ warning: OfficialWarning) -> String {
        warning.grade.map { "warning-" + $0.lowercased().replacingOccurrences(of: " ", with: "-") } ?? "warning"
    }
}
