import AlmanacCore
import ArgumentParser

/// A command word mistyped where the command also takes other words (`weather forcast Oslo`),
/// found once the word turned out to be no place either. Exit 64.
package struct CommandTypo: UserInputError {
    package var sentence: String
    package var description: String { sentence }

    /// A mistyped subcommand under a command that reads other words as places (`weather forcast
    /// Oslo`): the refusal, when `word` is near one of `command`'s subcommands; nil otherwise.
    /// Only a word of five letters or more one edit from a subcommand counts: a short place
    /// name near one (Dax, Ayr, Nome) is a place, not a typo.
    package static func near(_ word: String, of command: any ParsableCommand.Type, path: String) -> CommandTypo? {
        let candidates = command.configuration.subcommands.flatMap(names)
        guard word.count >= 5, let near = candidates.first(where: { Similarity.distance(word, $0) == 1 }) else { return nil }
        return CommandTypo(sentence: "no such command: \(path) \(word); did you mean \(near)?")
    }

    /// A command's name and aliases.
    package static func names(_ command: any ParsableCommand.Type) -> [String] {
        [command.configuration.commandName ?? command._commandName] + command.configuration.aliases
    }
}
