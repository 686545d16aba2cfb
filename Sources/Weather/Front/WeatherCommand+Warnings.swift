import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import Weather

extension WeatherCommand {
    struct Warnings: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "warnings",
            abstract: "Official weather warnings for places from their national services (MET Norway, the US NWS, DWD), keyless.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Argument(help: "Places: city names, saved cities' names or numbers, or lat,lon (-33.87,151.21 as it is). Default: the default city.")
        var places: [String] = []
        @Option(parsing: .unconditional, help: ArgumentHelp("When several places match, take the Nth.", valueName: "N"))
        var pick: Int?
        @Flag(help: "Send a desktop notification (notify-send) for each warning new or changed since the last --notify run.")
        var notify = false

        func validate() throws {
            for place in places { try validating { _ = try City.checkQuery(place) } }
        }

        /// Each place in order, its warnings under its heading; with `--json` one document (one
        /// place's, or `{"places": [...]}` for several, each place its answer or its error, then
        /// the first failure); with `--notify`, then, a notification for each warning not
        /// notified before as it is now.
        func run() async throws {
            try await CommandRunner.run(global) { context in
                let run = WeatherFlow(context)
                var documents: [PlaceOutcome<WarningsJSON>] = []
                var notifications: [DesktopNotification] = []
                var failure: (any Error)?
                for (index, place) in (places.isEmpty ? [nil] : places.map(Optional.some)).enumerated() {
                    let (report, view): (WarningsReport, WarningsView)
                    do {
                        let city = WeatherService.withZone(try await run.city(place, pick: pick, chooser: run.terminalChooser))
                        (report, view) = (try await run.service.warnings(for: city), try run.warningsView(city))
                    } catch {
                        guard context.json, places.count > 1, !(error is CancellationError) else { throw error }
                        failure = failure ?? error
                        documents.append(
                            .failed(
                                query: (place ?? "").replacingOccurrences(of: "\u{2212}", with: "-"),
                                error: ErrorSentence.text(error, for: .commandLine)))
                        continue
                    }
                    documents.append(.answered(WarningsJSON.document(report)))
                    if notify { notifications += Self.notifications(report, view: view, context: context) }
                    guard !context.json else { continue }
                    if index > 0 { context.console.print("") }
                    context.console.print(view.text(report))
                }
                if context.json { try printJSON(documents, context: context) }
                if notify {
                    try DesktopNotifier(configuration: context.app.configuration, console: context.console).send(
                        notifications, now: context.clock.now())
                }
                if let failure { throw failure }
            }
        }

        /// One place's document, or `{"places": [...]}` for several.
        private func printJSON(_ documents: [PlaceOutcome<WarningsJSON>], context: FrontContext) throws {
            if documents.count == 1, case .answered(let document) = documents[0] { return try context.printJSON(document) }
            try context.printJSON(WarningsJSON.Places(places: documents))
        }

        /// The report's notifications; none for a sample answer (a recording is not the weather
        /// now), said once.
        static func notifications(_ report: WarningsReport, view: WarningsView, context: FrontContext) -> [DesktopNotification] {
            guard report.provenance?.origin != .fixture else {
                if !report.warnings.isEmpty { context.console.noteOnce("note: these warnings are sample data; no notification was sent.") }
                return []
            }
            return WarningNotifications.of(report, view: view)
        }
    }
}
