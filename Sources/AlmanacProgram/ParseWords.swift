import AlmanacCore
import ArgumentParser
import Foundation
import FrontKit

/// The argument parser's refusals in the program's words (docs/architecture.md §9, "Input
/// rules"): a misspelt command gets the nearest one, `help` of an unknown command is a usage
/// error, and a negative number is named as one rather than taken for an option. A number or a
/// word an option takes is read by its own kind (`TypedNumber`, `Picked`), never reworded here.
package enum ParseWords {
    /// `-V` and `version` are `--version`, as git and most tools take them.
    package static func asksForVersion(_ arguments: [String]) -> Bool {
        arguments.contains("--version") || arguments == ["-V"] || arguments == ["version"]
    }

    /// `almanac help NAME …` where a name is no command at its depth (`help weather nosuch`): the
    /// sentence to refuse it with.
    package static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        return unknownCommand(Array(arguments.dropFirst()), rejected: nil)
    }

    /// The words' first word that names no command where a command is expected — after a
    /// command that has subcommands, none of which it is — as "no such command: crypto histroy;
    /// did you mean history?"; nil when every word up to the first argument names a command.
    /// Under a command with a default subcommand a word is taken for a typo only when it is the
    /// word the parser `rejected` (with nil, a help topic: every word must be a command).
    package static func unknownCommand(_ arguments: [String], rejected: String?) -> String? {
        var command: any ParsableCommand.Type = AlmanacCommand.self
        var path: [String] = []
        for word in arguments where !word.hasPrefix("-") {
            let children = command.configuration.subcommands
            guard !children.isEmpty else { return nil }
            if let child = children.first(where: { CommandTypo.names($0).contains(word) }) {
                command = child
                path.append(word)
                continue
            }
            // A command with a default subcommand reads other words as its arguments, unless the
            // parser refused this very word.
            guard command.configuration.defaultSubcommand == nil || rejected == nil || rejected == word else { return nil }
            let candidates = children.flatMap(CommandTypo.names) + (path.isEmpty ? ["help"] : [])
            let words = (path + [word]).joined(separator: " ")
            guard let near = Similarity.suggestions(for: word, in: candidates, limit: 1).first else {
                return "no such command: \(words); see almanac \((path + ["--help"]).joined(separator: " "))."
            }
            return "no such command: \(words); did you mean \(near)?"
        }
        return nil
    }

    /// The program's sentence for arguments the parser refused, or nil to keep the parser's. It
    /// is judged by reading the arguments again (`parses`), never by the parser's words: a
    /// negative number is the culprit when the arguments parse with it made positive; a word
    /// where a command is expected that names none is a misspelt command when its command takes
    /// no such word at all, or when the arguments parse without it and the words after it
    /// (`crypto histry BTC`) but not with a plain word in its place (`weather -95,10` is a
    /// place its rule refuses, not a command).
    package static func sentence(forRefused arguments: [String], parses: ([String]) -> Bool) -> String? {
        // Arguments that parse failed in the command's run, which says what went wrong itself.
        guard !parses(arguments) else { return nil }
        let loose = arguments.indices.filter { isNegativeNumber(arguments[$0]) && !isOptionValue($0, in: arguments) }
        if let first = loose.first, parses(arguments.indices.map { loose.contains($0) ? String(arguments[$0].dropFirst()) : arguments[$0] }) {
            let negative = arguments[first]
            return "\(negative) is a negative number, and what this command counts must be more than 0 (see --help)."
        }
        guard let (word, index, hasDefault) = firstUnknownWord(arguments) else { return nil }
        if hasDefault {
            // The default subcommand may take the word as its own (a place): a misspelt command
            // only when the arguments parse without it, and not with a plain word in its stead.
            let rest = arguments[(index + 1)...].filter { $0.hasPrefix("-") }
            var plain = arguments
            plain[index] = "x"
            guard parses(Array(arguments[..<index]) + rest), !parses(plain) else { return nil }
        }
        return unknownCommand(arguments, rejected: word)
    }

    /// The first word that names no command where its command has subcommands; with its index
    /// and whether that command has a default subcommand (which may take the word as its own).
    static func firstUnknownWord(_ arguments: [String]) -> (String, Int, Bool)? {
        var command: any ParsableCommand.Type = AlmanacCommand.self
        for (index, word) in arguments.enumerated() where !word.hasPrefix("-") {
            let children = command.configuration.subcommands
            guard !children.isEmpty else { return nil }
            guard let child = children.first(where: { CommandTypo.names($0).contains(word) }) else {
                return (word, index, command.configuration.defaultSubcommand != nil)
            }
            command = child
        }
        return nil
    }

    /// The arguments with each negative number that no option took (one not after a `-`
    /// word) moved behind `--`, so the command reads it as the number it is and refuses it by
    /// its rule; nil when there is none to move, or `--` is already there.
    package static func negativesAsArguments(_ arguments: [String]) -> [String]? {
        guard !arguments.contains("--") else { return nil }
        var kept: [String] = []
        var moved: [String] = []
        for (index, token) in arguments.enumerated() {
            if isNegativeNumber(token) && !isOptionValue(index, in: arguments) { moved.append(token) } else { kept.append(token) }
        }
        return moved.isEmpty ? nil : kept + ["--"] + moved
    }

    /// The arguments with each coordinate pair that starts with a minus (`-33.87,151.21`, Sydney)
    /// written with the typographic minus (`−33.87,151.21`), so the parser takes it for the place
    /// it is wherever a place is taken, an option's value included, never for an option; the
    /// place rules read either minus (`City.checkQuery`). Words after `--` are left as they are.
    package static func coordinatesAsWords(_ arguments: [String]) -> [String] {
        var past = false
        return arguments.map { token in
            if token == "--" { past = true }
            guard !past, isNegativeCoordinates(token) else { return token }
            return "\u{2212}" + token.dropFirst()
        }
    }

    /// `-33.87,151.21`, `-41.3,-174.8`: a minus, a digit, and two numbers around one comma.
    static func isNegativeCoordinates(_ token: String) -> Bool {
        let parts = token.split(separator: ",", omittingEmptySubsequences: false)
        guard token.hasPrefix("-"), token.dropFirst().first?.isNumber == true, parts.count == 2 else { return false }
        return Double(parts[0]) != nil && Double(parts[1].trimmingWhitespace()) != nil
    }

    /// Whether the word at `index` follows an option, which takes it as its value.
    static func isOptionValue(_ index: Int, in arguments: [String]) -> Bool {
        index > 0 && arguments[index - 1].hasPrefix("-") && !isNegativeNumber(arguments[index - 1])
    }

    /// `-1`, `-0.5`: a number, never an option of this program.
    package static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && Double(token) != nil
    }
}
