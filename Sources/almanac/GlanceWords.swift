import AlmanacCore
import AlmanacUI
import ArgumentParser
import Foundation

/// A status-bar run's words, read without the argument parser
/// (docs/architecture.md §5, "A glance"): `weather [PLACE…] --format F` and `line TEMPLATE`, with `--waybar`, `--pick`,
/// `--place`, `--pair` and the common options. The parser builds every command's options by
/// reflection on each run, half of what a glance cost past process start; a status bar runs one
/// every few seconds.
///
/// Only words this reads completely are taken: any other option, a repeated one, a value that
/// starts with `-`, a subcommand's name among the places, `--format full`, or anything its rule
/// refuses gives nil, and the parser reads the words as always (with its help and its errors).
/// `GlanceWordsTests` holds both readings of the same words equal.
struct GlanceWords: Equatable {
    enum Glance: Equatable {
        case weather(places: [String], pick: Int?, format: String)
        case line(template: String, place: String?, pair: String?)
    }

    var glance: Glance
    var waybar: Bool
    var settings: RunSettings

    /// Flags every glance takes.
    static let flags: Set<String> = ["--offline", "--refresh", "--json", "--no-color", "--verbose", "--no-wait", "--waybar"]

    /// Options with a value, by command.
    static func valueOptions(_ command: String) -> Set<String> {
        command == "weather" ? ["--format", "--pick", "--max-age", "--timeout"] : ["--place", "--pair", "--max-age", "--timeout"]
    }
}

extension GlanceWords {
    init?(_ arguments: [String]) {
        guard let command = arguments.first, command == "weather" || command == "line",
            let (positionals, values, flags) = Self.split(arguments.dropFirst(), values: Self.valueOptions(command)),
            let settings = Self.settings(values, flags)
        else { return nil }
        let glance = command == "weather" ? Self.weather(positionals, values) : Self.line(positionals, values)
        guard let glance else { return nil }
        self.init(glance: glance, waybar: flags.contains("--waybar"), settings: settings)
    }

    /// Positionals, options with their values, and flags; nil for a word outside the shape.
    private static func split(_ words: ArraySlice<String>, values names: Set<String>) -> ([String], [String: String], Set<String>)? {
        var (positionals, values, flags) = ([String](), [String: String](), Set<String>())
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                positionals.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0] == "-v" ? "--verbose" : parts[0]
            if flags.contains(name) || values[name] != nil { return nil }
            if Self.flags.contains(name), parts.count == 1 {
                flags.insert(name)
            } else if names.contains(name) {
                guard let value = parts.count == 2 ? parts[1] : rest.popFirst(), !value.hasPrefix("-") else { return nil }
                values[name] = value
            } else {
                return nil
            }
        }
        return (positionals, values, flags)
    }

    private static func settings(_ values: [String: String], _ flags: Set<String>) -> RunSettings? {
        var settings = RunSettings(
            offline: flags.contains("--offline"), refresh: flags.contains("--refresh"), json: flags.contains("--json"),
            noColor: flags.contains("--no-color"), verbose: flags.contains("--verbose"), noWait: flags.contains("--no-wait"))
        if let text = values["--max-age"] {
            guard let value = Double(text), (try? NumberRule.maxAge.check(value)) != nil else { return nil }
            settings.maxAge = value
        }
        if let text = values["--timeout"] {
            guard let value = Double(text), (try? NumberRule.timeout.check(value)) != nil else { return nil }
            settings.timeout = value
        }
        return settings
    }

    /// `weather PLACE… --format F` with a status-line format; no place may be a subcommand's name.
    private static func weather(_ places: [String], _ values: [String: String]) -> Glance? {
        let subcommands = Set(WeatherCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
        guard let format = values["--format"], format != "full", places.allSatisfy({ !subcommands.contains($0) }) else { return nil }
        guard format == "line" || (GlanceTemplate.isTemplate(format) && (try? GlanceTemplate(format, codes: WeatherGlance.codes)) != nil)
        else { return nil }
        var pick: Int?
        if let text = values["--pick"] {
            guard let value = Int(text) else { return nil }
            pick = value
        }
        return .weather(places: places, pick: pick, format: format)
    }

    /// `line TEMPLATE [--place P] [--pair P]`.
    private static func line(_ positionals: [String], _ values: [String: String]) -> Glance? {
        guard positionals.count == 1, (try? GlanceTemplate(positionals[0], codes: LineGlance.codes)) != nil else { return nil }
        let (place, pair) = (values["--place"], values["--pair"])
        guard [place, pair].allSatisfy({ $0.map { !$0.trimmingWhitespace().isEmpty } ?? true }) else { return nil }
        return .line(template: positionals[0], place: place, pair: pair)
    }
}

/// The command `GlanceWords` read: runs what the parsed command runs.
struct GlanceRun: AsyncParsableCommand {
    var words: GlanceWords?

    init() {}
    init(words: GlanceWords) { self.words = words }
    /// Never decoded: made from `GlanceWords` only.
    init(from decoder: any Decoder) throws {}

    func run() async throws {
        guard let words else { return }
        switch words.glance {
        case .weather(let places, let pick, let format):
            try await CommandRunner.run(words.settings, quietNotes: true, glance: true) { context in
                try await WeatherCommand.Current.statusLines(WeatherFlow(context), places: places, pick: pick, format: format, waybar: words.waybar)
            }
        case .line(let template, let place, let pair):
            try await LineCommand.run(words.settings, template: template, place: place, pair: pair, waybar: words.waybar)
        }
    }
}
