import AlmanacClient
import AlmanacCore
import Foundation

/// The exam planner's rules: validation, stable ids, grouping by month.
package struct ExamService: Sendable {
    /// The exams document.
    package let store: DocumentStore<ExamsDocument>
    /// Today and now (`ALMANAC_TODAY` pins the day).
    package let days: DayClock
    /// The zone exam times are in; the machine's unless set. Read when an exam needs it: building
    /// the machine's zone costs a status line with no exams more than the rest of its exam code.
    package var timeZone: TimeZone {
        get { zone ?? .current }
        set { zone = newValue }
    }
    private var zone: TimeZone?

    /// The service over a store and a clock.
    package init(store: DocumentStore<ExamsDocument>, days: DayClock) {
        (self.store, self.days) = (store, days)
    }

    /// Wired from the run's context: the planner in the data folder, its clock.
    package init(context: AppContext) {
        self.init(store: context.store(ExamsDocument.self), days: context.days)
    }

    // MARK: - Queries

    /// Pending (`passed: false`) or passed exams, by date then ID.
    package func exams(passed: Bool) throws -> [Exam] {
        try store.read().exams.filter { $0.passed == passed }.sorted { ($0.when, $0.id) < ($1.when, $1.id) }
    }

    /// Exams in sections by month, months in date order, exams in date order within a month.
    package static func group(_ exams: [Exam]) -> [ExamMonth] {
        var months: [ExamMonth] = []
        for exam in exams.sorted(by: { ($0.when, $0.id) < ($1.when, $1.id) }) {
            if let last = months.last, last.year == exam.when.date.year, last.month == exam.when.date.month {
                months[months.count - 1].exams.append(exam)
            } else {
                months.append(ExamMonth(year: exam.when.date.year, month: exam.when.date.month, exams: [exam]))
            }
        }
        return months
    }

    /// The instant the exam starts: its wall-clock time in the machine's time zone.
    package func instant(_ exam: Exam) -> Date { exam.when.instant(in: timeZone) }

    /// Days from today to the exam's date (negative when past).
    package func daysLeft(_ exam: Exam) throws -> Int {
        try days.today().days(until: exam.when.date)
    }

    // MARK: - Changes

    /// Files a new exam; a past date is refused unless `passed`.
    @discardableResult
    package func add(name: String, date text: String, passed: Bool = false) throws -> Exam {
        let name = try Self.validName(name)
        let when = try Self.parse(text)
        if !passed, try isPast(when) { throw ExamError.pastDate("\(when)") }
        let created = days.now()
        return try store.update { document in
            let exam = Exam(id: document.nextID, name: name, when: when, passed: passed, created: created)
            document.nextID += 1
            document.exams.append(exam)
            return exam
        }
    }

    /// Moves a pending exam to the passed list.
    @discardableResult
    package func pass(id: Int) throws -> Exam {
        try store.update { document in
            let index = try Self.index(of: id, in: document, pendingOnly: true)
            document.exams[index].passed = true
            return document.exams[index]
        }
    }

    /// Changes the date and time of a pending exam; the name stays.
    @discardableResult
    package func reschedule(id: Int, date text: String) throws -> Exam {
        let when = try Self.parse(text)
        if try isPast(when) { throw ExamError.rescheduledToPast(when.description) }
        return try store.update { document in
            let index = try Self.index(of: id, in: document, pendingOnly: true)
            document.exams[index].when = when
            return document.exams[index]
        }
    }

    /// Deletes the exam with `id`, pending or passed; `ExamError.unknownID` when none.
    @discardableResult
    package func delete(id: Int) throws -> Exam {
        try store.update { document in
            document.exams.remove(at: try Self.index(of: id, in: document, pendingOnly: false))
        }
    }

    /// The exam with `id`; `ExamError.unknownID` when none.
    package func exam(id: Int) throws -> Exam {
        let document = try store.read()
        return document.exams[try Self.index(of: id, in: document, pendingOnly: false)]
    }

    // MARK: - Validation

    /// The name trimmed; `ExamError` when empty, over 100 characters or on several lines.
    package static func validName(_ raw: String) throws -> String {
        let name = raw.trimmingWhitespaceAndNewlines()
        guard !name.isEmpty else { throw ExamError.emptyName }
        guard name.count <= 100 else { throw ExamError.nameTooLong(count: name.count) }
        guard !name.contains(where: { $0.isNewline }) else { throw ExamError.multilineName }
        return name
    }

    /// `YYYY-MM-DD HH:MM` as a date and time; `ExamError.invalidDateTime` otherwise.
    package static func parse(_ text: String) throws -> ExamDateTime {
        guard let when = ExamDateTime(text) else { throw ExamError.invalidDateTime(text) }
        return when
    }

    private func isPast(_ when: ExamDateTime) throws -> Bool {
        if days.isPinned { return when.date < (try days.today()) }
        return when.instant(in: timeZone) < days.now()
    }

    static func index(of id: Int, in document: ExamsDocument, pendingOnly: Bool) throws -> Int {
        guard let index = document.exams.firstIndex(where: { $0.id == id }) else {
            throw ExamError.unknownID(id, ids: document.exams.map(\.id))
        }
        if pendingOnly, document.exams[index].passed { throw ExamError.alreadyPassed(id) }
        return index
    }
}
