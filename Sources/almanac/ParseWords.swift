import AlmanacCore
import ArgumentParser
import Foundation

/// The argument parser's refusals in the program's words (docs/architecture.md §9, "Input
/// rules"): a misspelt command gets the nearest one, `help` of an unknown command is a usage
/// error, and a negative number is named as one rather than taken for an option.
enum ParseWords {
    /// The command names at the top level, for suggestions.
    static var commands: [String] {
        Almanac.configuration.subcommands.map { $0.configuration.commandName ?? "" }.filter { !$0.isEmpty } + ["help"]
    }

    /// `-V` and `version` are `--version`, as git and most tools take them.
    static func asksForVersion(_ arguments: [String]) -> Bool {
        arguments.contains("--version") || arguments == ["-V"] || arguments == ["version"]
    }

    /// `almanac help NAME` for a name that is no command: the sentence to refuse it with.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help", arguments.count >= 2, let name = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }),
            !commands.contains(name)
        else { return nil }
        return "no such command: \(name)" + suggestion(name) + "."
    }

    /// The program's sentence for a parse error, or nil to keep the parser's.
    static func sentence(for message: String, arguments: [String]) -> String? {
        if let negative = arguments.first(where: isNegativeNumber),
            message.contains("'\(negative)'") || message.hasPrefix("Missing expected argument")
        {
            return "\(negative) is a negative number, and what this command counts must be more than 0 (see --help)."
        }
        if let sentence = notANumber(message) { return sentence }
        if message.hasPrefix("Unexpected argument '"), let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) {
            return "no such command: \(first)" + suggestion(first) + "."
        }
        return nil
    }

    /// "The value 'abc' is invalid for '--amount <amount>'" in the words of `--amount`'s rule.
    static func notANumber(_ message: String) -> String? {
        let parts = message.components(separatedBy: "'")
        guard message.hasPrefix("The value '"), parts.count >= 4, let flag = parts[3].split(separator: " ").first,
            let rule = NumberRule.all.first(where: { $0.flag == String(flag) })
        else { return nil }
        return NumberInputError.notANumber(rule, parts[1]).sentence(naming: String(flag))
    }

    /// `; did you mean weather?` for a near command name; empty when none is near.
    static func suggestion(_ name: String) -> String {
        guard let near = Similarity.suggestions(for: name, in: commands, limit: 1).first else { return "; see almanac --help" }
        return "; did you mean \(near)?"
    }

    /// The arguments with each negative number that no option took (one not after a `-`
    /// word) moved behind `--`, so the command reads it as the number it is and refuses it by
    /// its rule; nil when there is none to move, or `--` is already there.
    static func negativesAsArguments(_ arguments: [String]) -> [String]? {
        guard !arguments.contains("--") else { return nil }
        var kept: [String] = []
        var moved: [String] = []
        for (index, token) in arguments.enumerated() {
            let afterOption = index > 0 && arguments[index - 1].hasPrefix("-") && !isNegativeNumber(arguments[index - 1])
            if isNegativeNumber(token) && !afterOption { moved.append(token) } else { kept.append(token) }
        }
        return moved.isEmpty ? nil : kept + ["--"] + moved
    }

    /// `-1`, `-0.5`: a number, never an option of this program.
    static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && Double(token) != nil
    }
}
