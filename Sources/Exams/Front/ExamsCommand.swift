import AlmanacCore
import ArgumentParser
import Exams
import Foundation
import FrontKit

package struct ExamsCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "exams", abstract: "An exam planner: pending and passed exams grouped by month.",
        subcommands: [Pending.self, Passed.self, Add.self, Pass.self, Reschedule.self, Delete.self, Export.self],
        defaultSubcommand: Pending.self)

    /// Asks for confirmation on a terminal; piped input needs --yes.
    static func confirm(_ question: String, yes: Bool, context: FrontContext) throws {
        if yes { return }
        guard context.interactive else {
            throw UsageError("Refusing to change exams without confirmation on piped input; add --yes.")
        }
        guard Prompt.confirm(question) else { throw CancelledByUser() }
    }

    /// Confirms (unless `yes`), applies `change` to exam `id`, prints `done` or the JSON row.
    static func change(
        _ id: Int, yes: Bool, context: FrontContext, question: (Exam) -> String,
        _ change: (ExamService, Int) throws -> Exam, done: (Exam) -> String
    ) throws {
        let service = ExamService(context: context.app)
        try confirm(question(try service.exam(id: id)), yes: yes, context: context)
        let exam = try change(service, id)
        try context.show(json: try ExamsView.row(exam, context: context), text: done(exam))
    }

    struct Pending: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pending", abstract: "Pending exams by month, with days left (the default; also: list, ls).", aliases: ["list", "ls"])
        @OptionGroup var global: LocalOptions
        func run() async throws {
            try await CommandRunner.run(global) { context in try ExamsView.show(passed: false, context: context) }
        }
    }

    struct Passed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "passed", abstract: "Passed exams by month.")
        @OptionGroup var global: LocalOptions
        func run() async throws {
            try await CommandRunner.run(global) { context in try ExamsView.show(passed: true, context: context) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "File a new exam.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The exam's name, 1 to 100 characters.") var name: String
        @Option(help: ArgumentHelp("Date and time, \"YYYY-MM-DD HH:MM\".", valueName: "date")) var date: String
        @Flag(help: "File it straight into passed exams (a past date is then allowed).") var passed = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let exam = try ExamService(context: context.app).add(name: name, date: date, passed: passed)
                try context.show(
                    json: try ExamsView.row(exam, context: context),
                    text: "Added exam \(exam.id): \(exam.name), \(exam.when)\(passed ? " (passed)" : "").")
            }
        }
    }

    struct Pass: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pass", abstract: "Move a pending exam to passed exams.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The exam's ID.") var id: Int
        @Flag(help: "Do not ask for confirmation.") var yes = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                try ExamsCommand.change(
                    id, yes: yes, context: context, question: { "Move \"\($0.name)\" to passed exams?" },
                    { try $0.pass(id: $1) }, done: { "\(ExamsView.check(context.style)) Exam \($0.id) (\($0.name)) passed." })
            }
        }
    }

    struct Reschedule: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reschedule", abstract: "Change the date and time of a pending exam.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The exam's ID.") var id: Int
        @Option(help: ArgumentHelp("New date and time, \"YYYY-MM-DD HH:MM\".", valueName: "date")) var date: String

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let exam = try ExamService(context: context.app).reschedule(id: id, date: date)
                try context.show(json: try ExamsView.row(exam, context: context), text: "Exam \(exam.id) (\(exam.name)) is now on \(exam.when).")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a pending or passed exam.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The exam's ID.") var id: Int
        @Flag(help: "Do not ask for confirmation.") var yes = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                try ExamsCommand.change(
                    id, yes: yes, context: context, question: { "Delete \"\($0.name)\"?" },
                    { try $0.delete(id: $1) }, done: { "Deleted exam \($0.id) (\($0.name))." })
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write pending exams as an iCalendar (.ics) file.")
        @OptionGroup var global: LocalOptions
        @Option(help: ArgumentHelp("The file to write, or - for stdout.", valueName: "file")) var ics: String
        @Flag(help: "Replace the file when it exists.") var force = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let exams = try ExamService(context: context.app).exams(passed: false)
                let text = CalendarExport.ics(exams, timeZone: .current, now: context.clock.now())
                if ics == "-" { return FileHandle.standardOutput.write(Data(text.utf8)) }
                let url = URL(fileURLWithPath: ics)
                try OutputPathError.requireTarget(url, replacing: force)
                try AtomicFile.write(Data(text.utf8), to: url, permissions: 0o644)
                context.console.print("Wrote \(exams.count) \(exams.count == 1 ? "exam" : "exams") to \(ics).")
            }
        }
    }
}

/// The user answered no; nothing changed. Exit 1 with a short note.
package struct CancelledByUser: Error, CustomStringConvertible {
    package var description: String { "Cancelled; nothing changed." }
}
