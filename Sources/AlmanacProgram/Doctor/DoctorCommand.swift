import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import TerminalKit
import Weather

struct DoctorCommand: AsyncParsableCommand, ReadsProviders {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Show keys (set or not), base URLs, data modes and folders; --check probes providers.")

    @OptionGroup var output: LocalOptions
    @OptionGroup var cache: CacheOptions
    @OptionGroup var deadline: TimeoutOptions

    @Flag(help: "Send one cheap live request to each provider in live mode and report latency or the error.")
    var check = false

    func run() async throws {
        try await CommandRunner.run(global) { context in
            let report = await Doctor(context: context.app).report(check: check)
            let sections = Features.all.compactMap { $0.doctor(context.app) }
            try context.show(
                json: DoctorDocument(report: report, sections: sections), text: DoctorView.render(report, sections: sections, style: context.style))
            if !report.healthy { throw ExitCode(ExitStatus.unavailable) }
        }
    }
}

enum DoctorView {
    /// "Settings:" with each variable in use and where it came from; the `.env` lines ignored.
    static func settingsLines(_ report: DoctorReport) -> String {
        var text = ""
        if !report.settings.isEmpty {
            text += "\n\nSettings:\n" + report.settings.map { "  \($0.variable) (\($0.from))" }.joined(separator: "\n")
        }
        if !report.ignored.isEmpty {
            text += "\n  ignored from .env (request settings come only from the environment or config file): "
            text += report.ignored.joined(separator: ", ")
        }
        return text
    }

    /// The sample data sets in the order they are searched, or how to install them.
    static func sampleData(_ report: DoctorReport, style: Style) -> String {
        guard !report.fixtureSets.isEmpty else {
            return style.red("not found (install with `make install`, or set ALMANAC_FIXTURES_DIR to a Fixtures folder)")
        }
        let sets = report.fixtureSets.map { set in "\(set.path) (\(set.kind)\(set.recordedOn.map { ", recorded \($0)" } ?? ""))" }
        return sets.joined(separator: ", then ")
    }

    static func render(_ report: DoctorReport, sections: [DoctorSection], style: Style) -> String {
        var table = Table([.init("Provider"), .init("Key"), .init("Mode"), .init("Base URL"), .init("Check")])
        var answers = Table([.init("Provider"), .init("Answers from")])
        for provider in report.providers {
            let key = provider.keyVariable.map { provider.keySet ? "\($0) set" : "\($0) not set" } ?? "not needed"
            var check = ""
            if let result = provider.check {
                if result.ok, let note = result.error {
                    check = style.dim(note)
                } else {
                    check = result.ok ? style.green("ok \(result.latencyMs ?? 0) ms") : style.red("failed: \(result.error ?? "")")
                }
            }
            table.add([provider.name, key, provider.mode, provider.baseURL, check])
            answers.add([provider.name, provider.answers ?? provider.mode])
        }
        var folders = Table([.init("Folder"), .init("Path"), .init("Writable")])
        for folder in report.folders { folders.add([folder.role, folder.path, folder.writable ? "yes" : style.red("no")]) }
        var text =
            "Almanac \(report.version)\n\n" + table.render(style: style) + "\n\n" + answers.render(style: style)
            + "\n\n" + folders.render(style: style)
        for section in sections { text += "\n\n\(section.title):\n" + section.lines.map { "  " + $0 }.joined(separator: "\n") }
        text += settingsLines(report) + "\n\nSample data: " + sampleData(report, style: style)
        for footer in sections.compactMap(\.footer) { text += "\n" + footer }
        return text
    }
}
