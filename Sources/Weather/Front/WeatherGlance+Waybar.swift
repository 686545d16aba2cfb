import FrontKit
import Weather

extension WaybarLine {
    /// The object for a weather line: the tooltip lists the next days (up to four).
    package init(text: String, glance: WeatherGlance) {
        let report = glance.report
        let days = (report?.daily ?? []).filter { $0.date >= LocalDate(glance.moment, timeZone: glance.city.timeZone) }.prefix(4)
        let rows = days.map { day in
            "\(day.date.shortText)  \(WeatherFormat.icon(day.conditionID)) \(glance.format.temperature(day.minimum)) … \(glance.format.temperature(day.maximum))  \(day.description)"
        }
        self.init(
            text: text, tooltip: ([glance.city.label] + rows).joined(separator: "\n"),
            class: Self.conditionClass(report?.current?.conditionID, known: report?.current != nil),
            alt: report?.current?.description ?? GlanceTemplate.placeholder)
    }
}
