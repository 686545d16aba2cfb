import AlmanacCore
import AlmanacKit
import Foundation

/// Exams: Pending and Passed (←/→), grouped by month as `almanac exams` shows them; a New Exam
/// form, move to Passed, reschedule and delete — each through `ExamService`, its rules and words.
package final class ExamsTab: AppTab {
    package let title = "Exams"
    let context: FrontContext
    let service: ExamService
    private var passed = false
    private var scroller = Scroller()
    private var form: Form?
    /// The exam a form or a question is about.
    private var subject: Exam?
    private var question: (Confirmation, (Exam) throws -> String)?
    private var message: String?
    private var failure: String?

    package init(context: FrontContext) {
        self.context = context
        self.service = ExamService(context: context.app)
    }

    package var capturesKeys: Bool { form != nil || question != nil }
    package var pending: Int { 0 }
    package var source: String? { nil }
    package var problem: String? { failure }

    /// Both lists in the order shown, read when the tab is shown and after each change (not every frame).
    private var lists: (pending: [Exam], passed: [Exam]) = ([], [])

    package func activate() { reread() }

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
            if yes { run { try action(subject) } }
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
            ask("Move to Passed Exams?") { exam in "\(try self.service.pass(id: exam.id).name) moved to Passed Exams." }
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
            ask("Delete this exam?") { exam in "Deleted \(try self.service.delete(id: exam.id).name)." }
        default:
            return scroller.handle(key, count: exams().count, page: 10)
        }
        return true
    }

    private func ask(_ text: String, _ action: @escaping (Exam) throws -> String) {
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
            do {
                if let subject {
                    let exam = try service.reschedule(id: subject.id, date: values[0])
                    message = "\(exam.name) is now on \(exam.when)."
                } else {
                    let exam = try service.add(name: values[0], date: values[1])
                    message = "Added \(exam.name) on \(exam.when)."
                }
                form = nil
                reread()
            } catch {
                editing.problem = ErrorSentence.text(error, for: .menu)
                form = editing
            }
        }
        return true
    }

    private func run(_ action: () throws -> String) {
        do {
            message = try action()
            failure = nil
        } catch {
            failure = ErrorSentence.text(error, for: .menu)
        }
        reread()
    }

    // MARK: - Drawing

    package func body(width: Int, height: Int) -> [String] {
        let style = context.style
        let pendingCount = lists.pending.count
        let passedCount = lists.passed.count
        let pendingTab = "Pending (\(pendingCount))"
        let passedTab = "Passed (\(passedCount))"
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
            text = ((try? ExamsView.render(list, passed: passed, context: context)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            var line = 0
            for month in ExamService.group(list) {
                items += Scroller.tableRows(count: month.exams.count, headerLines: 3, from: line)
                line += 3 + month.exams.count + 1
            }
        }
        var footer: [String] = []
        if let (confirmation, _) = question { footer = confirmation.lines(style: style) } else if let message { footer = ["", style.green(message)] }
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
