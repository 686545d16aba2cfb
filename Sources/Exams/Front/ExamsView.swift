import Exams
import Foundation
import FrontKit
import TerminalKit

/// Exam lists: sections by month, one row per exam.
package enum ExamsView {
    package struct Row: Encodable {
        var id: Int
        var name: String
        /// The wall-clock time as filed, in the machine's time zone, no zone written (`2026-12-03T09:00`).
        var dateTime: ExamDateTime
        /// The same moment as a UTC instant, as every time in `--json` is.
        var at: Date
        var month: String
        var daysLeft: Int
        var passed: Bool
    }

    package static func row(_ exam: Exam, context: FrontContext) throws -> Row {
        let service = ExamService(context: context.app)
        return Row(
            id: exam.id, name: exam.name, dateTime: exam.when, at: service.instant(exam),
            month: ExamMonth(year: exam.when.date.year, month: exam.when.date.month, exams: []).title, daysLeft: try service.daysLeft(exam),
            passed: exam.passed)
    }

    package static func check(_ style: Style) -> String { style.green(style.unicode ? "✓" : "v") }

    package static func show(passed: Bool, context: FrontContext) throws {
        let service = ExamService(context: context.app)
        let exams = try service.exams(passed: passed)
        if context.json {
            return try context.printJSON(["exams": try exams.map { try row($0, context: context) }])
        }
        context.console.print(try render(exams, passed: passed, context: context))
    }

    /// - Parameter style: how to draw, its `columns` the width to fit; the context's by default.
    package static func render(_ exams: [Exam], passed: Bool, context: FrontContext, style: Style? = nil) throws -> String {
        if exams.isEmpty {
            return passed ? "No passed exams yet." : "No pending exams. Add one with: almanac exams add NAME --date \"YYYY-MM-DD HH:MM\""
        }
        let service = ExamService(context: context.app)
        let style = style ?? context.style
        var sections: [String] = []
        for month in ExamService.group(exams) {
            var table = Table([
                .init("ID", .right), .init("Exam"), .init("Date"), .init("Time"), passed ? .init("Passed") : .init("Days left", .right),
            ])
            // The name is what the list is for: the time goes first, then the count of days.
            table.leaveOutFirst(["Time", "Days left", "Passed"])
            for exam in month.exams {
                let days = try service.daysLeft(exam)
                let left =
                    switch days {
                    case _ where passed: check(style)
                    case 0: style.yellow("today")
                    case ..<0: style.red("\(-days) ago")
                    case 1...3: style.yellow(String(days))
                    default: String(days)
                    }
                table.add([String(exam.id), exam.name, exam.when.date.shortText, exam.when.time, left])
            }
            sections.append(style.bold(month.title) + "\n" + table.render(style: style))
        }
        return sections.joined(separator: "\n\n")
    }
}
