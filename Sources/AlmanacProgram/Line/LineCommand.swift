import ArgumentParser
import FrontKit
import WeatherFront

/// `almanac line TEMPLATE`: one line for a status bar mixing the weather, a crypto pair and the
/// next exam (docs/status-bars.md).
struct LineCommand: AsyncParsableCommand, MayWait {
    static let configuration = CommandConfiguration(
        commandName: "line", abstract: "One status-bar line: weather codes, a crypto pair's price and change, the next exam.",
        discussion: """
            Weather codes as wttr.in's (%c %C %x %t %f %h %w %p %o %P %u %m %M %D %S %z %s %d %T %Z %l), \
            %r rain soon, %a the air index, %W the worst official warning in force, %H %L today's high and low, \
            %N tomorrow in brief, %R today's model odds of rain, %U %V moonrise and moonset, %+ today's high against its normal, \
            and %y the pair's base, %k its price, %K its day change, %e the next exam and its countdown, \
            %E the countdown alone; %% a percent sign. A stale answer prints at once and is refreshed \
            behind; with nothing cached, at most --timeout.
            """)
    @OptionGroup var output: LocalOptions
    @OptionGroup var cache: CacheOptions
    @OptionGroup var deadline: TimeoutOptions
    @OptionGroup var wait: WaitOptions
    @Argument(help: ArgumentHelp("The line's template, e.g. '%y %k %K · %e'; or a preset 1-4.", valueName: "template"))
    var template: String
    @Option(help: "The weather's place (default: the default city).")
    var place: String?
    @Option(help: ArgumentHelp("The crypto pair, on the watchlist (default: its first).", valueName: "pair"))
    var pair: String?
    @Flag(help: "Print the JSON waybar's custom module reads.")
    var waybar = false
    @Flag(help: "Keep running; print a new line each time the text changes (a bar's continuous mode).")
    var follow = false

    func validate() throws {
        do { _ = try GlanceTemplate(template, codes: LineGlance.codes) } catch { throw ValidationError(error.description) }
        if let pair, pair.trimmingWhitespace().isEmpty {
            throw ValidationError("--pair is empty; name a pair on the watchlist, e.g. --pair BTC, or leave it out for the first.")
        }
        if let place, place.trimmingWhitespace().isEmpty {
            throw ValidationError("--place is empty; name a place, e.g. --place Oslo, or leave it out for the default city.")
        }
    }

    func run() async throws {
        try await CommandRunner.run(global, quietNotes: true, glance: true) { context in
            let parsed = try GlanceTemplate(template, codes: LineGlance.codes)
            let line = await LineGlance(context: context, template: parsed, place: place, pair: pair).line()
            if waybar {
                context.console.print(line.waybar.encoded)
            } else if context.json {
                let error = line.failures.first.map { ErrorSentence.text($0, for: .commandLine) }
                try context.printJSON(Sourced(WeatherJSON.Line(text: line.text, error: error), line.provenance))
            } else {
                context.console.print(line.text)
            }
            if let failure = line.failures.first { throw failure }
        }
    }
}
