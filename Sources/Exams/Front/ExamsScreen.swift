import AlmanacClient
import AlmanacCore
import Exams
import Foundation
import FrontKit

package struct ExamsScreen: MenuScreen {
    package let context: FrontContext
    package let title = "Exams"
    package let choices = ["Pending exams", "Passed exams", "New exam", "Choose an exam: pass or change date", "Delete an exam"]
    package let help = [
        "Exams to come, by month, with days left. Same as: almanac exams",
        "Exams passed. Same as: almanac exams passed",
        "Asks for a name and a date and time (YYYY-MM-DD HH:MM). Same as: almanac exams add \"Physics\" --date \"2026-12-03 09:30\"",
        "Asks for an exam ID, then to pass it or give a new date. Same as: almanac exams pass 1, almanac exams reschedule 1 --date …",
        "Asks for an exam ID and a confirmation. Same as: almanac exams delete 1",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let service = ExamService(context: context.app)
        await attempt(io) {
            switch index {
            case 0, 1: io.say(try ExamsView.render(try service.exams(passed: index == 1), passed: index == 1, context: context))
            case 2:
                guard let name = io.askValid("Exam name (back to cancel):", { try ExamService.validName($0) }),
                    let date = askDate("Date and time, YYYY-MM-DD HH:MM (back to cancel):", io: io)
                else { return io.say("Cancelled.") }
                let exam = try service.add(name: name, date: date)
                io.say("Added exam \(exam.id): \(exam.name), \(exam.when).")
            case 3: try change(service, io: io)
            default:
                guard let exam = askExam("Exam ID to delete:", service, io: io) else { return io.say("Cancelled.") }
                let id = exam.id
                guard case .text(let answer) = io.ask("Delete \"\(exam.name)\"? [y/N]"), ["y", "yes"].contains(answer.lowercased()) else {
                    return io.say("Cancelled.")
                }
                io.say("Deleted exam \(try service.delete(id: id).id).")
            }
        }
        return .stay
    }

    /// An exam by its ID, asked again until one is found; nil when the person backs out.
    private func askExam(_ prompt: String, _ service: ExamService, io: MenuIO) -> Exam? {
        io.askValid(prompt) { text -> Exam in
            guard let id = Int(text) else { throw UsageError("Type an exam ID.") }
            return try service.exam(id: id)
        }
    }

    /// A date and time as typed, asked again until it parses; nil when the person backs out.
    private func askDate(_ prompt: String, io: MenuIO) -> String? {
        io.askValid(prompt) { try ExamService.parse($0).description }
    }

    /// Choose an exam, then pass it or move it.
    private func change(_ service: ExamService, io: MenuIO) throws {
        io.say(try ExamsView.render(try service.exams(passed: false), passed: false, context: context))
        guard let exam = askExam("Exam ID:", service, io: io) else { return }
        io.say("  1) Pass\n  2) Change date\n  3) Cancel")
        guard case .text(let action) = io.ask("Action:") else { return }
        switch action {
        case "1": io.say("Exam \(try service.pass(id: exam.id).id) passed.")
        case "2":
            guard let date = askDate("New date and time, YYYY-MM-DD HH:MM:", io: io) else { return }
            let moved = try service.reschedule(id: exam.id, date: date)
            io.say("Exam \(moved.id) is now on \(moved.when).")
        default: io.say("Cancelled.")
        }
    }
}
