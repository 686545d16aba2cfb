import AlmanacClient
import AlmanacProviders
import Exams
import Foundation
import FrontKit
import TerminalKit

/// Exams: Pending and Passed (←/→), grouped by month as `almanac exams` shows them; a New Exam
/// form, move to Passed, reschedule and delete — each through `ExamService`, its rules and words.
/// Changes are saved in the background (`Loader`): a durable write waits for the disk, which
/// must not hold a frame (docs/architecture.md §5).
package final class ExamsTab: AppTab {
    package let title = "Exams"
    let context: FrontContext
    let service: ExamService
    private var passed = false
    private var scroller = Scroller()
    private var form: Form?
    /// The exam a form or a question is about.
    private var subject: Exam?
    private var question: (Confirmation, Action)?
    private var failure: String?
    /// A change to the planner, run off the drawing thread; returns the sentence to show.
    typealias Change = @Sendable (ExamService) throws -> String
    /// A change a question asks about, to the exam it names.
    typealias Action = @Sendable (ExamService, Exam) throws -> String
    /// The change under way or last done: its sentence ("Deleted Physics.") or failure.
    let saving = Loader<String>(saves: true)
    /// Landings of `saving` already reacted to.
    private var savingSeen = 0
    /// The form whose save is under way, with the exam it is about, to reopen when the save fails.
    private var submitted: (form: Form, subject: Exam?)?

    package init(context: FrontContext) {
        self.context = context
        self.service = ExamService(context: context.app)
    }

    package var capturesKeys: Bool { form != nil || question != nil }
    package var pending: Int { saving.isLoading ? 1 : 0 }
    package var source: String? { nil }
    package var problem: String? { failure }

    /// Both lists in the order shown, read when the tab is shown and after each change (not every frame).
    private var lists: (pending: [Exam], passed: [Exam]) = ([], [])

    package func activate() { reread() }

    /// A change that landed: the lists are read again; a failed form reopens with its values and
    /// the sentence under it, as a value the rule refused would; a failed question shows it.
    package func tick() {
        guard saving.landedSince(&savingSeen) else { return }
        reread()
        let form = submitted
        submitted = nil
        if let problem = saving.failure {
            if var reopened = form?.form, self.form == nil, question == nil {
                reopened.problem = problem
                (self.form, subject) = (reopened, form?.subject)
            } else {
                failure = problem
            }
        } else {
            failure = nil
        }
    }

    private func reread() {
        do {
            lists = (
                ExamService.group(try service.exams(passed: false)).flatMap(\.exams),
                ExamService.group(try service.exams(passed: true)).flatMap(\.exams)
            )
            failure = nil
        } catch {
            failure = ErrorSentence.text(error, for: .menu)
        }
    }

    private func exams() -> [Exam] { passed ? lists.passed : lists.pending }

    private var selectedExam: Exam? {
        let list = exams()
        return list.indices.contains(scroller.selected) ? list[scroller.selected] : nil
    }

    // MARK: - Keys

    package func handle(_ key: Key) -> Bool {
        if form != nil { return handleForm(key) }
        if let (confirmation, action) = question, let subject {
            guard let yes = confirmation.answer(key) else { return true }
            question = nil
            if yes { save { service in try action(service, subject) } }
            return true
        }
        switch key {
        case .left, .right:
            passed.toggle()
            scroller = Scroller()
        case .character("n"):
            form = Form(
                "New exam",
                fields: [
                    LineField("Name:") { text in LineField.problem { _ = try ExamService.validName(text) } },
                    LineField("Date and time (YYYY-MM-DD HH:MM):") { text in LineField.problem { _ = try ExamService.parse(text) } },
                ])
            subject = nil
        case .enter where !passed:
            ask("Move to Passed Exams?") { service, exam in "\(try service.pass(id: exam.id).name) moved to Passed Exams." }
        case .character("r") where !passed:
            guard let exam = selectedExam else { return true }
            subject = exam
            form = Form(
                "Reschedule \(exam.name)",
                fields: [
                    LineField("Date and time (YYYY-MM-DD HH:MM):", text: "\(exam.when)") { text in
                        LineField.problem { _ = try ExamService.parse(text) }
                    }
                ])
        case .character("d"):
            ask("Delete this exam?") { service, exam in "Deleted \(try service.delete(id: exam.id).name)." }
        default:
            return scroller.handle(key, count: exams().count, page: 10)
        }
        return true
    }

    private func ask(_ text: String, _ action: @escaping Action) {
        guard let exam = selectedExam else { return }
        subject = exam
        question = (Confirmation("\(text) \(exam.name), \(exam.when)"), action)
    }

    private func handleForm(_ key: Key) -> Bool {
        guard var editing = form else { return false }
        switch editing.handle(key) {
        case .editing: form = editing
        case .cancelled: form = nil
        case .submitted(let values):
            form = nil
            submitted = (editing, subject)
            if let id = subject?.id {
                save { service in
                    let exam = try service.reschedule(id: id, date: values[0])
                    return "\(exam.name) is now on \(exam.when)."
                }
            } else {
                save { service in
                    let exam = try service.add(name: values[0], date: values[1])
                    return "Added \(exam.name) on \(exam.when)."
                }
            }
        }
        return true
    }

    /// Runs `change` in the background; the footer shows its sentence once it lands.
    private func save(_ change: @escaping Change) {
        saving.load { [service] _ in try change(service) }
    }

    // MARK: - Drawing

    package func body(width: Int, height: Int) -> [String] {
        let style = context.style
        let pendingTab = "Pending (\(lists.pending.count))"
        let passedTab = "Passed (\(lists.passed.count))"
        var lines = [
            " " + (passed ? style.dim(pendingTab) : style.bold(style.cyan(pendingTab))) + "  │  "
                + (passed ? style.bold(style.cyan(passedTab)) : style.dim(passedTab)), "",
        ]
        if let form { return lines + form.lines(style: style, width: width) }
        let list = exams()
        var text: [String]
        var items: [Int] = []
        if list.isEmpty {
            text = [passed ? "No passed exams yet." : "No pending exams. Press n to add one."]
        } else {
            var fitted = style
            fitted.columns = width  // the table fits the area, resized or not
            let rendered = (try? ExamsView.render(list, passed: passed, context: context, style: fitted)) ?? ""
            text = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var line = 0
            for month in ExamService.group(list) {
                items += Scroller.tableRows(count: month.exams.count, headerLines: 3, from: line)
                line += 3 + month.exams.count + 1
            }
        }
        var footer: [String] = []
        if let (confirmation, _) = question {
            footer = confirmation.lines(style: style)
        } else if saving.isLoading {
            footer = ["", style.dim("Saving…")]
        } else if case .loaded(let sentence, _) = saving.current {
            footer = ["", style.green(sentence)]
        }
        lines += scroller.window(text, height: max(1, height - lines.count - footer.count), itemLines: items, style: style)
        return lines + footer
    }

    package var hints: [String] {
        if form != nil { return ["Enter next/save", "Tab next field", "Esc cancel"] }
        if question != nil { return ["y yes", "n no"] }
        return passed ? ["←→ Pending/Passed", "n new", "d delete"] : ["←→ Pending/Passed", "n new", "Enter passed", "r reschedule", "d delete"]
    }

    package var keyHelp: [String] {
        [
            "← →        Pending or Passed exams", "↑ ↓        choose an exam", "n          New Exam form (Esc cancels without saving)",
            "Enter      move a pending exam to Passed (asks first)", "r          reschedule a pending exam (the name stays)",
            "d          delete an exam (asks first)",
        ]
    }
}
